import { PUBLIC_ROUTES, ROUTES } from '@c2c/shared';
import { type ReactNode, useEffect } from 'react';
import { signInPath, switchTab } from '../lib/navigation';
import { getUserInfo } from '../lib/storage';

/**
 * Without a stored user, every route but login, register and forget relaunches the login page (spec §4), which
 * returns to the page asked for after signing in. A signed-in user has nothing to do on the sign-in page: Home.
 */
export function LaunchGuard({ path, children }: { path: string; children: ReactNode }) {
  const signedIn = getUserInfo() !== null;
  const allowed = signedIn ? path !== ROUTES.login : PUBLIC_ROUTES.includes(path);
  useEffect(() => {
    if (allowed) return;
    if (signedIn) switchTab(ROUTES.home);
    else switchTab(signInPath({ from: location.hash.replace(/^#/, '') }));
  }, [allowed, signedIn]);
  return allowed ? children : null;
}
