import os from 'node:os';

/**
 * A PostgreSQL URL with a user name, as the server makes it (withPgUser in apps/server/src/db/pg-url.ts): the
 * operating-system user when it names none; over the Unix socket (`postgres:///test?host=/var/run/postgresql`) as
 * a `user` parameter, since such a URL has no host to write a user name before.
 */
export function withPgUser(url) {
  const u = new URL(url);
  if (u.username || u.searchParams.has('user')) return url;
  if (u.host) u.username = os.userInfo().username;
  else u.searchParams.set('user', os.userInfo().username);
  return u.toString();
}
