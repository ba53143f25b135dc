import type { ReviewStatus } from '@c2c/shared';
import type { ReactNode } from 'react';

/** The review state of a recharge or withdrawal as a coloured label; the caller names it in the user's words. */
export function StatusTag({ status, children }: { status: ReviewStatus; children: ReactNode }) {
  return <span className={`status-tag status-${status}`}>{children}</span>;
}
