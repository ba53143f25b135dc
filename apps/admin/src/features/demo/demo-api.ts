import { ADMIN_API } from '@c2c/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const DEMO_KEY = ['demo'] as const;

/** Whether demo data is still in place (the banner shows while it is). */
export function useDemoStatus() {
  return useQuery({ queryKey: DEMO_KEY, queryFn: () => call(ADMIN_API.demoStatus, {}, { silent: true }) });
}

/** Removes the demo data (owner only); the addresses, the banner and the audit log refresh. */
export function useRemoveDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(ADMIN_API.demoRemove),
    onSettled: () => {
      for (const queryKey of [DEMO_KEY, ['addresses'], ['audit']]) queryClient.invalidateQueries({ queryKey });
    },
  });
}
