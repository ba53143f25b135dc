import { useTranslation } from 'react-i18next';
import { Tabs } from '../../components/tabs';
import { MerchantSalesList } from './merchant-sales-list';
import { TradeList } from './trade-list';

/** The Orders tab: trades with other customers (both sides) and sales to merchants. */
export function OrdersPage() {
  const { t } = useTranslation();
  return (
    <div className="page-body">
      <div className="card">
        <Tabs
          items={[
            { key: 'trades', title: t('orders.tabs.trades'), content: <TradeList /> },
            { key: 'sales', title: t('orders.tabs.sales'), content: <MerchantSalesList /> },
          ]}
        />
      </div>
    </div>
  );
}
