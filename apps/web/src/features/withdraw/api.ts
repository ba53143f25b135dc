import { API } from '@c2c/shared';
import { api, type Body } from '../../lib/api';
import { usePagedQuery } from '../../lib/paging';
import { queryKeys } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

// The binding form shows a refused field at the field itself, so these calls leave the toast to it.
export async function bindAccount(body: Body): Promise<void> {
  await api(API.bankinfoCreate, body, { catch: true, toast: false });
  await queryClient.invalidateQueries({ queryKey: queryKeys.payoutAccounts });
}

export async function updateAccount(body: Body & { bk_id: number }): Promise<void> {
  await api(API.bankinfoUpdate, body, { catch: true, toast: false });
  await queryClient.invalidateQueries({ queryKey: queryKeys.payoutAccounts });
}

export async function removeAccount(id: number, totp?: string): Promise<void> {
  await api(API.bankinfoDelete, { bk_id: id, totp }, { catch: true });
  await queryClient.invalidateQueries({ queryKey: queryKeys.payoutAccounts });
}

export const createWithdrawal = (body: { bk_id: number; amount: string; request_id: string; totp?: string }) =>
  api(API.withdrawCreate, body, { catch: true });

export const useWithdrawals = () => usePagedQuery(queryKeys.withdrawals, API.withdrawList);
