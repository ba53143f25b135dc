import { API, errorCode, OK } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import {
  BANK_FORM,
  changePassword,
  checked,
  credit,
  moneyTestServer,
  ownerToken,
  PASSWORD,
  signUp,
  uniqueEmail,
} from '../../../test/harness.js';
import { merchantOffer, sellToMerchant } from '../../../test/products.js';
import { inTransaction } from '../../db/transaction.js';
import { type MoneyMail, notifyUser } from '../notify/notify.service.js';
import { describeDevice, networkOf } from './security.device.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const HOUR = 3_600_000;
const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const CHROME_WIN_NEXT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/121.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

/** A customer call with a chosen User-Agent and client address (the harness's own calls pick a random address). */
async function callAs<T = Record<string, unknown>>(
  p: string,
  body: Record<string, string>,
  opts: { ua: string; ip: string; token?: string },
) {
  const res = await fetch(s.url + p, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': opts.ip,
      'user-agent': opts.ua,
      ...(opts.token ? { 'x-access-token': opts.token } : {}),
    },
    body: new URLSearchParams({ lang: 'en', ...body }),
  });
  return checked<T>(p, await res.json());
}

/** Signs a customer up from one device and address; answers their token and e-mail. */
async function signUpOn(ua: string, ip: string, lang = 'en') {
  const email = uniqueEmail('sec');
  expect((await callAs(API.sendCode, { email, lang }, { ua, ip })).code).toBe(OK);
  const reg = await callAs<{ token: string; user: { id: number } }>(
    API.register,
    { email, code: s.lastCode(email), password: PASSWORD, confirm_password: PASSWORD, invite_code: 'HOUSE2026', lang },
    { ua, ip },
  );
  expect(reg.code).toBe(OK);
  return { email, token: reg.data.token, id: reg.data.user.id };
}

const login = (email: string, ua: string, ip: string, lang = 'en') =>
  callAs<{ token: string }>(API.login, { email, password: PASSWORD, lang }, { ua, ip });

/** Mails after commit are sent by the request's after-commit effects; give them a moment. */
const settle = () => new Promise((r) => setTimeout(r, 150));
const newDeviceMails = (email: string) => s.mails(email).filter((m) => /new sign-in|Neue Anmeldung/.test(m));
const linkIn = (mail: string) => /end-session\?token=([A-Za-z0-9_-]{43})/.exec(mail.replace(/=\r?\n/g, ''))?.[1];

type Sessions = {
  list: { id: number; device: string; ip: string; current: boolean; created_at: string; last_used_at: string }[];
};

describe('device summary', () => {
  it('reads browser, version and system from common User-Agents, and the network of an address', () => {
    expect(describeDevice(CHROME_WIN)).toBe('Chrome 120 on Windows');
    expect(describeDevice(FIREFOX_LINUX)).toBe('Firefox 128 on Linux');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari 17 on iOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      ),
    ).toBe('Edge 120 on Windows');
    expect(describeDevice('curl/8.5.0')).toBe('');
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
  });
});

