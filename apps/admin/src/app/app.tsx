import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { useHashLocation } from 'wouter/use-hash-location';
import { useMe, useSignOut } from '../features/auth/auth-api';
import { SignInPage } from '../features/auth/sign-in-page';
import { useToken } from '../lib/token';
import { AdminLayout } from './layout';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export function App() {
  return (
    <Providers>
      <Router hook={useHashLocation}>
        <SessionGate />
      </Router>
    </Providers>
  );
}

/** Without a session every route shows the sign-in page; signing in keeps the route the operator asked for. */
function SessionGate() {
  const token = useToken();
  const queryClient = useQueryClient();

  useEffect(() => {
    // Nothing fetched for one operator may be shown to the next one who signs in on this browser.
    if (!token) queryClient.clear();
  }, [token, queryClient]);

  return token ? <SignedIn /> : <SignInPage />;
}

function SignedIn() {
  const me = useMe();
  const signOut = useSignOut();

  if (me.isPending)
    return (
      <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" description="Loading" />
      </Flex>
    );
  if (me.isError)
    return (
      <Result
        status="warning"
        title="The console could not load your account"
        subTitle={me.error.message}
        extra={[
          <Button key="retry" type="primary" onClick={() => me.refetch()}>
            Try again
          </Button>,
          <Button key="out" onClick={() => signOut()}>
            Sign out
          </Button>,
        ]}
      />
    );
  return (
    <AdminLayout operator={me.data}>
      <AppRoutes operator={me.data} />
    </AdminLayout>
  );
}
