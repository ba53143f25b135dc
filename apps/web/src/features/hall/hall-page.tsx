import '../../components/trade.css';
import { Tabs } from 'antd-mobile';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryList } from '../../components/history-list';
import { MoneyValue } from '../../components/money-value';
import { Stat } from '../../components/stat';
import { SummaryCard } from '../../components/summary-card';
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
        <Tabs defaultActiveKey="buy" stretch>
          <Tabs.Tab key="buy" title={t('hall.buyTab')}>
            <BuyList />
          </Tabs.Tab>
          <Tabs.Tab key="selling" title={t('hall.sellingOrders')}>
            <SellingList />
          </Tabs.Tab>
          <Tabs.Tab key="merchants" title={t('hall.sellToMerchants')}>
            <MerchantOffers />
          </Tabs.Tab>
        </Tabs>
      </div>
      {listingsShown && <HistoryList />}
    </div>
  );
}