describe('sessions', () => {
  it('lists the caller’s sessions with device, address and the current one, and no secret', async () => {
    const u = await signUpOn(CHROME_WIN, '203.0.113.10');
    const phone = (await login(u.email, SAFARI_IPHONE, '198.51.100.7')).data.token;
    const res = await callAs<Sessions>(API.securitySessions, {}, { ua: CHROME_WIN, ip: '203.0.113.10', token: u.token });
    expect(res.code).toBe(OK);
    expect(res.data.list).toEqual([
      expect.objectContaining({ device: 'Safari 17 on iOS', ip: '198.51.100.7', current: false }),
      expect.objectContaining({ device: 'Chrome 120 on Windows', ip: '203.0.113.10', current: true }),
    ]);
    const raw = JSON.stringify(res.data);
    expect(raw).not.toContain(u.token);
    expect(raw).not.toContain(phone);
    expect(raw).not.toMatch(/[0-9a-f]{64}/);
    expect(Object.keys(res.data.list[0]!).sort()).toEqual(['created_at', 'current', 'device', 'id', 'ip', 'last_used_at']);
    // another customer sees only their own
    const other = await signUp(s);
    expect((await s.call<Sessions>(API.securitySessions, {}, other.token)).data.list).toHaveLength(1);
  });

  it('ends one session by id (that token answers -1 at once), and never another customer’s', async () => {
    const u = await signUpOn(CHROME_WIN, '203.0.113.11');
    const phone = (await login(u.email, SAFARI_IPHONE, '198.51.100.8')).data.token;
    const list = (await s.call<Sessions>(API.securitySessions, {}, u.token)).data.list;
    const phoneId = list.find((x) => !x.current)!.id;
    const mallory = await signUp(s);
    const stolen = await s.call(API.securitySessionEnd, { id: String(phoneId) }, mallory.token);
    expect(stolen.code).toBe(errorCode('record_not_found'));
    expect((await s.call(API.getInfo, {}, phone)).code).toBe(OK);
    const ended = await s.call(API.securitySessionEnd, { id: String(phoneId) }, u.token);
    expect(ended).toMatchObject({ code: OK, data: { ended: 1 } });
    expect((await s.call(API.getInfo, {}, phone)).code).toBe(-1);
    expect((await s.call(API.getInfo, {}, u.token)).code).toBe(OK);
    expect((await s.call(API.securitySessionEnd, { id: String(phoneId) }, u.token)).code).toBe(errorCode('record_not_found'));
    // neither or both of id and all_others is refused
    expect((await s.call(API.securitySessionEnd, {}, u.token)).code).toBe(errorCode('invalid_value'));
    expect((await s.call(API.securitySessionEnd, { id: '1', all_others: '1' }, u.token)).code).toBe(errorCode('invalid_value'));
  });

  it('ends every other session with all_others=1 and keeps the caller’s', async () => {
    const u = await signUpOn(CHROME_WIN, '203.0.113.12');
    const a = (await login(u.email, SAFARI_IPHONE, '198.51.100.9')).data.token;
    const b = (await login(u.email, FIREFOX_LINUX, '192.0.2.9')).data.token;
    const other = await signUp(s);
    const res = await s.call(API.securitySessionEnd, { all_others: '1' }, u.token);
    expect(res).toMatchObject({ code: OK, data: { ended: 2 } });
    expect((await s.call(API.getInfo, {}, a)).code).toBe(-1);
    expect((await s.call(API.getInfo, {}, b)).code).toBe(-1);
    expect((await s.call(API.getInfo, {}, u.token)).code).toBe(OK);
    expect((await s.call(API.getInfo, {}, other.token)).code).toBe(OK);
    expect((await s.call<Sessions>(API.securitySessions, {}, u.token)).data.list).toHaveLength(1);
  });
});

describe('anti-phishing phrase', () => {
  it('takes 4 to 32 letters, digits and spaces of any script, trimmed; empty removes it', async () => {
    const { token } = await signUp(s);
    const set = (phrase: string, lang = 'en') => s.call(API.securityAntiPhishing, { phrase, lang }, token);
    const hint = async () =>
      (await s.call<{ anti_phishing_hint: string | null }>(API.getInfo, {}, token)).data.anti_phishing_hint;
    expect(await hint()).toBeNull();
    for (const bad of ['abc', 'x'.repeat(33), 'blue<script>', 'two  words!', 'a-b-c-d']) {
      const res = await set(bad);
      expect(res.code, bad).toBe(errorCode('anti_phishing_format'));
    }
    expect((await set('abc', 'de')).msg).toBe(
      'Der Anti-Phishing-Satz muss aus 4 bis 32 Buchstaben, Ziffern oder Leerzeichen bestehen',
    );
    expect((await set('  Blue   Heron 42  ')).code).toBe(OK);
    expect(await hint()).toBe(`B${'•'.repeat(11)}2`);
    expect((await set('青い鷺 ブルー')).code).toBe(OK);
    expect((await set('Größe Straße')).code).toBe(OK);
    expect((await set('x'.repeat(32))).code).toBe(OK);
    expect((await set('tab\there')).code).toBe(OK);
    expect(await hint()).toBe(`t${'•'.repeat(6)}e`);
    expect((await set('')).code).toBe(OK);
    expect(await hint()).toBeNull();
  });

  it('opens every kind of mail the service sends a customer who set one', async () => {
    const phrase = 'Blue Heron 42';
    const u = await signUpOn(CHROME_WIN, '203.0.113.20');
    expect((await s.call(API.securityAntiPhishing, { phrase }, u.token)).code).toBe(OK);
    const seen: string[] = [];
    const expectNewest = (kind: string) => {
      const mails = s.mails(u.email);
      const newest = mails[mails.length - 1]!;
      expect(newest, kind).toContain(`Your anti-phishing phrase: «${phrase}»`);
      seen.push(kind);
    };
    // user mails: sign-up attempt on a taken address, password reset code, password changed, new device
    s.clock.advance(61_000);
    expect((await s.call(API.sendCode, { email: u.email, scene: 'register' })).code).toBe(OK);
    expectNewest('sign-up attempt');
    expect((await s.call(API.sendCode, { email: u.email, scene: 'forget' })).code).toBe(OK);
    expectNewest('reset code');
    const changed = await changePassword(s, u.token, 'NewPassw0rd!');
    expect(changed.code).toBe(OK);
    await settle();
    expectNewest('password changed');
    const phone = await callAs(
      API.login,
      { email: u.email, password: 'NewPassw0rd!' },
      { ua: SAFARI_IPHONE, ip: '198.51.100.20' },
    );
    expect(phone.code).toBe(OK);
    await settle();
    expectNewest('new device');
    // money mails: one real flow, then every kind the notify module knows, through its one composer
    await credit(s, admin, u.token, '10');
    await settle();
    expectNewest('recharge_credited');
    const kinds: MoneyMail[] = [
      'recharge_credited',
      'recharge_rejected',
      'withdraw_paid',
      'withdraw_rejected',
      'sale_paid',
      'sale_rejected',
      'trade_paid',
      'trade_released',
      'trade_resolved_release',
      'trade_refunded',
      'trade_refund_buyer',
      'trade_disputed',
      'trade_overdue',
      'trade_expired',
      'interest_settled',
    ];
    for (const kind of kinds) {
      await inTransaction(s.ctx, (tx) => notifyUser(tx, s.ctx, u.id, [], { kind, params: { amount: '1.00' } }));
      await settle();
      expectNewest(kind);
    }
    expect(seen).toHaveLength(4 + 1 + kinds.length);
    // a customer without a phrase gets no such line
    const plain = await signUp(s);
    await credit(s, admin, plain.token, '10');
    await settle();
    expect(s.mails(plain.email).join('\n')).not.toContain('anti-phishing');
  });
});

