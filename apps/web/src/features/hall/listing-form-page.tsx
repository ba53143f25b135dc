import '../../components/trade.css';
import { PAYMENT_WINDOWS, ROUTES } from '@c2c/shared';
import { Button, Input, Selector } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountPicker } from '../../components/account-picker';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { MoneyValue } from '../../components/money-value';
import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { SecondFactorField, secondFactorMissing, useSecondFactorOn } from '../../components/second-factor-field';
import { SubmitButton } from '../../components/submit-button';
import { SummaryCard } from '../../components/summary-card';
import { METHOD_KEYS } from '../../components/trade-status';
import { confirm } from '../../lib/dialog';
import { formatMoney } from '../../lib/money';
import { goBack, navigate } from '../../lib/navigation';
import { usePayoutAccounts } from '../../lib/payout-accounts';
import { refreshMoney, refreshTrades, useMoney } from '../../lib/queries';
import { useRequestId } from '../../lib/request-id';
import { showSuccess } from '../../lib/toast';
import { createListing } from '../../lib/trade';
import { useFormState } from '../../lib/use-form-state';
import { validate, withinLimits } from '../../lib/validate';

const EMPTY = { number: '', price: '', currency: 'EUR', min: '', max: '' };
type FieldName = keyof typeof EMPTY | 'bk_id' | 'window_minutes';

/** The form posting a sell listing: quantity, unit price and currency, per-trade limits, payout account, payment window. */
export function ListingFormPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = useMoney().data;
  const accounts = usePayoutAccounts();
  const form = useFormState(EMPTY);
  const [picked, setPicked] = useState<number>();
  const [windowMinutes, setWindowMinutes] = useState<number>(PAYMENT_WINDOWS[0]);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const requestId = useRequestId();
  const secondFactor = useSecondFactorOn();
  const [totp, setTotp] = useState('');

  const account = (accounts.data ?? []).find((a) => a.id === picked) ?? accounts.data?.[0];

  const input = (name: keyof typeof EMPTY) => ({
    value: form.values[name],
    onChange: (value: string) => {
      form.field(name).onChange(value);
      setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  const submit = async () => {
    setErrors({});
    const body = await validate(
      'sellingCreateRequest',
      {
        ...form.values,
        bk_id: account?.id ?? '',
        window_minutes: String(windowMinutes),
        request_id: requestId.current(),
        totp: secondFactor ? totp : '',
      },
      {
        amounts: ['number', 'price', 'min', 'max'],
        onFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
      },
    );
    if (!body || !account) return;
    if (await secondFactorMissing(secondFactor, body.totp)) return;
    if (!withinLimits(body.number, { available: money?.balance })) return;
    const confirmed = await confirm({
      title: t('hall.selling.confirmTitle'),
      content: (
        <dl className="confirm-list">
          <dt>{t('hall.selling.number')}</dt>
          <dd>{formatMoney(body.number, lang)} USDT</dd>
          <dt>{t('hall.selling.price')}</dt>
          <dd>
            {formatMoney(body.price, lang)} {body.currency}
          </dd>
          <dt>{t('hall.selling.limits')}</dt>
          <dd>
            {formatMoney(body.min, lang)} – {formatMoney(body.max, lang)} USDT
          </dd>
          <dt>{t('hall.selling.account')}</dt>
          <dd>
            {t(METHOD_KEYS[account.type])} · {account.label}
          </dd>
          <dt>{t('hall.selling.window')}</dt>
          <dd>{t('hall.buy.window', { minutes: body.window_minutes })}</dd>
        </dl>
      ),
      confirmText: t('hall.selling.postConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await createListing({
        number: body.number,
        price: body.price,
        currency: body.currency,
        min: body.min,
        max: body.max,
        bk_id: String(body.bk_id),
        window_minutes: String(body.window_minutes),
        request_id: requestId.current(),
        totp: body.totp,
      });
    } catch (error) {
      requestId.settle(error);
      throw error;
    }
    requestId.settle();
    form.setValues(EMPTY);
    setTotp('');
    showSuccess(t('hall.selling.posted'));
    await Promise.all([refreshTrades(), refreshMoney()]);
    goBack(ROUTES.hall);
  };

  if (accounts.isPending) return <PageLoading />;
  if (accounts.isError) return <QueryError onRetry={() => void accounts.refetch()} />;
  return (
    <div className="page-body">
      <SummaryCard label={t('hall.available')} value={<MoneyValue value={money?.balance} />} />
      <section className="card form-card">
        <Field label={t('hall.selling.number')} name="number" error={errors.number}>
          <Input {...input('number')} inputMode="decimal" placeholder={t('hall.selling.numberPlaceholder')} />
        </Field>
        <Field label={t('hall.selling.price')} name="price" error={errors.price}>
          <Input {...input('price')} inputMode="decimal" placeholder={t('hall.selling.pricePlaceholder')} />
        </Field>
        <Field label={t('hall.selling.currency')} name="currency" error={errors.currency}>
          <Input {...input('currency')} maxLength={3} placeholder="EUR" />
        </Field>
        <Field label={t('hall.selling.min')} name="min" error={errors.min}>
          <Input {...input('min')} inputMode="decimal" placeholder={t('hall.selling.minPlaceholder')} />
        </Field>
        <Field label={t('hall.selling.max')} name="max" error={errors.max}>
          <Input {...input('max')} inputMode="decimal" placeholder={t('hall.selling.maxPlaceholder')} />
        </Field>
        <div className="field" data-field="bk_id">
          <span className="field-label">{t('hall.selling.account')}</span>
          {account ? (
            <AccountPicker
              accounts={accounts.data ?? []}
              value={account.id}
              onChange={setPicked}
              describe={(a) => `${t(METHOD_KEYS[a.type])} · ${a.full_name}`}
            />
          ) : (
            <EmptyState text={t('withdraw.noAccount')}>
              <Button color="primary" shape="rounded" size="small" onClick={() => navigate(ROUTES.binding)}>
                {t('withdraw.bindNow')}
              </Button>
            </EmptyState>
          )}
          {errors.bk_id && (
            <span className="field-error" role="alert">
              {errors.bk_id}
            </span>
          )}
        </div>
        <div className="field">
          <span className="field-label">{t('hall.selling.window')}</span>
          <Selector
            columns={3}
            value={[windowMinutes]}
            onChange={(v) => v[0] && setWindowMinutes(v[0])}
            options={PAYMENT_WINDOWS.map((w) => ({ label: t('hall.buy.window', { minutes: w }), value: w }))}
          />
        </div>
        {secondFactor && <SecondFactorField value={totp} onChange={setTotp} />}
        <SubmitButton onSubmit={submit}>{t('hall.selling.post')}</SubmitButton>
      </section>
      <section className="card tips">
        <p>{t('hall.selling.tips')}</p>
      </section>
    </div>
  );
}
