import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError, configureApi } from '../lib/api';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A business error (forbidden, not found, ...) answers the same on a retry; only transport failures are retried.
        retry: (count, error) => count < 2 && error instanceof ApiError && error.code === 0,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}

/** Routes the API client's notices to antd's message API, which needs the App context to be themed. */
function ApiNotices() {
  const { message } = App.useApp();
  useEffect(() => {
    configureApi({
      onError: (text) => message.error(text),
      onSessionEnded: (text) => message.warning(text),
    });
  }, [message]);
  return null;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the operator's system asks for less motion, following changes to that setting. */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const follow = (e: MediaQueryListEvent) => setReduced(e.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return reduced;
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // antd's drawers, modals and messages open without their animations when the system asks for less motion
  const motion = !useReducedMotion();
  return (
    <ConfigProvider locale={enGB} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6, motion } }}>
      <App>
        <ApiNotices />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
