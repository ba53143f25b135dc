import { QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { useAppLocation } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { Layout } from './layout';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router hook={useAppLocation}>
        <Layout />
      </Router>
    </QueryClientProvider>
  );
}
