import { type PayoutType, ROUTES, wireToMicro } from '@c2c/shared';
import { Button, Input, Selector } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AccountPicker } from '../../components/account-picker';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { MoneyValue } from '../../components/money-value';
import { PageLoading } from '../../components/page-loading';
import { QueryError } from '../../components/query-error';
import { SecondFactorField, secondFactorMissing, useSecondFactorOn } from '../../components/second-factor-field';
import { SubmitButton } from '../../components/submit-button';
import { SummaryCard } from '../../components/summary-card';
import { useAmountError } from '../../lib/amount-check';
import { confirm } from '../../lib/dialog';
import type { TKey } from '../../lib/i18n-keys';
import { CURRENCY, floorToCents, formatMoney } from '../../lib/money';
import { dropQueryParam, navigate, queryParam } from '../../lib/navigation';
import { usePayoutAccounts, usePayoutReady } from '../../lib/payout-accounts';
import { refreshMoney, useMoney, usePublicConfig, useUser } from '../../lib/queries';
import { useRequestId } from '../../lib/request-id';
import { showSuccess } from '../../lib/toast';
import { validate, withinLimits } from '../../lib/validate';
import { refreshVipInfo, useVipInfo } from '../../lib/vip';
import { createWithdrawal } from './api';

const PAYOUT_TYPE_KEYS: Record<PayoutType, TKey> = { bank: 'withdraw.bank', wise: 'withdraw.wise' };

/**
 * When withdrawals are paused after a password change (the server's `withdraw_unlock_at`): the moment they may
 * start again, or null. The pause ends by itself on this page at that moment.
 */
function useWithdrawPause(): Date | null {
  const iso = useUser({ fresh: true }).data?.withdraw_unlock_at;
  const at = iso ? Date.parse(iso) : 0;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const wait = at - Date.now();
    if (wait <= 0) return;
    // Looks again when the pause should be over; a timer that fired early (a sleeping tab) simply arms the next one.
    const timer = setTimeout(() => setTick(tick + 1), wait + 250);
    return () => clearTimeout(timer);
  }, [at, tick]);
  return at > Date.now() ? new Date(at) : null;
}

