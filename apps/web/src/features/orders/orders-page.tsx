import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MerchantSalesList } from './merchant-sales-list';
import { TradeList } from './trade-list';

/** The Orders tab: trades with other customers (both sides) and sales to merchants. */
export function OrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <div className="card">
        <Tabs defaultActiveKey="trades" stretch>
          <Tabs.Tab key="trades" title={t('orders.tabs.trades')}>
            <TradeList />
          </Tabs.Tab>
          <Tabs.Tab key="sales" title={t('orders.tabs.sales')}>
            <MerchantSalesList />
          </Tabs.Tab>
        </Tabs>
      </div>
    </div>
  );
}
