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

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider locale={enGB} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
      <App>
        <ApiNotices />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
