import { type AssetLogEntry, isJournalKind, JOURNAL_KINDS } from '@c2c/shared';
import { DownlandOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../components/money-text';
import { MoneyValue } from '../../components/money-value';
import { PagedList } from '../../components/paged-list';
import { Stat } from '../../components/stat';
import { SubmitButton } from '../../components/submit-button';
import { SummaryCard } from '../../components/summary-card';
import { TimeText } from '../../components/time-text';
import type { TKey } from '../../lib/i18n-keys';
import { CURRENCY } from '../../lib/money';
import { exportAssetLog, useAssetLog, useAssetLogTongji } from './api';

/** The label of a journal kind from the shared registry; a kind this build does not know yet shows as "Other". */
const kindLabel = (kind: string): TKey =>
  isJournalKind(kind) ? `assetLog.kind.${JOURNAL_KINDS[kind].label}` : 'assetLog.kind.other';

/** A signed change: income green with a plus, expenditure red with a minus. */
function SignedAmount({ value }: { value: string }) {
  const negative = value.startsWith('-');
  return (
    <strong className={negative ? 'amount-negative' : 'amount-positive'}>
      {negative ? '' : '+'}
      <MoneyText value={value} /> <small>{CURRENCY}</small>
    </strong>
  );
}

function EntryRow({ item }: { item: AssetLogEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="record-line">
        <span className="record-kind">
          {t(kindLabel(item.kind))}
          {item.paid && <span className="paid-tag">{t('assetLog.paid')}</span>}
        </span>
        <SignedAmount value={item.amount} />
      </div>
      {item.note && (
        <div className="record-line muted record-note">
          {t('assetLog.note')}: {item.note}
        </div>
      )}
      <div className="record-line muted">
        <TimeText value={item.created_at} />
        <span>
          {t('assetLog.balanceAfter')} <MoneyText value={item.balance_after} />
        </span>
      </div>
    </>
  );
}

export function AssetLogPage() {
  const { t } = useTranslation();
  const stats = useAssetLogTongji().data;
  return (
    <div className="page-body">
      <SummaryCard label={t('assetLog.totalBalance')} value={<MoneyValue value={stats?.total_balance} />}>
        <Stat label={t('assetLog.business')} value={stats ? <MoneyText value={stats.business} /> : null} />
        <Stat label={t('assetLog.income')} value={stats ? <MoneyText value={stats.income} /> : null} />
        <Stat label={t('assetLog.expenditure')} value={stats ? <MoneyText value={stats.expenditure} /> : null} />
        <Stat label={t('assetLog.quantity')} value={stats ? stats.quantity : null} />
      </SummaryCard>
      <section className="card">
        <div className="card-head">
          <h2 className="card-title">{t('assetLog.records')}</h2>
          <SubmitButton block={false} size="mini" fill="outline" onSubmit={exportAssetLog}>
            <DownlandOutline /> {t('assetLog.export')}
          </SubmitButton>
        </div>
        <PagedList
          query={useAssetLog()}
          empty={t('common.noRecords')}
          itemKey={(item) => item.id}
          renderItem={(item) => <EntryRow item={item} />}
        />
      </section>
    </div>
  );
}
