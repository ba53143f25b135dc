import { ROUTES } from '@c2c/shared';

/** The sign-up address that pre-fills an invitation code; `appUrl` is the operator's public address, else this site. */
export function inviteLink(appUrl: string, code: string): string {
  const base = (appUrl || location.origin).replace(/\/+$/, '');
  return `${base}/#${ROUTES.register}?code=${encodeURIComponent(code)}`;
}
