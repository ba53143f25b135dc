import '../../components/trade.css';
import { errorCode } from '@c2c/shared';
import { Button, type ImageUploadItem, Popup, TextArea } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { EmptyState } from '../../components/empty-state';
import { Field } from '../../components/field';
import { MoneyValue } from '../../components/money-value';
import { PageLoading } from '../../components/page-loading';
import { ProofUpload, proofPath } from '../../components/proof-upload';
import { QueryError } from '../../components/query-error';
import { SecondFactorField, secondFactorMissing, useSecondFactorOn } from '../../components/second-factor-field';
import { SubmitButton } from '../../components/submit-button';
import { TimeText } from '../../components/time-text';
import { METHOD_KEYS, TRADE_STATUS_KEYS, TradeStatusTag } from '../../components/trade-status';
import { ApiError } from '../../lib/api';
import { confirm } from '../../lib/dialog';
import type { TKey } from '../../lib/i18n-keys';
import { formatMoney } from '../../lib/money';
import { queryParam } from '../../lib/navigation';
import { refreshMoney, refreshTrades } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { showSuccess, showToast } from '../../lib/toast';
import { appealTrade, cancelTrade, markPaid, releaseTrade, type TradeDetail, tradeKeys, useTradeDetail } from '../../lib/trade';
import { validate } from '../../lib/validate';
import { ChatPanel } from './chat-panel';
import { UploadImage } from './upload-image';

const EVENT_KEYS: Record<TradeDetail['timeline'][number]['event'], TKey> = {
  created: 'trade.event.created',
  paid: 'trade.event.paid',
  released: 'trade.event.released',
  cancelled: 'trade.event.cancelled',
  expired: 'trade.event.expired',
  disputed: 'trade.event.disputed',
  resolved: 'trade.event.resolved',
};
const BY_KEYS: Record<TradeDetail['timeline'][number]['by'], TKey> = {
  buyer: 'trade.by.buyer',
  seller: 'trade.by.seller',
  system: 'trade.by.system',
  operator: 'trade.by.operator',
};

/** Milliseconds until `deadline`, ticking every second; never below 0. */
export function useCountdown(deadline: string | null): number | null {
  const at = deadline ? Date.parse(deadline) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(at)) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** "14:05", or "1:02:03" past an hour. */
