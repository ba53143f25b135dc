import { API } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryClient } from './query-client';
import { getUserInfo, setUserInfo } from './storage';

/**
 * Query keys of server data. The calls behind the money keys live in their features' `api.ts`; their keys are here
 * because a money change (an own submit, a live event) must refresh all of them, whichever feature shows them.
 */
export const queryKeys = {
  user: ['userinfo', 'get-info'],
  money: ['userinfo', 'get-money-info'],
  config: ['config', 'get'],
  recharges: ['recharge', 'list'],
  payoutAccounts: ['bankinfo', 'list'],
  withdrawals: ['withdraw', 'list'],
  assetLog: ['asset-log', 'list'],
  assetLogTongji: ['asset-log', 'tongji'],
  propertyTongji: ['property', 'tongji'],
  merchantOffers: ['selling', 'merchant'],
  merchantSales: ['saleu', 'list-order'],
  /** every call about trades between customers (list, detail, unread, chat) starts with this */
  trade: ['trade'],
  tradeUnread: ['trade', 'unread'],
  /** every selling/* call (listings, the Hall's summary, the latest deals) starts with this */
  selling: ['selling'],
  /** every lixibao/* call (interest products and orders) starts with this */
  interest: ['lixibao'],
} as const;

const MONEY_KEYS = [
  queryKeys.money,
  queryKeys.recharges,
  queryKeys.withdrawals,
  queryKeys.assetLog,
  queryKeys.assetLogTongji,
  queryKeys.propertyTongji,
  queryKeys.selling,
];

/** Balances, summaries and money lists are stale: screens showing them refetch, the others when next opened. */
export async function refreshMoney(): Promise<void> {
  await Promise.all(MONEY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The signed-in user; `fresh` reads it again whenever a page opens (one that acts on what it says, like the withdrawal pause). */
export function useUser({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    refetchOnMount: fresh ? 'always' : true,
    queryKey: queryKeys.user,
    queryFn: async () => {
      const user = await api(API.getInfo, {}, { catch: true });
      setUserInfo(user);
      return user;
    },
    placeholderData: () => getUserInfo() ?? undefined,
  });
}

/** Trades, their chats and listings changed: their lists, pages and the Orders badge refetch. */
export async function refreshTrades(): Promise<void> {
  await Promise.all([queryKeys.trade, queryKeys.selling].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useMoney() {
  return useQuery({
    queryKey: queryKeys.money,
    queryFn: () => api(API.getMoneyInfo, {}, { catch: true }),
  });
}

export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api(API.config, {}, { catch: true, toast: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
