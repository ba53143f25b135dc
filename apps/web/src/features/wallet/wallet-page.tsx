import {
  expiryOf,
  formatAmount,
  type InterestOrder,
  type InterestProduct,
  interestOf,
  parseRate,
  wireToMicro,
} from '@c2c/shared';
import { Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { MoneyValue } from '../../components/money-value';
import { PageLoading } from '../../components/page-loading';
import { PagedList } from '../../components/paged-list';
import { QueryError } from '../../components/query-error';
import { SubmitButton } from '../../components/submit-button';
import { SummaryCard } from '../../components/summary-card';
import { Tabs } from '../../components/tabs';
import { TimeText } from '../../components/time-text';
import { sendableAmount, useAmountError } from '../../lib/amount-check';
import { confirm } from '../../lib/dialog';
import { formatDecimal, formatMoney } from '../../lib/money';
import { useMoney } from '../../lib/queries';
import { useRequestId } from '../../lib/request-id';
import { showSuccess } from '../../lib/toast';
import { validate, withinLimits } from '../../lib/validate';
import { subscribe, useInterestOrders, useInterestProducts } from './wallet-api';
import './wallet.css';

/** What `amount` (a wire decimal) in `product` pays back and when, with the shared formula the server uses. */
function payback(product: InterestProduct, amount: string, now: Date) {
  const principal = wireToMicro(amount);
  const interest = interestOf(principal, parseRate(product.rate) ?? 0n, product.days);
  return { interest: formatAmount(interest), total: formatAmount(principal + interest), date: expiryOf(now, product.days) };
}

const dateText = (date: Date, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);

function ProductCard({ product, available }: { product: InterestProduct; available: string | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (wire: string) => formatMoney(wire, lang);
  const [amount, setAmount] = useState('');
  const requestId = useRequestId();
  // the product takes no more than its quota left
  const limits = {
    min: product.min,
    max: product.max,
    available,
    cap: { limit: product.remaining, key: 'interest_quota_short' as const },
  };
  const amountError = useAmountError(amount, limits);
  // no payback for an amount that cannot be subscribed (why stands under the field)
  const subscribable = sendableAmount(amount, lang, limits);
  const preview = subscribable === null ? null : payback(product, subscribable, new Date());

  const submit = async () => {
    const body = await validate('lixibaoCreateOrderRequest', { lixibao_id: product.id, number: amount }, { amounts: ['number'] });
    if (!body) return;
    if (!withinLimits(body.number, limits)) return;
    const p = payback(product, body.number, new Date());
    const confirmed = await confirm({
      title: t('wallet.confirmTitle'),
      content: (
        <p className="wallet-confirm">
          {t('wallet.confirmBody', {
            amount: money(body.number),
            name: product.name,
            days: product.days,
            count: product.days,
            rate: formatDecimal(product.rate, lang),
            total: money(p.total),
            interest: money(p.interest),
            date: dateText(p.date, lang),
          })}
        </p>
      ),
      confirmText: t('wallet.subscribe'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await subscribe({ lixibao_id: product.id, number: body.number, request_id: requestId.current() });
    } catch (error) {
      requestId.settle(error);
      throw error;
    }
    requestId.settle();
    setAmount('');
    showSuccess(t('wallet.subscribed'));
  };

  return (
    <article className="wallet-product" aria-label={product.name}>
      <div className="record-line">
        <strong className="wallet-product-name">{product.name}</strong>
        <span className="wallet-rate">{t('wallet.rateValue', { rate: formatDecimal(product.rate, lang) })}</span>
      </div>
      <div className="record-line muted">
        <span>{t('wallet.daysValue', { days: product.days, count: product.days })}</span>
        <span>
          {t('wallet.limits')}: {t('wallet.limitsValue', { min: money(product.min), max: money(product.max) })}
        </span>
      </div>
      <div className="record-line muted">
        <span>
          {t('wallet.remaining')}: {money(product.remaining)} USDT
        </span>
      </div>
      <Field label={t('wallet.amount')} error={amountError}>
        <Input value={amount} onChange={setAmount} inputMode="decimal" placeholder={t('wallet.amountPlaceholder')} />
      </Field>
      <output className="wallet-preview" aria-live="polite">
        {preview
          ? t('wallet.preview', {
              total: money(preview.total),
              interest: money(preview.interest),
              date: dateText(preview.date, lang),
            })
          : '--'}
      </output>
      <SubmitButton onSubmit={submit} size="middle">
        {t('wallet.subscribe')}
      </SubmitButton>
    </article>
  );
}

function Products() {
  const { t, i18n } = useTranslation();
  const products = useInterestProducts();
  const available = useMoney().data?.balance;
  if (products.isPending) return <PageLoading />;
  if (products.isError) return <QueryError onRetry={() => void products.refetch()} />;
  if (products.data.list.length === 0) return <EmptyState text={t('wallet.noProducts')} />;
  return (
    <div className="wallet-products">
      <p className="muted wallet-available">
        {t('wallet.available', { amount: available === undefined ? '--' : formatMoney(available, i18n.language) })}
      </p>
      {products.data.list.map((p) => (
        <ProductCard key={p.id} product={p} available={available} />
      ))}
    </div>
  );
}

/** The time left until `until`, refreshed every 30 seconds. */
function Countdown({ until }: { until: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Date.parse(until) - now);
  const minutes = Math.floor(left / 60_000);
  return (
    <span>{t('wallet.endsIn', { d: Math.floor(minutes / 1440), h: Math.floor((minutes % 1440) / 60), m: minutes % 60 })}</span>
  );
}

function OrderRow({ order }: { order: InterestOrder }) {
  const { t, i18n } = useTranslation();
  const money = (wire: string) => formatMoney(wire, i18n.language);
  const settled = order.status === 'settled';
  return (
    <div className="wallet-order" data-status={order.status}>
      <div className="record-line">
        <strong>
          {order.name} · {money(order.amount)} USDT
        </strong>
        <span className={settled ? 'wallet-status settled' : 'wallet-status'}>
          {t(settled ? 'wallet.settled' : 'wallet.active')}
        </span>
      </div>
      <div className="record-line muted">
        <span>
          {t('wallet.interestId')}: {order.id}
        </span>
        <span>
          {t('wallet.rate')}: {formatDecimal(order.rate, i18n.language)} % · {t('wallet.days')}: {order.days}
        </span>
      </div>
      <div className="record-line muted">
        <span>
          {t('wallet.time')}: <TimeText value={order.created_at} />
        </span>
        <span>
          {t('wallet.expiry')}: <TimeText value={order.expires_at} />
        </span>
      </div>
      <div className="record-line">
        <span className="wallet-interest">
          {t(settled ? 'wallet.paid' : 'wallet.willPay', { interest: money(order.interest) })}
        </span>
        {settled ? (
          order.settled_at && (
            <span className="muted">
              {t('wallet.settled')}: <TimeText value={order.settled_at} />
            </span>
          )
        ) : (
          <Countdown until={order.expires_at} />
        )}
      </div>
    </div>
  );
}

function Orders() {
  const { t } = useTranslation();
  const orders = useInterestOrders();
  return (
    <PagedList query={orders} empty={t('common.noRecords')} itemKey={(o) => o.id} renderItem={(o) => <OrderRow order={o} />} />
  );
}

/** The interest wallet (/pages/mine/wallet): the products to subscribe to and the customer's orders. */
export function WalletPage() {
  const { t } = useTranslation();
  const money = useMoney().data;
  return (
    <div className="page-body">
      <SummaryCard label={t('wallet.principal')} value={<MoneyValue value={money?.interest} />} />
      <div className="card">
        <Tabs
          items={[
            { key: 'products', title: t('wallet.products'), content: <Products /> },
            { key: 'orders', title: t('wallet.myOrders'), content: <Orders /> },
          ]}
        />
      </div>
    </div>
  );
}
