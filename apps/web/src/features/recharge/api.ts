import { API } from '@c2c/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { usePagedQuery } from '../../lib/paging';
import { queryKeys } from '../../lib/queries';

/** The open networks and the receiving address of `network` (the first one until the user picks). */
export function useReceivingAddress(network: string | undefined) {
  return useQuery({
    queryKey: ['recharge', 'shoukuan-address', network ?? ''],
    queryFn: () => api(API.rechargeAddress, { type: network }, { catch: true }),
    placeholderData: keepPreviousData,
  });
}

export interface RechargeBody {
  type: string;
  amount: string;
  image: string;
  tx_hash?: string | undefined;
  request_id: string;
}

export const createRecharge = (body: RechargeBody) => api(API.rechargeCreate, { ...body }, { catch: true });

export const useRecharges = () => usePagedQuery(queryKeys.recharges, API.rechargeList);
