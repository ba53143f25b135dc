import { type MerchantOffer, ROUTES } from '@c2c/shared';
import { Button, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountPicker } from '../../components/account-picker';
import { Field } from '../../components/field';
import { MoneyValue } from '../../components/money-value';
import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { SecondFactorField, secondFactorMissing, useSecondFactorOn } from '../../components/second-factor-field';
import { SubmitButton } from '../../components/submit-button';
import { sendableAmount, useAmountError } from '../../lib/amount-check';
import { confirm } from '../../lib/dialog';
import { formatMoney } from '../../lib/money';
import { navigate } from '../../lib/navigation';
import { usePayoutAccounts, usePayoutReady } from '../../lib/payout-accounts';
import { useMoney } from '../../lib/queries';
import { useRequestId } from '../../lib/request-id';
import { showSuccess } from '../../lib/toast';
import { validate, withinLimits } from '../../lib/validate';
import { fiatOf, sellAll } from './fiat';
import { createSale, PAYOUT_KIND_KEYS } from './merchant-api';

/** The sheet "Go sell" opens over the offers: how much, what it pays, to which account; confirmed before it is sent. */
export function MerchantSellSheet({ offer, onClose }: { offer: MerchantOffer | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup
      visible={offer !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet sell-sheet"
      showCloseButton
      destroyOnClose
    >
      {offer && (
        <div className="sell-sheet-body">
          <h2 className="card-title">{t('hall.merchant.sheetTitle', { merchant: offer.name })}</h2>
          <SellForm key={offer.id} offer={offer} onDone={onClose} />
        </div>
      )}
    </Popup>
  );
}

function SellForm({ offer, onDone }: { offer: MerchantOffer; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const available = useMoney().data?.balance;
  const accounts = usePayoutAccounts();
  const [quantity, setQuantity] = useState('');
  const [picked, setPicked] = useState<number>();
  const requestId = useRequestId();
  const secondFactor = useSecondFactorOn();
  const [totp, setTotp] = useState('');

  const options = (accounts.data ?? []).filter((a) => offer.methods.includes(a.type));
  // an account still in its first 24 hours is shown but not picked: no payout may go to it yet
  const ready = usePayoutReady(options);
  const account = options.find((a) => a.id === picked && ready(a)) ?? options.find(ready);
  const price = `${formatMoney(offer.price, lang)} ${offer.currency}`;
  // the merchant buys no more than its quantity left
  const limits = {
    min: offer.min,
    max: offer.max,
    available,
    cap: { limit: offer.quantity, key: 'merchant_quantity_short' as const },
  };
  const quantityError = useAmountError(quantity, limits);
  // what the typed quantity pays, as the server will compute it; nothing for one that cannot be sold (why stands under
  // the field)
  const sellable = sendableAmount(quantity, lang, limits);
  const receive = sellable === null ? null : fiatOf(sellable, offer.price, offer.currency);

  const fillAll = () => {
    if (available) setQuantity(formatMoney(sellAll(available, offer.quantity, offer.max), lang));
  };

  const submit = async () => {
    const body = await validate(
      'saleuCreateRequest',
      { saleu_id: offer.id, number: quantity, bk_id: account?.id ?? '', totp: secondFactor ? totp : '' },
      { amounts: ['number'] },
    );
    if (!body || !account) return;
    if (await secondFactorMissing(secondFactor, body.totp)) return;
    if (!withinLimits(body.number, limits)) return;
    const amount = fiatOf(body.number, offer.price, offer.currency);
    const confirmed = await confirm({
      title: t('hall.merchant.confirmTitle'),
      content: (
        <div className="sell-confirm">
          <dl>
            <dt>{t('hall.merchant.confirmQuantity')}</dt>
            <dd>{formatMoney(body.number, lang)} USDT</dd>
            <dt>{t('hall.merchant.confirmPrice')}</dt>
            <dd>{price}</dd>
            <dt>{t('hall.merchant.receive')}</dt>
            <dd>
              <strong>
                {formatMoney(amount, lang)} {offer.currency}
              </strong>
            </dd>
            <dt>{t('hall.merchant.account')}</dt>
            <dd className="account-label">{account.label}</dd>
          </dl>
          <p>{t('hall.merchant.confirmText')}</p>
        </div>
      ),
      confirmText: t('hall.merchant.submit'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await createSale({
        saleu_id: offer.id,
        number: body.number,
        bk_id: account.id,
        request_id: requestId.current(),
        totp: body.totp,
      });
    } catch (error) {
      requestId.settle(error);
      throw error;
    }
    requestId.settle();
    showSuccess(t('hall.merchant.success'));
    onDone();
  };

  if (accounts.isPending) return <PageLoading />;
  if (accounts.isError) return <QueryError onRetry={() => void accounts.refetch()} />;
  return (
    <div className="form-card">
      <div className="sell-facts">
        <span>{t('hall.merchant.unitPrice', { price })}</span>
        <span>
          {t('hall.available')}:{' '}
          <strong>
            <MoneyValue value={available} />
          </strong>
        </span>
      </div>
      <Field
        label={t('hall.merchant.quantityLabel')}
        error={quantityError}
        note={t('hall.merchant.limits', { min: formatMoney(offer.min, lang), max: formatMoney(offer.max, lang) })}
        extra={
          <Button size="mini" color="primary" fill="outline" shape="rounded" onClick={fillAll} disabled={!available}>
            {t('hall.merchant.all')}
          </Button>
        }
      >
        <Input value={quantity} onChange={setQuantity} inputMode="decimal" placeholder={t('hall.merchant.placeholder')} />
      </Field>
      <Field label={t('hall.merchant.receive')} readOnly>
        <output className="field-text sell-receive" aria-label={t('hall.merchant.receive')}>
          {receive === null ? '--' : `${formatMoney(receive, lang)} ${offer.currency}`}
        </output>
      </Field>
      {options.length === 0 ? (
        <div className="sell-no-account" role="status">
          <p>
            {t('hall.merchant.noAccount', {
              methods: offer.methods.map((m) => t(PAYOUT_KIND_KEYS[m])).join(' / '),
            })}
          </p>
          <Button color="primary" shape="rounded" size="small" onClick={() => navigate(ROUTES.binding)}>
            {t('hall.merchant.bindNow')}
          </Button>
        </div>
      ) : (
        <>
          <div className="field">
            <span className="field-label">{t('hall.merchant.account')}</span>
            <AccountPicker accounts={options} value={account?.id ?? 0} onChange={setPicked} payout />
          </div>
          {secondFactor && <SecondFactorField value={totp} onChange={setTotp} />}
          <SubmitButton onSubmit={submit} disabled={!account}>
            {t('hall.merchant.submit')}
          </SubmitButton>
        </>
      )}
    </div>
  );
}
