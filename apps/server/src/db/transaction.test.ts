import path from 'node:path';
import { API } from '@c2c/shared';
import SQLite from '@c2c/sqlite';
import { CompiledQuery, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  agePayoutAccounts,
  BANK_FORM,
  credit,
  moneyTestServer,
  onPostgres,
  otherPgProcess,
  ownerToken,
  pgMessagesOf,
  pgWritesBy,
  signUp,
  statementsRunBy,
  type TestServer,
} from '../../test/harness.js';
import { DomainError } from '../lib/errors.js';
import { moneyInfo, post } from '../modules/ledger/ledger.service.js';
import { notifyUser } from '../modules/notify/notify.service.js';
import { bindAccount } from '../modules/payouts/payouts.service.js';
import { authenticate, saveNickname } from '../modules/users/users.service.js';
import { createWithdrawal } from '../modules/withdrawals/withdrawals.service.js';
import { oncePerRequest } from './idempotency.js';
import { GROUP_LOCK_TIMEOUT_MS } from './pg-commit-groups.js';
import { isSkipped } from './pg-query.js';
import { preparedNameOf } from './pg-session.js';
import { refusedWhenNone } from './queries.js';
import {
  afterCommit,
  commitsWith,
  inReadOnly,
  inTransaction,
  lastly,
  logOf,
  onRollback,
  runAgain,
  sendChecked,
  sendsAtOnce,
  type Tx,
  together,
  withSavepoint,
} from './transaction.js';

const pgClient = () => otherPgProcess(s);

let s: TestServer;
moneyTestServer((t) => ({ s } = t), { owner: 'none' });

const principal = async (userId: number) => {
  const { password_hash: _h, ...user } = await s.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user;
};

describe('a transaction owned by the caller', () => {
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
    expect(await moneyInfo(s.db, user.id)).toMatchObject({ balance: '100.00', frozen: '0.00' });
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
        seen.push(`committed:${(await moneyInfo(s.db, user.id)).frozen}`);
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
    expect(read).toEqual(await moneyInfo(s.db, user.id));
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

/** sets a settings row's value from `from` to `to`: refused (no row changed) when the value is not `from` */
const swap = (tx: Tx, k: string, from: string, to: string) =>
  refusedWhenNone(
    tx,
    tx.updateTable('settings').set({ value: to }).where('key', '=', k).where('value', '=', from).returning('key'),
  ).compile();
const storedValue = async (k: string) =>
  (await s.db.selectFrom('settings').select('value').where('key', '=', k).executeTakeFirst())?.value;

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
      expect(runs.sort()).toHaveLength(3);
      const values = await s.db.selectFrom('settings').select('value').where('key', 'like', `${k}.%`).execute();
      expect(values.map((v) => [...v.value].sort().join(''))).toEqual(['12', '12']);
    },
  );
});

