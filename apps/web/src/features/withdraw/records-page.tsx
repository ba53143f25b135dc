import type { Withdrawal } from '@c2c/shared';
import { useTranslation } from 'react-i18next';
import { MoneyValue } from '../../components/money-value';
import { PagedList } from '../../components/paged-list';
import { StatusTag } from '../../components/status-tag';
import { TimeText } from '../../components/time-text';
import type { TKey } from '../../lib/i18n-keys';
import { useWithdrawals } from './api';

const STATUS: Record<Withdrawal['status'], TKey> = {
  auditing: 'status.auditing',
  completed: 'records.success',
  rejected: 'records.failure',
};

function WithdrawalRow({ item }: { item: Withdrawal }) {
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
        <span className="account-label">{item.account.label}</span>
        <TimeText value={item.created_at} />
      </div>
      {item.status === 'rejected' && item.reason && <p className="record-note">{t('status.reason', { reason: item.reason })}</p>}
      {item.status === 'completed' && item.reference && (
        <p className="record-note muted">{t('records.reference', { reference: item.reference })}</p>
      )}
    </>
  );
}

export function RecordsPage() {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <section className="card">
        <PagedList
          query={useWithdrawals()}
          empty={t('records.empty')}
          itemKey={(item) => item.id}
          renderItem={(item) => <WithdrawalRow item={item} />}
        />
      </section>
    </div>
  );
}
