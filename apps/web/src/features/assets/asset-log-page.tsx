import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/list-table';
import { MoneyValue } from '../../components/money-value';
import { Stat } from '../../components/stat';
import { SummaryCard } from '../../components/summary-card';
import { useMoney } from '../../lib/queries';

export function AssetLogPage() {
  const { t } = useTranslation();
  const money = useMoney().data;
  return (
    <div className="page-body">
      <SummaryCard label={t('assetLog.totalBalance')} value={<MoneyValue value={money?.total} />}>
        <Stat label={t('assetLog.business')} value={null} />
        <Stat label={t('assetLog.income')} value={null} />
        <Stat label={t('assetLog.expenditure')} value={null} />
      </SummaryCard>
      <div className="card">
        <ListTable
          columns={[t('assetLog.type'), t('assetLog.quantity'), t('assetLog.time'), t('assetLog.state')]}
          empty={t('common.noRecords')}
        />
      </div>
    </div>
  );
}