describe('a change run last (lastly)', () => {
  const key = () => `lastly.${Date.now()}.${Math.random()}`;

  it('commits with the rest when it changes its row', async () => {
    const k = key();
    await s.db.insertInto('settings').values({ key: k, value: 'a' }).execute();
    const seen = await statementsRunBy(s, () =>
      inTransaction(s.ctx, async (tx) => {
        await tx
          .insertInto('settings')
          .values({ key: `${k}.other`, value: 'x' })
          .execute();
        await lastly(tx, swap(tx, k, 'a', 'b'), async () => new DomainError('record_not_found'));
      }),
    );
    expect(await storedValue(k)).toBe('b');
    expect(await storedValue(`${k}.other`)).toBe('x');
    // on PostgreSQL it is the statement before the COMMIT, made to fail when it changes nothing
    if (onPostgres) expect(seen.slice(-2)[0]).toMatch(/^with "changed" as \(update "settings" .*\) select 1 \/ /);
  });

  it('undoes the whole transaction and answers the refusal, read after it, when it changes nothing', async () => {
    const k = key();
    await s.db.insertInto('settings').values({ key: k, value: 'a' }).execute();
    let readWith: Tx | undefined;
    const refused = inTransaction(s.ctx, async (tx) => {
      await tx
        .insertInto('settings')
        .values({ key: `${k}.other`, value: 'x' })
        .execute();
      await lastly(tx, swap(tx, k, 'not a', 'b'), async (reader) => {
        readWith = reader;
        return new DomainError('merchant_offer_changed');
      });
      return 'done';
    });
    await expect(refused).rejects.toMatchObject({ key: 'merchant_offer_changed' });
    expect(await storedValue(k)).toBe('a');
    expect(await storedValue(`${k}.other`)).toBeUndefined();
    // on PostgreSQL the refusal is read outside the transaction, which has ended; on SQLite inside it
    expect(readWith).toBeDefined();
    if (onPostgres) expect(readWith).toBe(s.db);
  });

  it('answers a failure of another kind as itself', async () => {
    const k = key();
    await s.db.insertInto('settings').values({ key: k, value: 'a' }).execute();
    await s.db
      .insertInto('settings')
      .values({ key: `${k}.taken`, value: 'a' })
      .execute();
    const failed = inTransaction(s.ctx, async (tx) => {
      // a change that violates the key's uniqueness: an error, not a refusal
      const change = refusedWhenNone(
        tx,
        tx
          .updateTable('settings')
          .set({ key: `${k}.taken` })
          .where('key', '=', k)
          .returning('key'),
      ).compile();
      await lastly(tx, change, async () => new DomainError('record_not_found'));
    });
    await expect(failed).rejects.toThrow(/UNIQUE constraint failed|duplicate key value violates unique constraint/);
    expect(await storedValue(k)).toBe('a');
  });

  it('is not waited for on PostgreSQL: the work goes on while the row it changes is locked elsewhere (SQLite: it runs at once)', async () => {
    const k = key();
    await s.db.insertInto('settings').values({ key: k, value: 'a' }).execute();
    if (!onPostgres) {
      // one connection, one writer: the change has run when lastly answers
      await inTransaction(s.ctx, async (tx) => {
        await lastly(tx, swap(tx, k, 'a', 'b'), async () => new DomainError('record_not_found'));
        expect((await tx.selectFrom('settings').select('value').where('key', '=', k).executeTakeFirst())?.value).toBe('b');
      });
      return;
    }
    const other = await pgClient();
    try {
      await other.query('BEGIN');
      await other.query('SELECT value FROM settings WHERE key = $1 FOR UPDATE', [k]);
      let workEnded = false;
      const t = inTransaction(s.ctx, async (tx) => {
        await lastly(tx, swap(tx, k, 'a', 'b'), async () => new DomainError('record_not_found'));
        workEnded = true;
      });
      await new Promise((r) => setTimeout(r, 200));
      // the work has ended; the change waits for the row, and the COMMIT behind it
      expect(workEnded).toBe(true);
      expect(await storedValue(k)).toBe('a');
      await other.query('ROLLBACK');
      await t;
      expect(await storedValue(k)).toBe('b');
    } finally {
      await other.end();
    }
  });
});

