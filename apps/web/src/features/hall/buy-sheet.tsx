import { ROUTES } from '@c2c/shared';
import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { SubmitButton } from '../../components/submit-button';
import { sendableAmount, useAmountError } from '../../lib/amount-check';
import { confirm } from '../../lib/dialog';
import { formatMoney } from '../../lib/money';
import { navigate } from '../../lib/navigation';
import { refreshTrades } from '../../lib/queries';
import { useRequestId } from '../../lib/request-id';
import { buyMax, buyMin, createTrade, type Listing, onlyWhole } from '../../lib/trade';
import { validate, withinLimits } from '../../lib/validate';
import { fiatOf } from './fiat';

/** The sheet buying from one listing: amount (or "All"), the exact fiat to pay, a confirmation, then the trade page. */
export function BuySheet({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [amount, setAmount] = useState('');
  const requestId = useRequestId();
  const lang = i18n.language;
  const limits = listing ? { min: buyMin(listing), max: buyMax(listing) } : {};
  const amountError = useAmountError(amount, limits);
  // no price for an amount that cannot be bought (why stands under the field)
  const buyable = listing ? sendableAmount(amount, lang, limits) : null;
  const fiat = listing && buyable !== null ? fiatOf(buyable, listing.price, listing.currency) : null;

  const close = () => {
    setAmount('');
    onClose();
  };

  const submit = async () => {
    if (!listing) return;
    const body = await validate(
      'tradeCreateRequest',
      { selling_id: listing.id, number: amount, request_id: requestId.current() },
      { amounts: ['number'] },
    );
    if (!body) return;
    if (!withinLimits(body.number, limits)) return;
    const pay = fiatOf(body.number, listing.price, listing.currency);
    const confirmed = await confirm({
      title: t('hall.buy.confirmTitle'),
      content: t('hall.buy.confirmText', {
        amount: formatMoney(body.number, lang),
        fiat: formatMoney(pay, lang),
        currency: listing.currency,
        seller: listing.seller,
        window: listing.window_minutes,
      }),
      confirmText: t('hall.buy.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    let created: { id: number };
    try {
      created = await createTrade({ selling_id: listing.id, number: body.number, request_id: requestId.current() });
    } catch (error) {
      requestId.settle(error);
      throw error;
    }
    requestId.settle();
    close();
    void refreshTrades();
    navigate(`${ROUTES.trade}?id=${created.id}`);
  };

  return (
    <Popup visible={listing !== null} onMaskClick={close} onClose={close} bodyClassName="sheet buy-sheet" destroyOnClose>
      {listing && (
        <div className="sheet-body">
          <h2 className="card-title">{t('hall.buy.sheetTitle', { seller: listing.seller })}</h2>
          <p className="field-hint">
            {t('hall.buy.priceLine', { price: formatMoney(listing.price, lang), currency: listing.currency })}
          </p>
          <p className="field-hint">
            {onlyWhole(listing)
              ? t('hall.buy.wholeLine', { amount: formatMoney(buyMax(listing), lang) })
              : t('hall.buy.limitsLine', { min: formatMoney(buyMin(listing), lang), max: formatMoney(buyMax(listing), lang) })}
          </p>
          <Field
            label={t('hall.buy.amount')}
            error={amountError}
            extra={
              <Button
                size="mini"
                color="primary"
                fill="outline"
                shape="rounded"
                onClick={() => setAmount(formatMoney(buyMax(listing), lang))}
              >
                {t('hall.buy.all')}
              </Button>
            }
          >
            <Input value={amount} onChange={setAmount} inputMode="decimal" placeholder={t('hall.buy.amountPlaceholder')} />
          </Field>
          <div className="record-line">
            <span>{t('hall.buy.toPay')}</span>
            <strong className="fiat-amount" data-testid="fiat-amount">
              {fiat === null ? '--' : `${formatMoney(fiat, lang)} ${listing.currency}`}
            </strong>
          </div>
          <p className="field-hint">{t('hall.buy.windowHint', { minutes: listing.window_minutes })}</p>
          <SubmitButton onSubmit={submit}>{t('hall.buy.submit')}</SubmitButton>
        </div>
      )}
    </Popup>
  );
}
