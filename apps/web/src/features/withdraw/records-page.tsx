import type { Withdrawal } from '@c2c/shared';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/paged-list';
import { ReviewRecord } from '../../components/review-record';
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
    <ReviewRecord
      item={item}
      statusLabel={t(STATUS[item.status])}
      detail={<span className="account-label">{item.account.label}</span>}
    >
      {item.status === 'completed' && item.reference && (
        <p className="record-note muted">{t('records.reference', { reference: item.reference })}</p>
      )}
    </ReviewRecord>
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