describe('changes sent at once (sendsAtOnce, sendChecked)', () => {
  /** a settings row of its own with the value 'a' */
  const seeded = async () => {
    const k = `at-once.${Date.now()}.${Math.random()}`;
    await s.db.insertInto('settings').values({ key: k, value: 'a' }).execute();
    return k;
  };
  /** adds a settings row: refused (a unique violation) when the key is taken */
  const add = (tx: Tx, k: string, value: string) =>
    refusedWhenNone(tx, tx.insertInto('settings').values({ key: k, value }).returning('key')).compile();

  it('go with BEGIN and the COMMIT in one write to PostgreSQL and commit together; SQLite never sends at once', async () => {
    const k = await seeded();
    if (!onPostgres) {
      await inTransaction(s.ctx, async (tx) => {
        expect(sendsAtOnce(tx)).toBe(false);
        await expect(sendChecked(tx, swap(tx, k, 'a', 'b'))).rejects.toThrow(/sends at once/);
      });
      return;
    }
    const bindOf = (text: string) => `\0${preparedNameOf(text)}\0`;
    const writes = await pgWritesBy(() =>
      inTransaction(s.ctx, async (tx) => {
        expect(sendsAtOnce(tx)).toBe(true);
        await sendChecked(tx, swap(tx, k, 'a', 'b'));
        await sendChecked(tx, add(tx, `${k}.other`, 'x'));
        // sent without waiting: nothing of it is visible before the COMMIT
        expect(await storedValue(k)).toBe('a');
      }),
    );
    expect(await storedValue(k)).toBe('b');
    expect(await storedValue(`${k}.other`)).toBe('x');
    const own = writes.filter((w) => w.some((text) => text.includes(bindOf('begin'))));
    expect(own).toHaveLength(1);
    expect(own[0]).toHaveLength(1);
    const types = pgMessagesOf(own[0]![0]!);
    expect(types.filter((type) => type === 'B')).toHaveLength(4);
    expect(types.filter((type) => type === 'S')).toEqual(['S']);
    expect(own[0]![0]).toContain(bindOf('commit'));
  });

  it.runIf(onPostgres)(
    'refused, undo the first run with its effects, and the work runs again the careful way (PostgreSQL)',
    async () => {
      const k = await seeded();
      const runs: boolean[] = [];
      const told: string[] = [];
      const answer = await inTransaction(s.ctx, async (tx) => {
        runs.push(sendsAtOnce(tx));
        if (sendsAtOnce(tx)) {
          await sendChecked(tx, add(tx, `${k}.other`, 'x'));
          await sendChecked(tx, swap(tx, k, 'not a', 'b'));
          afterCommit(tx, () => told.push('committed at once'));
          onRollback(tx, () => told.push('undone'));
          return 'at once';
        }
        // the careful way reads what decides
        const now = await tx.selectFrom('settings').select('value').where('key', '=', k).executeTakeFirstOrThrow();
        await tx
          .updateTable('settings')
          .set({ value: `${now.value}!` })
          .where('key', '=', k)
          .execute();
        afterCommit(tx, () => told.push('committed carefully'));
        return 'careful';
      });
      expect(answer).toBe('careful');
      expect(runs).toEqual([true, false]);
      expect(told).toEqual(['undone', 'committed carefully']);
      expect(await storedValue(k)).toBe('a!');
      // the change before the refused one was undone with it
      expect(await storedValue(`${k}.other`)).toBeUndefined();
    },
  );

  it.runIf(onPostgres)(
    'failing for another reason, a unique violation too, send the work the careful way, where it is answered as itself (PostgreSQL)',
    async () => {
      const k = await seeded();
      const runs: boolean[] = [];
      const failed = inTransaction(s.ctx, async (tx) => {
        runs.push(sendsAtOnce(tx));
        if (sendsAtOnce(tx)) await sendChecked(tx, add(tx, k, 'again'));
        else await tx.insertInto('settings').values({ key: k, value: 'again' }).execute();
      });
      await expect(failed).rejects.toThrow(/duplicate key value violates unique constraint/);
      expect(runs).toEqual([true, false]);
      expect(await storedValue(k)).toBe('a');
    },
  );

  it.runIf(onPostgres)('leave the careful way its own run once more (runAgain) (PostgreSQL)', async () => {
    const k = await seeded();
    const runs: boolean[] = [];
    const answer = await inTransaction(s.ctx, async (tx) => {
      runs.push(sendsAtOnce(tx));
      if (sendsAtOnce(tx)) {
        await sendChecked(tx, swap(tx, k, 'not a', 'b'));
        return 'at once';
      }
      if (runs.length === 2) throw runAgain(new Error('lost a race'));
      return 'careful, again';
    });
    expect(answer).toBe('careful, again');
    expect(runs).toEqual([true, false, false]);
  });

  it.runIf(onPostgres)(
    'behind them, a change sent last (lastly) refused is answered as lastly answers it, not run again (PostgreSQL)',
    async () => {
      const k = await seeded();
      const runs: boolean[] = [];
      const refused = inTransaction(s.ctx, async (tx) => {
        runs.push(sendsAtOnce(tx));
        await sendChecked(tx, add(tx, `${k}.other`, 'x'));
        await lastly(tx, swap(tx, k, 'not a', 'b'), async () => new DomainError('merchant_offer_changed'));
      });
      await expect(refused).rejects.toMatchObject({ key: 'merchant_offer_changed' });
      expect(runs).toEqual([true]);
      expect(await storedValue(`${k}.other`)).toBeUndefined();
    },
  );
});

