import { PUBLIC_ROUTES, ROUTES } from '@c2c/shared';
import { type ReactNode, useEffect } from 'react';
import { signInPath, switchTab } from '../lib/navigation';
import { getUserInfo } from '../lib/storage';

const isAllowed = (path: string, signedIn: boolean) => (signedIn ? path !== ROUTES.login : PUBLIC_ROUTES.includes(path));

/** The route a visit opening `path` ends up on: the path itself, or where the launch guard sends it. */
export function landingPath(path: string): string {
  const signedIn = getUserInfo() !== null;
  if (isAllowed(path, signedIn)) return path;
  return signedIn ? ROUTES.home : ROUTES.login;
}

/**
 * Without a stored user, every route but login, register and forget relaunches the login page (spec §4), which
 * returns to the page asked for after signing in. A signed-in user has nothing to do on the sign-in page: Home.
 */
export function LaunchGuard({ path, children }: { path: string; children: ReactNode }) {
  const signedIn = getUserInfo() !== null;
  const allowed = isAllowed(path, signedIn);
  useEffect(() => {
    if (allowed) return;
    if (signedIn) switchTab(ROUTES.home);
    else switchTab(signInPath({ from: location.hash.replace(/^#/, '') }));
  }, [allowed, signedIn]);
  return allowed ? children : null;
}
