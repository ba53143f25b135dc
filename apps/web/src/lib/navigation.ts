import { PUBLIC_ROUTES, ROUTES } from '@c2c/shared';
import { navigate as hashNavigate, useHashLocation } from 'wouter/use-hash-location';

/**
 * The app's page stack lives in `history.state.depth`: every push adds one, a replace keeps it. Back can then
 * tell a page opened inside the app (go back) from the first page of a visit (go Home), also after a reload.
 */
interface StackState {
  depth: number;
}

const currentDepth = (): number => {
  const state = history.state as Partial<StackState> | null;
  return typeof state?.depth === 'number' ? state.depth : 0;
};

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const replace = options.replace ?? false;
  const state: StackState = { depth: replace ? currentDepth() : currentDepth() + 1 };
  hashNavigate(to, { replace, state });
}

/** Tab pages are roots: switching tabs starts a new stack instead of piling pages up. */
export function switchTab(to: string): void {
  hashNavigate(to, { replace: true, state: { depth: 0 } satisfies StackState });
}

/** Back in the app's page stack; the first page of a visit goes to `fallback` (Home, or login when signed out). */
export function goBack(fallback: string = ROUTES.home): void {
  if (currentDepth() > 0) history.back();
  else switchTab(fallback);
}

/** The hash path without its query: `#/pages/login/register?code=AB` is the route `/pages/login/register`. */
export const pathOf = (hashPath: string): string => hashPath.split('?')[0] || '/';

export function useAppLocation(): [string, typeof navigate] {
  const [location] = useHashLocation();
  return [pathOf(location), navigate];
}
/** Links render real `#/...` addresses, so open-in-new-tab works. */
useAppLocation.hrefs = (href: string): string => `#${href}`;

/** A query parameter from the hash (`#/page?code=AB`) or from the page address (`/?code=AB#/page`). */
export function queryParam(name: string): string | null {
  const hashQuery = location.hash.split('?')[1];
  const fromHash = hashQuery ? new URLSearchParams(hashQuery).get(name) : null;
  return fromHash ?? new URLSearchParams(location.search).get(name);
}

/** Removes a one-visit query parameter from the address, so later visits of the page (wouter keeps `?...`) miss it. */
export function dropQueryParam(name: string): void {
  const url = new URL(location.href);
  url.searchParams.delete(name);
  const [path = '', query] = url.hash.split('?');
  if (query !== undefined) {
    const rest = new URLSearchParams(query);
    rest.delete(name);
    url.hash = rest.size ? `${path}?${rest}` : path;
  }
  if (url.href !== location.href) history.replaceState(history.state, '', url.href);
}

/**
 * The sign-in page, remembering the page the visitor was on (`from`, a hash path with its query) so signing in
 * goes back there; `expired` says a session just ended, which the page tells once.
 */
export function signInPath({ from, expired = false }: { from?: string; expired?: boolean } = {}): string {
  const query = new URLSearchParams();
  if (from && returnable(from)) query.set('redirect', from);
  if (expired) query.set('expired', '1');
  return query.size ? `${ROUTES.login}?${query}` : ROUTES.login;
}

/** Only a page of this app that needs a session is worth returning to (never another site, never sign-in itself). */
const returnable = (path: string): boolean =>
  path.startsWith('/') && !path.startsWith('//') && !PUBLIC_ROUTES.includes(pathOf(path)) && pathOf(path) !== ROUTES.home;

/** Where a sign-in goes: the page the visitor was sent away from, else Home. */
export function afterSignInPath(): string {
  const from = queryParam('redirect');
  return from && returnable(from) ? from : ROUTES.home;
}
