import { ADMIN_API, type PageItem, type PayoutType } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type AdminMerchant = PageItem<typeof ADMIN_API.merchantList>;

/** An offer as the form edits it: amounts and price as the operator typed them (wire decimals). */
export interface MerchantValues {
  name: string;
  price: string;
  currency: string;
  quantity: string;
  min: string;
  max: string;
  methods: PayoutType[];
  active: boolean;
}

const MERCHANTS_KEY = ['merchants'] as const;

export function useMerchants(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...MERCHANTS_KEY, page, pageSize],
    queryFn: () => call(ADMIN_API.merchantList, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

function useMerchantMutation<V>(fn: (values: V) => Promise<AdminMerchant>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: MERCHANTS_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useCreateMerchant() {
  return useMerchantMutation((values: MerchantValues) => call(ADMIN_API.merchantCreate, { ...values }));
}

/** Sends only what the operator changed (or just `active` for the switch). */
export function useUpdateMerchant() {
  return useMerchantMutation(({ id, ...changes }: Partial<MerchantValues> & { id: number }) =>
    call(ADMIN_API.merchantUpdate, { id, ...changes }),
  );
}
