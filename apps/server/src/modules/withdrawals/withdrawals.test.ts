import { ADMIN_API, API, errorCode } from '@c2c/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agePayoutAccounts,
  BANK_FORM,
  changePassword,
  credit,
  germanIban,
  moneyTestServer,
  operatorOf,
  signUp,
} from '../../../test/harness.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const money = async (token: string) =>
  (await s.call<{ balance: string; frozen: string; total: string }>(API.getMoneyInfo, {}, token)).data;
/** Binds a bank account usable for withdrawals at once, as if bound over 24 hours ago (that rule: modules/security). */
const bind = async (token: string, over: Record<string, string> = {}) => {
  const bound = await s.call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM, ...over }, token);
  await agePayoutAccounts(s);
  return bound;
};

describe('bankinfo', () => {
  it('checks IBAN, SWIFT, e-mail and phone, in the caller language', async () => {
    const { token } = await signUp(s);
    const cases: [Record<string, string>, string, string][] = [
      [{ iban: 'DE89 3704 0044 0532 0130 01' }, 'IBAN format error', 'Ungültige IBAN'],
      [{ iban: 'XX00' }, 'IBAN format error', 'Ungültige IBAN'],
      [{ swift: 'COBA-DE' }, 'SWIFT/BIC format error', 'Ungültiger SWIFT/BIC-Code'],
      [{ email: 'nope' }, 'Email format error', 'Ungültiges E-Mail-Format'],
      [{ phone: '' }, 'Please enter phone number', 'Bitte Telefonnummer eingeben'],
      [{ phone: '2380013800' }, 'Phone format error', 'Ungültiges Telefonnummernformat'],
      [{ city: '' }, 'Please fill in all the fields', 'Bitte füllen Sie alle Felder aus'],
    ];
    for (const [over, en, de] of cases) {
      expect((await bind(token, { ...over, lang: 'en' })).msg).toBe(en);
      expect((await bind(token, { ...over, lang: 'de' })).msg).toBe(de);
    }
    expect((await s.call(API.bankinfoIsAdd, {}, token)).data).toEqual({ bank: false, wise: false });
  });

  it('binds bank and Wise accounts that only their owner can read', async () => {
    const alice = await signUp(s);
    const bob = await signUp(s);
    const bank = await bind(alice.token);
    expect(bank.code).toBe(200);
    const wise = await s.call<{ id: number }>(
      API.bankinfoCreate,
      { type: 'wise', full_name: 'Erika M', email: 'erika@wise.test', country: 'DE' },
      alice.token,
    );
    expect(wise.code).toBe(200);
    expect((await s.call(API.bankinfoIsAdd, {}, alice.token)).data).toEqual({ bank: true, wise: true });
    const list = await s.call<{ list: { id: number; type: string; iban: string; label: string }[] }>(
      API.bankinfoList,
      { type: 'bank' },
      alice.token,
    );
    expect(list.data.list).toEqual([
      expect.objectContaining({ id: bank.data.id, iban: 'DE89370400440532013000', label: 'Commerzbank •••• 3000' }),
    ]);
    const detail = await s.call(API.bankinfoDetail, { type: 'bank', bk_id: String(bank.data.id) }, alice.token);
    expect(detail.data).toMatchObject({ swift: 'COBADEFFXXX', city: 'Berlin' });
    expect((await s.call(API.bankinfoDetail, { bk_id: String(bank.data.id) }, bob.token)).code).toBe(
      errorCode('record_not_found'),
    );
    expect((await s.call<{ list: unknown[] }>(API.bankinfoList, {}, bob.token)).data.list).toEqual([]);
    expect((await s.call(API.bankinfoDetail, { type: 'wise', bk_id: String(bank.data.id) }, alice.token)).code).toBe(
      errorCode('record_not_found'),
    );
  });
});

