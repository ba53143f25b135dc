import { API, errorCode, errorMessage } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import {
  changePassword,
  credit,
  HOUSE_CODE,
  ownerToken,
  PASSWORD,
  serverForFile,
  signIn,
  signUp,
  uniqueEmail,
} from '../../../test/harness.js';
import { post } from '../ledger/ledger.service.js';

const s = serverForFile();

const code = (k: Parameters<typeof errorCode>[0]) => errorCode(k);

describe('sms/send-code', () => {
  it('mails a 6-digit code in the caller language and refuses a resend within 60 s', async () => {
    const email = uniqueEmail();
    const first = await s.call(API.sendCode, { email, lang: 'de' });
    expect(first).toEqual({ code: 200, msg: 'ok', data: { resend_after: 60 } });
    const mail = s.mails(email)[0]!;
    expect(mail).toContain('Ihr Bestätigungscode lautet');
    expect(s.lastCode(email)).toMatch(/^\d{6}$/);

    const again = await s.call(API.sendCode, { email, lang: 'ja' });
    expect(again.code).toBe(code('code_resend_wait'));
    expect(again.msg).toMatch(/^\d+秒後に再度コードを取得してください$/);
    expect(s.mails(email)).toHaveLength(1);

    s.clock.advance(61_000);
    expect((await s.call(API.sendCode, { email })).code).toBe(200);
    expect(s.mails(email)).toHaveLength(2);
  });

  it('validates the address in the caller language', async () => {
    expect(await s.call(API.sendCode, { email: '', lang: 'en' })).toMatchObject({
      code: code('email_required'),
      msg: 'Please enter email',
    });
    expect(await s.call(API.sendCode, { email: 'nope', lang: 'en' })).toMatchObject({
      code: code('email_format'),
      msg: 'Email format error',
    });
    expect(await s.call(API.sendCode, { email: 'nope@x', lang: 'zh-CN' })).toMatchObject({ msg: '邮箱格式错误' });
    expect(await s.call(API.sendCode, { email: 'a@b', lang: 'zh-TW' })).toMatchObject({ msg: '電子郵件格式錯誤' });
  });

  it('answers a taken and a free address alike, and mails the owner a notice instead of the code it stores', async () => {
    const { email: taken } = await signUp(s, { lang: 'ja' });
    s.clock.advance(61_000); // past the resend wait of the sign-up's own code
    const free = uniqueEmail('free');
    const codesOf = async (email: string) =>
      (await s.db.selectFrom('email_codes').select('id').where('email', '=', email).execute()).length;
    const codesBefore = await codesOf(taken);
    const mailsBefore = s.mails(taken).length;

    const first = await Promise.all([taken, free].map((email) => s.call(API.sendCode, { email, lang: 'de' })));
    expect(first[0]).toEqual({ code: 200, msg: 'ok', data: { resend_after: 60 } });
    expect(first[1]).toEqual(first[0]);
    // a second try within 60 s answers alike too
    s.clock.advance(10_000);
    const second = await Promise.all([taken, free].map((email) => s.call(API.sendCode, { email, lang: 'de' })));
    // 50 s left; the test clock runs on with the real one, so a slow machine may already be a second or two on
    expect(second[0]).toMatchObject({ code: code('code_resend_wait') });
    expect([50, 49, 48].map((seconds) => errorMessage('code_resend_wait', 'de', { seconds }))).toContain(second[0]!.msg);
    expect(second[1]).toEqual(second[0]);

    // the owner is told in their own language, with the app name and the way back in; a code is stored as for any
    // address (a guess answers alike) but not mailed
    expect(await codesOf(taken)).toBe(codesBefore + 1);
    const notices = s.mails(taken).slice(mailsBefore);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('C2C');
    expect(notices[0]).toContain('このメールアドレスで C2C への登録が試みられました');
    expect(notices[0]).toContain('パスワードをお忘れですか？');
    expect(
      notices[0]!
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    ).not.toMatch(/\b\d{6}\b/);
    expect(s.mails(free).at(-1)).toContain('Ihr Bestätigungscode lautet');

    s.clock.advance(61_000);
    expect((await s.call(API.sendCode, { email: taken })).code).toBe(200);
    expect(s.mails(taken)).toHaveLength(mailsBefore + 2);
  });

  it('refuses a guessed sign-up code on a taken address like on a free one, and changes nothing', async () => {
    const { email } = await signUp(s);
    s.clock.advance(61_000);
    const free = uniqueEmail('free');
    const body = { code: '123456', password: 'Other12345', confirm_password: 'Other12345', invite_code: HOUSE_CODE };
    // without a code asked for: alike
    const before = await Promise.all([email, free].map((e) => s.call(API.register, { ...body, email: e })));
    expect(before[0]).toMatchObject({ code: code('code_expired') });
    expect(before[1]).toEqual(before[0]);
    // after one was asked for (the taken address gets a notice, the free one a code): alike, as long as the code lasts
    for (const e of [email, free]) expect((await s.call(API.sendCode, { email: e })).code).toBe(200);
    const guess = (e: string) =>
      s.call(API.register, { ...body, email: e, code: s.lastCode(free) === '123456' ? '654321' : '123456' });
    for (let i = 0; i < 5; i++) {
      const answers = await Promise.all([email, free].map(guess));
      expect(answers[0]).toMatchObject({ code: code('code_wrong') });
      expect(answers[1]).toEqual(answers[0]);
    }
    const burned = await Promise.all([email, free].map(guess));
    expect(burned[0]).toMatchObject({ code: code('code_burned') });
    expect(burned[1]).toEqual(burned[0]);
    expect((await s.call(API.login, { email, password: 'Other12345' })).code).toBe(code('login_failed'));
    expect((await signIn(s, email)).code).toBe(200);
  });

  it('answers a reset for an unknown address like one for a customer, and a guessed code alike, and mails no code', async () => {
    const { email: known } = await signUp(s);
    const unknown = uniqueEmail('ghost');
    const ask = () => Promise.all([known, unknown].map((email) => s.call(API.sendCode, { email, scene: 'forget' })));
    const first = await ask();
    expect(first[0]).toEqual({ code: 200, msg: 'ok', data: { resend_after: 60 } });
    expect(first[1]).toEqual(first[0]);
    const second = await ask();
    expect(second[0]!.code).toBe(code('code_resend_wait'));
    expect(second[1]).toEqual(second[0]);
    // the unknown address is told why no code came, and can do nothing with it
    const notice = s.mails(unknown);
    expect(notice).toHaveLength(1);
    expect(notice[0]).toContain('no account uses this address');
    expect(
      notice[0]!
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    ).not.toMatch(/\b\d{6}\b/);

    const wrong = s.lastCode(known) === '123456' ? '654321' : '123456';
    const reset = (email: string) =>
      s.call(API.forget, { email, code: wrong, password: 'Reset12345', confirm_password: 'Reset12345' });
    for (let i = 0; i < 5; i++) {
      const answers = await Promise.all([known, unknown].map(reset));
      expect(answers[0]).toMatchObject({ code: code('code_wrong') });
      expect(answers[1]).toEqual(answers[0]);
    }
    const burned = await Promise.all([known, unknown].map(reset));
    expect(burned[0]).toMatchObject({ code: code('code_burned') });
    expect(burned[1]).toEqual(burned[0]);
  });

  it('throttles codes per client address', async () => {
    const ip = '198.19.1.1';
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await s.call(API.sendCode, { email: uniqueEmail('ipcode') }, undefined, ip)).code);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(code('rate_limited'));
    expect((await s.call(API.sendCode, { email: uniqueEmail('ipcode') }, undefined, '198.19.1.2')).code).toBe(200);
  });

  it('caps the mails to one address, counting mails sent, and the latest code still finishes the sign-up', async () => {
    const email = uniqueEmail('throttle');
    // asks refused by the 60 s rule send nothing and count nothing
    for (let i = 0; i < 11; i++) await s.call(API.sendCode, { email });
    expect(s.mails(email)).toHaveLength(1);
    for (let i = 1; i < 10; i++) {
      s.clock.advance(61_000);
      expect((await s.call(API.sendCode, { email })).code).toBe(200);
    }
    expect(s.mails(email)).toHaveLength(10);
    const latest = s.lastCode(email);

    // long after the latest code would have expired, the refusal says to use it and when the next mail can go; the
    // code lasts as long again from then
    s.clock.advance(30 * 60_000);
    const refused = await s.call(API.sendCode, { email, lang: 'de' });
    expect(refused.code).toBe(code('code_mail_cap'));
    const seconds = Number(/(\d+) s/.exec(refused.msg)?.[1]);
    expect(seconds).toBeGreaterThan(3000);
    expect(seconds).toBeLessThanOrEqual(3600);
    expect(refused.msg).toBe(errorMessage('code_mail_cap', 'de', { seconds }));
    expect(s.mails(email)).toHaveLength(10);
    const reg = { email, code: latest, password: PASSWORD, confirm_password: PASSWORD, invite_code: HOUSE_CODE };
    expect((await s.call(API.register, reg)).code).toBe(200);
  });

  it('caps reset mails alike, and the customer resets with the latest code', async () => {
    const { email } = await signUp(s);
    for (let i = 0; i < 9; i++) {
      s.clock.advance(61_000);
      expect((await s.call(API.sendCode, { email, scene: 'forget' })).code).toBe(200);
    }
    const latest = s.lastCode(email);
    s.clock.advance(61_000);
    expect((await s.call(API.sendCode, { email, scene: 'forget' })).code).toBe(code('code_mail_cap'));
    s.clock.advance(20 * 60_000);
    expect((await s.call(API.sendCode, { email, scene: 'forget' })).code).toBe(code('code_mail_cap'));
    const reset = { email, code: latest, password: 'Reset12345', confirm_password: 'Reset12345' };
    expect((await s.call(API.forget, reset)).code).toBe(200);
    expect((await s.call(API.login, { email, password: 'Reset12345' })).code).toBe(200);
  });
});

