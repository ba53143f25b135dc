import { CapsuleTabs, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../components/list-table';
import { MerchantSalesList } from './merchant-sales-list';

export function OrdersPage() {
  const { t } = useTranslation();
  const filters = [
    { key: 'all', title: t('orders.all') },
    { key: 'auditing', title: t('orders.auditing') },
    { key: 'completed', title: t('orders.completed') },
    { key: 'rejected', title: t('orders.rejected') },
  ];
  return (
    <div className="page-body">
      <div className="card">
        <Tabs defaultActiveKey="trades" stretch>
          <Tabs.Tab key="trades" title={t('orders.tabs.trades')}>
            <CapsuleTabs defaultActiveKey="all">
              {filters.map((f) => (
                <CapsuleTabs.Tab key={f.key} title={f.title}>
                  <ListTable
                    columns={[
                      t('orders.number'),
                      t('orders.quantity'),
                      t('orders.price'),
                      t('orders.state'),
                      t('orders.matchTime'),
                    ]}
                    empty={t('orders.empty')}
                  />
                </CapsuleTabs.Tab>
              ))}
            </CapsuleTabs>
          </Tabs.Tab>
          <Tabs.Tab key="sales" title={t('orders.tabs.sales')}>
            <MerchantSalesList />
          </Tabs.Tab>
        </Tabs>
      </div>
    </div>
  );
}
