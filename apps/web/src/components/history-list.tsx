import { API } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../lib/api';
import { CURRENCY, formatMoney } from '../lib/money';
import { queryKeys } from '../lib/queries';
import { MoneyText } from './money-text';
import { TimeText } from './time-text';

/**
 * The latest completed deals of everyone (sellers masked): a small list on Home and under the Hall's tabs. Home is the
 * first page, so this stays light: its texts are in the first page's file and it needs nothing else to draw.
 */
export function HistoryList({ limit }: { limit?: number }) {
  const { t, i18n } = useTranslation();
  // a side list: a failure leaves it empty rather than interrupting the page with a toast
  const history = useQuery({
    queryKey: [...queryKeys.selling, 'history'],
    queryFn: () => api(API.sellingHistory, {}, { catch: true, toast: false }),
  });
  const list = (history.data?.list ?? []).slice(0, limit);
  // The formatter is asked for only once there are rows (it is made once, then looked up): a visit's first Intl
  // formatter is costly, and paid for before the deals arrived it lengthened the render of the Hall's listings.
  return (
    <section className="card history-card">
      <h2 className="card-title padded">{t('history.title')}</h2>
      {list.length === 0 ? (
        <p className="muted padded">{history.isPending ? t('common.loading') : t('history.empty')}</p>
      ) : (
        <ul className="record-list">
          {list.map((deal) => (
            <li key={`${deal.completed_at}-${deal.seller}-${deal.quantity}`} className="record">
              <div className="record-line">
                <span>
                  {deal.seller} · {t(deal.kind === 'trade' ? 'history.trade' : 'history.merchant')}
                </span>
                <strong className="record-amount">
                  <MoneyText value={deal.quantity} /> <small>{CURRENCY}</small>
                </strong>
              </div>
              <div className="record-line muted">
                <span>
                  {formatMoney(deal.price, i18n.language)} {deal.currency}
                </span>
                <TimeText value={deal.completed_at} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
