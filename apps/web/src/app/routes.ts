import { ROUTES } from '@c2c/shared';
import type { ComponentType } from 'react';
import { currentLang } from '../lib/i18n';
import type { TKey } from '../lib/i18n-keys';
import { lazyComponent, type ReadyComponent } from '../lib/lazy-component';

/**
 * A page loaded on its first render, or earlier: `preload` downloads it (before i18n is ready), `ready` also adds its
 * texts, so that it renders without suspending.
 */
type LazyPage = ReadyComponent<object> & { preload: () => Promise<unknown> };

export interface PageRoute {
  /** The nav bar's title; tab pages without one draw their own header. */
  title?: TKey;
  tab?: boolean;
  page: LazyPage;
}

/**
 * Every page is its own chunk, so a visit downloads the shell and then only the page it opens. The first pages
 * (Home, sign-in, sign-up, reset) find their texts in the language's first file; every other page loads the rest of
 * the texts (`locales/pages/<lang>.json`) together with its chunk.
 */
const firstPage = <M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  texts?: { load: () => Promise<unknown>; prefetch: () => Promise<unknown> },
): LazyPage =>
  Object.assign(
    lazyComponent(async () => (await Promise.all([load(), texts?.load()]))[0][name] as ComponentType),
    // Only downloads (a module is fetched once, however often it is imported): the texts are added to i18n by the
    // first render, once i18n is ready for them.
    { preload: () => Promise.all([load(), texts?.prefetch()]) },
  );
const pageTexts = () => import('../lib/page-texts');
const page = <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  firstPage(load, name, {
    load: () => pageTexts().then((m) => m.loadPageTexts()),
    prefetch: () => pageTexts().then((m) => m.prefetchPageTexts(currentLang())),
  });

const home = firstPage(() => import('../features/home/home-page'), 'HomePage');

export const routeTable: Record<string, PageRoute> = {
  [ROUTES.home]: { tab: true, page: home },
  [ROUTES.homeIndex]: { tab: true, page: home },
  [ROUTES.hall]: {
    tab: true,
    title: 'nav.hall',
    page: page(() => import('../features/hall/hall-page'), 'HallPage'),
  },
  [ROUTES.orders]: {
    tab: true,
    title: 'nav.orders',
    page: page(() => import('../features/orders/orders-page'), 'OrdersPage'),
  },
  [ROUTES.mine]: { tab: true, page: page(() => import('../features/mine/mine-page'), 'MinePage') },
  [ROUTES.login]: { page: firstPage(() => import('../features/auth/login-page'), 'LoginPage') },
  [ROUTES.register]: { page: firstPage(() => import('../features/auth/register-page'), 'RegisterPage') },
  [ROUTES.forget]: { page: firstPage(() => import('../features/auth/forget-page'), 'ForgetPage') },
  [ROUTES.personalInfo]: {
    title: 'nav.personalInfo',
    page: page(() => import('../features/profile/personal-info-page'), 'PersonalInfoPage'),
  },
  [ROUTES.recharge]: { title: 'nav.recharge', page: page(() => import('../features/recharge/recharge-page'), 'RechargePage') },
  [ROUTES.wallet]: { title: 'nav.wallet', page: page(() => import('../features/wallet/wallet-page'), 'WalletPage') },
  [ROUTES.property]: { title: 'nav.property', page: page(() => import('../features/assets/property-page'), 'PropertyPage') },
  [ROUTES.assetLog]: { title: 'nav.assetLog', page: page(() => import('../features/assets/asset-log-page'), 'AssetLogPage') },
  [ROUTES.binding]: { title: 'nav.binding', page: page(() => import('../features/withdraw/binding-page'), 'BindingPage') },
  [ROUTES.withdraw]: { title: 'nav.withdraw', page: page(() => import('../features/withdraw/withdraw-page'), 'WithdrawPage') },
  [ROUTES.cardWithdrawal]: {
    title: 'nav.cardWithdrawal',
    page: page(() => import('../features/withdraw/card-withdrawal-page'), 'CardWithdrawalPage'),
  },
  [ROUTES.records]: { title: 'nav.records', page: page(() => import('../features/withdraw/records-page'), 'RecordsPage') },
  [ROUTES.team]: { title: 'nav.team', page: page(() => import('../features/team/team-page'), 'TeamPage') },
  [ROUTES.promotion]: { title: 'nav.promotion', page: page(() => import('../features/team/promotion-page'), 'PromotionPage') },
  [ROUTES.beginner]: { title: 'nav.beginner', page: page(() => import('../features/help/beginner-page'), 'BeginnerPage') },
  [ROUTES.trade]: {
    title: 'nav.trade',
    page: page(() => import('../features/trade/trade-page'), 'TradePage'),
  },
  [ROUTES.proof]: { title: 'nav.proof', page: page(() => import('../features/proof/proof-page'), 'ProofPage') },
  [ROUTES.listingCreate]: {
    title: 'nav.listingCreate',
    page: page(() => import('../features/hall/listing-form-page'), 'ListingFormPage'),
  },
  [ROUTES.securityTwoFactor]: {
    title: 'nav.twoFactor',
    page: page(() => import('../features/two-factor/two-factor-page'), 'TwoFactorPage'),
  },
  [ROUTES.service]: { title: 'nav.service', page: page(() => import('../features/help/service-page'), 'ServicePage') },
  [ROUTES.security]: { title: 'nav.security', page: page(() => import('../features/security/security-page'), 'SecurityPage') },
  [ROUTES.securityDevices]: {
    title: 'nav.securityDevices',
    page: page(() => import('../features/security/devices-page'), 'DevicesPage'),
  },
  [ROUTES.securityAntiPhishing]: {
    title: 'nav.securityAntiPhishing',
    page: page(() => import('../features/security/anti-phishing-page'), 'AntiPhishingPage'),
  },
  [ROUTES.endSession]: {
    title: 'nav.endSession',
    page: page(() => import('../features/security/end-session-page'), 'EndSessionPage'),
  },
};
