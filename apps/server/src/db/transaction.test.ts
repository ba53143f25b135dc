import path from 'node:path';
import { API } from '@c2c/shared';
import SQLite from '@c2c/sqlite';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  agePayoutAccounts,
  BANK_FORM,
  credit,
  moneyTestServer,
  onPostgres,
  otherPgProcess,
  ownerToken,
  signUp,
  statementsRunBy,
} from '../../test/harness.js';
import { DomainError } from '../lib/errors.js';
import { moneyInfo, post } from '../modules/ledger/ledger.service.js';
import { notifyUser } from '../modules/notify/notify.service.js';
import { bindAccount } from '../modules/payouts/payouts.service.js';
import { authenticate, saveNickname } from '../modules/users/users.service.js';
import { createWithdrawal } from '../modules/withdrawals/withdrawals.service.js';
import { oncePerRequest } from './idempotency.js';
import { afterCommit, inReadOnly, inTransaction, logOf, type Tx, withSavepoint } from './transaction.js';

const pgClient = () => otherPgProcess(s);

const s = moneyTestServer();

const principal = async (userId: number) => {
  const { password_hash: _h, ...user } = await s.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user;
};

describe('a transaction owned by the caller', () => {
  it('is a type the bare database does not satisfy (checked when the tests are typechecked)', () => {
    // @ts-expect-error work that must run in a transaction cannot be handed the pool
    const pool: Tx = s.db;
    expect(pool).toBe(s.db);
  });

  it('rolls back every service composed in it, and tells nobody, when a later step fails', async () => {
    const admin = await ownerToken(s);
    const { token, user, email } = await signUp(s);
    await credit(s, admin, token, '100');
    const mailsBefore = s.mails(email).length;
    const who = { user: await principal(user.id), sessionId: 0 };
    const failed = inTransaction(s.ctx, async (tx) => {
      const bk = await bindAccount(tx, s.ctx, user.id, { ...BANK_FORM, type: 'bank' });
      await agePayoutAccounts({ db: tx });
      await createWithdrawal(tx, s.ctx, who, { bk_id: bk.id, amount: 40_000_000n });
      await saveNickname(tx, who, 'Renamed');
      await notifyUser(tx, s.ctx, user.id, ['money'], {
        kind: 'withdraw_paid',
        params: { amount: '40', account: 'x', reference: 'r' },
      });
      throw new DomainError('state_conflict');
    });
    await expect(failed).rejects.toMatchObject({ key: 'state_conflict' });
    expect(await s.tx((tx) => moneyInfo(tx, user.id))).toMatchObject({ balance: '100.00', frozen: '0.00' });
    expect(await s.db.selectFrom('withdrawals').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await s.db.selectFrom('payout_accounts').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await principal(user.id)).nickname).not.toBe('Renamed');
    expect(s.mails(email).length).toBe(mailsBefore);
  });

  it('commits them together and runs the after-commit effects in order, once committed', async () => {
    const admin = await ownerToken(s);
    const { token, user } = await signUp(s);
    await credit(s, admin, token, '100');
    const who = { user: await principal(user.id), sessionId: 0 };
    const seen: string[] = [];
    const id = await inTransaction(s.ctx, async (tx) => {
      const bk = await bindAccount(tx, s.ctx, user.id, { ...BANK_FORM, type: 'bank' });
      await agePayoutAccounts({ db: tx });
      const w = await createWithdrawal(tx, s.ctx, who, { bk_id: bk.id, amount: 40_000_000n });
      afterCommit(tx, async () => {
        // the effect sees the committed state from outside the transaction
        seen.push(`committed:${(await s.tx((tx) => moneyInfo(tx, user.id))).frozen}`);
      });
      afterCommit(tx, () => {
        throw new Error('a failing notice never fails the call');
      });
      afterCommit(tx, () => seen.push('second'));
      seen.push('work done');
      return w.id;
    });
    expect(id).toBeGreaterThan(0);
    expect(seen).toEqual(['work done', 'committed:40.00', 'second']);
  });

  it('keeps the writes of a refusal that asks for it (a counted wrong try) and still answers the refusal', async () => {
    const { user } = await signUp(s);
    const who = { user: await principal(user.id), sessionId: 0 };
    const refused = inTransaction(s.ctx, async (tx) => {
      await saveNickname(tx, who, 'Kept');
      throw new DomainError('code_wrong', {}, true);
    });
    await expect(refused).rejects.toMatchObject({ key: 'code_wrong' });
    expect((await principal(user.id)).nickname).toBe('Kept');
  });

  it('undoes only the savepoint part, with the effects it scheduled', async () => {
    const { user } = await signUp(s);
    const who = { user: await principal(user.id), sessionId: 0 };
    const seen: string[] = [];
    await inTransaction(s.ctx, async (tx) => {
      await saveNickname(tx, who, 'Outer');
      afterCommit(tx, () => seen.push('outer'));
      await expect(
        withSavepoint(tx, async () => {
          await saveNickname(tx, who, 'Inner');
          afterCommit(tx, () => seen.push('inner'));
          throw new DomainError('state_conflict');
        }),
      ).rejects.toMatchObject({ key: 'state_conflict' });
    });
    expect((await principal(user.id)).nickname).toBe('Outer');
    expect(seen).toEqual(['outer']);
  });
});