describe('user/register', () => {
  const form = (email: string, over: Record<string, string> = {}) => ({
    email,
    code: '000000',
    password: PASSWORD,
    confirm_password: PASSWORD,
    invite_code: HOUSE_CODE,
    ...over,
  });

  it('answers every validation message, in English and German, and creates nothing', async () => {
    const email = uniqueEmail();
    const cases: [Record<string, string>, string, string][] = [
      [{ email: '' }, 'Please enter email', 'Bitte E-Mail-Adresse eingeben'],
      [{ email: 'bad' }, 'Email format error', 'Ungültiges E-Mail-Format'],
      [{ code: '' }, 'Please enter the email code', 'Bitte den E-Mail-Code eingeben'],
      [{ code: '12ab' }, 'The email code is 6 digits', 'Der E-Mail-Code besteht aus 6 Ziffern'],
      [{ password: '' }, 'Please enter password', 'Bitte Passwort eingeben'],
      [
        { password: 'short1', confirm_password: 'short1' },
        errorMessage('password_weak', 'en'),
        errorMessage('password_weak', 'de'),
      ],
      [
        { password: 'lettersonly', confirm_password: 'lettersonly' },
        errorMessage('password_weak', 'en'),
        errorMessage('password_weak', 'de'),
      ],
      [{ confirm_password: '' }, 'Please enter confirm password', 'Bitte Passwort bestätigen'],
      [{ invite_code: '' }, 'Invitation code cannot be empty', 'Der Einladungscode darf nicht leer sein'],
      [{ confirm_password: 'Different1' }, 'The two passwords differ', 'Die beiden Passwörter stimmen nicht überein'],
    ];
    for (const [over, en, de] of cases) {
      expect((await s.call(API.register, { ...form(email, over), lang: 'en' })).msg).toBe(en);
      expect((await s.call(API.register, { ...form(email, over), lang: 'de' })).msg).toBe(de);
    }
    expect((await signIn(s, email)).code).toBe(code('login_failed'));
  });

  it('refuses an unknown invitation code before spending a code try', async () => {
    const email = uniqueEmail();
    await s.call(API.sendCode, { email });
    const res = await s.call(API.register, form(email, { code: s.lastCode(email), invite_code: 'NOSUCH' }));
    expect(res).toMatchObject({ code: code('invite_unknown'), msg: 'This invitation code does not exist' });
    expect((await s.call(API.register, form(email, { code: s.lastCode(email) }))).code).toBe(200);
  });

  it('signs the user in, records the inviter and gives them a code of their own', async () => {
    const inviter = await signUp(s);
    const email = uniqueEmail();
    await s.call(API.sendCode, { email });
    const res = await s.call<{ token: string; user: Record<string, unknown> }>(
      API.register,
      form(email, { code: s.lastCode(email), invite_code: inviter.user.invite_code.toLowerCase() }),
    );
    expect(res.code).toBe(200);
    expect(res.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data.user).toMatchObject({ email, vip_level: 0, lang: 'en' });
    expect(res.data.user.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(res.data.user.invite_code).not.toBe(inviter.user.invite_code);
    const row = await s.db
      .selectFrom('users')
      .select(['inviter_id', 'house_code'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ inviter_id: inviter.user.id, house_code: null });
    const info = await s.call(API.getInfo, {}, res.data.token);
    expect(info.data).toMatchObject({ email, invite_code: res.data.user.invite_code });
  });

  it('burns a code after 5 wrong tries, and a code works only once', async () => {
    const email = uniqueEmail();
    await s.call(API.sendCode, { email });
    const right = s.lastCode(email);
    const wrong = right === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect((await s.call(API.register, form(email, { code: wrong }))).code).toBe(code('code_wrong'));
    }
    expect((await s.call(API.register, form(email, { code: right }))).code).toBe(code('code_burned'));

    s.clock.advance(61_000);
    await s.call(API.sendCode, { email });
    const fresh = s.lastCode(email);
    expect((await s.call(API.register, form(email, { code: fresh }))).code).toBe(200);
    expect((await s.call(API.register, form(email, { code: fresh }))).code).toBe(code('code_expired'));
  });

  it('lets a code expire after 10 minutes', async () => {
    const email = uniqueEmail();
    await s.call(API.sendCode, { email });
    s.clock.advance(601_000);
    expect((await s.call(API.register, form(email, { code: s.lastCode(email) }))).code).toBe(code('code_expired'));
  });

  it('registers one account when the same code is submitted twice at once', async () => {
    const email = uniqueEmail();
    await s.call(API.sendCode, { email });
    const body = form(email, { code: s.lastCode(email) });
    const results = await Promise.all([s.call(API.register, body), s.call(API.register, body), s.call(API.register, body)]);
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    const n = await s.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('refuses a deactivated house code', async () => {
    await s.db.updateTable('house_invite_codes').set({ active: false }).where('code', '=', HOUSE_CODE).execute();
    try {
      const email = uniqueEmail();
      await s.call(API.sendCode, { email });
      expect((await s.call(API.register, form(email, { code: s.lastCode(email) }))).code).toBe(code('invite_unknown'));
    } finally {
      await s.db.updateTable('house_invite_codes').set({ active: true }).where('code', '=', HOUSE_CODE).execute();
    }
  });
});

describe('user/login and sessions', () => {
  it('answers a wrong password and an unknown address alike', async () => {
    const { email } = await signUp(s);
    const wrong = await s.call(API.login, { email, password: 'Wrong12345' });
    const unknown = await s.call(API.login, { email: uniqueEmail('nobody'), password: 'Wrong12345' });
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ code: code('login_failed'), msg: 'Wrong email or password' });
    expect((await s.call(API.login, { email, password: 'Wrong12345', lang: 'ja' })).msg).toBe(
      'メールアドレスまたはパスワードが正しくありません',
    );
  });

  it('answers -1 for a missing, unknown or expired token, and slides expiry on use', async () => {
    const { token } = await signUp(s);
    expect((await s.call(API.getInfo, {})).code).toBe(-1);
    expect((await s.call(API.getInfo, {}, 'x'.repeat(43))).code).toBe(-1);
    expect((await s.call(API.getInfo, {}, 'garbage')).code).toBe(-1);

    s.clock.advance(29 * 86_400_000);
    expect((await s.call(API.getInfo, {}, token)).code).toBe(200); // used: expiry moves 30 days on
    s.clock.advance(29 * 86_400_000);
    expect((await s.call(API.getInfo, {}, token)).code).toBe(200);
    s.clock.advance(31 * 86_400_000);
    expect((await s.call(API.getInfo, {}, token)).code).toBe(-1);
  });

  it('answers a session up to its end and refuses it from then on, as the node keeps it too', async () => {
    const ending = (await signUp(s)).token;
    const used = (await signUp(s)).token;
    // read once: both are kept by the node's session cache from now on
    expect((await s.call(API.getInfo, {}, ending)).code).toBe(200);
    expect((await s.call(API.getInfo, {}, used)).code).toBe(200);
    // (the test clock runs on with real time: a second short of the end, and then the end passed)
    s.clock.advance(30 * 86_400_000 - 1000);
    expect((await s.call(API.getInfo, {}, used)).code).toBe(200);
    s.clock.advance(1000);
    expect((await s.call(API.getInfo, {}, ending)).code).toBe(-1);
    expect((await s.call(API.getInfo, {}, used)).code).toBe(200); // its expiry slid forward a second ago
  });

  it('keeps a second session alive when the first logs out', async () => {
    const { email, token: first } = await signUp(s);
    const second = await signIn(s, email);
    expect((await s.call(API.logout, {}, first)).code).toBe(200);
    expect((await s.call(API.getInfo, {}, first)).code).toBe(-1);
    expect((await s.call(API.getInfo, {}, second.data.token)).code).toBe(200);
  });

  it('ends every other session on a password change, keeps this one, and mails a notice', async () => {
    const { email, token: first } = await signUp(s);
    const second = (await signIn(s, email)).data.token;
    const bad = await s.call(
      API.changePassword,
      { old_password: 'Wrong12345', password: 'NewPass123', confirm_password: 'NewPass123' },
      first,
    );
    expect(bad).toMatchObject({ code: code('old_password_wrong') });
    const mismatch = await changePassword(s, first, 'NewPass123', { confirm_password: 'NewPass124', lang: 'de' });
    expect(mismatch.msg).toBe('Die beiden Passwörter stimmen nicht überein');
    expect((await s.call(API.getInfo, {}, second)).code).toBe(200);

    const ok = await changePassword(s, first, 'NewPass123');
    expect(ok.code).toBe(200);
    expect((await s.call(API.getInfo, {}, first)).code).toBe(200);
    expect((await s.call(API.getInfo, {}, second)).code).toBe(-1);
    expect((await signIn(s, email)).code).toBe(code('login_failed'));
    expect(s.mails(email).at(-1)).toContain('your password was changed');
    expect((await s.call(API.login, { email, password: 'NewPass123' })).code).toBe(200);
  });

  it('throttles password resets per client address, apart from sign-ups', async () => {
    const ip = '198.19.2.1';
    const form = { email: uniqueEmail('reset'), code: '123456', password: 'Reset12345', confirm_password: 'Reset12345' };
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await s.call(API.forget, form, undefined, ip)).code);
    expect(codes.slice(0, 20).every((c) => c === code('code_expired'))).toBe(true);
    expect(codes[20]).toBe(code('rate_limited'));
    // sign-ups from the same address still go through
    const email = uniqueEmail();
    await s.call(API.sendCode, { email });
    const reg = { email, code: s.lastCode(email), password: PASSWORD, confirm_password: PASSWORD, invite_code: HOUSE_CODE };
    expect((await s.call(API.register, reg, undefined, ip)).code).toBe(200);
  });

  it('resets a forgotten password with a mailed code and ends all sessions', async () => {
    const { email, token } = await signUp(s, { lang: 'ja' });
    expect((await s.call(API.sendCode, { email, scene: 'forget', lang: 'ja' })).code).toBe(200);
    expect(s.mails(email).at(-1)).toContain('パスワード再設定コード');
    const resetCode = s.lastCode(email);
    const weak = await s.call(API.forget, { email, code: resetCode, password: 'abc', confirm_password: 'abc', lang: 'ja' });
    expect(weak.msg).toBe(errorMessage('password_weak', 'ja'));
    const res = await s.call(API.forget, { email, code: resetCode, password: 'Reset12345', confirm_password: 'Reset12345' });
    expect(res).toEqual({ code: 200, msg: 'ok', data: {} });
    expect((await s.call(API.getInfo, {}, token)).code).toBe(-1);
    expect((await s.call(API.login, { email, password: 'Reset12345' })).code).toBe(200);
    // a register code cannot reset a password
    expect(
      (await s.call(API.forget, { email, code: resetCode, password: 'Other12345', confirm_password: 'Other12345' })).code,
    ).toBe(code('code_expired'));
  });
});

