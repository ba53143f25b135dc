import { API, type MerchantSale } from '@c2c/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyValue } from '../../components/money-value';
import { PagedList } from '../../components/paged-list';
import { StatusTag } from '../../components/status-tag';
import { CapsuleTabs } from '../../components/tabs';
import { TimeText } from '../../components/time-text';
import type { TKey } from '../../lib/i18n-keys';
import { formatMoney } from '../../lib/money';
import { usePagedQuery } from '../../lib/paging';
import { queryKeys } from '../../lib/queries';
import './merchant-sales.css';

type Filter = MerchantSale['status'] | 'all';

// only a sale the merchant paid was received; one under review is still to be paid, a rejected one never is
const FIAT_LABEL = {
  auditing: 'orders.sales.fiatDue',
  completed: 'orders.sales.fiat',
  rejected: 'orders.sales.fiatRefused',
} as const satisfies Record<MerchantSale['status'], TKey>;

/** The spec's names of the states: Auditing, Completed, Rejected. */
const STATUS: Record<MerchantSale['status'], TKey> = {
  auditing: 'orders.auditing',
  completed: 'orders.completed',
  rejected: 'orders.rejected',
};

function SaleRow({ sale }: { sale: MerchantSale }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="sale-row">
      <div className="record-line">
        <span className="mono sale-number">{t('orders.sales.number', { number: sale.order_no })}</span>
        <StatusTag status={sale.status}>{t(STATUS[sale.status])}</StatusTag>
      </div>
      <dl className="sale-facts">
        <div>
          <dt>{t('orders.quantity')}</dt>
          <dd>
            <MoneyValue value={sale.quantity} />
          </dd>
        </div>
        <div>
          <dt>{t('orders.price')}</dt>
          <dd>{t('orders.sales.priceValue', { price: formatMoney(sale.price, i18n.language), currency: sale.currency })}</dd>
        </div>
        <div>
          <dt>{t(FIAT_LABEL[sale.status])}</dt>
          <dd>
            <strong>
              {formatMoney(sale.fiat_amount, i18n.language)} {sale.currency}
            </strong>
          </dd>
        </div>
        <div>
          <dt>{t('orders.matchTime')}</dt>
          <dd>
            <TimeText value={sale.created_at} />
          </dd>
        </div>
      </dl>
      <div className="sale-meta muted">
        <span>{t('orders.sales.merchant', { merchant: sale.merchant_name })}</span>
        <span className="account-label">{t('orders.sales.payTo', { account: sale.account.label })}</span>
      </div>
      {sale.status === 'rejected' && sale.reason && <p className="record-note">{t('status.reason', { reason: sale.reason })}</p>}
      {sale.status === 'completed' && sale.reference && (
        <p className="record-note muted">{t('orders.sales.reference', { reference: sale.reference })}</p>
      )}
    </div>
  );
}

/**
 * Orders, "Merchant sales": the customer's sales to merchants, newest first, filtered by state. The list call has no
 * state filter, so the filter picks from the pages loaded and loads further pages while it finds none.
 */
export function MerchantSalesList() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<Filter>('all');
  const sales = usePagedQuery(queryKeys.merchantSales, API.saleuListOrder);
  const shown = filter === 'all' ? sales.data : sales.data?.filter((s) => s.status === filter);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = sales;
  const none = shown !== undefined && shown.length === 0;
  useEffect(() => {
    if (none && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [none, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const filters: { key: Filter; title: string }[] = [
    { key: 'all', title: t('orders.all') },
    { key: 'auditing', title: t('orders.auditing') },
    { key: 'completed', title: t('orders.completed') },
    { key: 'rejected', title: t('orders.rejected') },
  ];
  return (
    <CapsuleTabs label={t('orders.filterByStatus')} activeKey={filter} onChange={setFilter} items={filters}>
      <PagedList
        query={{ ...sales, data: shown, isPending: sales.isPending || (none && hasNextPage) }}
        empty={t('orders.sales.empty')}
        itemKey={(sale) => sale.id}
        renderItem={(sale) => <SaleRow sale={sale} />}
      />
    </CapsuleTabs>
  );
}
