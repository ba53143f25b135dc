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

/**
 * antd's default colours where text falls under WCAG AA's 4.5:1, darker: white on the primary blue; secondary, danger,
 * warning and success text on white.
 */
const READABLE = {
  colorPrimary: '#0958d9',
  colorError: '#cf1322',
  colorTextSecondary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorWarningText: '#874d00',
  colorSuccessText: '#237804',
};

const COMPONENTS = {
  // a preset tag writes in its colour's 7th shade on its 1st: these four a shade or two darker (gold)
  Tag: { green7: '#237804', gold7: '#874d00', cyan7: '#006d75', orange7: '#ad4e00' },
  // an empty table's text is in the disabled grey, under 2:1
  Table: { colorTextDisabled: 'rgba(0, 0, 0, 0.6)' },
  // the password field's show/hide toggle (14 px) keeps 24 px clear of the input beside it (WCAG 2.2 target size)
  Input: { paddingXXS: 6 },
};

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // antd's drawers, modals and messages open without their animations when the system asks for less motion
  const motion = !useReducedMotion();
  return (
    <ConfigProvider locale={enGB} theme={{ token: { ...READABLE, borderRadius: 6, motion }, components: COMPONENTS }}>
      <App>
        <ApiNotices />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
}