/** The withdrawal form; the bank-card page offers only bank accounts, the withdraw page bank and Wise. */
export function WithdrawForm({ methods }: { methods: PayoutType[] }) {
  const { t, i18n } = useTranslation();
  const money = useMoney().data;
  const config = usePublicConfig().data;
  const accounts = usePayoutAccounts();
  const [method, setMethod] = useState<PayoutType>(() => {
    const asked = queryParam('method');
    return methods.find((m) => m === asked) ?? methods[0] ?? 'bank';
  });
  // Property's "Wise withdrawal" opens this page with ?method=wise; it preselects this visit only.
  useEffect(() => dropQueryParam('method'), []);
  const [picked, setPicked] = useState<number>();
  const [amount, setAmount] = useState('');
  const requestId = useRequestId();
  const pausedUntil = useWithdrawPause();
  const secondFactor = useSecondFactorOn();
  const [totp, setTotp] = useState('');

  const options = (accounts.data ?? []).filter((a) => a.type === method);
  // an account still in its first 24 hours is shown but not picked: no payout may go to it yet
  const ready = usePayoutReady(options);
  const account = options.find((a) => a.id === picked && ready(a)) ?? options.find(ready);
  const available = money?.balance;
  const amountError = useAmountError(amount, { min: config?.withdraw_min, max: config?.withdraw_max, available });

  const submit = async () => {
    if (pausedUntil) return;
    const body = await validate(
      'withdrawCreateRequest',
      { bk_id: account?.id ?? '', amount, totp: secondFactor ? totp : '' },
      { amounts: ['amount'] },
    );
    if (!body || !account) return;
    if (await secondFactorMissing(secondFactor, body.totp)) return;
    const limits = { min: config?.withdraw_min, max: config?.withdraw_max, available };
    if (!withinLimits(body.amount, limits)) return;
    const confirmed = await confirm({
      title: t('withdraw.confirmTitle'),
      content: t('withdraw.confirmText', { amount: formatMoney(body.amount, i18n.language), account: account.label }),
      confirmText: t('withdraw.submit'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await createWithdrawal({ bk_id: body.bk_id, amount: body.amount, request_id: requestId.current(), totp: body.totp });
    } catch (error) {
      requestId.settle(error);
      throw error;
    }
    requestId.settle();
    setAmount('');
    setTotp('');
    showSuccess(t('common.submitSuccess'));
    await refreshMoney();
    await refreshVipInfo();
  };

  const fillAll = () => {
    if (!available) return;
    const max = config?.withdraw_max;
    const all = floorToCents(available);
    // "All" asks for no more than a single withdrawal may be.
    // Written as the user's language writes numbers, like anything they type themselves.
    setAmount(formatMoney(max && wireToMicro(all) > wireToMicro(max) ? floorToCents(max) : all, i18n.language));
  };

  return (
    <div className="page-body">
      <SummaryCard label={t('withdraw.available')} value={<MoneyValue value={available} />} />
      {pausedUntil && (
        <p className="pause-notice" role="status">
          {t('withdraw.pausedUntil', {
            time: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(pausedUntil),
          })}
        </p>
      )}
      <section className="card form-card">
        {methods.length > 1 && (
          <Field label={t('withdraw.method')}>
            <Selector
              columns={2}
              value={[method]}
              onChange={(v) => v[0] && setMethod(v[0])}
              options={methods.map((m) => ({ label: t(PAYOUT_TYPE_KEYS[m]), value: m }))}
            />
          </Field>
        )}
        {accounts.isPending ? (
          <PageLoading />
        ) : accounts.isError ? (
          <QueryError onRetry={() => void accounts.refetch()} />
        ) : options.length === 0 ? (
          <EmptyState text={t('withdraw.noAccount')}>
            <Button color="primary" shape="rounded" size="small" onClick={() => navigate(ROUTES.binding)}>
              {t('withdraw.bindNow')}
            </Button>
          </EmptyState>
        ) : (
          <>
            <div className="field">
              <span className="field-label">{t('withdraw.account')}</span>
              <AccountPicker accounts={options} value={account?.id ?? 0} onChange={setPicked} payout />
              <Link href={ROUTES.binding} className="text-link field-link">
                {t('withdraw.manageAccounts')}
              </Link>
            </div>
            <Field
              label={t('withdraw.amount')}
              error={amountError}
              extra={
                <Button size="mini" color="primary" fill="outline" shape="rounded" onClick={fillAll} disabled={!available}>
                  {t('withdraw.all')}
                </Button>
              }
            >
              <Input value={amount} onChange={setAmount} inputMode="decimal" placeholder={t('withdraw.amountPlaceholder')} />
            </Field>
            {config && (
              <p className="field-hint">
                {t('common.amountLimits', {
                  min: formatMoney(config.withdraw_min, i18n.language),
                  max: formatMoney(config.withdraw_max, i18n.language),
                })}
              </p>
            )}
            <VipHint />
            {secondFactor && <SecondFactorField value={totp} onChange={setTotp} />}
            <SubmitButton onSubmit={submit} disabled={pausedUntil !== null || !account}>
              {t('withdraw.submit')}
            </SubmitButton>
          </>
        )}
      </section>
      <section className="card tips">
        <h2 className="card-title">{t('withdraw.tipsTitle')}</h2>
        <p>{t('withdraw.tips', { currency: CURRENCY })}</p>
      </section>
      <Link href={ROUTES.records} className="text-link">
        {t('withdraw.viewRecords')}
      </Link>
    </div>
  );
}

/** The VIP level's daily withdrawal limit and what is left of it today (the server enforces it). */
function VipHint() {
  const { t, i18n } = useTranslation();
  const vip = useVipInfo().data;
  if (!vip) return null;
  return (
    <p className="field-hint" data-testid="vip-hint">
      {t('vip.withdrawHint', {
        level: vip.level,
        limit: formatMoney(vip.daily_withdraw_limit, i18n.language),
        left: formatMoney(vip.withdraw_left_today, i18n.language),
      })}
    </p>
  );
}
