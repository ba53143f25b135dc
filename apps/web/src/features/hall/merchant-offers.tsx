import type { MerchantOffer } from '@c2c/shared';
import { Button } from 'antd-mobile';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/paged-list';
import { formatMoney } from '../../lib/money';
import { PAYOUT_KIND_KEYS, useMerchantOffers } from './merchant-api';
import './merchant.css';

// The sell sheet (its form, popup and confirmation) loads on the first "Go sell" tap, not with the Hall.
const MerchantSellSheet = lazy(() => import('./merchant-sell-sheet').then((m) => ({ default: m.MerchantSellSheet })));

function OfferRow({ offer, onSell }: { offer: MerchantOffer; onSell: () => void }) {
  const { t, i18n } = useTranslation();
  const money = (wire: string) => formatMoney(wire, i18n.language);
  return (
    <div className="merchant-offer">
      <div className="record-line">
        <strong className="merchant-name">{offer.name}</strong>
        <span className="merchant-price">
          {t('hall.merchant.price', { price: money(offer.price), currency: offer.currency })}
        </span>
      </div>
      <div className="record-line muted">
        <span>{t('hall.merchant.orders30d', { orders: String(offer.orders_30d) })}</span>
        <span>
          {offer.completion_rate === null
            ? t('hall.merchant.noRate')
            : t('hall.merchant.rate', { rate: new Intl.NumberFormat(i18n.language).format(offer.completion_rate) })}
        </span>
      </div>
      <div className="record-line muted">
        <span>{t('hall.merchant.quantity', { quantity: money(offer.quantity) })}</span>
        <span>{t('hall.merchant.limits', { min: money(offer.min), max: money(offer.max) })}</span>
      </div>
      <div className="record-line">
        <span className="merchant-methods">
          {offer.methods.map((m) => (
            <span key={m} className="method-tag">
              {t(PAYOUT_KIND_KEYS[m])}
            </span>
          ))}
        </span>
        <Button size="small" color="primary" shape="rounded" onClick={onSell}>
          {t('hall.goSell')}
        </Button>
      </div>
    </div>
  );
}

/** Hall, "Sell to merchants": the merchants' active offers; "Go sell" opens the sell sheet for one of them. */
export function MerchantOffers() {
  const { t } = useTranslation();
  const offers = useMerchantOffers();
  const [selling, setSelling] = useState<MerchantOffer | null>(null);
  // Mounted from the first tap on: closing it again keeps it, so its closing animation plays.
  const [sheet, setSheet] = useState(false);
  const sell = (offer: MerchantOffer) => {
    setSheet(true);
    setSelling(offer);
  };
  // the sheet shows the offer as the list has it now (a live update may change the quantity left)
  const current = selling && (offers.data?.find((o) => o.id === selling.id) ?? selling);
  return (
    <>
      <PagedList
        query={offers}
        empty={t('hall.noOffers')}
        itemKey={(offer) => offer.id}
        renderItem={(offer) => <OfferRow offer={offer} onSell={() => sell(offer)} />}
      />
      {sheet && (
        <Suspense fallback={null}>
          <MerchantSellSheet offer={current} onClose={() => setSelling(null)} />
        </Suspense>
      )}
    </>
  );
}
