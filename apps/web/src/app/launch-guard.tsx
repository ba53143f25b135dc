import { PUBLIC_ROUTES, ROUTES } from '@c2c/shared';
import { type ReactNode, useEffect } from 'react';
import { switchTab } from '../lib/navigation';
import { getUserInfo } from '../lib/storage';

/** Without a stored user, every route but login, register and forget relaunches the login page (spec §4). */
export function LaunchGuard({ path, children }: { path: string; children: ReactNode }) {
  const allowed = PUBLIC_ROUTES.includes(path) || getUserInfo() !== null;
  useEffect(() => {
    if (!allowed) switchTab(ROUTES.login);
  }, [allowed]);
  return allowed ? children : null;
}