describe('userinfo', () => {
  it('saves the nickname with validation, and reads money info from the accounts table', async () => {
    const { token, user } = await signUp(s);
    expect((await s.call(API.saveInfo, { nickname: '' }, token)).msg).toBe('Please enter nickname');
    expect((await s.call(API.saveInfo, { nickname: '', lang: 'zh-Hans' }, token)).msg).toBe('请输入昵称');
    expect((await s.call(API.saveInfo, { nickname: 'x'.repeat(33) }, token)).code).toBe(code('nickname_too_long'));
    const saved = await s.call(API.saveInfo, { nickname: '  Satoshi  ' }, token);
    expect(saved.data).toMatchObject({ nickname: 'Satoshi' });
    expect((await s.call(API.getInfo, {}, token)).data).toMatchObject({ nickname: 'Satoshi' });

    const zero = await s.call(API.getMoneyInfo, {}, token);
    expect(zero.data).toEqual({ balance: '0.00', frozen: '0.00', escrow: '0.00', interest: '0.00', total: '0.00' });
    // balances are read from the ledger accounts, not a constant (money arranged through the ledger itself)
    await s.tx((tx) =>
      post(tx, {
        kind: 'adjust',
        ref: 'test:money-info',
        actor: 'test',
        now: s.clock.now(),
        legs: [
          { account: { platform: 'adjustments' }, amount: -1_235_204_913n },
          { account: { user: user.id, kind: 'available' }, amount: 1_234_500_000n },
          { account: { user: user.id, kind: 'frozen' }, amount: 704_913n },
        ],
      }),
    );
    const money = await s.call(API.getMoneyInfo, {}, token);
    expect(money.data).toEqual({
      balance: '1234.50',
      frozen: '0.704913',
      escrow: '0.00',
      interest: '0.00',
      total: '1235.204913',
    });
  });

  it('stores the language the customer switches to, and mails them in it from then on', async () => {
    const { token, email } = await signUp(s);
    expect((await s.call<{ lang: string }>(API.getInfo, {}, token)).data.lang).toBe('en');
    const bad = await s.call(API.setLang, { lang: 'fr' }, token);
    expect(bad).toMatchObject({ code: code('invalid_value') });
    expect((await s.call<{ lang: string }>(API.getInfo, {}, token)).data.lang).toBe('en');

    const switched = await s.call<{ lang: string }>(API.setLang, { lang: 'de' }, token);
    expect(switched.data.lang).toBe('de');
    expect((await s.call<{ lang: string }>(API.getInfo, {}, token)).data.lang).toBe('de');
    // a notice raised by someone else (an operator approving a recharge) goes out in the chosen language
    await credit(s, await ownerToken(s), token, '40');
    expect(s.mails(email).at(-1)).toContain('40.00 USDT gutgeschrieben');
    // and so does the notice of a password change, whatever language the device sending it has
    await changePassword(s, token, 'Changed123', { lang: 'en' });
    expect(s.mails(email).at(-1)).not.toContain('your password was changed');
    expect((await s.call(API.setLang, { lang: 'de' })).code).toBe(-1);
  });

  it('tells the app until when withdrawals are paused after a password change', async () => {
    const { token, user } = await signUp(s);
    const info = async () => (await s.call<{ withdraw_unlock_at: string | null }>(API.getInfo, {}, token)).data;
    expect((await info()).withdraw_unlock_at).toBeNull();
    const changed = await changePassword(s, token);
    expect(changed.code).toBe(200);
    const row = await s.db.selectFrom('users').select('password_changed_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    const unlock = new Date(new Date(row.password_changed_at!).getTime() + 24 * 3_600_000).toISOString();
    expect((await info()).withdraw_unlock_at).toBe(unlock);
    expect(
      (await s.call<{ withdraw_unlock_at: string | null }>(API.saveInfo, { nickname: 'Paused' }, token)).data.withdraw_unlock_at,
    ).toBe(unlock);
    s.clock.advance(23 * 3_600_000);
    expect((await info()).withdraw_unlock_at).toBe(unlock);
    s.clock.advance(3_600_000);
    expect((await info()).withdraw_unlock_at).toBeNull();
  });

  it('refuses a negative customer balance at the database', async () => {
    const { user } = await signUp(s);
    await expect(
      s.db.updateTable('accounts').set({ balance: -1n }).where('user_id', '=', user.id).where('kind', '=', 'available').execute(),
    ).rejects.toThrow();
  });
});
