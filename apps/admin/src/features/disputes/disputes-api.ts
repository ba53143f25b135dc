import { ADMIN_API, type PageItem, type TradeOutcome, type TradeStatus } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type AdminTrade = PageItem<typeof ADMIN_API.tradeList>;

const TRADES_KEY = ['trades'] as const;

export interface TradeQuery {
  page: number;
  pageSize: number;
  status: TradeStatus | 'all';
  keyword: string;
}

export function useTrades({ page, pageSize, status, keyword }: TradeQuery) {
  return useQuery({
    // a queue someone is working through: new disputes appear without pressing Refresh
    refetchInterval: 15_000,
    queryKey: [...TRADES_KEY, 'list', page, pageSize, status, keyword],
    queryFn: () =>
      call(ADMIN_API.tradeList, {
        page,
        page_size: pageSize,
        ...(status === 'all' ? {} : { status }),
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTradeDetail(id: number | null) {
  return useQuery({
    // the chat of a dispute moves while the operator reads it
    refetchInterval: 10_000,
    queryKey: [...TRADES_KEY, 'detail', id],
    queryFn: () => call(ADMIN_API.tradeDetail, { id }),
    enabled: id !== null,
  });
}

/** Refreshes the queue and the open trade whatever the answer: a refusal usually means the trade changed under us. */
function useTradeMutation<V, R>(fn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: TRADES_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useResolveTrade() {
  return useTradeMutation(({ id, outcome, note }: { id: number; outcome: TradeOutcome; note: string }) =>
    call(ADMIN_API.tradeResolve, { id, outcome, note }),
  );
}

export function useSendTradeMessage() {
  return useTradeMutation(({ id, text }: { id: number; text: string }) => call(ADMIN_API.tradeMessageSend, { id, text }));
}
