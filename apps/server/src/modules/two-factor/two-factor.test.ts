import { API, errorCode } from '@c2c/shared';
import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  agePayoutAccounts,
  BANK_FORM,
  changePassword,
  credit,
  moneyTestServer,
  onPostgres,
  PASSWORD,
  signUp,
  startNode,
} from '../../../test/harness.js';
import { merchantOffer, sellToMerchant } from '../../../test/products.js';
import { act, customer, LISTING, listingWithBuyer, trade } from '../../../test/trading.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const code = (secret: string) => new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: s.clock.now().getTime() });
/** The next time step, so a new code of the same secret may be used (each step is taken once). */
const nextStep = () => s.clock.advance(30_000);

type Info = { totp_enabled: boolean; withdraw_unlock_at: string | null };
const info = async (token: string) => (await s.call<Info>(API.getInfo, {}, token)).data;
const login = (email: string, totp?: string, ip?: string) =>
  s.call<{ token: string; user: Info }>(
    API.login,
    { email, password: PASSWORD, ...(totp === undefined ? {} : { totp }) },
    undefined,
    ip,
  );
const sessionsOf = async (userId: number) =>
  (await s.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

/** A customer with two-factor on: their token, secret and recovery codes. */
async function withTwoFactor() {
  const who = await signUp(s);
  const setup = await s.call<{ secret: string; otpauth_url: string }>(API.totpSetup, {}, who.token);
  const on = await s.call<{ recovery_codes: string[] }>(API.totpEnable, { code: code(setup.data.secret) }, who.token);
  expect(on.code).toBe(200);
  nextStep();
  return { ...who, secret: setup.data.secret, recovery: on.data.recovery_codes };
}

describe('two-factor set-up', () => {
  it('answers a secret and its otpauth address, confirms it with a code and answers ten recovery codes once', async () => {
    const { token, email, user } = await signUp(s);
    expect((await info(token)).totp_enabled).toBe(false);
    expect((await s.call(API.totpEnable, { code: '123456' }, token)).code).toBe(errorCode('totp_setup_first'));

    const first = await s.call<{ secret: string; otpauth_url: string }>(API.totpSetup, {}, token);
    expect(first.code).toBe(200);
    expect(first.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(first.data.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/C2C:${email}`);
    expect(url.searchParams.get('issuer')).toBe('C2C');
    expect(url.searchParams.get('secret')).toBe(first.data.secret);
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');

    // a new set-up replaces the unconfirmed secret: a code of the first one no longer turns it on
    const second = await s.call<{ secret: string }>(API.totpSetup, {}, token);
    expect(second.data.secret).not.toBe(first.data.secret);
    expect((await s.call(API.totpEnable, { code: code(first.data.secret) }, token)).code).toBe(errorCode('totp_invalid'));
    expect((await s.call(API.totpEnable, { code: '12345' }, token, undefined)).code).toBe(errorCode('totp_invalid'));
    const wrong = await s.call(API.totpEnable, { code: '000000', lang: 'de' }, token);
    expect(wrong.msg).toBe('Der Authenticator- oder Wiederherstellungscode ist falsch oder wurde schon verwendet');
    expect((await info(token)).totp_enabled).toBe(false);

    const on = await s.call<{ recovery_codes: string[] }>(API.totpEnable, { code: code(second.data.secret) }, token);
    expect(on.code).toBe(200);
    expect(on.data.recovery_codes).toHaveLength(10);
    expect(new Set(on.data.recovery_codes).size).toBe(10);
    for (const c of on.data.recovery_codes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await info(token)).totp_enabled).toBe(true);
    expect((await s.call(API.totpSetup, {}, token)).code).toBe(errorCode('totp_on_already'));
    expect((await s.call(API.totpEnable, { code: code(second.data.secret) }, token)).code).toBe(errorCode('totp_on_already'));

    // neither the secret nor a recovery code is stored as it was answered
    const row = await s.db.selectFrom('user_totp').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.pending_secret).toBeNull();
    expect(row.secret).not.toContain(second.data.secret);
    const hashes = await s.db.selectFrom('user_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes) expect(on.data.recovery_codes).not.toContain(code_hash);
  });
});

describe('sign-in with two-factor', () => {
  it('asks for the code, opens no session without a right one, and takes each code once', async () => {
    const { email, user, secret } = await withTwoFactor();
    const before = await sessionsOf(user.id);

    const asked = await login(email);
    expect(asked.code).toBe(errorCode('totp_code_required'));
    expect(asked.msg).toBe('Enter the 6-digit code from your authenticator app, or a recovery code');
    expect((await login(email, '')).code).toBe(errorCode('totp_code_required'));
    expect((await login(email, '000000')).code).toBe(errorCode('totp_invalid'));
    expect((await login(email, 'not a code')).code).toBe(errorCode('totp_invalid'));
    expect(await sessionsOf(user.id)).toBe(before);

    const used = code(secret);
    const ok = await login(email, used);
    expect(ok.code).toBe(200);
    expect(ok.data.user.totp_enabled).toBe(true);
    expect(await sessionsOf(user.id)).toBe(before + 1);
    // the same code again, within its 30 s: refused (sent as it was: the test clock runs on, and a new step would
    // give a new code)
    expect((await login(email, used)).code).toBe(errorCode('totp_invalid'));
    nextStep();
    expect((await login(email, code(secret))).code).toBe(200);
  });

  it('takes each recovery code once, typed in any case and with or without its dash', async () => {
    const { email, recovery } = await withTwoFactor();
    const [a, b] = recovery as [string, string];
    expect((await login(email, a)).code).toBe(200);
    expect((await login(email, a)).code).toBe(errorCode('totp_invalid'));
    expect((await login(email, b.replace('-', '').toLowerCase())).code).toBe(200);
    expect((await login(email, b)).code).toBe(errorCode('totp_invalid'));
  });

  it('refuses every code after five wrong ones within 15 minutes, on every call it guards, for that customer only', async () => {
    const { email, token, secret } = await withTwoFactor();
    const other = await withTwoFactor();
    for (let i = 0; i < 5; i++) expect((await login(email, '000000')).code).toBe(errorCode('totp_invalid'));
    expect((await login(email, code(secret))).code).toBe(errorCode('rate_limited'));
    expect((await s.call(API.bankinfoCreate, { ...BANK_FORM, totp: code(secret) }, token)).code).toBe(errorCode('rate_limited'));
    expect((await login(other.email, code(other.secret))).code).toBe(200);
  });

  it('leaves customers without two-factor as they were', async () => {
    const { email, token } = await signUp(s);
    expect((await login(email)).code).toBe(200);
    expect((await login(email, '123456')).code).toBe(200);
    expect((await s.call(API.bankinfoCreate, BANK_FORM, token)).code).toBe(200);
    expect((await info(token)).totp_enabled).toBe(false);
  });
});

describe('withdrawals and payout accounts with two-factor', () => {
  it('need a fresh code to bind, change and remove a payout account', async () => {
    const { token, secret, recovery } = await withTwoFactor();
    const bind = (totp?: string) =>
      s.call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM, ...(totp ? { totp } : {}) }, token);
    expect((await bind()).code).toBe(errorCode('totp_code_required'));
    expect((await bind('111111')).code).toBe(errorCode('totp_invalid'));
    expect((await s.call<{ list: unknown[] }>(API.bankinfoList, {}, token)).data.list).toEqual([]);
    const used = code(secret);
    const bound = await bind(used);
    expect(bound.code).toBe(200);
    // the code just used is spent for every other call too (the same code: the test clock runs on, and a new 30 s step
    // would give a new one)
    const update = { ...BANK_FORM, bk_id: String(bound.data.id), city: 'Hamburg' };
    expect((await s.call(API.bankinfoUpdate, { ...update, totp: used }, token)).code).toBe(errorCode('totp_invalid'));
    expect((await s.call(API.bankinfoUpdate, update, token)).code).toBe(errorCode('totp_code_required'));
    nextStep();
    const changed = await s.call<{ id: number }>(API.bankinfoUpdate, { ...update, totp: code(secret) }, token);
    expect(changed.code).toBe(200);
    const gone = { bk_id: String(changed.data.id) };
    expect((await s.call(API.bankinfoDelete, gone, token)).code).toBe(errorCode('totp_code_required'));
    expect((await s.call(API.bankinfoDelete, { ...gone, totp: recovery[0]! }, token)).code).toBe(200);
    expect((await s.call<{ list: unknown[] }>(API.bankinfoList, {}, token)).data.list).toEqual([]);
  });

  it('needs a fresh code to withdraw; a repeated request id answers the first withdrawal without another code', async () => {
    const { token, secret } = await withTwoFactor();
    await credit(s, admin, token, '100');
    // each code is sent again as it was: the test clock runs on, and a new 30 s step would give a new one
    const bound = code(secret);
    const bk = String((await s.call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM, totp: bound }, token)).data.id);
    await agePayoutAccounts(s); // past the 24 hours a new payout account waits
    const withdraw = (over: Record<string, string>) =>
      s.call<{ id: number }>(API.withdrawCreate, { bk_id: bk, amount: '20', ...over }, token);
    expect((await withdraw({})).code).toBe(errorCode('totp_code_required'));
    expect((await withdraw({ totp: bound })).code).toBe(errorCode('totp_invalid'));
    nextStep();
    const fresh = code(secret);
    const first = await withdraw({ totp: fresh, request_id: `w-${process.pid}-2fa` });
    expect(first.code).toBe(200);
    expect((await withdraw({ totp: fresh, request_id: `w-${process.pid}-2fa` })).data).toEqual(first.data);
    expect((await withdraw({ totp: fresh })).code).toBe(errorCode('totp_invalid'));
    const money = await s.call<{ balance: string; frozen: string }>(API.getMoneyInfo, {}, token);
    expect(money.data).toMatchObject({ balance: '80.00', frozen: '20.00' });
  });
});

describe('money leaving through customers and merchants with two-factor', () => {
  it('a stolen session cannot list, release or sell to a merchant without a fresh code', async () => {
    const victim = await withTwoFactor();
    await credit(s, admin, victim.token, '1000');
    const bk = String(
      (await s.call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM, totp: code(victim.secret) }, victim.token)).data.id,
    );
    await agePayoutAccounts(s);
    nextStep();
    const balance = async () => (await s.call<{ balance: string }>(API.getMoneyInfo, {}, victim.token)).data.balance;

    // the thief's cheap listing, and a sale to a merchant: both refused without a code, nothing moves
    const list = (over: Record<string, string> = {}) =>
      s.call<{ id: number }>(
        API.sellingCreate,
        { ...LISTING, number: '1000', price: '0.01', min: '1', max: '1000', bk_id: bk, ...over },
        victim.token,
      );
    expect((await list()).code).toBe(errorCode('totp_code_required'));
    expect((await list({ totp: '000000' })).code).toBe(errorCode('totp_invalid'));
    const merchant = await merchantOffer(s, admin, { quantity: '5000', max: '1000' });
    const sale = (over: Record<string, string> = {}) => sellToMerchant(s, { token: victim.token, bk }, merchant, '1000', over);
    expect((await sale()).code).toBe(errorCode('totp_code_required'));
    expect(await balance()).toBe('1000.00');

    // the owner's own listing, with a code; a buyer takes and pays part of it
    const listed = await list({ number: '100', price: '0.92', max: '100', totp: code(victim.secret) });
    expect(listed.code).toBe(200);
    nextStep();
    const buyer = await customer(s, admin);
    const tradeId = await trade(s, buyer, listed.data.id, '50');
    expect((await act(s, buyer, API.tradePaid, tradeId)).code).toBe(200);

    // the release needs a fresh code too: without one the USDT stay in escrow
    const release = (over: Record<string, string> = {}) =>
      s.call<{ status: string }>(API.tradeRelease, { id: String(tradeId), ...over }, victim.token);
    expect((await release()).code).toBe(errorCode('totp_code_required'));
    expect((await release({ totp: '000000' })).code).toBe(errorCode('totp_invalid'));
    expect((await s.call<{ balance: string }>(API.getMoneyInfo, {}, buyer.token)).data.balance).toBe('0.00');
    const released = await release({ totp: code(victim.secret) });
    expect(released.code).toBe(200);
    expect(released.data.status).toBe('completed');
    nextStep();
    expect((await sale({ number: '10', totp: code(victim.secret) })).code).toBe(200);
    expect(await balance()).toBe('890.00');
  });

  it('pauses listings, releases and merchant sales for 24 hours after a password change', async () => {
    const { seller, buyer, listingId } = await listingWithBuyer(s, admin, '300', { number: '100', min: '10', max: '100' });
    const tradeId = await trade(s, buyer, listingId, '20');
    expect((await act(s, buyer, API.tradePaid, tradeId)).code).toBe(200);
    const changed = await changePassword(s, seller.token, 'Another123x');
    expect(changed.code).toBe(200);
    const locked = errorCode('withdraw_locked');
    expect((await act(s, seller, API.tradeRelease, tradeId)).code).toBe(locked);
    expect((await s.call(API.sellingCreate, { ...LISTING, bk_id: seller.bk }, seller.token)).code).toBe(locked);
    const merchant = await merchantOffer(s, admin, { quantity: '5000', max: '1000' });
    expect((await sellToMerchant(s, seller, merchant, '10')).code).toBe(locked);
    s.clock.advance(24 * 3_600_000);
    expect((await act(s, seller, API.tradeRelease, tradeId)).code).toBe(200);
    expect((await sellToMerchant(s, seller, merchant, '10')).code).toBe(200);
  });
});

describe('the wrong-code limit under concurrency', () => {
  it('checks exactly five of 200 wrong codes sent at once, on every node', async () => {
    const { token, secret } = await withTwoFactor();
    const node = onPostgres ? await startNode(s) : undefined;
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => {
          const call = node && i % 2 ? node.call : s.call;
          return call(API.bankinfoCreate, { ...BANK_FORM, totp: String(100000 + i) }, token);
        }),
      );
      const codes = answers.map((a) => a.code);
      expect(codes.filter((c) => c === errorCode('totp_invalid'))).toHaveLength(5);
      expect(codes.filter((c) => c === errorCode('rate_limited'))).toHaveLength(195);
      // and a right code is refused too until the window ends
      expect((await s.call(API.bankinfoCreate, { ...BANK_FORM, totp: code(secret) }, token)).code).toBe(
        errorCode('rate_limited'),
      );
    } finally {
      await node?.close();
    }
  });

  it('gives a right code its try back: six sign-ins with right codes in a row are not limited', async () => {
    const { email, secret } = await withTwoFactor();
    for (let i = 0; i < 6; i++) {
      expect((await login(email, code(secret))).code).toBe(200);
      nextStep();
    }
  });
});

describe('turning two-factor off', () => {
  it('needs a code and pauses withdrawals for 24 hours', async () => {
    const { token, email, secret, recovery, user } = await withTwoFactor();
    await credit(s, admin, token, '50');
    const bk = String((await s.call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM, totp: recovery[1]! }, token)).data.id);
    expect((await s.call(API.totpDisable, {}, token)).code).toBe(errorCode('totp_code_required'));
    expect((await s.call(API.totpDisable, { code: '222222' }, token)).code).toBe(errorCode('totp_invalid'));
    expect((await s.call(API.totpDisable, { code: recovery[1]! }, token)).code).toBe(errorCode('totp_invalid'));
    expect((await info(token)).totp_enabled).toBe(true);

    const off = await s.call(API.totpDisable, { code: code(secret) }, token);
    expect(off.code).toBe(200);
    const now = s.clock.now().getTime();
    const after = await info(token);
    expect(after.totp_enabled).toBe(false);
    const unlock = new Date(after.withdraw_unlock_at!).getTime();
    expect(unlock - now).toBeGreaterThan(24 * 3_600_000 - 5_000);
    expect(unlock - now).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await s.call(API.totpDisable, { code: code(secret) }, token)).code).toBe(errorCode('totp_off_already'));
    const rows = await s.db.selectFrom('user_recovery_codes').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);

    // signs in without a code again, but may not withdraw for 24 hours
    expect((await login(email)).code).toBe(200);
    const withdraw = () => s.call(API.withdrawCreate, { bk_id: bk, amount: '20' }, token);
    expect((await withdraw()).msg).toBe(
      'Withdrawals, sell listings, releases and sales to merchants are paused for 24 hours after a password change or after two-factor authentication is turned off; try again in 24 h',
    );
    s.clock.advance(23 * 3_600_000);
    expect((await withdraw()).code).toBe(errorCode('withdraw_locked'));
    s.clock.advance(3_600_000);
    expect((await withdraw()).code).toBe(200);
    expect((await info(token)).withdraw_unlock_at).toBeNull();
  });

  it('mails the customer when it is turned on and when it is turned off, with their anti-phishing phrase', async () => {
    const who = await signUp(s);
    expect((await s.call(API.securityAntiPhishing, { phrase: 'Green Otter 7' }, who.token)).code).toBe(200);
    const newest = () => s.mails(who.email).at(-1) ?? '';
    const setup = await s.call<{ secret: string }>(API.totpSetup, {}, who.token);
    expect((await s.call(API.totpEnable, { code: code(setup.data.secret) }, who.token)).code).toBe(200);
    await expect.poll(newest).toContain('two-factor authentication is on');
    expect(newest()).toContain('Your anti-phishing phrase: «Green Otter 7»');
    nextStep();
    expect((await s.call(API.totpDisable, { code: code(setup.data.secret), lang: 'de' }, who.token)).code).toBe(200);
    // the mail is in the customer's own language (en at sign-up), not the language of the call
    await expect.poll(newest).toContain('two-factor authentication was turned off');
    expect(newest()).toContain('withdrawals are paused for 24 hours');
    expect(newest()).toContain('Your anti-phishing phrase: «Green Otter 7»');
    // a refused attempt changes nothing and mails nothing
    const count = s.mails(who.email).length;
    expect((await s.call(API.totpDisable, { code: '000000' }, who.token)).code).toBe(errorCode('totp_off_already'));
    expect(s.mails(who.email)).toHaveLength(count);
  });

  it('can be turned on again with a new secret', async () => {
    const { token, email, secret } = await withTwoFactor();
    expect((await s.call(API.totpDisable, { code: code(secret) }, token)).code).toBe(200);
    const setup = await s.call<{ secret: string }>(API.totpSetup, {}, token);
    expect(setup.data.secret).not.toBe(secret);
    nextStep();
    expect((await s.call(API.totpEnable, { code: code(setup.data.secret) }, token)).code).toBe(200);
    nextStep();
    expect((await login(email, code(secret))).code).toBe(errorCode('totp_invalid'));
    expect((await login(email, code(setup.data.secret))).code).toBe(200);
  });
});
