import { ADMIN_API, errorCode } from '@c2c/shared';
import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { OWNER, ownerToken, serverForFile, uniqueEmail } from '../../../test/harness.js';

const s = serverForFile();

const login = (body: Record<string, string>) =>
  s.admin<{ token: string; operator: Record<string, unknown> }>(ADMIN_API.login, body);

describe('operator sign-in', () => {
  it('needs the password and a current TOTP code, and refuses a code used once already', async () => {
    expect((await login({ email: OWNER.email, password: OWNER.password, totp: '' })).msg).toBe(
      'Please enter the 6-digit authenticator code',
    );
    const wrongTotp = await login({
      email: OWNER.email,
      password: OWNER.password,
      totp: s.totp() === '123456' ? '654321' : '123456',
    });
    expect(wrongTotp.code).toBe(errorCode('operator_login_failed'));
    const wrongPassword = await login({ email: OWNER.email, password: 'nope-nope-1', totp: s.totp() });
    expect(wrongPassword).toEqual(wrongTotp);
    const unknown = await login({ email: 'ghost@test.local', password: OWNER.password, totp: s.totp() });
    expect(unknown).toEqual(wrongTotp);

    const code = s.totp();
    const ok = await login({ email: OWNER.email, password: OWNER.password, totp: code });
    expect(ok.code).toBe(200);
    expect(ok.data.operator).toMatchObject({ email: OWNER.email, role: 'owner', name: 'Owner' });
    expect((await login({ email: OWNER.email, password: OWNER.password, totp: code })).code).toBe(
      errorCode('operator_login_failed'),
    );
    s.clock.advance(30_000);
    expect((await login({ email: OWNER.email, password: OWNER.password, totp: s.totp() })).code).toBe(200);
    s.clock.advance(30_000);
  });

  it('answers -1 without a valid admin token; a customer token is not an admin token', async () => {
    expect((await s.admin(ADMIN_API.me)).code).toBe(-1);
    expect((await s.admin(ADMIN_API.me, {}, 'A'.repeat(43))).code).toBe(-1);
  });

  it('ends the session on logout and records sign-in and sign-out in the audit log', async () => {
    const token = await ownerToken(s);
    expect((await s.admin(ADMIN_API.me, {}, token)).data).toMatchObject({ email: OWNER.email });
    expect((await s.admin(ADMIN_API.logout, {}, token)).code).toBe(200);
    expect((await s.admin(ADMIN_API.me, {}, token)).code).toBe(-1);
    const other = await ownerToken(s);
    const log = await s.admin<{ list: { action: string; operator_email: string }[] }>(
      ADMIN_API.auditList,
      { page: 1, page_size: 5 },
      other,
    );
    expect(log.data.list.map((e) => e.action).slice(0, 3)).toEqual(['auth.login', 'auth.logout', 'auth.login']);
    expect(log.data.list[0]!.operator_email).toBe(OWNER.email);
  });
});

