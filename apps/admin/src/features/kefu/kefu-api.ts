import { ADMIN_API, type KefuChannel, type PageItem } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type AdminKefu = PageItem<typeof ADMIN_API.kefuList>;

/** A contact as the form edits it. */
export interface KefuValues {
  name: string;
  channel: KefuChannel;
  link: string;
  hours: string;
  sort_order: number;
  active: boolean;
}

const KEFU_KEY = ['kefu'] as const;

export function useKefuContacts(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...KEFU_KEY, page, pageSize],
    queryFn: () => call(ADMIN_API.kefuList, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

function useKefuMutation<V>(fn: (values: V) => Promise<AdminKefu>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: KEFU_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useCreateKefu() {
  return useKefuMutation((values: KefuValues) => call(ADMIN_API.kefuCreate, { ...values }));
}

/** Sends only what the operator changed (or just `active` for the switch). */
export function useUpdateKefu() {
  return useKefuMutation(({ id, ...changes }: Partial<KefuValues> & { id: number }) =>
    call(ADMIN_API.kefuUpdate, { id, ...changes }),
  );
}
