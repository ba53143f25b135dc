import { ADMIN_API, errorCode } from '@c2c/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moneyTestServer, onPostgres } from '../test/harness.js';
import { isNumericOverflow } from './db/errors.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const OFFER = { name: 'Big OTC', price: '0.92', currency: 'eur', quantity: '1000', min: '10', max: '500', methods: ['bank'] };
const PRODUCT = { name: 'Big saver', rate: '0.5', days: 30, min: '10', max: '1000', quota: '100000' };

/**
 * Numbers past what the ledger's BIGINT columns hold (micro-USDT: 9.2 x 10^18) are refused at the wire with their own
 * message, before any row is written; they used to reach the database and answer the internal error.
 */
describe('numbers too big for the ledger', () => {
  it('refuses amounts past 12 digits and prices past 9, with their own messages, and writes nothing', async () => {
    const before = (await s.admin<{ total: number }>(ADMIN_API.merchantList, { page: 1, page_size: 10 }, admin)).data.total;
    for (const [over, key, field] of [
      [{ quantity: '999999999999999' }, 'amount_too_big', 'quantity'],
      [{ max: '1000000000000' }, 'amount_too_big', 'max'],
      [{ price: '1234567890' }, 'price_too_big', 'price'],
    ] as const) {
      const r = await s.admin(ADMIN_API.merchantCreate, { ...OFFER, ...over }, admin);
      expect([r.code, r.data]).toEqual([errorCode(key), { field }]);
    }
    // the largest that fit are taken
    const fits = await s.admin(
      ADMIN_API.merchantCreate,
      { ...OFFER, quantity: '999999999999.99', max: '999999999999.99', price: '999999999.999999' },
      admin,
    );
    expect(fits.code).toBe(200);
    expect((await s.admin<{ total: number }>(ADMIN_API.merchantList, { page: 1, page_size: 10 }, admin)).data.total).toBe(
      before + 1,
    );
  });

  it('refuses an interest product one order of which could pay back more than the ledger holds, made or changed', async () => {
    const huge = await s.admin(ADMIN_API.lixibaoCreate, { ...PRODUCT, rate: '999.9999', days: 3650, max: '999999999' }, admin);
    expect(huge.code).toBe(errorCode('interest_too_large'));
    const ok = await s.admin<{ id: number }>(ADMIN_API.lixibaoCreate, PRODUCT, admin);
    expect(ok.code).toBe(200);
    // each change alone fits; the three together would not
    const changed = await s.admin(
      ADMIN_API.lixibaoUpdate,
      { id: ok.data.id, rate: '999.9999', days: 3650, max: '999999999999' },
      admin,
    );
    expect(changed.code).toBe(errorCode('interest_too_large'));
    const list = await s.admin<{ list: { id: number; rate: string; days: number }[] }>(
      ADMIN_API.lixibaoList,
      { page: 1, page_size: 100 },
      admin,
    );
    expect(list.data.list.find((p) => p.id === ok.data.id)).toMatchObject({ rate: '0.50', days: 30 });
  });

  it('knows a number too big for the database when the driver reports one (the net under the wire checks)', async () => {
    const tooBig = onPostgres
      ? sql`select 9223372036854775807::bigint + 1 as n`.execute(s.db)
      : sql`select ${10n ** 21n} as n`.execute(s.db);
    const failure = await tooBig.then(
      () => null,
      (e: unknown) => e,
    );
    expect(isNumericOverflow(failure)).toBe(true);
    expect(isNumericOverflow(new Error('UNIQUE constraint failed'))).toBe(false);
  });
});