describe('withdraw', () => {
  it('is refused without an account, with a short balance, outside the limits, and within 24 h of a password change', async () => {
    const { token, email } = await signUp(s);
    await credit(s, admin, token, '100');
    expect((await s.call(API.withdrawCreate, { bk_id: '999999', amount: '20' }, token)).msg).toBe(
      'Please bind a payout account first',
    );
    const other = await signUp(s);
    const othersAccount = (await bind(other.token)).data.id;
    expect((await s.call(API.withdrawCreate, { bk_id: String(othersAccount), amount: '20' }, token)).code).toBe(
      errorCode('no_payout_account'),
    );
    const bk = String((await bind(token)).data.id);
    expect((await s.call(API.withdrawCreate, { bk_id: bk, amount: '100.01' }, token)).msg).toBe(
      'Your available balance is not enough',
    );
    expect((await s.call(API.withdrawCreate, { bk_id: bk, amount: '100.01', lang: 'ja' }, token)).msg).toBe(
      '利用可能残高が不足しています',
    );
    expect((await s.call(API.withdrawCreate, { bk_id: bk, amount: '9.99' }, token)).code).toBe(errorCode('amount_too_small'));
    expect((await s.call(API.withdrawCreate, { bk_id: bk, amount: '' }, token)).msg).toBe('Please enter amount');
    expect(await money(token)).toMatchObject({ balance: '100.00', frozen: '0.00' });

    await changePassword(s, token);
    const locked = await s.call(API.withdrawCreate, { bk_id: bk, amount: '20' }, token);
    expect(locked).toMatchObject({
      code: errorCode('withdraw_locked'),
      msg: 'Withdrawals, sell listings, releases and sales to merchants are paused for 24 hours after a password change or after two-factor authentication is turned off; try again in 24 h',
    });
    s.clock.advance(23 * 3_600_000);
    expect((await s.call(API.withdrawCreate, { bk_id: bk, amount: '20' }, token)).msg).toContain('try again in 1 h');
    s.clock.advance(3_600_000);
    expect((await s.call(API.withdrawCreate, { bk_id: bk, amount: '20' }, token)).code).toBe(200);
    expect(email).toBeTruthy();
  });

  it('freezes the amount, is restored on rejection and paid on approval, with records, mails, PAID and CSV', async () => {
    const { token, email } = await signUp(s);
    await credit(s, admin, token, '500');
    const bk = String((await bind(token)).data.id);

    const first = await s.call<{ id: number }>(
      API.withdrawCreate,
      { bk_id: bk, amount: '120.25', request_id: 'wd-0000001' },
      token,
    );
    expect(first.data).toMatchObject({ status: 'auditing' });
    const retry = await s.call<{ id: number }>(
      API.withdrawCreate,
      { bk_id: bk, amount: '120.25', request_id: 'wd-0000001' },
      token,
    );
    expect(retry.data.id).toBe(first.data.id);
    expect(await money(token)).toMatchObject({ balance: '379.75', frozen: '120.25', total: '500.00' });

    const queue = await s.admin<{ list: { id: number; payout: { iban: string }; user_email: string }[] }>(
      ADMIN_API.withdrawList,
      { status: 'auditing' },
      admin,
    );
    expect(queue.data.list.find((w) => w.id === first.data.id)).toMatchObject({
      user_email: email,
      payout: { iban: '•••• 3000' },
    });

    expect(
      (await s.admin(ADMIN_API.withdrawReject, { id: first.data.id, reason: 'Name does not match the account' }, admin)).code,
    ).toBe(200);
    expect(await money(token)).toMatchObject({ balance: '500.00', frozen: '0.00' });
    expect(s.mails(email).at(-1)).toContain('Reason: Name does not match the account');
    expect((await s.admin(ADMIN_API.withdrawApprove, { id: first.data.id, reference: 'X' }, admin)).code).toBe(
      errorCode('state_conflict'),
    );

    const second = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: bk, amount: '200' }, token);
    expect((await s.admin(ADMIN_API.withdrawApprove, { id: second.data.id, reference: '' }, admin)).msg).toBe(
      'Please enter the payout reference',
    );
    expect((await s.admin(ADMIN_API.withdrawApprove, { id: second.data.id, reference: 'SEPA-2026-0042' }, admin)).code).toBe(200);
    expect(await money(token)).toMatchObject({ balance: '300.00', frozen: '0.00', total: '300.00' });
    expect(s.mails(email).at(-1)).toContain('Payout reference: SEPA-2026-0042');

    const records = await s.call<{
      list: { id: number; status: string; reason: string; reference: string; account: { label: string } }[];
    }>(API.withdrawList, {}, token);
    expect(records.data.list.map((r) => [r.id, r.status])).toEqual([
      [second.data.id, 'completed'],
      [first.data.id, 'rejected'],
    ]);
    expect(records.data.list[0]).toMatchObject({ reference: 'SEPA-2026-0042', account: { label: 'Commerzbank •••• 3000' } });

    const log = await s.call<{ list: { kind: string; amount: string; balance_after: string; paid: boolean }[] }>(
      API.assetLogList,
      { page: '1', page_size: '10' },
      token,
    );
    expect(log.data.list.map((e) => [e.kind, e.amount, e.balance_after, e.paid])).toEqual([
      ['withdraw', '-200.00', '300.00', true],
      ['withdraw_refund', '120.25', '500.00', false],
      ['withdraw', '-120.25', '379.75', false],
      ['recharge', '500.00', '500.00', false],
    ]);
    expect((await s.call(API.assetLogTongji, {}, token)).data).toEqual({
      total_balance: '300.00',
      business: '0.00',
      // the rejected 120.25 came back: it neither left nor arrived
      income: '500.00',
      expenditure: '200.00',
      quantity: 4,
    });

    const csv = await fetch(`${s.url}${API.assetLogExport}`, { method: 'POST', headers: { 'x-access-token': token } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,kind,amount,balance_after,paid,reference,income,expenditure');
    expect(lines[1]).toMatch(/,withdraw,-200\.00,300\.00,PAID,withdrawal:\d+,0\.00,200\.00$/);
    expect(lines[2]).toMatch(/,withdraw_refund,120\.25,500\.00,,withdrawal:\d+,0\.00,0\.00$/);
    expect(lines[3]).toMatch(/,withdraw,-120\.25,379\.75,,withdrawal:\d+,0\.00,0\.00$/);
    expect(lines[4]).toMatch(/,recharge,500\.00,500\.00,,recharge:\d+,500\.00,0\.00$/);
    expect(lines).toHaveLength(5);
    const anonymous = await fetch(`${s.url}${API.assetLogExport}`, { method: 'POST' });
    expect(((await anonymous.json()) as { code: number }).code).toBe(-1);
  });

  it('counts a rejected withdrawal as neither income nor expenditure, in both summaries and the export', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '500');
    const bk = String((await bind(token)).data.id);
    const w = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: bk, amount: '50.50' }, token);
    expect((await s.admin(ADMIN_API.withdrawReject, { id: w.data.id, reason: 'Wrong name' }, admin)).code).toBe(200);
    expect((await s.call(API.assetLogTongji, {}, token)).data).toEqual({
      total_balance: '500.00',
      business: '0.00',
      income: '500.00',
      expenditure: '0.00',
      quantity: 3,
    });
    expect((await s.call(API.propertyTongji, {}, token)).data).toEqual({
      balance: '500.00',
      recharge_amount: '500.00',
      total_acquisition: '0.00',
      total_sales: '0.00',
    });
    // a second withdrawal that is paid out is real expenditure
    const paid = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: bk, amount: '20' }, token);
    expect((await s.admin(ADMIN_API.withdrawApprove, { id: paid.data.id, reference: 'SEPA-1' }, admin)).code).toBe(200);
    const tongji = (await s.call<{ income: string; expenditure: string }>(API.assetLogTongji, {}, token)).data;
    expect([tongji.income, tongji.expenditure]).toEqual(['500.00', '20.00']);
    const csv = await fetch(`${s.url}${API.assetLogExport}`, { method: 'POST', headers: { 'x-access-token': token } });
    const rows = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(','));
    const sum = (col: number) => rows.reduce((t, r) => t + Math.round(Number(r[col]) * 100), 0) / 100;
    expect([sum(6), sum(7)]).toEqual([500, 20]);
  });

  it('shows payout details masked to every operator; owner and finance reveal one withdrawal at a time, audited', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '100');
    const bank = String((await bind(token)).data.id);
    const w = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: bank, amount: '30' }, token);
    const support = await operatorOf(s, admin, 'support');
    const finance = await operatorOf(s, admin, 'finance');
    type Row = { id: number; account: { label: string }; payout: Record<string, string> };
    for (const who of [support.token, finance.token, admin]) {
      const list = await s.admin<{ list: Row[] }>(ADMIN_API.withdrawList, { status: 'auditing' }, who);
      const row = list.data.list.find((r) => r.id === w.data.id)!;
      expect(row.payout).toMatchObject({
        full_name: 'Erika Mustermann',
        bank_name: 'Commerzbank',
        iban: '•••• 3000',
        phone: '•••• 8000',
        email: 'e•••@example.com',
        address: '•••',
        label: 'Commerzbank •••• 3000',
      });
      expect(JSON.stringify(row)).not.toContain('DE89370400440532013000');
      expect(JSON.stringify(row)).not.toContain('erika@example.com');
      expect(JSON.stringify(row)).not.toContain('13800138000');
    }

    expect((await s.admin(ADMIN_API.withdrawReveal, { id: w.data.id }, support.token)).code).toBe(errorCode('forbidden'));
    expect((await s.admin(ADMIN_API.withdrawReveal, { id: 999_999 }, finance.token)).code).toBe(errorCode('record_not_found'));
    const revealed = await s.admin<{ id: number; payout: Record<string, string> }>(
      ADMIN_API.withdrawReveal,
      { id: w.data.id },
      finance.token,
    );
    expect(revealed.data).toMatchObject({
      id: w.data.id,
      payout: {
        iban: 'DE89370400440532013000',
        phone: '+8613800138000',
        email: 'erika@example.com',
        address: 'Unter den Linden 1',
      },
    });
    const audit = await s.admin<{ list: { action: string; target: string; operator_email: string | null }[] }>(
      ADMIN_API.auditList,
      { keyword: `withdrawal:${w.data.id}` },
      admin,
    );
    expect(audit.data.list.filter((e) => e.action === 'withdraw.reveal')).toEqual([
      expect.objectContaining({ target: `withdrawal:${w.data.id}`, operator_email: finance.email }),
    ]);

    // a Wise account's e-mail is masked in the label as well
    const wise = await s.call<{ id: number }>(
      API.bankinfoCreate,
      { type: 'wise', full_name: 'Erika M', email: 'erika@wise.test', country: 'DE' },
      token,
    );
    await agePayoutAccounts(s);
    const ww = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: String(wise.data.id), amount: '20' }, token);
    const list = await s.admin<{ list: Row[] }>(ADMIN_API.withdrawList, { status: 'auditing' }, support.token);
    const row = list.data.list.find((r) => r.id === ww.data.id)!;
    expect([row.account.label, row.payout.label, row.payout.email]).toEqual([
      'Wise e•••@wise.test',
      'Wise e•••@wise.test',
      'e•••@wise.test',
    ]);
    for (const id of [w.data.id, ww.data.id]) await s.admin(ADMIN_API.withdrawReject, { id, reason: 'test done' }, admin);
  });

  it('freezes once when the same request_id arrives five times at once', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '100');
    const bk = String((await bind(token)).data.id);
    const body = { bk_id: bk, amount: '30', request_id: 'double-click-0001' };
    const results = await Promise.all(Array.from({ length: 5 }, () => s.call<{ id: number }>(API.withdrawCreate, body, token)));
    expect(results.map((r) => r.code)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.data.id)).size).toBe(1);
    expect(await money(token)).toMatchObject({ balance: '70.00', frozen: '30.00' });
  });

  it('lets exactly the covered number of 200 concurrent withdrawals through, and no account goes negative', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '1000');
    const bk = String((await bind(token)).data.id);
    // 1000 USDT covers 74 withdrawals of 13.50 (999.00), not 75
    const results = await Promise.all(
      Array.from({ length: 200 }, () => s.call(API.withdrawCreate, { bk_id: bk, amount: '13.50' }, token)),
    );
    const ok = results.filter((r) => r.code === 200).length;
    expect(ok).toBe(74);
    expect(results.filter((r) => r.code === errorCode('insufficient_balance'))).toHaveLength(126);
    expect(await money(token)).toMatchObject({ balance: '1.00', frozen: '999.00', total: '1000.00' });
    const n = await s.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('amount', '=', 13_500_000n)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(74);
  });
});