describe('COMMITs shared by the transactions of one key (commitsWith)', () => {
  const group = () => `group.${Date.now()}.${Math.random()}`;
  /**
   * adds `${k}.${n}` with, as its value, how many of the group's rows it saw before it (its place in the transaction),
   * and the transaction's id after a colon
   */
  const addNth = (tx: Tx, k: string, n: number) =>
    refusedWhenNone(
      tx,
      tx
        .insertInto('settings')
        .values({
          key: `${k}.${n}`,
          value: sql<string>`(select count(*) from settings where key like ${`${k}.%`})::text || ':' || txid_current()::text`,
        })
        .returning('key'),
    ).compile();
  const rowsOf = async (k: string) =>
    Object.fromEntries(
      (await s.db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${k}.%`).execute()).map((r) => [
        r.key.slice(k.length + 1),
        r.value,
      ]),
    );

  it('commit in one transaction when ready together, their changes in the order given, nothing of it on SQLite', async () => {
    const k = group();
    const told: number[] = [];
    // ready in the order 3, 1, 10, 2
    await Promise.all(
      [3, 1, 10, 2].map((n) =>
        inTransaction(s.ctx, async (tx) => {
          commitsWith(tx, k, n);
          if (!onPostgres) {
            await tx
              .insertInto('settings')
              .values({ key: `${k}.${n}`, value: 'alone' })
              .execute();
          } else {
            await sendChecked(tx, addNth(tx, k, n));
          }
          afterCommit(tx, () => told.push(n));
        }),
      ),
    );
    const rows = await rowsOf(k);
    if (!onPostgres) {
      // SQLite: each alone, in the order they came
      expect(Object.keys(rows).sort()).toEqual(['1', '10', '2', '3']);
      return;
    }
    // in the ledger's order of row locks: customers as the text of their accounts' owner (user:1, user:10, user:2, …)
    const [place1, tx1] = rows['1']!.split(':');
    expect([place1, ...['10', '2', '3'].map((n) => rows[n]!.split(':')[0])]).toEqual(['0', '1', '2', '3']);
    for (const n of ['10', '2', '3']) expect(rows[n]!.split(':')[1]).toBe(tx1);
    expect(told.sort((a, b) => a - b)).toEqual([1, 2, 3, 10]);
  });

  it.runIf(onPostgres)(
    "send every member's checked changes first, then the changes each sends last: the row they all change locked once, last (PostgreSQL)",
    async () => {
      const k = group();
      await Promise.all(
        [1, 2].map((n) =>
          inTransaction(s.ctx, async (tx) => {
            commitsWith(tx, k, n);
            await sendChecked(tx, addNth(tx, k, n));
            await lastly(tx, addNth(tx, k, n + 10), async () => new DomainError('merchant_offer_changed'));
          }),
        ),
      );
      const places = Object.entries(await rowsOf(k)).map(([n, v]) => `${n}@${v.split(':')[0]}`);
      expect(places.sort()).toEqual(['11@2', '12@3', '1@0', '2@1']);
    },
  );

  it.runIf(onPostgres)(
    'a member whose change is refused runs again on its own, the careful way after that; the others commit in the group without it (PostgreSQL)',
    async () => {
      const k = group();
      await s.db.insertInto('settings').values({ key: k, value: 'a' }).execute();
      const runs = new Map<number, string[]>();
      const told: string[] = [];
      const member = (n: number, refused: boolean) =>
        inTransaction(s.ctx, async (tx) => {
          const mine = runs.get(n) ?? [];
          runs.set(n, mine);
          mine.push(sendsAtOnce(tx) ? 'at once' : 'careful');
          commitsWith(tx, k, n);
          if (sendsAtOnce(tx)) {
            await sendChecked(tx, addNth(tx, k, n));
            if (refused) await sendChecked(tx, swap(tx, k, 'not a', 'b'));
            afterCommit(tx, () => told.push(`${n} at once`));
            onRollback(tx, () => told.push(`${n} undone`));
            return;
          }
          await tx.executeQuery(addNth(tx, k, n));
          afterCommit(tx, () => told.push(`${n} careful`));
        });
      await Promise.all([member(1, false), member(2, true), member(3, false)]);
      // 2 was refused in the group (1 and 3 undone with it), then alone, then went the careful way
      expect(runs.get(2)).toEqual(['at once', 'at once', 'careful']);
      expect(runs.get(1)).toEqual(['at once']);
      expect(runs.get(3)).toEqual(['at once']);
      expect(told.filter((t) => t.startsWith('2'))).toEqual(['2 undone', '2 undone', '2 careful']);
      expect(told.filter((t) => !t.startsWith('2')).sort()).toEqual(['1 at once', '3 at once']);
      const rows = await rowsOf(k);
      // 1 and 3 committed in the second batch, together
      expect(rows['1']!.split(':')[1]).toBe(rows['3']!.split(':')[1]);
      expect(rows['2']!.split(':')[1]).not.toBe(rows['1']!.split(':')[1]);
      expect(await storedValue(k)).toBe('a');
    },
  );

  it.runIf(onPostgres)(
    'members whose group failed twice for others run on their own: a key with many refusals costs each at most one batch more (PostgreSQL)',
    async () => {
      const k = group();
      await s.db.insertInto('settings').values({ key: k, value: 'a' }).execute();
      const runs: number[] = [];
      const member = (n: number, refused: boolean) =>
        inTransaction(s.ctx, async (tx) => {
          runs.push(n);
          commitsWith(tx, k, n);
          if (!sendsAtOnce(tx)) return;
          await sendChecked(tx, addNth(tx, k, n));
          if (refused) await sendChecked(tx, swap(tx, k, 'not a', 'b'));
        });
      await Promise.all([member(1, false), member(2, true), member(3, true), member(4, false)]);
      // the first batch failed for 2, the second (1, 3, 4) for 3: 1 and 4 then ran on their own, 2 and 3 the careful way
      expect(runs.sort()).toEqual([1, 1, 2, 2, 2, 3, 3, 3, 4, 4]);
      expect(Object.keys(await rowsOf(k)).sort()).toEqual(['1', '4']);
    },
  );

  it.runIf(onPostgres)(
    "a member whose row is locked elsewhere holds the others up for the group's lock timeout at most, then waits on its own (PostgreSQL)",
    async () => {
      const k = group();
      await s.db.insertInto('settings').values({ key: k, value: 'a' }).execute();
      const other = await pgClient();
      try {
        await other.query('BEGIN');
        await other.query('SELECT value FROM settings WHERE key = $1 FOR UPDATE', [k]);
        const committed: number[] = [];
        const started = Date.now();
        const member = (n: number, locked: boolean) =>
          inTransaction(s.ctx, async (tx) => {
            commitsWith(tx, k, n);
            if (sendsAtOnce(tx)) {
              if (locked) await sendChecked(tx, swap(tx, k, 'a', 'b'));
              await sendChecked(tx, addNth(tx, k, n));
            } else {
              await tx.updateTable('settings').set({ value: 'b' }).where('key', '=', k).where('value', '=', 'a').execute();
              await tx.executeQuery(addNth(tx, k, n));
            }
            afterCommit(tx, () => committed.push(n));
          });
        const both = Promise.all([member(1, true), member(2, false)]);
        await new Promise((resolve) => setTimeout(resolve, GROUP_LOCK_TIMEOUT_MS + 1500));
        // 2 went on without 1 once the lock timeout ended their batch; 1 still waits for the lock, on its own
        expect(committed).toEqual([2]);
        await other.query('ROLLBACK');
        await both;
        expect(committed).toEqual([2, 1]);
        expect(Date.now() - started).toBeGreaterThanOrEqual(GROUP_LOCK_TIMEOUT_MS + 1500);
        expect(await storedValue(k)).toBe('b');
      } finally {
        await other.end();
      }
    },
  );

  it.runIf(onPostgres)(
    'a member that runs any other statement sends what it kept first, on its own connection, and commits alone (PostgreSQL)',
    async () => {
      const k = group();
      const seen = await Promise.all(
        [1, 2].map((n) =>
          inTransaction(s.ctx, async (tx) => {
            commitsWith(tx, k, n);
            await sendChecked(tx, addNth(tx, k, n));
            // its own change is there for its own read
            if (n === 1) return tx.selectFrom('settings').select('key').where('key', '=', `${k}.1`).execute();
            return [];
          }),
        ),
      );
      expect(seen[0]).toEqual([{ key: `${k}.1` }]);
      const rows = await rowsOf(k);
      expect(rows['1']!.split(':')[1]).not.toBe(rows['2']!.split(':')[1]);
    },
  );
});

describe('steps run together', () => {
  /** a step that records when it started and settles after `ms`: with `value`, or failing with `fail` */
  const step = (log: string[], name: string, ms: number, fail?: string) => async () => {
    log.push(`start ${name}`);
    await new Promise((r) => setTimeout(r, ms));
    log.push(`end ${name}`);
    if (fail) throw new Error(fail);
    return name;
  };

  it('start at once on PostgreSQL, one after another on SQLite, and answer their results in order', async () => {
    const log: string[] = [];
    const results = await inTransaction(s.ctx, (tx) => together(tx, [step(log, 'a', 30), step(log, 'b', 1)]));
    expect(results).toEqual(['a', 'b']);
    expect(log).toEqual(onPostgres ? ['start a', 'start b', 'end b', 'end a'] : ['start a', 'end a', 'start b', 'end b']);
  });

  it("answer a step that throws before it returns a promise as that step's failure, in its place", async () => {
    const log: string[] = [];
    const throws = () => {
      throw new Error('thrown at once');
    };
    const failed = inTransaction(s.ctx, (tx) => together(tx, [step(log, 'a', 20, 'refused first'), throws, step(log, 'c', 1)]));
    await expect(failed).rejects.toThrow('refused first');
    const second = inTransaction(s.ctx, (tx) => together(tx, [step(log, 'd', 20), throws as () => Promise<never>]));
    await expect(second).rejects.toThrow('thrown at once');
  });

  it('fail with the failure of the first step that failed in their order, not the first heard of', async () => {
    const log: string[] = [];
    const failed = inTransaction(s.ctx, (tx) =>
      together(tx, [step(log, 'a', 1), step(log, 'b', 30, 'refused first'), step(log, 'c', 1, 'refused last')]),
    );
    await expect(failed).rejects.toThrow('refused first');
    // on SQLite the step after a failed one never starts
    expect(log.includes('start c')).toBe(onPostgres);
  });
});

describe('a create call once per request id (oncePerRequest)', () => {
  const findIn = (tx: Tx) => async (key: string) =>
    (await tx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;

  it('answers a duplicate that lost the race with the winner, nothing written twice (PostgreSQL: its transaction runs again, no savepoint)', async () => {
    const key = `once.${process.pid}.${Date.now()}`;
    let inserted!: () => void;
    const insertedFirst = new Promise<void>((r) => (inserted = r));
    const winner = inTransaction(s.ctx, (tx) =>
      oncePerRequest(tx, key, findIn(tx), async () => {
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
        return oncePerRequest(tx, key, findIn(tx), async () => {
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

  it('answers any other refusal of the create as itself, after running once more on PostgreSQL', async () => {
    const key = `once.other.${process.pid}.${Date.now()}`;
    const taken = `${key}.taken`;
    await s.db.insertInto('settings').values({ key: taken, value: 'x' }).execute();
    let runs = 0;
    const work = inTransaction(s.ctx, (tx) => {
      runs++;
      return oncePerRequest(tx, key, findIn(tx), async () => {
        await tx.insertInto('settings').values({ key: taken, value: 'y' }).execute();
        return 'never';
      });
    });
    await expect(work).rejects.toThrow(/duplicate key|UNIQUE constraint/);
    expect(runs).toBe(onPostgres ? 2 : 1);
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
    // the transaction's part of its group (`group-commit.test.ts`) in a savepoint of its own; on PostgreSQL the
    // transaction began with the first statement that needs one, the insert (the query before it ran on its own)
    const statements = seen.filter((q) => !/^(begin|begin immediate|commit|savepoint member|release member)$/.test(q));
    expect(statements).toHaveLength(4);
    expect(seen).toEqual(
      onPostgres
        ? [statements[0], 'begin', ...statements.slice(1), 'commit']
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
    const queries = seen.filter((q) => !/^(begin|begin immediate|commit|savepoint member|release member)$/.test(q));
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

  it('fail the transaction when a statement sent without waiting failed (on PostgreSQL a RELEASE travels with the next)', async () => {
    const key = `deferred.${Date.now()}`;
    const noSuchSavepoint = /savepoint "nosuch" does not exist|no such savepoint: nosuch/;
    const release = CompiledQuery.raw('RELEASE SAVEPOINT nosuch');
    // followed by another statement: that statement's caller hears of the failure
    let heard: unknown;
    const first = inTransaction(s.ctx, async (tx) => {
      await tx.insertInto('settings').values({ key, value: 'a' }).execute();
      heard = await tx
        .executeQuery(release)
        .then(() => tx.selectFrom('settings').select('key').limit(1).execute())
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      throw heard ?? new Error('no failure heard');
    });
    await expect(first).rejects.toThrow(noSuchSavepoint);
    expect(String(heard)).toMatch(noSuchSavepoint);
    // the last statement before COMMIT: the COMMIT fails with it, and nothing of the transaction is stored
    const last = inTransaction(s.ctx, async (tx) => {
      await tx.insertInto('settings').values({ key, value: 'b' }).execute();
      await tx.executeQuery(release);
    });
    await expect(last).rejects.toThrow(noSuchSavepoint);
    expect(await s.db.selectFrom('settings').select('value').where('key', '=', key).execute()).toEqual([]);
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
      await expect(work).rejects.toThrow(/not committed: PostgreSQL answered ROLLBACK/);
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
      expect(seen[0]).toMatch(/^begin( immediate)?$/);
      expect(seen.at(-1)).toBe('commit');
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

  it.runIf(onPostgres)(
    "go to PostgreSQL in one write per round trip: BEGIN and SAVEPOINT with the next statements, a Promise.all's together, RELEASE with COMMIT (PostgreSQL)",
    async () => {
      const work = (tx: Tx) =>
        withSavepoint(tx, async () => {
          await Promise.all([
            tx.selectFrom('settings').select('key').where('key', '=', 'app_name').forUpdate().execute(),
            tx.selectFrom('users').select('email').where('id', '=', 0).execute(),
          ]);
          await Promise.all([
            tx.selectFrom('settings').select('value').where('key', '=', 'app_name').execute(),
            tx.selectFrom('users').select('id').where('id', '=', 0).execute(),
          ]);
          await tx.updateTable('settings').set({ value: sql`value` }).where('key', '=', 'app_name').execute();
        });
      // once, so that the statements are prepared on the connection (a Parse message goes along once per connection)
      await inTransaction(s.ctx, work);
      // the statements each write carries: a simple query (BEGIN, SAVEPOINT, RELEASE, COMMIT) or a prepared one's Bind
      const writes = (await pgWritesBy(() => inTransaction(s.ctx, work)))
        .flat()
        .map((write) => pgMessagesOf(write).filter((type) => type === 'Q' || type === 'B').length);
      // BEGIN, SAVEPOINT and the two reads sent with them (one locks); the next two reads; the update; RELEASE and
      // COMMIT: four writes, not nine
      expect(writes).toEqual([4, 2, 1, 2]);
    },
  );

  it.runIf(onPostgres)(
    'skip what was sent in the same round trip behind a statement that failed: it never ran, nothing commits, and the connection goes on (PostgreSQL)',
    async () => {
      const key = `chained.${process.pid}.${Date.now()}`;
      await s.db.insertInto('settings').values({ key, value: 'taken' }).execute();
      const behind: unknown[] = [];
      const work = (tx: Tx) =>
        together(tx, [
          () =>
            tx
              .insertInto('settings')
              .values({ key: `${key}.a`, value: 'a' })
              .execute(),
          () => tx.insertInto('settings').values({ key, value: 'dup' }).execute(),
          () =>
            tx
              .updateTable('settings')
              .set({ value: 'changed' })
              .where('key', '=', key)
              .execute()
              .catch((err: unknown) => {
                behind.push(err);
                throw err;
              }),
        ]);
      for (let i = 0; i < 3; i++) await expect(inTransaction(s.ctx, work)).rejects.toThrow(/duplicate key/);
      // the update behind the refused insert was sent in its round trip and skipped by PostgreSQL, not refused by it
      expect(behind).toHaveLength(3);
      for (const err of behind) expect(isSkipped(err)).toBe(true);
      const stored = await s.db.selectFrom('settings').select(['key', 'value']).where('key', 'like', `${key}%`).execute();
      expect(stored).toEqual([{ key, value: 'taken' }]);
      // the pool's connections answer the next transactions as if nothing had happened
      const values = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          inTransaction(s.ctx, async (tx) => {
            await tx.updateTable('settings').set({ value: sql`value` }).where('key', '=', key).execute();
            return (await sql<{ n: number }>`select cast(${i} as integer) as n`.execute(tx)).rows[0]!.n;
          }),
        ),
      );
      expect(values).toEqual(Array.from({ length: 20 }, (_, i) => i));
    },
  );

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
