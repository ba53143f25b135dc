import { ADMIN_API } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The dashboard's numbers, refreshed every minute while the page is open. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => call(ADMIN_API.dashboardSummary),
    refetchInterval: 60_000,
  });
}
