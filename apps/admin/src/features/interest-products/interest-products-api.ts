import { ADMIN_API, type PageItem } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type AdminInterestProduct = PageItem<typeof ADMIN_API.lixibaoList>;

/** A product as the form edits it: rate and amounts as the operator typed them (decimals), days as typed. */
export interface InterestProductValues {
  name: string;
  rate: string;
  days: string;
  min: string;
  max: string;
  quota: string;
  active: boolean;
}

const PRODUCTS_KEY = ['interest-products'] as const;

export function useInterestProducts(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...PRODUCTS_KEY, page, pageSize],
    queryFn: () => call(ADMIN_API.lixibaoList, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

function useProductMutation<V>(fn: (values: V) => Promise<AdminInterestProduct>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useCreateInterestProduct() {
  return useProductMutation((values: InterestProductValues) => call(ADMIN_API.lixibaoCreate, { ...values }));
}

/** Sends only what the operator changed (or just `active` for the switch). */
export function useUpdateInterestProduct() {
  return useProductMutation(({ id, ...changes }: Partial<InterestProductValues> & { id: number }) =>
    call(ADMIN_API.lixibaoUpdate, { id, ...changes }),
  );
}
