import { API, type CallContract, CONTRACT, ContractError, errorCode, OPERATOR_ROLES } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { checked, ownerToken, PASSWORD, serverForFile, uniqueEmail } from '../test/harness.js';
import { apiRoutes } from '../test/routes.js';
import type { AppRoutes } from './routes.js';

const paths = Object.keys(CONTRACT) as (keyof typeof CONTRACT)[];

describe('the wire contract', () => {
  it('binds no handler whose answer is not the response of its call (checked when the tests are typechecked)', () => {
    const bind = (routes: AppRoutes) => {
      // @ts-expect-error withdraw/create answers the withdrawal's id and its status
      routes.call(API.withdrawCreate, async () => ({ id: 1 }));
      // @ts-expect-error a status the contract does not list
      routes.call(API.withdrawCreate, async () => ({ id: 1, status: 'paid' }));
      routes.call(API.withdrawCreate, async () => ({ id: 1, status: 'auditing' as const }));
    };
    expect(bind).toBeTypeOf('function');
  });

  const s = serverForFile();

  it('has an entry for every route the server registers under /api/, and a route for every entry', () => {
    expect(apiRoutes(s.app).sort()).toEqual(paths.map((p) => `POST ${p}`).sort());
    for (const path of paths) expect(s.app.hasRoute({ method: 'POST', url: path }), path).toBe(true);
  });

  it('fails a successful answer that does not match its schema, and leaves errors alone', () => {
    const user = {
      id: 1,
      email: 'a@b.cd',
      nickname: 'a',
      invite_code: 'ABCD2345',
      vip_level: 0,
      lang: 'en',
      created_at: '2026-01-02T03:04:05.000Z',
      withdraw_unlock_at: null,
      totp_enabled: false,
      anti_phishing_hint: null,
    };
    expect(checked(API.getInfo, { code: 200, msg: 'ok', data: user }).data).toEqual(user);
    expect(() => checked(API.getInfo, { code: 200, msg: 'ok', data: { ...user, password_hash: 'x' } })).toThrow(ContractError);
    expect(() => checked(API.getInfo, { code: 200, msg: 'ok', data: { ...user, vip_level: '0' } })).toThrow(/vip_level/);
    expect(() => checked('/api/v1/no/such', { code: 200, msg: 'ok', data: {} })).toThrow(/no contract entry/);
    expect(checked(API.getInfo, { code: -1, msg: 'Please sign in again', data: {} }).code).toBe(-1);
  });

  it('asks for a token exactly where the contract says', async () => {
    for (const path of paths) {
      const admin = path.startsWith('/api/admin/');
      const res = await fetch(s.url + path, {
        method: 'POST',
        headers: { 'content-type': admin ? 'application/json' : 'application/x-www-form-urlencoded' },
        body: admin ? '{}' : '',
      });
      const { code } = (await res.json()) as { code: number };
      expect({ path, signedOut: code === -1 }).toEqual({ path, signedOut: CONTRACT[path].auth !== 'public' });
    }
  });

  it('lets each operator role call exactly what the contract allows', async () => {
    const owner = await ownerToken(s);
    const forbidden = errorCode('forbidden');
    for (const role of OPERATOR_ROLES.filter((r) => r !== 'owner')) {
      const email = uniqueEmail(role);
      const made = await s.admin<{ totp_secret: string }>(
        '/api/admin/v1/operator/create',
        { email, name: role, role, password: PASSWORD },
        owner,
      );
      const login = await s.admin<{ token: string }>('/api/admin/v1/auth/login', {
        email,
        password: PASSWORD,
        totp: s.totp(made.data.totp_secret),
      });
      // the empty body fails validation wherever the role is let in, so nothing changes; logout would end the session
      for (const path of paths.filter((p) => CONTRACT[p].auth === 'operator' && p !== '/api/admin/v1/auth/logout')) {
        const { code } = await s.admin(path, {}, login.data.token);
        const call: CallContract = CONTRACT[path];
        const roles = call.roles ?? OPERATOR_ROLES;
        expect({ path, role, forbidden: code === forbidden }).toEqual({ path, role, forbidden: !roles.includes(role) });
      }
    }
  });
});
