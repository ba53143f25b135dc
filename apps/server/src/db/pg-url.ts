import os from 'node:os';

/**
 * A URL without a user name connects as the operating-system user, as psql does (even when $USER is unset). A URL of
 * PostgreSQL's Unix socket (`postgres:///c2c?host=/var/run/postgresql`) has no host to write a user name before: it
 * gets a `user` parameter. A form the URL parser refuses (`postgres://me@/c2c?host=…`) is left for pg to read.
 */
export function withPgUser(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  if (u.username || u.searchParams.has('user')) return url;
  if (u.host) u.username = os.userInfo().username;
  else u.searchParams.set('user', os.userInfo().username);
  return u.toString();
}
