import { ADMIN_API, API, errorCode } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { agePayoutAccounts, BANK_FORM, credit, germanIban, moneyTestServer, signUp, WISE_FORM } from '../../../test/harness.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

interface Account {
  id: number;
  type: string;
  full_name: string;
  phone: string;
  iban: string;
  bank_name: string;
  label: string;
  created_at: string;
}

const bind = (token: string, over: Record<string, string> = {}) =>
  s.call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM, ...over }, token);
const list = async (token: string) => (await s.call<{ list: Account[] }>(API.bankinfoList, {}, token)).data.list;
const update = (token: string, id: number, over: Record<string, string> = {}) =>
  s.call<{ id: number }>(API.bankinfoUpdate, { ...BANK_FORM, bk_id: String(id), ...over }, token);
const remove = (token: string, id: number, lang = 'en') => s.call(API.bankinfoDelete, { bk_id: String(id), lang }, token);

describe('payout account phone numbers', () => {
  it('accepts international numbers and stores them in E.164; the mainland form becomes +86', async () => {
    const { token } = await signUp(s);
    const cases: [string, string][] = [
      ['+49 151 23456789', '+4915123456789'],
      ['+49-151-2345-6789', '+4915123456789'],
      ['+1 202 555 0143', '+12025550143'],
      ['+81 90-1234-5678', '+819012345678'],
      ['+886 912 345 678', '+886912345678'],
      ['13800138000', '+8613800138000'],
    ];
    for (const [i, [typed]] of cases.entries()) expect((await bind(token, { phone: typed, iban: germanIban(i) })).code).toBe(200);
    const stored = (await list(token)).map((a) => a.phone).reverse();
    expect(stored).toEqual(cases.map(([, e164]) => e164));

    // Wise: the phone stays optional, and a given one is normalized too
    expect((await s.call(API.bankinfoCreate, WISE_FORM, token)).code).toBe(200);
    expect((await s.call(API.bankinfoCreate, { ...WISE_FORM, phone: '' }, token)).code).toBe(200);
    expect((await s.call(API.bankinfoCreate, { ...WISE_FORM, phone: '+44 7911 123456' }, token)).code).toBe(200);
    const wise = (await list(token)).filter((a) => a.type === 'wise').map((a) => a.phone);
    expect(wise.sort()).toEqual(['', '', '+447911123456']);
  });

  it('refuses junk in the caller language, names the field, and stores nothing', async () => {
    const { token } = await signUp(s);
    const junk = [
      'abc',
      '+49 151', // too short for Germany
      '+999 12345678', // no such country code
      '4915123456789', // no + and not a mainland number
      '+4915123456789012345', // longer than E.164 allows
      '2380013800',
      '+49 151 2345678x',
    ];
    for (const phone of junk) {
      expect(await bind(token, { phone })).toEqual({
        code: errorCode('phone_format'),
        msg: 'Phone format error',
        data: { field: 'phone' },
      });
      expect((await bind(token, { phone, lang: 'de' })).msg).toBe('Ungültiges Telefonnummernformat');
      expect((await s.call(API.bankinfoCreate, { ...WISE_FORM, phone }, token)).data).toEqual({ field: 'phone' });
    }
    expect(await bind(token, { phone: '' })).toMatchObject({ msg: 'Please enter phone number', data: { field: 'phone' } });
    expect(await bind(token, { iban: 'DE00 1234' })).toMatchObject({ code: errorCode('iban_format'), data: { field: 'iban' } });
    expect(await bind(token, { type: 'card' })).toMatchObject({ code: errorCode('invalid_value'), data: { field: 'type' } });
    expect(await list(token)).toEqual([]);
  });
});

