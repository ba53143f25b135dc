import type { Recharge } from '@c2c/shared';
import { useTranslation } from 'react-i18next';
import { MoneyValue } from '../../components/money-value';
import { PagedList } from '../../components/paged-list';
import { StatusTag } from '../../components/status-tag';
import { TimeText } from '../../components/time-text';
import type { TKey } from '../../lib/i18n-keys';
import { useRecharges } from './api';

const STATUS: Record<Recharge['status'], TKey> = {
  auditing: 'status.auditing',
  completed: 'status.completed',
  rejected: 'status.rejected',
};

function RechargeRow({ item }: { item: Recharge }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="record-line">
        <strong className="record-amount">
          <MoneyValue value={item.amount} />
        </strong>
        <StatusTag status={item.status}>{t(STATUS[item.status])}</StatusTag>
      </div>
      <div className="record-line muted">
        <span>{item.type}</span>
        <TimeText value={item.created_at} />
      </div>
      {item.status === 'rejected' && item.reason && <p className="record-note">{t('status.reason', { reason: item.reason })}</p>}
    </>
  );
}

export function RechargeList() {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2 className="card-title padded">{t('recharge.history')}</h2>
      <PagedList
        query={useRecharges()}
        empty={t('recharge.empty')}
        itemKey={(item) => item.id}
        renderItem={(item) => <RechargeRow item={item} />}
      />
    </section>
  );
}
