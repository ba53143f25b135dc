import { ADMIN_API, type PageItem } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type ProofSnapshot = PageItem<typeof ADMIN_API.proofList>;

const PROOF_KEY = ['proof'] as const;

export function useProofSnapshots(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...PROOF_KEY, page, pageSize],
    queryFn: () => call(ADMIN_API.proofList, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useTakeSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ADMIN_API.proofSnapshot, {}),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: PROOF_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
