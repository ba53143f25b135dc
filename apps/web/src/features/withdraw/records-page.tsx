import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/list-table';

export function RecordsPage() {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <div className="card">
        <ListTable columns={[t('records.amount'), t('records.time'), t('records.state')]} empty={t('common.noRecords')} />
      </div>
    </div>
  );
}
