import '../../components/trade.css';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryList } from '../../components/history-list';
import { MoneyValue } from '../../components/money-value';
import { Stat } from '../../components/stat';
import { SummaryCard } from '../../components/summary-card';
import { Tabs } from '../../components/tabs';
import { useListings, useSellingTongji } from '../../lib/trade';
import { BuyList } from './buy-list';
import { MerchantOffers } from './merchant-offers';
import { SellingList } from './selling-list';

export function HallPage() {
  const { t } = useTranslation();
  const summary = useSellingTongji().data;
  // The deals card comes once the listings above it have arrived: drawn earlier, the list would push it down the
  // screen (a layout shift); added below, nothing moves. Deferred as the list's rows are (PagedList), so both come in
  // the same render.
  const listingsShown = !useDeferredValue(useListings().isPending);
  return (
    <div className="page-body">
      <SummaryCard label={t('hall.totalBalance')} value={<MoneyValue value={summary?.total} />}>
        <Stat label={t('hall.onOrder')} value={summary ? <MoneyValue value={summary.on_order} /> : null} />
        <Stat label={t('hall.available')} value={summary ? <MoneyValue value={summary.available} /> : null} />
      </SummaryCard>
      <div className="card">
        <Tabs
          items={[
            { key: 'buy', title: t('hall.buyTab'), content: <BuyList /> },
            { key: 'selling', title: t('hall.sellingOrders'), content: <SellingList /> },
            { key: 'merchants', title: t('hall.sellToMerchants'), content: <MerchantOffers /> },
          ]}
        />
      </div>
      {listingsShown && <HistoryList />}
    </div>
  );
}
