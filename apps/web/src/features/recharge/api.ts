import { API, type Recharge, type receivingAddressResponse, type uploadResponse } from '@c2c/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, upload } from '../../lib/api';
import { usePagedQuery } from '../../lib/paging';
import { queryKeys } from '../../lib/queries';

export type ReceivingAddress = z.infer<typeof receivingAddressResponse>;
export type Upload = z.infer<typeof uploadResponse>;

/** The open networks and the receiving address of `network` (the first one until the user picks). */
export function useReceivingAddress(network: string | undefined) {
  return useQuery({
    queryKey: ['recharge', 'shoukuan-address', network ?? ''],
    queryFn: () => api<ReceivingAddress>(API.rechargeAddress, { type: network }, { catch: true }),
    placeholderData: keepPreviousData,
  });
}

export const uploadProof = (file: File) => upload<Upload>(API.upload, file, { catch: true });

export interface RechargeBody {
  type: string;
  amount: string;
  image: string;
  tx_hash?: string | undefined;
  request_id: string;
}

export const createRecharge = (body: RechargeBody) =>
  api<{ id: number; status: string }>(API.rechargeCreate, { ...body }, { catch: true });

export const useRecharges = () => usePagedQuery<Recharge>(queryKeys.recharges, API.rechargeList);
