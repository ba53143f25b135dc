import '../../components/trade.css';
import { ROUTES, type TradeStatus } from '@c2c/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyValue } from '../../components/money-value';
import { PagedList } from '../../components/paged-list';
import { CapsuleTabs } from '../../components/tabs';
import { TimeText } from '../../components/time-text';
import { TRADE_STATUS_KEYS, TradeStatusTag } from '../../components/trade-status';
import { formatMoney } from '../../lib/money';
import { navigate } from '../../lib/navigation';
import { type TradeRow, useTrades } from '../../lib/trade';

function TradeItem({ item }: { item: TradeRow }) {
  const { t, i18n } = useTranslation();
  return (
    <button type="button" className="trade-item" onClick={() => navigate(`${ROUTES.trade}?id=${item.id}`)}>
      <div className="record-line">
        <span className="trade-role">
          {t(item.role === 'buyer' ? 'orders.trades.bought' : 'orders.trades.sold')} · {item.counterparty}
          {item.unread > 0 && <span className="unread-dot" role="status" aria-label={t('orders.trades.unread')} />}
        </span>
        <TradeStatusTag status={item.status} label={t(TRADE_STATUS_KEYS[item.status])} />
      </div>
      <div className="record-line">
        <strong className="record-amount">
          <MoneyValue value={item.quantity} />
        </strong>
        <span>
          {formatMoney(item.fiat_amount, i18n.language)} {item.currency}
        </span>
      </div>
      <div className="record-line muted">
        <span className="mono">{item.order_no}</span>
        <TimeText value={item.created_at} />
      </div>
    </button>
  );
}

/**
 * Every trade state, in the order of the shared list, taken from the labels' table (typed by every state): the shared
 * TRADE_STATUSES lives beside the request schemas, and importing it would load the whole schema library with the
 * Orders page.
 */
const STATUSES = Object.keys(TRADE_STATUS_KEYS) as TradeStatus[];

/** The Orders page's "Trades" tab: the caller's trades on both sides, by state; a tap opens the trade. */
export function TradeList() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<TradeStatus | 'all'>('all');
  const trades = useTrades(status);
  return (
    <CapsuleTabs
      label={t('orders.filterByStatus')}
      activeKey={status}
      onChange={setStatus}
      items={[
        { key: 'all' as const, title: t('orders.all') },
        ...STATUSES.map((s) => ({ key: s, title: t(TRADE_STATUS_KEYS[s]) })),
      ]}
    >
      <PagedList
        query={trades}
        empty={t('orders.trades.empty')}
        itemKey={(item) => item.id}
        renderItem={(item) => <TradeItem item={item} />}
      />
    </CapsuleTabs>
  );
}