describe('new-device mail', () => {
  it('is sent once for a new device or network and not for the sign-up device, a browser update or a known one', async () => {
    const u = await signUpOn(CHROME_WIN, '203.0.113.30', 'de');
    expect((await login(u.email, CHROME_WIN, '203.0.113.30', 'de')).code).toBe(OK);
    // the same browser family after an update, from another address in the same /24: still known
    expect((await login(u.email, CHROME_WIN_NEXT, '203.0.113.99', 'de')).code).toBe(OK);
    await settle();
    expect(newDeviceMails(u.email)).toHaveLength(0);
    // another network
    expect((await login(u.email, CHROME_WIN, '198.51.100.30', 'de')).code).toBe(OK);
    await settle();
    expect(newDeviceMails(u.email)).toHaveLength(1);
    // another browser on the first network
    expect((await login(u.email, FIREFOX_LINUX, '203.0.113.30', 'de')).code).toBe(OK);
    await settle();
    const mails = newDeviceMails(u.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain('Gerät: Firefox 128 on Linux');
    expect(mails[1]).toContain('Adresse: 203.0.113.30');
    expect(mails[1]).toMatch(/Zeit: \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\)/);
    expect(mails[1]).toMatch(/\/#\/pages\/login\/end-session\?token=/);
    // both again: known now
    expect((await login(u.email, FIREFOX_LINUX, '203.0.113.31', 'de')).code).toBe(OK);
    expect((await login(u.email, CHROME_WIN, '198.51.100.31', 'de')).code).toBe(OK);
    await settle();
    expect(newDeviceMails(u.email)).toHaveLength(2);
  });

  it('links to ending exactly that session, once', async () => {
    const u = await signUpOn(CHROME_WIN, '203.0.113.40');
    const known = (await login(u.email, CHROME_WIN, '203.0.113.40')).data.token;
    const intruder = (await login(u.email, FIREFOX_LINUX, '192.0.2.40')).data.token;
    await settle();
    const token = linkIn(newDeviceMails(u.email)[0]!)!;
    expect(token).toBeTruthy();
    const res = await s.call(API.securitySessionEndLink, { token });
    expect(res).toMatchObject({ code: OK, data: { ended: true } });
    expect((await s.call(API.getInfo, {}, intruder)).code).toBe(-1);
    expect((await s.call(API.getInfo, {}, known)).code).toBe(OK);
    expect((await s.call(API.getInfo, {}, u.token)).code).toBe(OK);
    const again = await s.call(API.securitySessionEndLink, { token, lang: 'ja' });
    expect(again).toMatchObject({
      code: errorCode('session_link_invalid'),
      msg: 'このリンクは無効です（使用済みまたは期限切れ）',
    });
    expect((await s.call(API.securitySessionEndLink, { token: 'x'.repeat(43) })).code).toBe(errorCode('session_link_invalid'));
    expect((await s.call(API.securitySessionEndLink, { token: 'short' })).code).toBe(errorCode('session_link_invalid'));
  });

  it('expires after 7 days, and answers ended: false when that session had already ended', async () => {
    const u = await signUpOn(CHROME_WIN, '203.0.113.50');
    const first = (await login(u.email, FIREFOX_LINUX, '192.0.2.50')).data.token;
    await settle();
    const stale = linkIn(newDeviceMails(u.email)[0]!)!;
    expect((await s.call(API.logout, {}, first)).code).toBe(OK);
    s.clock.advance(7 * 24 * HOUR - 60_000);
    const second = (await login(u.email, SAFARI_IPHONE, '198.51.100.50')).data.token;
    await settle();
    const fresh = linkIn(newDeviceMails(u.email)[1]!)!;
    // the first link is still within its 7 days; its session was signed out already
    expect((await s.call(API.securitySessionEndLink, { token: stale })).data).toEqual({ ended: false });
    s.clock.advance(7 * 24 * HOUR + 60_000);
    expect((await s.call(API.securitySessionEndLink, { token: fresh })).code).toBe(errorCode('session_link_invalid'));
    expect((await s.call(API.getInfo, {}, second)).code).toBe(OK);
  });
});

describe('24 hours before a payout account receives payouts', () => {
  it('refuses withdrawals and sales at 23 h 59 m with the hours left, accepts them after 24 h, and shows usable_at', async () => {
    const u = await signUp(s);
    await credit(s, admin, u.token, '100');
    const bound = await s.call<{ id: number }>(API.bankinfoCreate, BANK_FORM, u.token);
    const boundAt = s.clock.now().getTime();
    const list = await s.call<{ list: { usable_at: string }[] }>(API.bankinfoList, {}, u.token);
    const usableAt = new Date(list.data.list[0]!.usable_at).getTime();
    expect(Math.abs(usableAt - boundAt - 24 * HOUR)).toBeLessThan(5000);
    const detail = await s.call<{ usable_at: string }>(API.bankinfoDetail, { bk_id: String(bound.data.id) }, u.token);
    expect(detail.data.usable_at).toBe(list.data.list[0]!.usable_at);
    const m = await merchantOffer(s, admin, { name: 'Cooling Buyer', price: '7.10', currency: 'CNY', min: '1' });
    const withdraw = () => s.call(API.withdrawCreate, { bk_id: String(bound.data.id), amount: '10' }, u.token);
    const early = await withdraw();
    expect(early).toMatchObject({ code: errorCode('payout_account_cooling') });
    expect(early.msg).toContain('try again in 24 h');
    s.clock.advance(23 * HOUR + 59 * 60_000 - (s.clock.now().getTime() - boundAt));
    const late = await withdraw();
    expect(late.code).toBe(errorCode('payout_account_cooling'));
    expect(late.msg).toContain('try again in 1 h');
    const de = await s.call(API.withdrawCreate, { bk_id: String(bound.data.id), amount: '10', lang: 'de' }, u.token);
    expect(de.msg).toContain('in 1 h erneut versuchen');
    // a sale to a merchant pays out to the account too
    const sell = () => sellToMerchant(s, { token: u.token, bk: String(bound.data.id) }, m, '5');
    expect((await sell()).code).toBe(errorCode('payout_account_cooling'));
    expect((await s.call<{ balance: string }>(API.getMoneyInfo, {}, u.token)).data.balance).toBe('100.00');
    s.clock.advance(60_000);
    expect((await withdraw()).code).toBe(OK);
    expect((await sell()).code).toBe(OK);
  });

  it('restarts the 24 hours when an edit changes who receives the money, not for a contact detail', async () => {
    const u = await signUp(s);
    const bound = await s.call<{ id: number }>(API.bankinfoCreate, BANK_FORM, u.token);
    s.clock.advance(25 * HOUR);
    const usable = async (id: number) =>
      (await s.call<{ usable_at: string }>(API.bankinfoDetail, { bk_id: String(id) }, u.token)).data.usable_at;
    const before = await usable(bound.data.id);
    const phoneOnly = await s.call<{ id: number }>(
      API.bankinfoUpdate,
      { ...BANK_FORM, bk_id: String(bound.data.id), phone: '+49 30 1234567' },
      u.token,
    );
    expect(phoneOnly.code).toBe(OK);
    expect(await usable(phoneOnly.data.id)).toBe(before);
    const newIban = await s.call<{ id: number }>(
      API.bankinfoUpdate,
      { ...BANK_FORM, bk_id: String(phoneOnly.data.id), iban: 'GB82 WEST 1234 5698 7654 32' },
      u.token,
    );
    expect(newIban.code).toBe(OK);
    const after = new Date(await usable(newIban.data.id)).getTime();
    expect(after - s.clock.now().getTime()).toBeGreaterThan(23 * HOUR);
    await credit(s, await ownerToken(s), u.token, '20');
    const res = await s.call(API.withdrawCreate, { bk_id: String(newIban.data.id), amount: '10' }, u.token);
    expect(res.code).toBe(errorCode('payout_account_cooling'));
  });
});
