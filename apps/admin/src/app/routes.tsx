import type { Operator } from '@c2c/shared';
import { Button, Result, Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, Redirect, Route, Switch } from 'wouter';
import { AddressesPage } from '../features/addresses/addresses-page';
import { AuditLogPage } from '../features/audit/audit-log-page';
import { DisputesPage } from '../features/disputes/disputes-page';
import { InterestProductsPage } from '../features/interest-products/interest-products-page';
import { KefuPage } from '../features/kefu/kefu-page';
import { MerchantSalesPage } from '../features/merchant-sales/merchant-sales-page';
import { MerchantsPage } from '../features/merchants/merchants-page';
import { OperatorsPage } from '../features/operators/operators-page';
import { ProofPage } from '../features/proof/proof-page';
import { RechargesPage } from '../features/recharges/recharges-page';
import { SettingsPage } from '../features/settings/settings-page';
import { UsersPage } from '../features/users/users-page';
import { WithdrawalsPage } from '../features/withdrawals/withdrawals-page';
import { HOME_PATH, MONEY_ROLES } from './nav';

// the dashboard and its charts (recharts) load only when it is opened: a chunk of their own
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));

export function AppRoutes({ operator }: { operator: Operator }) {
  const isOwner = operator.role === 'owner';
  const handlesMoney = MONEY_ROLES.includes(operator.role);
  return (
    <Switch>
      <Route path="/">
        <Redirect to={HOME_PATH} replace />
      </Route>
      <Route path="/recharges">
        <RechargesPage canReview={handlesMoney} />
      </Route>
      <Route path="/withdrawals">
        <WithdrawalsPage canReview={handlesMoney} />
      </Route>
      <Route path="/merchant-sales">
        <MerchantSalesPage canReview={handlesMoney} />
      </Route>
      <Route path="/merchants">
        <MerchantsPage canEdit={handlesMoney} />
      </Route>
      <Route path="/disputes">
        <DisputesPage canResolve={handlesMoney} />
      </Route>
      <Route path="/addresses">
        <AddressesPage canEdit={handlesMoney} />
      </Route>
      <Route path="/audit">
        <AuditLogPage isOwner={isOwner} />
      </Route>
      <Route path="/settings">
        <SettingsPage canEdit={isOwner} />
      </Route>
      <Route path="/operators">
        {isOwner ? (
          <OperatorsPage me={operator} />
        ) : (
          <Result status="403" title="Owners only" subTitle="Only an owner can manage operators." extra={<HomeButton />} />
        )}
      </Route>
      <Route path="/users">
        <UsersPage canFreeze={handlesMoney} isOwner={isOwner} />
      </Route>
      <Route path="/dashboard">
        <Suspense fallback={<Skeleton active paragraph={{ rows: 10 }} />}>
          <DashboardPage />
        </Suspense>
      </Route>
      <Route path="/proof">
        <ProofPage canSnapshot={isOwner} />
      </Route>
      <Route path="/kefu">
        <KefuPage canEdit={isOwner} />
      </Route>
      <Route path="/interest-products">
        <InterestProductsPage canEdit={handlesMoney} />
      </Route>
      <Route>
        <Result status="404" title="Page not found" subTitle="This page does not exist in the console." extra={<HomeButton />} />
      </Route>
    </Switch>
  );
}

function HomeButton() {
  return (
    <Link href={HOME_PATH} asChild>
      <Button type="primary">Go to the dashboard</Button>
    </Link>
  );
}
