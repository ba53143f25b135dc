import path from 'node:path';
import { ADMIN_API, API, errorCode } from '@c2c/shared';
import SQLite from '@c2c/sqlite';
import {
  type CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteQueryCompiler,
  sql,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  agePayoutAccounts,
  BANK_FORM,
  credit,
  moneyTestServer,
  onPostgres,
  otherPgProcess,
  signIn,
  signUp,
  startNode,
  statementsRunBy,
} from '../../test/harness.js';
import { authenticate } from '../modules/users/users.service.js';
import { AUTH, AuthCache, changeOf, SETTINGS } from './auth-cache.js';
import type { DB } from './schema.js';
import { inTransaction } from './transaction.js';

const dialectParts = {
  createDriver: () => new DummyDriver(),
  createIntrospector: (db: Kysely<unknown>) => new PostgresIntrospector(db),
};

describe('the session cache (AuthCache)', () => {
  const entry = { user: 'a' };

  it('keeps and answers nothing until enabled, and nothing once disabled', () => {
    const cache = new AuthCache<object>();
    cache.put(cache.ticket(), 'k', 1, entry);
    expect(cache.get('k')).toBeUndefined();
    cache.enable();
    cache.put(cache.ticket(), 'k', 1, entry);
    expect(cache.get('k')).toBe(entry);
    cache.disable();
    expect(cache.get('k')).toBeUndefined();
    cache.put(cache.ticket(), 'k', 1, entry);
    expect(cache.size).toBe(0);
  });

  it("does not keep a read begun before its customer changed or everything was dropped; drops only that customer's entries", () => {
    const cache = new AuthCache<object>();
    cache.enable();
    cache.put(cache.ticket(), 'other', 2, entry);
    const before = cache.ticket();
    cache.dropUser(1);
    cache.put(before, 'k', 1, entry);
    expect(cache.get('k')).toBeUndefined();
    // another customer's read of the same moment is kept
    cache.put(before, 'k2', 3, entry);
    expect(cache.get('k2')).toBe(entry);
    cache.put(cache.ticket(), 'k', 1, entry);
    expect(cache.get('k')).toBe(entry);
    cache.dropUser(1);
    expect(cache.get('k')).toBeUndefined();
    expect(cache.get('other')).toBe(entry);
    const beforeClear = cache.ticket();
    cache.clear();
    cache.put(beforeClear, 'k3', 4, entry);
    expect(cache.size).toBe(0);
  });

  it('reads an entry again after its time, and empties itself when told the data changed unheard', () => {
    let fresh = true;
    const cache = new AuthCache<object>(1000);
    cache.enable(() => fresh);
    cache.put(cache.ticket(), 'k', 1, entry, 5000);
    expect(cache.get('k', 5999)).toBe(entry);
    expect(cache.get('k', 6000)).toBeUndefined();
    cache.put(cache.ticket(), 'k', 1, entry, 7000);
    fresh = false;
    expect(cache.get('k', 7001)).toBeUndefined();
    fresh = true;
    expect(cache.get('k', 7002)).toBeUndefined();
  });

  it('with a version the nodes share: answers an entry only under the version it was read at, and nothing without one', async () => {
    const cache = new AuthCache<{ v: number }>(10_000, 100, true);
    cache.enable();
    // none given yet (no Redis): nothing is kept
    expect(await cache.version()).toBeNull();
    cache.put(cache.ticket(), 'a', 1, { v: 1 }, 0, await cache.version());
    expect(cache.get('a', 1, await cache.version())).toBeUndefined();
    let shared = 4;
    cache.sharedVersion(async () => String(shared));
    const at = await cache.version();
    cache.put(cache.ticket(), 'a', 1, { v: 1 }, 0, at);
    expect(cache.get('a', 1, await cache.version())).toEqual({ v: 1 });
    // another node's change moved it on: the entry is read again
    shared++;
    expect(cache.get('a', 2, await cache.version())).toBeUndefined();
    // an unreadable version answers nothing
    cache.sharedVersion(() => Promise.reject(new Error('redis down')));
    expect(await cache.version()).toBeNull();
  });

  it('holds at most its bound, the oldest going first', () => {
    const cache = new AuthCache<object>(10_000, 2);
    cache.enable();
    for (const k of ['a', 'b', 'c']) cache.put(cache.ticket(), k, 1, entry);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(entry);
    expect(cache.size).toBe(2);
  });

  // built by Kysely for both databases, as the code builds them: the tree is what is judged, not the text
  const builders = [
    new Kysely<DB>({
      dialect: {
        ...dialectParts,
        createAdapter: () => new SqliteAdapter(),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    }),
    new Kysely<DB>({
      dialect: {
        ...dialectParts,
        createAdapter: () => new PostgresAdapter(),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    }),
  ];

  it.each(builders.map((db, i) => [i ? 'PostgreSQL' : 'SQLite', db] as const))(
    'tells from the query tree which statements change a customer or a session, all but the sliding expiry (%s)',
    (_, db) => {
      const of = (q: { compile(): CompiledQuery }) => changeOf(q.compile());
      expect(of(db.updateTable('users').set({ status: 'frozen' }).where('id', '=', 1))).toBe(AUTH);
      expect(of(db.withSchema('c2c').updateTable('users as u').set({ nickname: 'x' }).where('u.id', '=', 1))).toBe(AUTH);
      expect(of(db.deleteFrom('sessions').where('id', '=', 1))).toBe(AUTH);
      expect(of(db.deleteFrom('users').where('id', '=', 1))).toBe(AUTH);
      expect(of(db.updateTable('sessions').set({ expires_at: 'now' }).where('user_id', '=', 1))).toBe(AUTH);
      expect(of(db.updateTable('sessions').set({ touched_at: 'now' }).where('id', '=', 1))).toBe(AUTH);
      expect(of(db.updateTable('sessions').set({ touched_at: 'a', expires_at: 'b' }).where('id', '=', 1))).toBe(0);
      expect(of(db.updateTable('accounts').set({ balance: 1n }).where('owner', '=', 'u:1'))).toBe(0);
      expect(of(db.selectFrom('sessions').innerJoin('users', 'users.id', 'sessions.user_id').select('users.id'))).toBe(0);
      expect(of(db.insertInto('sessions').values({ user_id: 1 } as never))).toBe(0);
      expect(
        of(db.updateTable('listings').set({ status: 'closed' }).where('user_id', 'in', db.selectFrom('users').select('id'))),
      ).toBe(0);
      expect(changeOf(sql`update users set status = 'x'`.compile(db))).toBe(0);
    },
  );

  it.each(builders.map((db, i) => [i ? 'PostgreSQL' : 'SQLite', db] as const))(
    'tells from the query tree which statements change the settings: every write to them, no read (%s)',
    (_, db) => {
      const of = (q: { compile(): CompiledQuery }) => changeOf(q.compile());
      expect(
        of(
          db
            .insertInto('settings')
            .values({ key: 'k', value: 'v' })
            .onConflict((c) => c.column('key').doUpdateSet({ value: 'v' })),
        ),
      ).toBe(SETTINGS);
      expect(of(db.updateTable('settings').set({ value: 'v' }).where('key', '=', 'k'))).toBe(SETTINGS);
      expect(of(db.deleteFrom('settings').where('key', '=', 'k'))).toBe(SETTINGS);
      expect(of(db.selectFrom('settings').select(['key', 'value']))).toBe(0);
    },
  );
});

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const SESSION_QUERY = /from "sessions" inner join "users"/;
/** whether this run's server keeps sessions in memory: on PostgreSQL only with a version the nodes share (Redis) */
const keeps = !onPostgres || !!process.env.REDIS_URL;
const moneyInfo = (token: string) => s.call(API.getMoneyInfo, {}, token);
const readsSession = async (token: string) =>
  (await statementsRunBy(s, async () => expect((await moneyInfo(token)).code).toBe(200))).some((q) => SESSION_QUERY.test(q));

/** Waits until `check` holds, for up to `ms`. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Another process's connection to the test database: on SQLite the file, on PostgreSQL the server's schema. */
async function elsewhere(statement: string, params: unknown[]): Promise<void> {
  if (!onPostgres) {
    const other = new SQLite(path.join(s.dataDir, 'c2c.sqlite'));
    try {
      other.pragma('busy_timeout = 5000');
      other.prepare(statement.replace(/\$\d+/g, '?')).run(...params);
    } finally {
      other.close();
    }
    return;
  }
  const c = await otherPgProcess(s);
  try {
    await c.query(statement, params);
  } finally {
    await c.end();
  }
}

/**
 * Runs `fn` as if the other nodes' notifications (PostgreSQL's NOTIFY, which this node hears too) came late: what this
 * process changes must be seen by its next call through its own connections alone.
 */
async function notificationsLate(fn: () => Promise<void>): Promise<void> {
  const cache = s.ctx.sessionCache!;
  const dropUser = cache.dropUser;
  cache.dropUser = () => undefined;
  try {
    await fn();
  } finally {
    cache.dropUser = dropUser;
  }
}

describe('the session cache in the server', () => {
  it.runIf(keeps)(
    "answers a signed-in call's session from the cache after the first call read it (the session query runs once)",
    async () => {
      const { token } = await signUp(s);
      await moneyInfo(token);
      expect(await readsSession(token)).toBe(false);
      expect(s.ctx.sessionCache?.enabled).toBe(true);
    },
  );

  it('a change this process makes to the customer is seen by the very next call (frozen, then active again)', async () => {
    const { token, user } = await signUp(s);
    expect((await moneyInfo(token)).code).toBe(200);
    await notificationsLate(async () => {
      await s.db.updateTable('users').set({ status: 'frozen' }).where('id', '=', user.id).execute();
      expect((await moneyInfo(token)).code).toBe(-1);
      await s.db.updateTable('users').set({ status: 'active' }).where('id', '=', user.id).execute();
      expect((await moneyInfo(token)).code).toBe(200);
    });
  });

  it("a change under Kysely's own savepoint, rolled back to it, is not answered from what was read meanwhile", async () => {
    const { token, user } = await signUp(s);
    expect((await moneyInfo(token)).code).toBe(200);
    await notificationsLate(async () => {
      const trx = await s.db.startTransaction().execute();
      const inner = await trx.savepoint('change').execute();
      await inner.updateTable('users').set({ status: 'frozen' }).where('id', '=', user.id).execute();
      await inner.rollbackToSavepoint('change').execute();
      await trx.commit().execute();
      expect((await s.db.selectFrom('users').select('status').where('id', '=', user.id).executeTakeFirst())?.status).toBe(
        'active',
      );
      expect((await moneyInfo(token)).code).toBe(200);
    });
  });

  it('a token that logged out is refused at once', async () => {
    const { token } = await signUp(s);
    expect((await moneyInfo(token)).code).toBe(200);
    await notificationsLate(async () => {
      expect((await s.call(API.logout, {}, token)).code).toBe(200);
      expect((await moneyInfo(token)).code).toBe(-1);
    });
  });

  it('what a transaction read of its own change is not kept when it rolls back', async () => {
    const { token, user } = await signUp(s);
    const env = { database: s.ctx.database, log: s.ctx.log };
    const before = (await inTransaction(env, (tx) => authenticate(tx, s.ctx, token))).user.nickname;
    await expect(
      inTransaction(env, async (tx) => {
        await tx.updateTable('users').set({ nickname: 'never-committed' }).where('id', '=', user.id).execute();
        // read inside the transaction, after its change: the cache may have seen the change
        expect((await authenticate(tx, s.ctx, token)).user.nickname).toBe('never-committed');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await inTransaction(env, (tx) => authenticate(tx, s.ctx, token))).user.nickname).toBe(before);
  });

  it("another process's change to the customer is seen (PostgreSQL: when its NOTIFY arrives; SQLite: at the next call)", async () => {
    const { token, user } = await signUp(s);
    expect((await moneyInfo(token)).code).toBe(200);
    expect(await readsSession(token)).toBe(!keeps);
    await elsewhere('update users set status = $1 where id = $2', ['frozen', user.id]);
    // well within the cache's 10 s: without the trigger and the listener (or data_version), the cache answers 200
    expect(await eventually(async () => (await moneyInfo(token)).code === -1, 2000)).toBe(true);
    await elsewhere('update users set status = $1 where id = $2', ['active', user.id]);
    expect(await eventually(async () => (await moneyInfo(token)).code === 200, 2000)).toBe(true);
  });

  it("another process's end of a session is seen", async () => {
    const { token, user } = await signUp(s);
    expect((await moneyInfo(token)).code).toBe(200);
    await elsewhere('delete from sessions where user_id = $1', [user.id]);
    expect(await eventually(async () => (await moneyInfo(token)).code === -1, 2000)).toBe(true);
  });

  it.runIf(keeps)(
    'a session whose expiry slides forward is read again by the next call, without dropping any other entry',
    async () => {
      const { token } = await signUp(s);
      const other = await signUp(s);
      await moneyInfo(token);
      await moneyInfo(other.token);
      expect(await readsSession(token)).toBe(false);
      s.clock.advance(61_000);
      // this call pushes the expiry forward and drops its own entry; the next reads the pushed row once
      const ran = await statementsRunBy(s, () => moneyInfo(token));
      expect(ran.some((q) => /^update "sessions" set "touched_at"/.test(q))).toBe(true);
      expect(await readsSession(token)).toBe(true);
      expect(await readsSession(token)).toBe(false);
      // the other customer's entry was kept through it (the sliding expiry is no change to drop for: \`changesAuth\`)
      expect(await readsSession(other.token)).toBe(false);
    },
  );

  // PostgreSQL only: SQLite has no listening connection to lose
  it.runIf(onPostgres)('turns the cache off while its listening connection is lost, and on again once it listens', async () => {
    const cache = s.ctx.sessionCache!;
    const { token, user } = await signUp(s);
    await moneyInfo(token);
    expect(cache.enabled).toBe(true);
    const schema = s.ctx.config.databaseSchema!;
    await elsewhere(
      `select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()`,
      [`c2c-auth ${schema}`.slice(0, 63)],
    );
    expect(await eventually(() => !cache.enabled, 2000)).toBe(true);
    // the settings' cache too: a change to them would go unheard as well
    expect(s.ctx.settingsCache?.enabled).toBe(false);
    // off: every call reads its session, and a change made meanwhile (heard by nobody) is seen
    expect(await readsSession(token)).toBe(true);
    await elsewhere('update users set nickname = $1 where id = $2', ['changed-unheard', user.id]);
    expect(await eventually(() => cache.enabled, 4000)).toBe(true);
    expect(s.ctx.settingsCache?.enabled).toBe(true);
    const env = { database: s.ctx.database, log: s.ctx.log };
    expect((await inTransaction(env, (tx) => authenticate(tx, s.ctx, token))).user.nickname).toBe('changed-unheard');
  });
});

describe('two nodes on one database', () => {
  it('once a logout, a freeze or the end of a session is answered on one node, the other refuses the token at its very next call, every time', async () => {
    const b = await startNode(s);
    try {
      const served: string[] = [];
      for (let round = 0; round < 36; round++) {
        const u = await signUp(s);
        // the other node has the session in memory (where it keeps sessions at all)
        for (let i = 0; i < 2; i++) expect((await b.call(API.getMoneyInfo, {}, u.token)).code).toBe(200);
        const how = (['logout', 'freeze', 'session end'] as const)[round % 3]!;
        if (how === 'logout') expect((await s.call(API.logout, {}, u.token)).code).toBe(200);
        else if (how === 'freeze')
          expect((await s.admin(ADMIN_API.userFreeze, { id: u.user.id, reason: 'two nodes' }, admin)).code).toBe(200);
        else {
          const second = await signIn(s, u.email);
          expect((await s.call(API.securitySessionEnd, { all_others: '1' }, second.data.token)).code).toBe(200);
        }
        const next = await b.call(API.getMoneyInfo, {}, u.token);
        if (next.code !== -1) served.push(`round ${round}, ${how}: ${next.code}`);
      }
      expect(served).toEqual([]);
    } finally {
      await b.close();
    }
  }, 240_000);
});

const SETTINGS_QUERY = /^select "key", "value" from "settings"$/;

describe('the settings rows in the cache', () => {
  /** A customer with 1,000 USDT and a payout account usable at once. */
  async function withdrawer() {
    const { token } = await signUp(s);
    await credit(s, admin, token, '1000');
    const bk = String((await s.call<{ id: number }>(API.bankinfoCreate, BANK_FORM, token)).data.id);
    await agePayoutAccounts(s);
    const withdraw = (amount: string) => s.call(API.withdrawCreate, { bk_id: bk, amount }, token);
    return { withdraw };
  }
  const readsSettings = async (call: () => Promise<{ code: number }>) =>
    (await statementsRunBy(s, async () => expect((await call()).code).toBe(200))).some((q) => SETTINGS_QUERY.test(q));
  /** The withdrawal range as the owner saves it, the other settings as they are. */
  async function saveWithdrawRange(min: string, max: string) {
    const now = (await s.admin<Record<string, string>>(ADMIN_API.settingsGet, {}, admin)).data;
    expect((await s.admin(ADMIN_API.settingsSave, { ...now, withdraw_min: min, withdraw_max: max }, admin)).code).toBe(200);
  }

  it('a withdrawal reads them once: the next ones take them from the cache', async () => {
    const c = await withdrawer();
    await c.withdraw('10');
    expect(await readsSettings(() => c.withdraw('11'))).toBe(false);
    expect(await readsSettings(() => c.withdraw('12'))).toBe(false);
  });

  it("the public configuration, asked for by every app as it starts, is answered from them, an operator's save in the very next answer", async () => {
    const config = () => s.call<{ app_name: string }>(API.config, {});
    await config();
    expect(await readsSettings(config)).toBe(false);
    const now = (await s.admin<Record<string, string>>(ADMIN_API.settingsGet, {}, admin)).data;
    await notificationsLate(async () => {
      expect((await s.admin(ADMIN_API.settingsSave, { ...now, app_name: 'C2C Cached' }, admin)).code).toBe(200);
      expect((await config()).data.app_name).toBe('C2C Cached');
    });
    expect((await s.admin(ADMIN_API.settingsSave, now, admin)).code).toBe(200);
    expect((await config()).data.app_name).toBe(now.app_name);
  });

  it("an operator's change of the withdrawal range is applied by the very next withdrawal, and kept from then on", async () => {
    const c = await withdrawer();
    expect((await c.withdraw('15')).code).toBe(200);
    await notificationsLate(async () => {
      await saveWithdrawRange('20', '50000');
      expect((await c.withdraw('15')).code).toBe(errorCode('amount_too_small'));
      expect(await readsSettings(() => c.withdraw('20'))).toBe(false);
      await saveWithdrawRange('10', '50000');
      expect((await c.withdraw('15')).code).toBe(200);
    });
  });

  it("another process's change of the settings is applied (PostgreSQL: when its NOTIFY arrives; SQLite: at the next call)", async () => {
    const c = await withdrawer();
    expect((await c.withdraw('15')).code).toBe(200);
    expect(await readsSettings(() => c.withdraw('15'))).toBe(false);
    const upsert = 'insert into settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value';
    await elsewhere(upsert, ['withdraw_min', '30']);
    try {
      // well within the cache's 10 s: without the trigger and the listener (or data_version), the cache answers 200
      expect(await eventually(async () => (await c.withdraw('15')).code === errorCode('amount_too_small'), 2000)).toBe(true);
    } finally {
      await elsewhere(upsert, ['withdraw_min', '10']);
    }
    expect(await eventually(async () => (await c.withdraw('15')).code === 200, 2000)).toBe(true);
  });
});
