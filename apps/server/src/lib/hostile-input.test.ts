import { ADMIN_API, API, errorCode } from '@c2c/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { BANK_FORM, credit, moneyTestServer, signUp } from '../../test/harness.js';

/**
 * Text with control characters and ids outside the id columns' range are refused by the shared schemas with the
 * validation code on both databases (PostgreSQL used to answer `internal` for a NUL byte or an id ≥ 2^31), and
 * nothing is written.
 */
let admin: string;
let customer: { token: string; email: string };
const s = moneyTestServer((token) => (admin = token), { owner: 'once' });
beforeAll(async () => {
  customer = await signUp(s);
  await credit(s, admin, customer.token, '50');
});

const INVALID = errorCode('invalid_value');
const HOSTILE_TEXT = ['Al\u0000ice', 'tab\there', 'line\nbreak', 'del\u007F', 'c1\u0085'];
/** Only JSON carries a lone surrogate: a form encoder writes it as U+FFFD. */
const HOSTILE_JSON_TEXT = [...HOSTILE_TEXT, 'lone\uD800', 'lone\uDC00x'];
const HUGE_IDS = [2 ** 31, 2 ** 32, 2 ** 53, 1e21, -1, 0];

const count = async (table: 'payout_accounts' | 'withdrawals' | 'operators' | 'receiving_addresses') =>
  Number(
    (
      await s.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('text fields refuse control characters and lone surrogates', () => {
  it('in the nickname, leaving it unchanged', async () => {
    const before = (await s.call<{ nickname: string }>(API.getInfo, {}, customer.token)).data.nickname;
    for (const nickname of HOSTILE_TEXT) {
      expect((await s.call(API.saveInfo, { nickname }, customer.token)).code, JSON.stringify(nickname)).toBe(INVALID);
    }
    expect((await s.call<{ nickname: string }>(API.getInfo, {}, customer.token)).data.nickname).toBe(before);
    // ordinary text, CJK and emoji (a valid surrogate pair) are fine
    expect((await s.call(API.saveInfo, { nickname: ' 小明 😀 ' }, customer.token)).data).toMatchObject({ nickname: '小明 😀' });
  });

  it('in every payout account field', async () => {
    const before = await count('payout_accounts');
    for (const field of ['full_name', 'name', 'surname', 'area', 'country', 'bank_name', 'address', 'city', 'state']) {
      const res = await s.call(API.bankinfoCreate, { ...BANK_FORM, [field]: 'x\u0000y' }, customer.token);
      expect(res.code, field).toBe(INVALID);
    }
    const wise = { type: 'wise', full_name: 'Erika\u0000', email: 'erika@example.com', country: 'Germany' };
    expect((await s.call(API.bankinfoCreate, wise, customer.token)).code).toBe(INVALID);
    expect(await count('payout_accounts')).toBe(before);
  });

  it('in operator keywords, reasons, references, names and codes', async () => {
    for (const path of [ADMIN_API.auditList, ADMIN_API.rechargeList, ADMIN_API.withdrawList]) {
      for (const keyword of HOSTILE_JSON_TEXT) {
        expect((await s.admin(path, { keyword }, admin)).code, `${path} ${JSON.stringify(keyword)}`).toBe(INVALID);
      }
    }
    expect((await s.admin(ADMIN_API.rechargeReject, { id: 1, reason: 'no\u0000' }, admin)).code).toBe(INVALID);
    expect((await s.admin(ADMIN_API.withdrawReject, { id: 1, reason: '\uD83D' }, admin)).code).toBe(INVALID);
    expect((await s.admin(ADMIN_API.withdrawApprove, { id: 1, reference: 'REF\u0000' }, admin)).code).toBe(INVALID);
    const operators = await count('operators');
    const operator = { email: 'ops@example.com', name: 'Ops\u0000', role: 'support', password: 'Passw0rd!x' };
    expect((await s.admin(ADMIN_API.operatorCreate, operator, admin)).code).toBe(INVALID);
    expect(await count('operators')).toBe(operators);
    expect((await s.admin(ADMIN_API.inviteCodeUpdate, { code: 'HOUSE\u00002026', active: 'false' }, admin)).code).toBe(INVALID);
    expect((await s.admin(ADMIN_API.inviteCodeCreate, { code: 'ABCD\u0000' }, admin)).code).toBe(INVALID);
    const settings = await s.admin<Record<string, string>>(ADMIN_API.settingsGet, {}, admin);
    for (const field of ['app_name', 'logo', 'kf_url', 'app_url']) {
      const bad = { ...settings.data, [field]: `https://example.com/\u0000` };
      expect((await s.admin(ADMIN_API.settingsSave, bad, admin)).code, field).toBe(INVALID);
    }
    expect((await s.admin(ADMIN_API.settingsGet, {}, admin)).data).toEqual(settings.data);
  });
});

describe('ids outside 1..2^31-1 are refused with the validation code', () => {
  it('on customer calls', async () => {
    const withdrawals = await count('withdrawals');
    for (const id of HUGE_IDS) {
      expect((await s.call(API.bankinfoDetail, { bk_id: String(id) }, customer.token)).code, String(id)).toBe(INVALID);
      const res = await s.call(API.withdrawCreate, { bk_id: String(id), amount: '10' }, customer.token);
      expect(res.code, String(id)).toBe(INVALID);
    }
    for (const id of ['1.5', '1e3', '0x10', 'abc', '12abc', '9'.repeat(400)]) {
      expect((await s.call(API.bankinfoDetail, { bk_id: id }, customer.token)).code, id).toBe(INVALID);
    }
    // an absent id still names what is missing
    expect((await s.call(API.withdrawCreate, { amount: '10' }, customer.token)).code).toBe(errorCode('no_payout_account'));
    expect(await count('withdrawals')).toBe(withdrawals);
  });

  it('on operator calls, as JSON numbers, strings and other types', async () => {
    const addresses = await count('receiving_addresses');
    for (const id of [...HUGE_IDS, String(2 ** 31), [1], { id: 1 }, true, null, 1.5]) {
      for (const [path, extra] of [
        [ADMIN_API.rechargeApprove, {}],
        [ADMIN_API.rechargeReject, { reason: 'no' }],
        [ADMIN_API.withdrawApprove, { reference: 'REF1' }],
        [ADMIN_API.withdrawReject, { reason: 'no' }],
        [ADMIN_API.addressUpdate, { active: 'false' }],
      ] as const) {
        expect((await s.admin(path, { id, ...extra }, admin)).code, `${path} ${JSON.stringify(id)}`).toBe(INVALID);
      }
    }
    // the largest id is well-formed: it is simply not there
    const res = await s.admin(ADMIN_API.rechargeApprove, { id: 2 ** 31 - 1 }, admin);
    expect(res.code).toBe(errorCode('record_not_found'));
    expect(await count('receiving_addresses')).toBe(addresses);
  });
});
