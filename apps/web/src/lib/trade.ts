import { type Answer, API, formatAmount, smallestTake, type TradeStatus, wireToMicro } from '@c2c/shared';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { floorToCents } from './money';
import { PAGE_SIZE } from './paging';
import { queryKeys } from './queries';

export type Listing = Answer<typeof API.sellingOrder>['list'][number];
export type TradeDetail = Answer<typeof API.tradeDetail>;
export type TradeRow = Answer<typeof API.tradeList>['list'][number];
export type ChatMessage = Answer<typeof API.tradeMessageSend>;

const smaller = (a: string, b: string) => (wireToMicro(a) <= wireToMicro(b) ? a : b);

/** The most one trade on `listing` may buy: its per-trade maximum or what is left, whichever is less, in whole cents. */
export const buyMax = (listing: Pick<Listing, 'remaining' | 'max'>) => floorToCents(smaller(listing.remaining, listing.max));

/** The least one trade on `listing` may buy: its minimum, or all that is left when that is less (the last is bought whole). */
export const buyMin = (listing: Pick<Listing, 'remaining' | 'min'>) =>
  formatAmount(smallestTake(wireToMicro(listing.min), wireToMicro(listing.remaining)));

/** Whether one trade can only buy all that is left of `listing` (less than its minimum is left, or exactly its minimum). */
export const onlyWhole = (listing: Pick<Listing, 'remaining' | 'min' | 'max'>) =>
  wireToMicro(buyMin(listing)) === wireToMicro(buyMax(listing));

export const tradeKeys = {
  listings: [...queryKeys.selling, 'order'],
  mine: [...queryKeys.selling, 'order', 'mine'],
  tongji: [...queryKeys.selling, 'tongji'],
  list: (status: TradeStatus | 'all') => [...queryKeys.trade, 'list', status],
  detail: (id: number) => [...queryKeys.trade, 'detail', String(id)],
  messages: (id: number) => [...queryKeys.trade, 'messages', String(id)],
};

/** Others' open listings, best price first (`mine`: the caller's own, newest first). */
function useListingPages(mine: boolean) {
  return useInfiniteQuery({
    queryKey: mine ? tradeKeys.mine : tradeKeys.listings,
    queryFn: ({ pageParam }) =>
      api(API.sellingOrder, { page: pageParam, page_size: PAGE_SIZE, mine: mine ? '1' : undefined }, { catch: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    select: (data) => data.pages.flatMap((p) => p.list),
  });
}
export const useListings = () => useListingPages(false);
export const useMyListings = () => useListingPages(true);

export const useSellingTongji = () =>
  useQuery({ queryKey: tradeKeys.tongji, queryFn: () => api(API.sellingTongji, {}, { catch: true }) });

export const useTrades = (status: TradeStatus | 'all') =>
  useInfiniteQuery({
    queryKey: tradeKeys.list(status),
    queryFn: ({ pageParam }) =>
      api(
        API.tradeList,
        { page: pageParam, page_size: PAGE_SIZE, status: status === 'all' ? undefined : status },
        { catch: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    select: (data) => data.pages.flatMap((p) => p.list),
    placeholderData: keepPreviousData,
  });

export const useTradeDetail = (id: number) =>
  useQuery({
    queryKey: tradeKeys.detail(id),
    queryFn: () => api(API.tradeDetail, { id }, { catch: true }),
    enabled: id > 0,
  });

export const createListing = (body: Record<string, string | undefined>) => api(API.sellingCreate, body, { catch: true });
export const cancelListing = (id: number) => api(API.sellingCancel, { id }, { catch: true });
export const createTrade = (body: { selling_id: number; number: string; request_id: string }) =>
  api(API.tradeCreate, body, { catch: true });
export const markPaid = (id: number, image?: string) => api(API.tradePaid, { id, image: image || undefined }, { catch: true });
export const releaseTrade = (id: number, totp?: string) =>
  api(API.tradeRelease, { id, totp: totp || undefined }, { catch: true });
export const cancelTrade = (id: number) => api(API.tradeCancel, { id }, { catch: true });
export const appealTrade = (id: number, reason: string) => api(API.tradeAppeal, { id, reason }, { catch: true });
export const listMessages = (id: number, afterId?: number) =>
  api(API.tradeMessageList, { id, after_id: afterId }, { catch: true });
export const sendMessage = (id: number, message: { text?: string; image?: string }) =>
  api(API.tradeMessageSend, { id, ...message }, { catch: true });
