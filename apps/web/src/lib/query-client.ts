import { onlineManager, QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already told the user what went wrong; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// TanStack Query takes the device as online until an `offline` event, and a page opened offline never gets one: its
// queries would fail and stay failed. Told the truth, they wait for the connection and load as soon as it is back.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