describe('operators and roles', () => {
  it('lets the owner create operators who then sign in with their own TOTP secret; other roles are refused', async () => {
    const owner = await ownerToken(s);
    const email = uniqueEmail('finance');
    const bad = await s.admin(ADMIN_API.operatorCreate, { email, name: 'Fin', role: 'boss', password: 'Finance123' }, owner);
    expect(bad.code).toBe(errorCode('invalid_value'));
    const created = await s.admin<{ operator: { id: number; role: string }; totp_secret: string; totp_uri: string }>(
      ADMIN_API.operatorCreate,
      { email, name: 'Fin', role: 'finance', password: 'Finance123' },
      owner,
    );
    expect(created.code).toBe(200);
    expect(created.data.totp_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(
      (await s.admin(ADMIN_API.operatorCreate, { email, name: 'Fin', role: 'finance', password: 'Finance123' }, owner)).code,
    ).toBe(errorCode('operator_exists'));

    const totp = new TOTP({ secret: created.data.totp_secret }).generate({ timestamp: s.clock.now().getTime() });
    const fin = await login({ email, password: 'Finance123', totp });
    expect(fin.data.operator).toMatchObject({ role: 'finance' });
    const finToken = fin.data.token;
    expect((await s.admin(ADMIN_API.operatorList, {}, finToken)).code).toBe(errorCode('forbidden'));
    expect(
      (
        await s.admin(
          ADMIN_API.operatorCreate,
          { email: uniqueEmail(), name: 'X', role: 'owner', password: 'Owner12345' },
          finToken,
        )
      ).msg,
    ).toBe('Your role may not do this');
    expect(
      (await s.admin(ADMIN_API.settingsSave, { app_name: 'Hijack', logo: '', kf_url: '', app_url: '' }, finToken)).code,
    ).toBe(errorCode('forbidden'));
    expect((await s.admin(ADMIN_API.auditList, {}, finToken)).code).toBe(200);

    const list = await s.admin<{ list: { email: string }[]; total: number }>(
      ADMIN_API.operatorList,
      { page: 1, page_size: 100 },
      owner,
    );
    expect(list.data.list.map((o) => o.email)).toContain(email);
    expect(list.data.total).toBe(list.data.list.length);
  });
});

describe('settings and house invitation codes', () => {
  it('saves settings (validated, audited) and serves them in the public config', async () => {
    const owner = await ownerToken(s);
    const limits = { recharge_min: '20.00', recharge_max: '5000.00', withdraw_min: '15', withdraw_max: '2000.5' };
    const bad = await s.admin(
      ADMIN_API.settingsSave,
      { app_name: 'C2C Pro', logo: 'ftp://x', kf_url: '', app_url: '', ...limits },
      owner,
    );
    expect(bad.msg).toBe('Please enter a full http(s) address');
    const inverted = { app_name: 'C2C', logo: '', kf_url: '', app_url: '', ...limits, withdraw_min: '3000.00' };
    expect((await s.admin(ADMIN_API.settingsSave, inverted, owner)).code).toBe(errorCode('invalid_value'));
    const next = {
      app_name: 'C2C Pro',
      logo: 'https://cdn.example.com/logo.png',
      kf_url: 'https://t.me/c2c_help',
      app_url: 'https://c2c.example.com',
      ...limits,
    };
    // limits come back as the wire carries money (DESIGN §2), whatever form they were typed in
    const saved = { ...next, withdraw_min: '15.00', withdraw_max: '2000.50' };
    expect((await s.admin(ADMIN_API.settingsSave, next, owner)).data).toEqual(saved);
    expect((await s.admin(ADMIN_API.settingsGet, {}, owner)).data).toEqual(saved);
    const pub = await s.call('/api/v1/config/get', {});
    expect(pub.data).toMatchObject({ ...saved, langs: ['en', 'zh-Hans', 'zh-Hant', 'de', 'ja'], default_lang: 'en' });
    const log = await s.admin<{ list: { action: string; detail: string }[] }>(
      ADMIN_API.auditList,
      { keyword: 'settings' },
      owner,
    );
    expect(log.data.list[0]!.action).toBe('settings.save');
    expect(JSON.parse(log.data.list[0]!.detail).app_name).toEqual({ from: 'C2C', to: 'C2C Pro' });
  });

  it('creates, lists and deactivates house codes', async () => {
    const owner = await ownerToken(s);
    expect((await s.admin(ADMIN_API.inviteCodeCreate, { code: 'ab' }, owner)).code).toBe(errorCode('invalid_value'));
    expect((await s.admin(ADMIN_API.inviteCodeCreate, { code: 'spring26' }, owner)).data).toMatchObject({
      code: 'SPRING26',
      active: true,
    });
    expect((await s.admin(ADMIN_API.inviteCodeCreate, { code: 'SPRING26' }, owner)).code).toBe(errorCode('invite_code_taken'));
    expect((await s.admin(ADMIN_API.inviteCodeUpdate, { code: 'SPRING26', active: 'false' }, owner)).code).toBe(200);
    expect((await s.admin(ADMIN_API.inviteCodeUpdate, { code: 'NOPE99', active: 'false' }, owner)).code).toBe(
      errorCode('invite_unknown'),
    );
    const list = await s.admin<{ list: { code: string; active: boolean; uses: number }[] }>(ADMIN_API.inviteCodeList, {}, owner);
    expect(list.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'SPRING26', active: false, uses: 0 })]),
    );

    const email = uniqueEmail();
    await s.call('/api/v1/sms/send-code', { email });
    const reg = await s.call('/api/v1/user/register', {
      email,
      code: s.lastCode(email),
      password: 'Passw0rd!x',
      confirm_password: 'Passw0rd!x',
      invite_code: 'SPRING26',
    });
    expect(reg.code).toBe(errorCode('invite_unknown'));
  });
});
