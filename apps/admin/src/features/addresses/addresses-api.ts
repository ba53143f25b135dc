import { ADMIN_API, type Answer } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type ReceivingAddress = Answer<typeof ADMIN_API.addressCreate>;

const ADDRESSES_KEY = ['addresses'] as const;

export function useAddresses(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...ADDRESSES_KEY, page, pageSize],
    queryFn: () => call(ADMIN_API.addressList, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

function useAddressMutation<V>(fn: (values: V) => Promise<ReceivingAddress>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: ADDRESSES_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useCreateAddress() {
  return useAddressMutation((values: { type: string; address: string }) => call(ADMIN_API.addressCreate, { ...values }));
}

export function useUpdateAddress() {
  return useAddressMutation(({ id, address, active }: { id: number; address?: string; active?: boolean }) =>
    call(ADMIN_API.addressUpdate, {
      id,
      ...(address === undefined ? {} : { address }),
      ...(active === undefined ? {} : { active: String(active) }),
    }),
  );
}