describe('the signed-in customer', () => {
  it("is the customer's row without the password hash, every other column as the users table holds it", async () => {
    const { token, user } = await signUp(s);
    const who = await inTransaction(s.ctx, (tx) => authenticate(tx, s.ctx, token));
    expect(who.user).toEqual(await principal(user.id));
    expect(Object.keys(who.user)).not.toContain('password_hash');
  });
});

describe('a read-only run (inReadOnly)', () => {
  /** how many times `inReadOnly` ran the work: once, or on PostgreSQL twice when it needed a transaction */
  const twiceOnPg = onPostgres ? 2 : 1;

  it('answers what the work reads, running it once, and hands it the logger it was given', async () => {
    const admin = await ownerToken(s);
    const { token, user } = await signUp(s);
    await credit(s, admin, token, '25');
    let runs = 0;
    const read = await inReadOnly(s.ctx, async (tx) => {
      runs++;
      expect(logOf(tx)).toBe(s.ctx.log);
      return moneyInfo(tx, user.id);
    });
    expect(read).toEqual(await s.tx((tx) => moneyInfo(tx, user.id)));
    expect(read.balance).toBe('25.00');
    expect(runs).toBe(1);
  });

  it('answers a refusal as itself, without running again', async () => {
    let runs = 0;
    const refused = inReadOnly(s.ctx, async () => {
      runs++;
      throw new DomainError('state_conflict');
    });
    await expect(refused).rejects.toMatchObject({ key: 'state_conflict' });
    expect(runs).toBe(1);
  });

  it('runs again in a transaction at its first write (PostgreSQL): the write is made once, its effect told once', async () => {
    const { user } = await signUp(s);
    const who = { user: await principal(user.id), sessionId: 0 };
    let runs = 0;
    const told: string[] = [];
    const sent = await statementsRunBy(s, () =>
      inReadOnly(s.ctx, async (tx) => {
        runs++;
        await moneyInfo(tx, user.id);
        await saveNickname(tx, who, `Reader${runs}`);
        afterCommit(tx, () => told.push(`run ${runs}`));
      }),
    );
    expect(runs).toBe(twiceOnPg);
    expect((await principal(user.id)).nickname).toBe(`Reader${twiceOnPg}`);
    expect(told).toEqual([`run ${twiceOnPg}`]);
    // the refused write was never sent: one update of the customer in all
    expect(sent.filter((q) => /^update "users"/.test(q))).toHaveLength(1);
  });

  it('runs again even when the work caught the refusal of its write (PostgreSQL): nothing it meant to write is lost', async () => {
    const { user } = await signUp(s);
    const who = { user: await principal(user.id), sessionId: 0 };
    let runs = 0;
    const answer = await inReadOnly(s.ctx, async (tx) => {
      runs++;
      try {
        await saveNickname(tx, who, 'Caught');
        return 'saved';
      } catch {
        return 'not saved';
      }
    });
    expect(answer).toBe('saved');
    expect(runs).toBe(twiceOnPg);
    expect((await principal(user.id)).nickname).toBe('Caught');
  });

  it('runs in a transaction when the work asks for an effect, even one it caught the refusal of (PostgreSQL)', async () => {
    let runs = 0;
    const told: number[] = [];
    await inReadOnly(s.ctx, async (tx) => {
      runs++;
      try {
        afterCommit(tx, () => told.push(runs));
      } catch {
        // ignored: the run goes again in a transaction all the same
      }
    });
    expect(runs).toBe(twiceOnPg);
    expect(told).toEqual([twiceOnPg]);
  });

  it('refuses a query sent after it ended', async () => {
    const { user } = await signUp(s);
    let kept: Tx | undefined;
    await inReadOnly(s.ctx, async (tx) => {
      kept = tx;
      return moneyInfo(tx, user.id);
    });
    await expect(moneyInfo(kept!, user.id)).rejects.toThrow(/already committed/);
  });
});