describe('payout account cap', () => {
  it('stores exactly 20 of 60 concurrent bindings and answers the rest with its own message', async () => {
    const { token } = await signUp(s);
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => bind(token, { iban: germanIban(i) })));
    expect(results.filter((r) => r.code === 200)).toHaveLength(20);
    const refused = results.filter((r) => r.code !== 200);
    expect(new Set(refused.map((r) => r.code))).toEqual(new Set([errorCode('payout_accounts_limit')]));
    expect(refused[0]?.msg).toBe('You can bind at most 20 payout accounts; remove one you no longer use first');
    expect(await list(token)).toHaveLength(20);
    expect((await bind(token, { lang: 'zh-Hant' })).msg).toBe('最多可綁定 20 個收款帳戶，請先刪除不再使用的帳戶');

    // a removed account frees its place; editing one does not take another
    const [first] = await list(token);
    expect((await update(token, first!.id, { city: 'Hamburg' })).code).toBe(200);
    expect((await bind(token)).code).toBe(errorCode('payout_accounts_limit'));
    const [latest] = await list(token);
    expect((await remove(token, latest!.id)).code).toBe(200);
    expect((await bind(token, { iban: germanIban(60) })).code).toBe(200);
    expect(await list(token)).toHaveLength(20);
  });
});

describe('one IBAN per customer', () => {
  it('refuses binding an IBAN the customer has bound already, however it is spaced or cased, at the IBAN field', async () => {
    const { token } = await signUp(s);
    const other = await signUp(s);
    const first = await bind(token);
    expect(first.code).toBe(200);
    const again = await bind(token, { iban: 'de89370400440532013000', bank_name: 'Other bank', lang: 'de' });
    expect(again).toMatchObject({
      code: errorCode('iban_bound_already'),
      msg: 'Diese IBAN haben Sie bereits verknüpft',
      data: { field: 'iban' },
    });
    expect(await list(token)).toHaveLength(1);
    // another customer may bind it; a changed account may not take the IBAN of another one of the same customer
    expect((await bind(other.token)).code).toBe(200);
    const second = (await bind(token, { iban: germanIban(7) })).data.id;
    expect((await update(token, second, { iban: BANK_FORM.iban })).code).toBe(errorCode('iban_bound_already'));
    // editing an account keeps its own IBAN
    expect((await update(token, first.data.id, { city: 'Hamburg' })).code).toBe(200);
    // once removed, the IBAN can be bound again
    expect((await remove(token, second)).code).toBe(200);
    expect((await bind(token, { iban: germanIban(7) })).code).toBe(200);
  });
});

