import '../trade/trade.css';
import { useTranslation } from 'react-i18next';
import { MoneyValue } from '../../components/money-value';
import { TimeText } from '../../components/time-text';
import { formatMoney } from '../../lib/money';
import { useSellingHistory } from '../trade/api';

/** The latest completed deals of everyone (sellers masked): a small list on Home and under the Hall's tabs. */
export function HistoryList({ limit }: { limit?: number }) {
  const { t, i18n } = useTranslation();
  const history = useSellingHistory();
  const list = (history.data?.list ?? []).slice(0, limit);
  return (
    <section className="card history-card">
      <h2 className="card-title padded">{t('history.title')}</h2>
      {list.length === 0 ? (
        <p className="muted padded">{history.isPending ? t('common.loading') : t('history.empty')}</p>
      ) : (
        <ul className="record-list">
          {list.map((deal, index) => (
            // the deals carry no id: the order the server gives is their identity here
            // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list replaced as a whole
            <li key={index} className="record">
              <div className="record-line">
                <span>
                  {deal.seller} · {t(deal.kind === 'trade' ? 'history.trade' : 'history.merchant')}
                </span>
                <strong className="record-amount">
                  <MoneyValue value={deal.quantity} />
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
