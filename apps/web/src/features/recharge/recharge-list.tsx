import type { Recharge } from '@c2c/shared';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/paged-list';
import { ReviewRecord } from '../../components/review-record';
import type { TKey } from '../../lib/i18n-keys';
import { useRecharges } from './api';

const STATUS: Record<Recharge['status'], TKey> = {
  auditing: 'status.auditing',
  completed: 'status.completed',
  rejected: 'status.rejected',
};

export function RechargeList() {
  const { t } = useTranslation();
  return (
    <section className="card">
      <h2 className="card-title padded">{t('recharge.history')}</h2>
      <PagedList
        query={useRecharges()}
        empty={t('recharge.empty')}
        itemKey={(item) => item.id}
        renderItem={(item) => <ReviewRecord item={item} statusLabel={t(STATUS[item.status])} detail={<span>{item.type}</span>} />}
      />
    </section>
  );
}
