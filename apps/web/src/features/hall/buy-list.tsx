import { Button } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../components/money-text';
import { MoneyValue } from '../../components/money-value';
import { PagedList } from '../../components/paged-list';
import { METHOD_KEYS } from '../../components/trade-status';
import { CURRENCY, formatMoney } from '../../lib/money';
import { buyMax, buyMin, type Listing, onlyWhole, useListings } from '../../lib/trade';

// The buy sheet (its form, popup and confirmation) loads on the first Buy tap, not with the Hall: most visits only look.
const BuySheet = lazy(() => import('./buy-sheet').then((m) => ({ default: m.BuySheet })));

/**
 * What the Hall says of a seller's last 30 days: no trades, trades without a rate yet (none the seller has decided:
 * released, or let pass the release deadline), or both.
 */
function sellerStats(item: Listing, t: TFunction) {
  const trades = item.seller_trades_30d;
  if (trades === 0) return t('hall.buy.noTrades');
  if (item.seller_completion_rate === null) return t('hall.buy.statsTrades', { trades });
  return t('hall.buy.stats', { trades, rate: `${item.seller_completion_rate}%` });
}

function ListingRow({ item, onBuy }: { item: Listing; onBuy: (item: Listing) => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <div className="listing-row">
      <div className="record-line">
        <strong className="listing-seller">{item.seller}</strong>
        <span className="muted listing-stats">{sellerStats(item, t)}</span>
      </div>
      <div className="record-line">
        <strong className="record-amount listing-price">
          {formatMoney(item.price, lang)} <small>{item.currency}</small>
        </strong>
        <Button size="small" color="primary" shape="rounded" onClick={() => onBuy(item)}>
          {t('hall.buy.action')}
        </Button>
      </div>
      <div className="record-line muted">
        <span>
          {t('hall.buy.remaining')} <MoneyValue value={item.remaining} />
        </span>
        <span>
          {/* what one trade may buy now: the listing's limits, the upper one no more than what is left; or the one
              amount that is left, less than the minimum, sold whole */}
          {onlyWhole(item) ? (
            <>
              {t('hall.buy.wholeOnly')} <MoneyText value={buyMin(item)} />
            </>
          ) : (
            <>
              {t('hall.limits')} <MoneyText value={buyMin(item)} />–<MoneyText value={buyMax(item)} />
            </>
          )}{' '}
          {CURRENCY}
        </span>
      </div>
      <div className="record-line muted">
        <span>{t(METHOD_KEYS[item.method])}</span>
        <span>{t('hall.buy.window', { minutes: item.window_minutes })}</span>
      </div>
    </div>
  );
}

/** The Hall's "buy" tab: others' open listings, best price first, each with a Buy button opening the sheet. */
export function BuyList() {
  const { t } = useTranslation();
  const [buying, setBuying] = useState<Listing | null>(null);
  // Mounted from the first tap on: closing it again keeps it, so its closing animation plays.
  const [sheet, setSheet] = useState(false);
  const buy = (item: Listing) => {
    setSheet(true);
    setBuying(item);
  };
  return (
    <>
      <PagedList
        query={useListings()}
        empty={t('hall.noOffers')}
        itemKey={(item) => item.id}
        renderItem={(item) => <ListingRow item={item} onBuy={buy} />}
      />
      {sheet && (
        <Suspense fallback={null}>
          <BuySheet listing={buying} onClose={() => setBuying(null)} />
        </Suspense>
      )}
    </>
  );
}