describe('a withdrawal, against a model of its rules', () => {
  // the rules in their order: the account (missing, another's, removed; cooling), the amount's range, the balance,
  // the daily limit of the customer's level
  const LEVELS = [
    { volume: '0', daily_withdraw: '100' },
    { volume: '50', daily_withdraw: '1000' },
    { volume: '500', daily_withdraw: '150' },
  ];
  const availableOf = async (token: string) => Number((await money(token)).balance);
  /** sets the customer's available balance to `target` by an operator's adjustment */
  const adjustBalance = async (c: { token: string; user: { id: number } }, target: number) => {
    const by = target - (await availableOf(c.token));
    if (by === 0) return;
    const adjusted = await s.admin(ADMIN_API.userAdjust, { id: c.user.id, amount: String(by), reason: 'test' }, admin);
    expect(adjusted.code).toBe(200);
  };
  it("answers as the rules say, in their order, for any account, balance, amount, day's total and level, and changes nothing when it refuses", async () => {
    expect((await s.admin(ADMIN_API.vipSave, { levels: LEVELS }, admin)).code).toBe(200);
    const a = await signUp(s);
    const b = await signUp(s);
    const own = (await bind(a.token)).data.id;
    const others = (await bind(b.token)).data.id;
    const available = () => availableOf(a.token);
    const withdrawals = async () =>
      (await s.call<{ total: number }>(API.withdrawList, { page: '1', page_size: '1' }, a.token)).data.total;
    const adjustTo = (target: number) => adjustBalance(a, target);
    // each new account its own IBAN: a customer binds an IBAN once
    let ibans = 0;
    type Scenario = {
      account: 'usable' | 'cooling' | 'removed' | 'others' | 'missing';
      balance: number;
      before: number;
      amount: number;
      override: number | null;
    };
    // mostly usable accounts and no override, so that the balance and the limits decide often
    const scenario: fc.Arbitrary<Scenario> = fc.record({
      account: fc.oneof(
        { arbitrary: fc.constant('usable' as const), weight: 6 },
        fc.constantFrom('cooling' as const, 'removed' as const, 'others' as const, 'missing' as const),
      ),
      balance: fc.constantFrom(0, 50, 100, 200, 300),
      before: fc.constantFrom(0, 10, 50, 90),
      amount: fc.constantFrom(5, 10, 40, 60, 95, 100, 150, 250),
      override: fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, fc.constantFrom(0, 1, 2)),
    });
    // always among them: a total between the smallest limit (level 0: 100) and another level's (level 2: 150), with
    // no override and with each override, and the balance deciding before the limit
    const examples: [Scenario][] = [
      [{ account: 'usable', balance: 300, before: 50, amount: 60, override: null }],
      [{ account: 'usable', balance: 300, before: 50, amount: 60, override: 0 }],
      [{ account: 'usable', balance: 300, before: 50, amount: 60, override: 1 }],
      [{ account: 'usable', balance: 300, before: 90, amount: 60, override: 2 }],
      [{ account: 'usable', balance: 300, before: 90, amount: 100, override: 2 }],
      [{ account: 'usable', balance: 50, before: 90, amount: 60, override: null }],
      [{ account: 'cooling', balance: 0, before: 0, amount: 5, override: null }],
    ];
    await fc.assert(
      fc.asyncProperty(scenario, async ({ account, balance, before, amount, override }) => {
        const level = override === null ? '' : String(override);
        expect((await s.admin(ADMIN_API.userSetVip, { id: a.user.id, level, reason: 'test' }, admin)).code).toBe(200);
        await adjustTo(balance + before);
        // today's total so far: a withdrawal still pending (each run's are rejected at its end, which uncounts them)
        const made: number[] = [];
        if (before) {
          const first = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: String(own), amount: String(before) }, a.token);
          expect(first.code).toBe(200);
          made.push(first.data.id);
        }
        let bk: number = own;
        if (account === 'cooling' || account === 'removed') {
          bk = (await s.call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM, iban: germanIban(++ibans) }, a.token)).data.id;
          if (account === 'removed') expect((await s.call(API.bankinfoDelete, { bk_id: String(bk) }, a.token)).code).toBe(200);
        }
        if (account === 'others') bk = others;
        if (account === 'missing') bk = 999_999;
        const count = await withdrawals();
        const limit = Number(LEVELS[override ?? 0]!.daily_withdraw);
        const expected =
          account === 'missing' || account === 'others' || account === 'removed'
            ? errorCode('no_payout_account')
            : account === 'cooling'
              ? errorCode('payout_account_cooling')
              : amount < 10
                ? errorCode('amount_too_small')
                : amount > balance
                  ? errorCode('insufficient_balance')
                  : before + amount > limit
                    ? errorCode('vip_daily_limit')
                    : 200;
        const res = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: String(bk), amount: String(amount) }, a.token);
        if (res.code === 200) made.push(res.data.id);
        try {
          expect(res.code).toBe(expected);
          expect(await available()).toBe(expected === 200 ? balance - amount : balance);
          expect(await withdrawals()).toBe(expected === 200 ? count + 1 : count);
        } finally {
          // the next run starts from a day without withdrawals and with at most 20 accounts, whatever this one found
          for (const id of made) await s.admin(ADMIN_API.withdrawReject, { id, reason: 'next run' }, admin);
          if (account === 'cooling') await s.call(API.bankinfoDelete, { bk_id: String(bk) }, a.token);
        }
      }),
      { numRuns: 60, examples },
    );
  });

  it('answers withdrawals sent at once as some order of them, one at a time, would: no answer or balance the model does not allow', async () => {
    expect((await s.admin(ADMIN_API.vipSave, { levels: LEVELS }, admin)).code).toBe(200);
    const a = await signUp(s);
    const own = String((await bind(a.token)).data.id);
    const available = () => availableOf(a.token);
    const frozen = async () => Number((await money(a.token)).frozen);
    const adjustTo = (target: number) => adjustBalance(a, target);
    /** the answers of `amounts` taken one at a time in this order, by the rules in theirs */
    const model = (amounts: readonly number[], balance: number, limit: number) => {
      let left = balance;
      let day = 0;
      return amounts.map((amount) => {
        if (amount < 10) return errorCode('amount_too_small');
        if (amount > left) return errorCode('insufficient_balance');
        if (day + amount > limit) return errorCode('vip_daily_limit');
        left -= amount;
        day += amount;
        return 200;
      });
    };
    const orders = <T>(items: readonly T[]): T[][] =>
      items.length <= 1 ? [[...items]] : items.flatMap((x, i) => orders(items.filter((_, j) => j !== i)).map((o) => [x, ...o]));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(5, 10, 30, 45, 60, 95, 120), { minLength: 2, maxLength: 5 }),
        fc.constantFrom(0, 40, 100, 200),
        fc.constantFrom(0, 1, 2),
        async (amounts, balance, override) => {
          expect(
            (await s.admin(ADMIN_API.userSetVip, { id: a.user.id, level: String(override), reason: 'test' }, admin)).code,
          ).toBe(200);
          await adjustTo(balance);
          const limit = Number(LEVELS[override]!.daily_withdraw);
          const answers = await Promise.all(
            amounts.map((amount) => s.call<{ id: number }>(API.withdrawCreate, { bk_id: own, amount: String(amount) }, a.token)),
          );
          const made = answers.filter((r) => r.code === 200).map((r) => r.data.id);
          try {
            const codes = answers.map((r) => r.code);
            const indexes = amounts.map((_, i) => i);
            // some order of the requests, taken one at a time, answers exactly these
            const explained = orders(indexes).some((order) => {
              const modelled = model(
                order.map((i) => amounts[i]!),
                balance,
                limit,
              );
              return order.every((i, k) => modelled[k] === codes[i]);
            });
            expect(explained, `answers ${codes} for ${amounts} from ${balance} under ${limit}`).toBe(true);
            const taken = amounts.filter((_, i) => codes[i] === 200).reduce((sum, x) => sum + x, 0);
            expect(await available()).toBe(balance - taken);
            expect(await frozen()).toBe(taken);
          } finally {
            // the next run starts from a day without withdrawals
            for (const id of made) await s.admin(ADMIN_API.withdrawReject, { id, reason: 'next run' }, admin);
          }
        },
      ),
      { numRuns: 30 },
    );
  });
});
