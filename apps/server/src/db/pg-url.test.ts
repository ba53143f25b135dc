import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { withPgUser } from './pg-url.js';

const me = os.userInfo().username;

describe('a PostgreSQL URL without a user name', () => {
  it('connects as the operating-system user, over TCP', () => {
    expect(withPgUser('postgres://127.0.0.1:5432/test')).toBe(`postgres://${me}@127.0.0.1:5432/test`);
  });

  it('keeps a user it names, in the URL or as a parameter', () => {
    expect(withPgUser('postgres://app:secret@db.internal:5432/c2c')).toBe('postgres://app:secret@db.internal:5432/c2c');
    expect(withPgUser('postgres:///c2c?host=/var/run/postgresql&user=app')).toBe(
      'postgres:///c2c?host=/var/run/postgresql&user=app',
    );
  });

  it("over PostgreSQL's Unix socket gets the user as a parameter (it has no host to write one before)", () => {
    // before: the user name was set on a URL without a host, which the URL parser ignores, and pg connected as nobody
    const url = new URL(withPgUser('postgres:///c2c?host=/var/run/postgresql'));
    expect(url.searchParams.get('user')).toBe(me);
    expect(url.searchParams.get('host')).toBe('/var/run/postgresql');
    expect(url.pathname).toBe('/c2c');
  });

  it('that the URL parser refuses is left for pg to read, not a crash at start', () => {
    expect(withPgUser('postgres://app@/c2c?host=/var/run/postgresql')).toBe('postgres://app@/c2c?host=/var/run/postgresql');
  });
});
