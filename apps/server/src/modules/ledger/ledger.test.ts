import { describe, expect, it } from 'vitest';
import { serverForFile, signUp } from '../../../test/harness.js';
import type { Tx } from '../../db/transaction.js';
import { checkLedger, moneyInfo, post } from './ledger.service.js';

const s = serverForFile();

const now = () => s.clock.now();
/** `amount` from the customer's available balance to frozen, as a withdrawal posts it */
const freeze = (tx: Tx, userId: number, amount: bigint, ref: string) =>
  post(tx, {
    kind: 'withdraw',
    ref,
    actor: 'test',
    now: now(),
    legs: [
      { account: { user: userId, kind: 'available' }, amount: -amount },
      { account: { user: userId, kind: 'frozen' }, amount },
    ],
  });

describe('ledger', () => {
  it('posts a balanced journal with balances after each leg', async () => {
    const { user } = await signUp(s);
    await s.tx((tx) =>
      post(tx, {
        kind: 'adjust',
        ref: 'test:1',
        actor: 'test',
        now: now(),
        legs: [
          { account: { platform: 'adjustments' }, amount: -2_500_000n },
          { account: { user: user.id, kind: 'available' }, amount: 2_500_000n },
        ],
      }),
    );
    expect((await s.tx((tx) => moneyInfo(tx, user.id))).balance).toBe('2.50');
    expect(await s.tx(checkLedger)).toEqual({ ok: true, problems: [] });
  });

  it('commits nothing of a refused journal, even when its caller goes on past the refusal', async () => {
    const { user } = await signUp(s);
    // the available leg is refused (nothing there); the frozen one, sent with it, was written and must not commit
    const goneOn = s.tx(async (tx) => {
      const refused = await freeze(tx, user.id, 5_000_000n, 'test:caught').then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(refused).toMatchObject({ key: 'insufficient_balance' });
      return 'went on';
    });
    await expect(goneOn).rejects.toMatchObject({ key: 'insufficient_balance' });
    expect(await s.tx((tx) => moneyInfo(tx, user.id))).toMatchObject({ balance: '0.00', frozen: '0.00' });
    expect(await s.tx(checkLedger)).toEqual({ ok: true, problems: [] });
  });

  it('refuses journals that do not balance or have a zero leg', async () => {
    const { user } = await signUp(s);
    const attempt = (legs: { amount: bigint }[]) =>
      s.tx((tx) =>
        post(tx, {
          kind: 'adjust',
          ref: 'test:2',
          actor: 'test',
          now: now(),
          legs: legs.map((l, i) => ({
            account: i === 0 ? { platform: 'adjustments' as const } : { user: user.id, kind: 'available' as const },
            amount: l.amount,
          })),
        }),
      );
    await expect(attempt([{ amount: -1n }, { amount: 2n }])).rejects.toThrow(/sum to zero/);
    await expect(attempt([{ amount: 0n }, { amount: 0n }])).rejects.toThrow(/non-zero/);
    await expect(attempt([{ amount: 5n }])).rejects.toThrow(/two or more/);
  });

  it('rolls the whole journal back when a customer account would go below zero', async () => {
    const { user } = await signUp(s);
    const before = await s.tx((tx) => moneyInfo(tx, user.id));
    await expect(s.tx((tx) => freeze(tx, user.id, 1n, 'test:3'))).rejects.toMatchObject({ key: 'insufficient_balance' });
    expect(await s.tx((tx) => moneyInfo(tx, user.id))).toEqual(before);
    expect(await s.tx(checkLedger)).toEqual({ ok: true, problems: [] });
  });

  it('stores nothing of a journal whose later leg is refused, the earlier one included', async () => {
    const { user } = await signUp(s);
    const fund = (amount: bigint) =>
      s.tx((tx) =>
        post(tx, {
          kind: 'adjust',
          ref: 'test:4',
          actor: 'test',
          now: now(),
          legs: [
            { account: { platform: 'adjustments' }, amount: -amount },
            { account: { user: user.id, kind: 'available' }, amount },
          ],
        }),
      );
    await fund(5n);
    const before = await s.tx((tx) => moneyInfo(tx, user.id));
    // legs are applied in the order of their accounts: available (+3, which would pass) before frozen (-3, empty)
    const unfreeze = (legs: Parameters<typeof post>[1]['legs']) =>
      s.tx((tx) => post(tx, { kind: 'withdraw_refund', ref: 'test:5', actor: 'test', now: now(), legs }));
    await expect(
      unfreeze([
        { account: { user: user.id, kind: 'frozen' }, amount: -3n },
        { account: { user: user.id, kind: 'available' }, amount: 3n },
      ]),
    ).rejects.toMatchObject({ key: 'insufficient_balance' });
    expect(await s.tx((tx) => moneyInfo(tx, user.id))).toEqual(before);
    // an account that does not exist is a programming error, named
    await expect(
      unfreeze([
        { account: { user: user.id, kind: 'available' }, amount: -1n },
        { account: { user: 999_999_999, kind: 'frozen' }, amount: 1n },
      ]),
    ).rejects.toThrow('ledger: no account user:999999999/frozen');
    expect(await s.tx((tx) => moneyInfo(tx, user.id))).toEqual(before);
    const journals = await s.db.selectFrom('journals').select('id').where('ref', '=', 'test:5').execute();
    expect(journals).toEqual([]);
    expect(await s.tx(checkLedger)).toEqual({ ok: true, problems: [] });
  });

  it('detects a balance edited outside the ledger', async () => {
    const { user } = await signUp(s);
    await s.db.updateTable('accounts').set({ balance: 7n }).where('user_id', '=', user.id).where('kind', '=', 'escrow').execute();
    const report = await s.tx(checkLedger);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toMatch(new RegExp(`user:${user.id}/escrow\\) holds 7 but its postings sum to 0`));
    expect(report.problems.join('\n')).toContain('all accounts sum to 7, not 0');
    await s.db.updateTable('accounts').set({ balance: 0n }).where('user_id', '=', user.id).where('kind', '=', 'escrow').execute();
  });
});
