import type { PayoutType, TradeStatus } from '@c2c/shared';
import type { TKey } from '../lib/i18n-keys';

export const TRADE_STATUS_KEYS: Record<TradeStatus, TKey> = {
  awaiting_payment: 'trade.status.awaiting_payment',
  paid: 'trade.status.paid',
  completed: 'trade.status.completed',
  cancelled: 'trade.status.cancelled',
  expired: 'trade.status.expired',
  disputed: 'trade.status.disputed',
};

/** The colour of a trade's state label: waiting (amber), done (green), ended without a deal or in dispute (red). */
const TRADE_STATUS_TONE: Record<TradeStatus, 'auditing' | 'completed' | 'rejected'> = {
  awaiting_payment: 'auditing',
  paid: 'auditing',
  completed: 'completed',
  cancelled: 'rejected',
  expired: 'rejected',
  disputed: 'rejected',
};

export const METHOD_KEYS: Record<PayoutType, TKey> = { bank: 'withdraw.bank', wise: 'withdraw.wise' };

export function TradeStatusTag({ status, label }: { status: TradeStatus; label: string }) {
  return <span className={`status-tag status-${TRADE_STATUS_TONE[status]}`}>{label}</span>;
}
