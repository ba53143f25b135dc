import type { ReviewStatus } from '@c2c/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyValue } from './money-value';
import { StatusTag } from './status-tag';
import { TimeText } from './time-text';

interface Reviewed {
  amount: string;
  status: ReviewStatus;
  reason: string;
  created_at: string;
}

/**
 * One recharge or withdrawal in a record list: amount and status, then `detail` (network, account) with the time,
 * the reason of a rejection and any further notes (`children`).
 */
export function ReviewRecord({
  item,
  statusLabel,
  detail,
  children,
}: {
  item: Reviewed;
  statusLabel: string;
  detail: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="record-line">
        <strong className="record-amount">
          <MoneyValue value={item.amount} />
        </strong>
        <StatusTag status={item.status}>{statusLabel}</StatusTag>
      </div>
      <div className="record-line muted">
        {detail}
        <TimeText value={item.created_at} />
      </div>
      {item.status === 'rejected' && item.reason && <p className="record-note">{t('status.reason', { reason: item.reason })}</p>}
      {children}
    </>
  );
}