export function formatCountdown(ms: number): string {
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

function Countdown({ trade }: { trade: TradeDetail }) {
  const { t } = useTranslation();
  const deadline =
    trade.status === 'awaiting_payment' ? trade.pay_deadline : trade.status === 'paid' ? trade.release_deadline : null;
  const left = useCountdown(deadline);
  if (left === null) return null;
  const key: TKey = trade.status === 'awaiting_payment' ? 'trade.payWithin' : 'trade.releaseWithin';
  return (
    <p className="trade-countdown" role="timer">
      {t(key)} <strong>{formatCountdown(left)}</strong>
    </p>
  );
}

function Row({ label, value, copy }: { label: string; value: string; copy?: boolean }) {
  if (!value) return null;
  return (
    <div className="record-line payee-row">
      <span className="muted">{label}</span>
      <span className="payee-value">
        <span className="mono">{value}</span> {copy && <CopyButton text={value} />}
      </span>
    </div>
  );
}

function AppealSheet({ trade, open, onClose }: { trade: TradeDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = async () => {
    const body = await validate(
      'tradeAppealRequest',
      { id: trade.id, reason },
      { onFieldError: (_f, message) => setError(message) },
    );
    if (!body) return;
    await appealTrade(trade.id, body.reason);
    setReason('');
    onClose();
    showSuccess(t('trade.appealed'));
    await refreshTrades();
  };
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet">
      <div className="sheet-body">
        <h2 className="card-title">{t('trade.appealTitle')}</h2>
        <p className="field-hint">{t('trade.appealHint')}</p>
        <Field label={t('trade.appealReason')} name="reason" error={error}>
          <TextArea
            value={reason}
            onChange={(v) => {
              setReason(v);
              setError(undefined);
            }}
            maxLength={200}
            rows={3}
            placeholder={t('trade.appealPlaceholder')}
          />
        </Field>
        <SubmitButton onSubmit={submit}>{t('trade.appeal')}</SubmitButton>
      </div>
    </Popup>
  );
}

function Actions({ trade }: { trade: TradeDetail }) {
  const { t, i18n } = useTranslation();
  const [proof, setProof] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const [appealing, setAppealing] = useState(false);
  const secondFactor = useSecondFactorOn();
  const [totp, setTotp] = useState('');
  const can = (action: TradeDetail['actions'][number]) => trade.actions.includes(action);
  const fiat = `${formatMoney(trade.fiat_amount, i18n.language)} ${trade.currency}`;

  const settle = async (next: TradeDetail) => {
    queryClient.setQueryData(tradeKeys.detail(trade.id), next);
    await Promise.all([refreshTrades(), refreshMoney()]);
  };

  const paid = async () => {
    if (uploading) return showToast(t('recharge.uploading'));
    const ok = await confirm({
      title: t('trade.paidTitle'),
      content: t('trade.paidText', { fiat, reference: trade.reference }),
      confirmText: t('trade.paid'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await settle(await markPaid(trade.id, proofPath(proof)));
    showSuccess(t('trade.paidDone'));
  };
  const cancel = async () => {
    const ok = await confirm({
      title: t('trade.cancelTitle'),
      content: t('trade.cancelText'),
      confirmText: t('trade.cancel'),
      cancelText: t('trade.keep'),
    });
    if (!ok) return;
    await settle(await cancelTrade(trade.id));
  };
  const release = async () => {
    if (await secondFactorMissing(secondFactor, totp.trim())) return;
    const ok = await confirm({
      title: t('trade.releaseTitle'),
      content: (
        <div className="release-warning">
          <strong>{t('trade.releaseWarning', { fiat })}</strong>
          <p>{t('trade.releaseText', { amount: formatMoney(trade.quantity, i18n.language) })}</p>
        </div>
      ),
      confirmText: t('trade.releaseConfirm'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    await settle(await releaseTrade(trade.id, secondFactor ? totp.trim() : undefined));
    setTotp('');
    showSuccess(t('trade.released'));
  };

  if (!can('paid') && !can('cancel') && !can('release') && !can('appeal')) return null;
  return (
    <section className="card form-card trade-actions">
      {can('paid') && (
        <>
          <Field label={t('trade.proof')}>
            <ProofUpload value={proof} onChange={setProof} onBusyChange={setUploading} />
          </Field>
          <SubmitButton onSubmit={paid}>{t('trade.paid')}</SubmitButton>
        </>
      )}
      {can('release') && (
        <>
          {secondFactor && <SecondFactorField value={totp} onChange={setTotp} />}
          <SubmitButton onSubmit={release} color="success">
            {t('trade.release')}
          </SubmitButton>
        </>
      )}
      {can('cancel') && (
        <SubmitButton onSubmit={cancel} color="default" fill="outline">
          {t('trade.cancel')}
        </SubmitButton>
      )}
      {can('appeal') && (
        <>
          <Button block shape="rounded" size="large" color="warning" fill="outline" onClick={() => setAppealing(true)}>
            {t('trade.appeal')}
          </Button>
          <AppealSheet trade={trade} open={appealing} onClose={() => setAppealing(false)} />
        </>
      )}
    </section>
  );
}

function TradeView({ trade }: { trade: TradeDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const p = trade.payee;
  return (
    <div className="page-body trade-page">
      <section className="card trade-head">
        <div className="record-line">
          <span>{t(trade.role === 'buyer' ? 'trade.youBuy' : 'trade.youSell')}</span>
          <TradeStatusTag status={trade.status} label={t(TRADE_STATUS_KEYS[trade.status])} />
        </div>
        <strong className="trade-amount">
          <MoneyValue value={trade.quantity} />
        </strong>
        <Countdown trade={trade} />
        <Row label={t('trade.orderNo')} value={trade.order_no} copy />
        <Row label={t('trade.counterparty')} value={trade.counterparty} />
        <Row label={t('trade.price')} value={`${formatMoney(trade.price, lang)} ${trade.currency}`} />
        <Row label={t('trade.fiat')} value={`${formatMoney(trade.fiat_amount, lang)} ${trade.currency}`} />
      </section>
      {/* a trade that ended unpaid is no longer paid to: its account and amount are not offered for copying */}
      {trade.status === 'cancelled' || trade.status === 'expired' ? (
        <section className="card tips trade-ended">
          <p>{t('trade.endedNoPay')}</p>
        </section>
      ) : (
        <section className="card trade-payee">
          <h2 className="card-title">{t('trade.payee')}</h2>
          <Row label={t('trade.method')} value={t(METHOD_KEYS[p.type])} />
          <Row label={t('trade.fullName')} value={p.full_name} copy />
          <Row label={t('trade.bankName')} value={p.bank_name} copy />
          <Row label="IBAN" value={p.iban} copy />
          <Row label="SWIFT" value={p.swift} copy />
          <Row label={t('trade.email')} value={p.email} copy />
          <Row label={t('trade.country')} value={p.country} />
          <Row label={t('trade.reference')} value={trade.reference} copy />
          <Row label={t('trade.fiatExact')} value={formatMoney(trade.fiat_amount, lang)} copy />
          {trade.role === 'buyer' && trade.status === 'awaiting_payment' && <p className="field-hint">{t('trade.payHint')}</p>}
        </section>
      )}
      {trade.appeal && (
        <section className="card tips">
          <h2 className="card-title">{t('trade.appealBy', { by: t(BY_KEYS[trade.appeal.by]) })}</h2>
          <p>{trade.appeal.reason}</p>
        </section>
      )}
      {trade.resolution && (
        <section className="card tips">
          <h2 className="card-title">
            {t(trade.resolution.outcome === 'release' ? 'trade.resolvedRelease' : 'trade.resolvedRefund')}
          </h2>
          <p>{trade.resolution.note}</p>
        </section>
      )}
      <Actions trade={trade} />
      {trade.proof && (
        <section className="card trade-proof">
          <h2 className="card-title">{t('trade.proof')}</h2>
          <UploadImage path={trade.proof} alt={t('trade.proof')} />
        </section>
      )}
      <section className="card trade-timeline">
        <h2 className="card-title">{t('trade.timeline')}</h2>
        <ol>
          {trade.timeline.map((e) => (
            <li key={`${e.event}-${e.at}`} className="record-line">
              <span>
                {t(EVENT_KEYS[e.event])} · {t(BY_KEYS[e.by])}
              </span>
              <TimeText value={e.at} />
            </li>
          ))}
        </ol>
      </section>
      <ChatPanel id={trade.id} me={trade.role} canWrite={trade.actions.includes('message')} />
    </div>
  );
}

/** One trade between customers (`?id=`): where to pay, the countdown, the steps the caller may take, and the chat. */
export function TradePage() {
  const { t } = useTranslation();
  const id = Number(queryParam('id') ?? 0);
  const detail = useTradeDetail(Number.isInteger(id) ? id : 0);
  if (!(id > 0)) return <EmptyState text={t('trade.notFound')} />;
  if (detail.isPending) return <PageLoading />;
  // another customer's trade answers exactly like a missing one: neither is there for the caller to load again
  if (detail.error instanceof ApiError && detail.error.code === errorCode('record_not_found'))
    return <EmptyState text={t('trade.notFound')} />;
  if (detail.isError) return <QueryError onRetry={() => void detail.refetch()} />;
  return <TradeView trade={detail.data} />;
}
