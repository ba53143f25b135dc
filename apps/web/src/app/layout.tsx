import { ROUTES } from '@c2c/shared';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { OfflineBanner } from '../components/offline-banner';
import { PageLoading } from '../components/page-loading';
import { lazyComponent } from '../lib/lazy-component';
import { useLiveUpdates } from '../lib/live-updates';
import { pathOf } from '../lib/navigation';
import { usePublicConfig } from '../lib/queries';
import { getToken, getUserInfo } from '../lib/storage';
import { PageErrorBoundary } from './error-boundary';
import { LaunchGuard, landingPath } from './launch-guard';
import { AppNavBar } from './nav-bar';
import { routeTable } from './routes';

// Neither first page (a visitor's sign-in, a customer's Home) shows the nav bar, and sign-in has no tab bar: each
// arrives the first time it is shown, alongside that page's own chunk.
const AppTabBar = lazyComponent(async () => (await import('./tab-bar')).AppTabBar);

const firstRoute = () => routeTable[landingPath(pathOf(location.hash.replace(/^#/, '')))];

/**
 * Starts downloading the first page's chunks (and the tab bar's, on a tab page) at once, alongside the language's
 * texts, instead of after them on the first render: one round trip less before the page shows on a slow network.
 */
export function preloadFirstPage(): void {
  const route = firstRoute();
  if (!route) return;
  // a failed download is the first render's to report (the page's error boundary), not this head start's
  route.page.preload().catch(() => undefined);
  if (route.tab) AppTabBar.ready().catch(() => undefined);
}

/**
 * Resolves once the first page (with its texts) and its tab bar are loaded, so that the first render draws them at once
 * instead of a spinner that React then keeps for at least 300 ms; needs i18n ready. A failed download resolves too:
 * the first render tries again and reports it.
 */
export async function firstPageReady(): Promise<void> {
  const route = firstRoute();
  if (!route) return;
  await Promise.all([route.page.ready(), route.tab ? AppTabBar.ready() : undefined]).catch(() => undefined);
}

/**
 * The document's title, drawing nothing. Its own component so the public config's arrival re-renders only it: React
 * renders a query's update synchronously, and from the layout down it would mount the whole first page in one long
 * task instead of the transition's slices.
 */
function DocumentTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  const appName = usePublicConfig().data?.app_name || t('common.appName');
  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);
  return null;
}

export function Layout() {
  const { t } = useTranslation();
  const [path] = useLocation();
  const route = routeTable[path];
  const title = route?.title ? t(route.title) : '';
  // Read on every render: signing in or out always changes the route, which renders the layout again.
  useLiveUpdates(getUserInfo() ? getToken() : null);

  if (!route) return <Redirect to={ROUTES.home} replace />;
  const Page = route.page;
  const signedIn = getUserInfo() !== null;
  // Login is the root of a signed-out visit: nothing to go back to, so no bar at all.
  const back = !route.tab && !(path === ROUTES.login && !signedIn);
  const showNav = back || route.title !== undefined;
  return (
    <>
      <DocumentTitle title={title} />
      <LaunchGuard path={path}>
        <div className={route.tab ? 'app-shell with-tab-bar' : 'app-shell'}>
          {showNav && <AppNavBar title={title} back={back} fallback={signedIn ? ROUTES.home : ROUTES.login} />}
          <main className="app-page">
            <PageErrorBoundary key={path}>
              <Suspense fallback={<PageLoading />}>
                <Page />
              </Suspense>
            </PageErrorBoundary>
          </main>
          {route.tab && (
            <Suspense fallback={null}>
              <AppTabBar path={path} />
            </Suspense>
          )}
          <OfflineBanner />
        </div>
      </LaunchGuard>
    </>
  );
}