describe('editing and removing payout accounts', () => {
  it('edits an own account as a new version: new details listed, old id gone, binding time kept', async () => {
    const alice = await signUp(s);
    const bob = await signUp(s);
    const older = (await bind(alice.token, { bank_name: 'Sparkasse', iban: germanIban(1) })).data.id;
    const original = (await bind(alice.token)).data.id;
    const before = await list(alice.token);

    // somebody else's account answers like a missing one and stays as it was
    expect((await update(bob.token, original, { bank_name: 'Mallory Bank' })).code).toBe(errorCode('record_not_found'));
    expect((await remove(bob.token, original)).code).toBe(errorCode('record_not_found'));
    // refused input changes nothing
    expect(await update(alice.token, original, { phone: '12' })).toMatchObject({ data: { field: 'phone' } });
    expect((await update(alice.token, original, { ...WISE_FORM })).code).toBe(errorCode('invalid_value'));
    expect((await update(alice.token, 999_999)).code).toBe(errorCode('record_not_found'));
    expect(await list(alice.token)).toEqual(before);

    const edited = await update(alice.token, original, {
      phone: '+49 170 1234567',
      iban: 'GB82 WEST 1234 5698 7654 32',
      bank_name: 'NatWest',
      swift: 'natwgb2l',
    });
    expect(edited.code).toBe(200);
    expect(edited.data.id).not.toBe(original);
    const after = await list(alice.token);
    expect(after.map((a) => a.id)).toEqual([edited.data.id, older]);
    expect(after[0]).toMatchObject({
      phone: '+491701234567',
      iban: 'GB82WEST12345698765432',
      swift: 'NATWGB2L',
      label: 'NatWest •••• 5432',
      created_at: before[0]!.created_at,
    });
    expect((await s.call(API.bankinfoDetail, { bk_id: String(original) }, alice.token)).code).toBe(errorCode('record_not_found'));
    expect((await update(alice.token, original)).code).toBe(errorCode('record_not_found'));
    expect((await s.call(API.withdrawCreate, { bk_id: String(original), amount: '20' }, alice.token)).code).toBe(
      errorCode('no_payout_account'),
    );
  });

  it('refuses to edit or remove an account with a withdrawal under review; afterwards history keeps the paid details', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '100');
    const bk = (await bind(token)).data.id;
    await agePayoutAccounts(s);
    const wd = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: String(bk), amount: '40' }, token);
    expect(wd.code).toBe(200);
    const before = await list(token);

    const texts: Record<string, string> = {
      en: 'A payout to this account (a withdrawal or a sale) is under review; you can change or remove the account once it is completed or rejected',
      de: 'Eine Auszahlung auf dieses Konto (Auszahlung oder Verkauf) wird gerade geprüft; Sie können das Konto ändern oder entfernen, sobald sie abgeschlossen oder abgelehnt ist',
      ja: 'この口座への支払い（出金または売却）が審査中です。完了または却下されるまで、この口座の変更・削除はできません',
      'zh-Hans': '该账户有一笔付款（提现或出售）正在审核中，待其完成或被驳回后才能修改或删除该账户',
      'zh-Hant': '此帳戶有一筆付款（提領或出售）正在審核中，待其完成或被駁回後才能修改或刪除此帳戶',
    };
    for (const [lang, msg] of Object.entries(texts)) {
      expect(await remove(token, bk, lang)).toEqual({ code: errorCode('payout_account_pending'), msg, data: {} });
      expect((await update(token, bk, { bank_name: 'Other Bank', lang })).msg).toBe(msg);
    }
    expect(await list(token)).toEqual(before);

    // the operator pays to the details the customer confirmed (revealed in full, audited)
    const revealed = await s.admin<{ payout: { iban: string; bank_name: string } }>(
      ADMIN_API.withdrawReveal,
      { id: wd.data.id },
      admin,
    );
    expect(revealed.data.payout).toMatchObject({ iban: 'DE89370400440532013000', bank_name: 'Commerzbank' });
    expect((await s.admin(ADMIN_API.withdrawApprove, { id: wd.data.id, reference: 'SEPA-7' }, admin)).code).toBe(200);

    // settled: now it may change and go, and the paid withdrawal still names the account it was paid to
    const edited = await update(token, bk, { bank_name: 'Deutsche Bank', iban: 'DE44 5001 0517 5407 3249 31' });
    expect(edited.code).toBe(200);
    expect((await remove(token, edited.data.id)).code).toBe(200);
    expect((await remove(token, edited.data.id)).code).toBe(errorCode('record_not_found'));
    expect(await list(token)).toEqual([]);
    expect((await s.call(API.bankinfoIsAdd, {}, token)).data).toEqual({ bank: false, wise: false });
    const records = await s.call<{ list: { id: number; account: { id: number; label: string } }[] }>(API.withdrawList, {}, token);
    expect(records.data.list[0]).toMatchObject({ id: wd.data.id, account: { id: bk, label: 'Commerzbank •••• 3000' } });
    const paidTo = await s.admin<{ payout: { iban: string } }>(ADMIN_API.withdrawReveal, { id: wd.data.id }, admin);
    expect(paidTo.data.payout.iban).toBe('DE89370400440532013000');
    expect((await s.call(API.withdrawCreate, { bk_id: String(edited.data.id), amount: '10' }, token)).code).toBe(
      errorCode('no_payout_account'),
    );
  });

  it('never both removes an account and records a withdrawal to it when both arrive at once', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '1000');
    for (let round = 0; round < 8; round++) {
      // an IBAN of its own each round: an account a withdrawal won stays bound
      const bound = await bind(token, { iban: germanIban(round + 1) });
      expect(bound.code).toBe(200);
      const bk = String(bound.data.id);
      await agePayoutAccounts(s);
      const [removed, withdrawn] = await Promise.all([
        s.call(API.bankinfoDelete, { bk_id: bk }, token),
        s.call(API.withdrawCreate, { bk_id: bk, amount: '10' }, token),
      ]);
      // exactly one wins: the withdrawal first (then the removal is refused) or the removal first
      if (withdrawn.code === 200) expect(removed.code).toBe(errorCode('payout_account_pending'));
      else {
        expect(withdrawn.code).toBe(errorCode('no_payout_account'));
        expect(removed.code).toBe(200);
      }
    }
  });
});
