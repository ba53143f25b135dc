import { describe, expect, it } from 'vitest';
import { moneyTestServer } from '../../test/harness.js';
import { prepared } from './prepared.js';
import { inTransaction } from './transaction.js';

const s = moneyTestServer();

describe('a prepared query', () => {
  it('is built once per database and answers as the query built anew would, with each call its own values', async () => {
    let builds = 0;
    const pairOf = prepared(2, (db, a: string, b: string) => {
      builds++;
      return db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [a, b]).orderBy('key');
    });
    await s.db
      .insertInto('settings')
      .values([
        { key: 'bench.a', value: '1' },
        { key: 'bench.b', value: '2' },
        { key: 'bench.c', value: '3' },
      ])
      .execute();
    for (const [a, b] of [
      ['bench.a', 'bench.b'],
      ['bench.c', 'bench.a'],
      ['bench.b', 'nothing'],
    ] as const) {
      const fresh = await s.db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', [a, b])
        .orderBy('key')
        .execute();
      expect(fresh.length).toBeGreaterThan(0);
      // inside transactions (each a Kysely of its own) as on the database itself
      expect((await inTransaction(s.ctx, (tx) => pairOf(tx, a, b))).rows).toEqual(fresh);
      expect((await pairOf(s.db, a, b)).rows).toEqual(fresh);
    }
    expect(builds).toBe(1);
  });

  it('writes with the values of its call, and the ledger guard in its SQL still holds', async () => {
    const bump = prepared(2, (db, key: string, value: string) =>
      db.updateTable('settings').set({ value }).where('key', '=', key).returning('value'),
    );
    await s.db.insertInto('settings').values({ key: 'bench.w', value: 'x' }).execute();
    expect((await bump(s.db, 'bench.w', 'y')).rows).toEqual([{ value: 'y' }]);
    expect((await bump(s.db, 'bench.none', 'z')).rows).toEqual([]);
    const row = await s.db.selectFrom('settings').select('value').where('key', '=', 'bench.w').executeTakeFirst();
    expect(row?.value).toBe('y');
  });

  it('refuses a query that does not bind every argument as a value', async () => {
    const shaped = prepared(1, (db, _unused: string) => db.selectFrom('settings').select('key'));
    await expect(shaped(s.db, 'x')).rejects.toThrow(/must bind each of its 1 arguments/);
  });
});
