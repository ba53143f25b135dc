import { ADMIN_API, type PageItem } from '@c2c/shared';
import { reviewQueueHooks } from '../../components/review-queue-api';
import { call } from '../../lib/api';

export type AdminRecharge = PageItem<typeof ADMIN_API.rechargeList>;

const queue = reviewQueueHooks('recharges', (filter) => call(ADMIN_API.rechargeList, { ...filter }));

export const useRecharges = queue.useList;

export function useApproveRecharge() {
  return queue.useDecision((id: number) => call(ADMIN_API.rechargeApprove, { id }));
}

export function useRejectRecharge() {
  return queue.useDecision(({ id, reason }: { id: number; reason: string }) => call(ADMIN_API.rechargeReject, { id, reason }));
}
