import { ADMIN_API, API, errorCode } from '@c2c/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { credit, operatorOf, ownerToken, PASSWORD, startServer, type TestServer, uniqueEmail } from '../../../test/harness.js';
import { DEMO_CUSTOMER } from '../../seed.js';
import { checkLedger } from '../ledger/ledger.service.js';

let s: TestServer | undefined;
afterEach(async () => {
  if (s) expect(await s.tx(checkLedger)).toEqual({ ok: true, problems: [] });
  await s?.close();
  s = undefined;
});

/** A fresh local install with demo data, as `npm start` seeds it on an empty database. */
async function demoInstall() {
  s = await startServer({ env: { SEED_DEMO: 'true' } });
  return { s, admin: await ownerToken(s) };
}

const demoLogin = (server: TestServer) =>
  server.call<{ token: string; user: { invite_code: string } }>(API.login, {
    email: DEMO_CUSTOMER.email,
    password: DEMO_CUSTOMER.password,
  });

describe('demo data', () => {
  it('marks the demo addresses as demo for customers and operators', async () => {
    const { s, admin } = await demoInstall();
    const demo = await demoLogin(s);
    expect(demo.code).toBe(200);
    for (const type of ['TRC20', 'ERC20']) {
      const res = await s.call<{ address: { type: string; demo: boolean } }>(API.rechargeAddress, { type }, demo.data.token);
      expect(res.data.address).toMatchObject({ type, demo: true });
    }
    const list = await s.admin<{ list: { id: number; type: string; demo: boolean }[] }>(ADMIN_API.addressList, {}, admin);
    expect(list.data.list.map((a) => [a.type, a.demo])).toEqual([
      ['ERC20', true],
      ['TRC20', true],
    ]);
    // an operator's own address replaces the demo one and is not demo data
    const erc = list.data.list.find((a) => a.type === 'ERC20')!;
    const replaced = await s.admin<{ demo: boolean }>(
      ADMIN_API.addressUpdate,
      { id: erc.id, address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F' },
      admin,
    );
    expect(replaced.data.demo).toBe(false);
    const res = await s.call<{ address: { demo: boolean } }>(API.rechargeAddress, { type: 'ERC20' }, demo.data.token);
    expect(res.data.address.demo).toBe(false);
  });

  it("refuses the demo customer's invitation code at sign-up", async () => {
    const { s } = await demoInstall();
    const demo = await demoLogin(s);
    const email = uniqueEmail('invited');
    await s.call(API.sendCode, { email });
    const res = await s.call(API.register, {
      email,
      code: s.lastCode(email),
      password: PASSWORD,
      confirm_password: PASSWORD,
      invite_code: demo.data.user.invite_code,
      lang: 'de',
    });
    expect(res.code).toBe(errorCode('invite_unknown'));
    expect(await s.db.selectFrom('users').select('email').where('email', '=', email).execute()).toEqual([]);
  });

  it('is shown to every operator and removed by an owner in one audited action', async () => {
    const { s, admin } = await demoInstall();
    const support = (await operatorOf(s, admin, 'support')).token;
    expect((await s.admin(ADMIN_API.demoStatus, {}, support)).data).toEqual({
      present: true,
      addresses: [
        { type: 'ERC20', address: '0x000000000000000000000000000000000000dEaD' },
        { type: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
      ],
      customer: { email: DEMO_CUSTOMER.email },
    });
    expect((await s.admin(ADMIN_API.demoRemove, {}, support)).code).toBe(errorCode('forbidden'));
    const session = (await demoLogin(s)).data.token;

    const removed = await s.admin(ADMIN_API.demoRemove, {}, admin);
    expect(removed.data).toEqual({ addresses: ['ERC20', 'TRC20'], customer: 'deleted' });
    expect((await s.admin(ADMIN_API.demoStatus, {}, admin)).data).toEqual({ present: false, addresses: [], customer: null });
    expect(await s.db.selectFrom('users').select('id').where('email', '=', DEMO_CUSTOMER.email).execute()).toEqual([]);
    expect((await s.call(API.getInfo, {}, session)).code).toBe(-1);
    expect((await demoLogin(s)).code).toBe(errorCode('login_failed'));
    const audit = await s.admin<{ list: { action: string; operator_email: string }[] }>(ADMIN_API.auditList, {}, admin);
    expect(audit.data.list.filter((e) => e.action === 'demo.remove')).toEqual([
      expect.objectContaining({ operator_email: 'owner@test.local' }),
    ]);
    // nothing left: a second run removes nothing
    expect((await s.admin(ADMIN_API.demoRemove, {}, admin)).data).toEqual({ addresses: [], customer: 'none' });
  });

  it('closes a demo customer with money history instead of deleting it; the ledger keeps its entries', async () => {
    const { s, admin } = await demoInstall();
    const demo = await demoLogin(s);
    await credit(s, admin, demo.data.token, '25');
    const removed = await s.admin(ADMIN_API.demoRemove, {}, admin);
    expect(removed.data).toEqual({ addresses: ['ERC20', 'TRC20'], customer: 'closed' });
    expect((await s.call(API.getMoneyInfo, {}, demo.data.token)).code).toBe(-1);
    expect((await demoLogin(s)).code).toBe(errorCode('account_frozen'));
    expect((await s.admin(ADMIN_API.demoStatus, {}, admin)).data).toMatchObject({ present: false, customer: null });
    const recharges = await s.admin<{ list: { user_email: string; status: string }[] }>(ADMIN_API.rechargeList, {}, admin);
    expect(recharges.data.list).toEqual([expect.objectContaining({ user_email: DEMO_CUSTOMER.email, status: 'completed' })]);
  });

  it('is not seeded on a fresh install where the default applies and PUBLIC_URL is public', async () => {
    s = await startServer({ env: { SEED_DEMO: '', PUBLIC_URL: 'https://c2c.example.com' } });
    const admin = await ownerToken(s);
    expect((await s.admin(ADMIN_API.demoStatus, {}, admin)).data).toEqual({ present: false, addresses: [], customer: null });
    expect(await s.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await s.db.selectFrom('receiving_addresses').select('id').execute()).toEqual([]);
  });
});
