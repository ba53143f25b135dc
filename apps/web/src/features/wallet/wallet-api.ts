import { API } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedQuery } from '../../lib/paging';
import { queryKeys, refreshMoney } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

const PRODUCTS = [...queryKeys.interest, 'list'];
const ORDERS = [...queryKeys.interest, 'list-order'];

/** The active interest products: the spec fixes the list at page 1, size 10. Read again each time the page opens. */
export const useInterestProducts = () =>
  useQuery({
    queryKey: PRODUCTS,
    refetchOnMount: 'always',
    queryFn: () => api(API.lixibaoList, { page: 1, page_size: 10 }, { catch: true }),
  });

/** The customer's interest orders, newest first. */
export const useInterestOrders = () => usePagedQuery(ORDERS, API.lixibaoListOrder);

/**
 * Subscribes; afterwards the balance, the products (quota left) and the orders are stale — after a refusal too: one
 * that says the product changed or its quota ran short is read against the product as it is now.
 */
export async function subscribe(body: { lixibao_id: number; number: string; request_id: string }) {
  try {
    return await api(API.lixibaoCreateOrder, body, { catch: true });
  } finally {
    await Promise.all([refreshMoney(), queryClient.invalidateQueries({ queryKey: queryKeys.interest })]);
  }
}