describe('row locks', () => {
  it('serialize read-then-write: 20 concurrent increments of one value all count', async () => {
    const key = `test.counter.${Date.now()}`;
    await s.db.insertInto('settings').values({ key, value: '0' }).execute();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        inTransaction(s.ctx, async (tx) => {
          // a read that decides a write: FOR UPDATE on PostgreSQL, dropped on SQLite (BEGIN IMMEDIATE holds the lock)
          const row = await tx
            .selectFrom('settings')
            .select('value')
            .where('key', '=', key)
            .forUpdate()
            .executeTakeFirstOrThrow();
          await new Promise((r) => setTimeout(r, 2));
          await tx
            .updateTable('settings')
            .set({ value: String(Number(row.value) + 1) })
            .where('key', '=', key)
            .execute();
        }),
      ),
    );
    const final = await s.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
    expect(final.value).toBe('20');
  });

  it('keep other writers out until the transaction ends (SQLite: from BEGIN; PostgreSQL: the locked row)', async () => {
    const key = `test.lock.${Date.now()}`;
    await s.db.insertInto('settings').values({ key, value: '0' }).execute();
    // another process: a second connection of its own, which must not wait for long
    const other = onPostgres ? await pgClient() : new SQLite(path.join(s.dataDir, 'c2c.sqlite'), { timeout: 50 });
    const tryWrite = async () => {
      if (other instanceof SQLite) {
        other.exec('BEGIN IMMEDIATE');
        other.exec('ROLLBACK');
      } else {
        await other.query('BEGIN');
        try {
          await other.query('SELECT value FROM settings WHERE key = $1 FOR UPDATE NOWAIT', [key]);
        } finally {
          await other.query('ROLLBACK');
        }
      }
    };
    try {
      await inTransaction(s.ctx, async (tx) => {
        await tx.selectFrom('settings').select('value').where('key', '=', key).forUpdate().executeTakeFirstOrThrow();
        await expect(tryWrite()).rejects.toThrow(/locked|busy|could not obtain lock/i);
      });
      await tryWrite();
    } finally {
      if (other instanceof SQLite) other.close();
      else await other.end();
    }
  });
});

describe('a deadlock', () => {
  it.runIf(onPostgres)(
    'fails one of the two transactions, which runs again once the other has committed: both go through (PostgreSQL)',
    async () => {
      const k = `deadlock.${Date.now()}`;
      await s.db
        .insertInto('settings')
        .values([
          { key: `${k}.a`, value: '' },
          { key: `${k}.b`, value: '' },
        ])
        .execute();
      let locked = 0;
      let bothLocked: () => void = () => undefined;
      const barrier = new Promise<void>((resolve) => {
        bothLocked = resolve;
      });
      const runs: string[] = [];
      const append = (tx: Tx, key: string, who: string) =>
        tx
          .updateTable('settings')
          .set({ value: sql<string>`value || ${who}` })
          .where('key', '=', key)
          .execute();
      // each locks its first row, waits until the other has too, then asks for the other's: a cycle, the first time
      const crossing = (who: string, first: string, second: string) =>
        inTransaction(s.ctx, async (tx) => {
          runs.push(who);
          await append(tx, first, who);
          if (++locked === 2) bothLocked();
          await barrier;
          await append(tx, second, who);
        });
      await Promise.all([crossing('1', `${k}.a`, `${k}.b`), crossing('2', `${k}.b`, `${k}.a`)]);
      // one ran twice; under load PostgreSQL may fail both before either has let go (each ran twice)
      expect(runs.length).toBeGreaterThanOrEqual(3);
      expect(runs.length).toBeLessThanOrEqual(4);
      const values = await s.db.selectFrom('settings').select('value').where('key', 'like', `${k}.%`).execute();
      expect(values.map((v) => [...v.value].sort().join(''))).toEqual(['12', '12']);
    },
  );
});

