import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/list-table';
import { MoneyValue } from '../../components/money-value';
import { SummaryCard } from '../../components/summary-card';
import { useMoney } from '../../lib/queries';

export function WalletPage() {
  const { t } = useTranslation();
  const money = useMoney().data;
  return (
    <div className="page-body">
      <SummaryCard label={t('wallet.principal')} value={<MoneyValue value={money?.interest} />} />
      <div className="card">
        <Tabs defaultActiveKey="products" stretch>
          <Tabs.Tab key="products" title={t('wallet.products')}>
            <ListTable columns={[t('wallet.rate'), t('wallet.days'), t('wallet.limits')]} empty={t('wallet.noProducts')} />
          </Tabs.Tab>
          <Tabs.Tab key="orders" title={t('wallet.myOrders')}>
            <ListTable
              columns={[
                t('wallet.interestId'),
                t('wallet.amount'),
                t('wallet.rate'),
                t('wallet.days'),
                t('wallet.time'),
                t('wallet.expiry'),
              ]}
              empty={t('common.noRecords')}
            />
          </Tabs.Tab>
        </Tabs>
      </div>
    </div>
  );
}