describe('a create call once per request id (oncePerRequest)', () => {
  const findIn = (tx: Tx) => async (key: string) =>
    (await tx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

  it('answers a duplicate that lost the race with the winner, nothing written twice (PostgreSQL: its transaction runs again, no savepoint)', async () => {
    const key = `once.${process.pid}.${Date.now()}`;
    let inserted!: () => void;
    const insertedFirst = new Promise<void>((r) => (inserted = r));
    const winner = inTransaction(s.ctx, (tx) =>
      oncePerRequest(key, findIn(tx), async () => {
        await tx.insertInto('settings').values({ key, value: 'first' }).execute();
        inserted();
        // holds its row uncommitted while the duplicate looks for it, misses it, and inserts behind it
        await new Promise((r) => setTimeout(r, 200));
        return 'first';
      }),
    );
    await insertedFirst;
    let runs = 0;
    let answer: string | undefined;
    const seen = await statementsRunBy(s, async () => {
      answer = await inTransaction(s.ctx, (tx) => {
        runs++;
        return oncePerRequest(key, findIn(tx), async () => {
          await tx.insertInto('settings').values({ key, value: 'second' }).execute();
          return 'second';
        });
      });
    });
    expect(await winner).toBe('first');
    expect(answer).toBe('first');
    // PostgreSQL: the duplicate's insert waited for the winner's COMMIT, was refused, and its transaction ran again to
    // find it; SQLite runs one transaction at a time, so the duplicate found the winner at once
    expect(runs).toBe(onPostgres ? 2 : 1);
    expect(seen.filter((q) => /savepoint work/i.test(q))).toEqual([]);
    expect(await s.db.selectFrom('settings').select('value').where('key', '=', key).execute()).toEqual([{ value: 'first' }]);
  });

  it('answers any other unique violation of the create as itself, after running once more', async () => {
    const key = `once.other.${process.pid}.${Date.now()}`;
    const taken = `${key}.taken`;
    await s.db.insertInto('settings').values({ key: taken, value: 'x' }).execute();
    let runs = 0;
    const work = inTransaction(s.ctx, (tx) => {
      runs++;
      return oncePerRequest(key, findIn(tx), async () => {
        await tx.insertInto('settings').values({ key: taken, value: 'y' }).execute();
        return 'never';
      });
    });
    await expect(work).rejects.toThrow(/duplicate key|UNIQUE constraint/);
    expect(runs).toBe(2);
    expect(await s.db.selectFrom('settings').select('value').where('key', 'like', `${key}%`).execute()).toEqual([{ value: 'x' }]);
  });
});

describe('values typed from the database up', () => {
  it('answers money columns as bigint, exact beyond 2^53, and flags as booleans', async () => {
    const admin = await ownerToken(s);
    const { token, user } = await signUp(s);
    await credit(s, admin, token, '12.5');
    const huge = 2n ** 60n + 7n;
    await inTransaction(s.ctx, (tx) =>
      post(tx, {
        kind: 'adjust',
        ref: 'test:huge',
        actor: 'test',
        now: s.clock.now(),
        legs: [
          { account: { platform: 'adjustments' }, amount: -huge },
          { account: { user: user.id, kind: 'interest' }, amount: huge },
        ],
      }),
    );
    const account = await s.db
      .selectFrom('accounts')
      .select('balance')
      .where('user_id', '=', user.id)
      .where('kind', '=', 'interest')
      .executeTakeFirstOrThrow();
    expect(account.balance).toBe(huge);
    const posting = await s.db
      .selectFrom('postings')
      .select(['amount', 'balance_after'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(typeof posting.amount).toBe('bigint');
    expect(typeof posting.balance_after).toBe('bigint');
    const recharge = await s.db.selectFrom('recharges').select('amount').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(recharge.amount).toBe(12_500_000n);
    const address = await s.db.selectFrom('receiving_addresses').select('active').executeTakeFirstOrThrow();
    expect(address.active).toBe(true);
    const codes = await s.db.selectFrom('house_invite_codes').select('active').execute();
    expect(codes.every((c) => c.active === true)).toBe(true);
    // ids and counts stay plain numbers
    expect(typeof user.id).toBe('number');
    await inTransaction(s.ctx, (tx) =>
      post(tx, {
        kind: 'adjust',
        ref: 'test:huge-back',
        actor: 'test',
        now: s.clock.now(),
        legs: [
          { account: { user: user.id, kind: 'interest' }, amount: -huge },
          { account: { platform: 'adjustments' }, amount: huge },
        ],
      }),
    );
  });
});

describe('queries of a transaction (on SQLite run straight on its connection)', () => {
  it('answer what Kysely answers, reads, writes and RETURNING alike, and roll back with it', async () => {
    const key = `direct.${Date.now()}`;
    const viaKysely = await s.db.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
    let got: Awaited<ReturnType<typeof work>> | undefined;
    const work = async (tx: Tx) => {
      const rows = await tx.selectFrom('settings').select(['key', 'value']).orderBy('key').execute();
      const inserted = await tx.insertInto('settings').values({ key, value: 'a' }).executeTakeFirst();
      const updated = await tx.updateTable('settings').set({ value: 'b' }).where('key', '=', key).returning('value').execute();
      const none = await tx.deleteFrom('settings').where('key', '=', `${key}.none`).executeTakeFirst();
      return { rows, inserted, updated, none };
    };
    const seen = await statementsRunBy(s, async () => {
      got = await inTransaction(s.ctx, work);
    });
    expect(got?.rows).toEqual(viaKysely);
    expect(got?.inserted.numInsertedOrUpdatedRows).toBe(1n);
    expect(got?.updated).toEqual([{ value: 'b' }]);
    expect(got?.none.numDeletedRows).toBe(0n);
    // on SQLite every one of them went the direct way, and so did BEGIN and COMMIT (no Kysely transaction machinery),
    // the transaction's part of its group (`group-commit.test.ts`) in a savepoint of its own
    const statements = seen.filter((q) => !/^(begin|begin immediate|commit|savepoint member|release member)$/i.test(q));
    expect(statements).toHaveLength(4);
    expect(seen).toEqual(
      onPostgres
        ? ['BEGIN', ...statements, 'COMMIT']
        : ['begin immediate', 'savepoint member', ...statements, 'release member', 'commit'],
    );

    const failed = inTransaction(s.ctx, async (tx) => {
      await tx.updateTable('settings').set({ value: 'c' }).where('key', '=', key).execute();
      // a statement the database refuses rejects like any query, and the whole transaction rolls back
      await tx.insertInto('settings').values({ key, value: 'dup' }).execute();
    });
    await expect(failed).rejects.toThrow(/UNIQUE constraint failed|duplicate key value violates unique constraint/);
    const row = await s.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
    expect(row?.value).toBe('b');
  });

  it('make a signed-in read two queries: the session with its customer, the balances', async () => {
    const { token, user } = await signUp(s);
    const seen = await statementsRunBy(s, async () => expect((await s.call(API.getMoneyInfo, {}, token)).code).toBe(200));
    const queries = seen.filter((q) => !/^(begin|begin immediate|commit|savepoint member|release member)$/i.test(q));
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatch(/from "sessions" inner join "users"/);
    expect(queries[1]).toMatch(/from "accounts"/);
    // on SQLite a call alone in its turn is a group of its own: BEGIN and COMMIT around it; on PostgreSQL a read
    // needs no transaction: two statements, and neither BEGIN nor COMMIT
    if (onPostgres) expect(seen).toEqual(queries);
    else expect(seen).toEqual(['begin immediate', 'savepoint member', ...queries, 'release member', 'commit']);
    if (onPostgres) {
      // on PostgreSQL each is a named prepared statement of its connection: parsed and planned once there, not per call
      const prepared = await inTransaction(s.ctx, async (tx) => {
        await moneyInfo(tx, user.id);
        return (await sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`.execute(tx))
          .rows;
      });
      const balances = prepared.filter((p) => p.statement.replace(/\$\d+/g, '?') === queries[1]);
      expect(balances).toEqual([{ name: expect.stringMatching(/^c2c_\d+$/), statement: expect.any(String) }]);
    }
  });

  it('commit nothing on PostgreSQL once a statement failed, even when the work went on without it', async () => {
    const key = `swallowed.${Date.now()}`;
    const work = inTransaction(s.ctx, async (tx) => {
      await tx.insertInto('settings').values({ key, value: 'a' }).execute();
      // a duplicate key: the work catches the refusal and carries on
      await tx
        .insertInto('settings')
        .values({ key, value: 'dup' })
        .execute()
        .catch(() => undefined);
      return 'done';
    });
    const stored = () => s.db.selectFrom('settings').select('value').where('key', '=', key).execute();
    if (onPostgres) {
      // PostgreSQL ended the transaction at the refusal and answers ROLLBACK to its COMMIT: that is no success
      await expect(work).rejects.toThrow(/rolled back: a statement in it failed/);
      expect(await stored()).toEqual([]);
    } else {
      // SQLite undoes the refused statement alone, and the rest commits
      await expect(work).resolves.toBe('done');
      expect(await stored()).toEqual([{ value: 'a' }]);
    }
  });

  it('run inside the transaction from a query that locks rows or calls a function with an effect on', async () => {
    const firsts: ((tx: Tx) => Promise<unknown>)[] = [
      (tx) => tx.selectFrom('settings').select('key').where('key', '=', 'app_name').forUpdate().execute(),
      (tx) => tx.selectFrom('settings').select('key').where('key', '=', 'app_name').forNoKeyUpdate().execute(),
    ];
    // PostgreSQL's transaction-scoped advisory lock would be released at once outside a transaction
    if (onPostgres) firsts.push((tx) => sql`select pg_advisory_xact_lock(${72_000_001})`.execute(tx));
    for (const first of firsts) {
      const seen = await statementsRunBy(s, () => inTransaction(s.ctx, first));
      expect(seen[0]).toMatch(/^begin( immediate)?$/i);
      expect(seen.at(-1)).toMatch(/^commit$/i);
    }
  });

  it('keep answering when a migration adds a column to a table they read whole, under a running node', async () => {
    await sql`create table stale_probe (id integer primary key, a text not null)`.execute(s.db);
    try {
      await sql`insert into stale_probe (id, a) values (1, 'one')`.execute(s.db);
      const readAll = (tx: Tx) =>
        sql<Record<string, unknown>>`select * from stale_probe order by id`.execute(tx).then((r) => r.rows);
      // every connection prepares the query: ten transactions at once, each reading it on its own (on PostgreSQL on a
      // shared lane), then again in the transaction begun (on a connection of the pool), holding that a while
      await Promise.all(
        Array.from({ length: 10 }, () =>
          inTransaction(s.ctx, async (tx) => {
            await readAll(tx);
            await tx.selectFrom('settings').select('key').where('key', '=', 'app_name').forShare().execute();
            await readAll(tx);
            if (onPostgres) await sql`select pg_sleep(0.05)`.execute(tx);
          }),
        ),
      );
      await sql`alter table stale_probe add column b text not null default 'x'`.execute(s.db);
      // a query on its own (no transaction begun) and one inside a transaction that wrote first both see the column
      expect(await inTransaction(s.ctx, readAll)).toEqual([{ id: 1, a: 'one', b: 'x' }]);
      const afterWrite = await inTransaction(s.ctx, async (tx) => {
        await sql`insert into stale_probe (id, a) values (2, 'two')`.execute(tx);
        return readAll(tx);
      });
      expect(afterWrite).toEqual([
        { id: 1, a: 'one', b: 'x' },
        { id: 2, a: 'two', b: 'x' },
      ]);
      // the transaction run again wrote once
      expect((await sql`select id from stale_probe`.execute(s.db)).rows).toHaveLength(2);
    } finally {
      await sql`drop table stale_probe`.execute(s.db);
    }
  });

  it('leave no connection holding unsent statements: work that fails right after its SAVEPOINT, then others on the same connections', async () => {
    const failing = Array.from({ length: 20 }, () =>
      inTransaction(s.ctx, (tx) =>
        withSavepoint(tx, async () => {
          throw new Error('refused after the savepoint');
        }),
      ),
    );
    for (const f of await Promise.allSettled(failing)) expect(f.status).toBe('rejected');
    const values = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        inTransaction(s.ctx, async (tx) => {
          await tx.selectFrom('settings').select('key').where('key', '=', 'app_name').forUpdate().execute();
          return (await sql<{ n: number }>`select cast(${i} as integer) as n`.execute(tx)).rows[0]!.n;
        }),
      ),
    );
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('are refused once the transaction has ended, as Kysely refuses them', async () => {
    let kept: Tx | undefined;
    await inTransaction(s.ctx, async (tx) => {
      kept = tx;
      await tx.selectFrom('settings').select('key').limit(1).execute();
    });
    await expect(kept!.selectFrom('settings').select('key').limit(1).execute()).rejects.toThrow(/already committed/);
  });
});
