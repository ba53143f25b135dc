import { ADMIN_API, errorCode } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { ownerToken, serverForFile, uniqueEmail } from '../../../test/harness.js';

const s = serverForFile();

/** A fresh operator of `role`, signed in; answers their id, token, secret and password. */
async function fresh(owner: string, role: 'owner' | 'finance' | 'support', password = 'Operator123') {
  const email = uniqueEmail(role);
  const created = await s.admin<{ operator: { id: number }; totp_secret: string }>(
    ADMIN_API.operatorCreate,
    { email, name: role, role, password },
    owner,
  );
  const token = await signIn(email, password, created.data.totp_secret);
  return { id: created.data.operator.id, email, token, secret: created.data.totp_secret, password };
}
async function signIn(email: string, password: string, secret: string) {
  const r = await s.admin<{ token: string }>(ADMIN_API.login, { email, password, totp: s.totp(secret) });
  s.clock.advance(30_000);
  return r.code === 200 ? r.data.token : `refused:${r.code}`;
}
const activeOwners = () =>
  s.db.selectFrom('operators').select('id').where('role', '=', 'owner').where('status', '=', 'active').execute();
const audit = (action: string, id: number) =>
  s.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target', '=', `operator:${id}`).execute();

describe('operator management', () => {
  it('disables and enables others (not yourself, not the last owner), ending their sessions at once', async () => {
    const owner = await ownerToken(s);
    const fin = await fresh(owner, 'finance');
    const disabled = await s.admin<{ status: string }>(ADMIN_API.operatorDisable, { id: fin.id }, owner);
    expect(disabled.data.status).toBe('disabled');
    expect((await s.admin(ADMIN_API.me, {}, fin.token)).code).toBe(-1);
    expect(await signIn(fin.email, fin.password, fin.secret)).toBe(`refused:${errorCode('operator_login_failed')}`);
    expect((await s.admin(ADMIN_API.operatorDisable, { id: fin.id }, owner)).code).toBe(errorCode('operator_disabled_already'));
    expect((await s.admin<{ status: string }>(ADMIN_API.operatorEnable, { id: fin.id }, owner)).data.status).toBe('active');
    expect((await s.admin(ADMIN_API.operatorEnable, { id: fin.id }, owner)).code).toBe(errorCode('operator_active_already'));
    const back = await signIn(fin.email, fin.password, fin.secret);
    expect((await s.admin(ADMIN_API.me, {}, back)).code).toBe(200);
    expect(await audit('operator.disable', fin.id)).toHaveLength(1);
    expect(await audit('operator.enable', fin.id)).toHaveLength(1);

    // roles: only the owner
    expect((await s.admin(ADMIN_API.operatorDisable, { id: fin.id }, back)).code).toBe(errorCode('forbidden'));
    // never yourself
    const me = (await s.admin<{ id: number }>(ADMIN_API.me, {}, owner)).data.id;
    expect((await s.admin(ADMIN_API.operatorDisable, { id: me }, owner)).code).toBe(errorCode('operator_self'));
    expect((await s.admin(ADMIN_API.operatorDisable, { id: 999_999 }, owner)).code).toBe(errorCode('record_not_found'));
  });

  // an owner can only disable another owner, so the last-owner rule guards the race of two owners disabling each other
  it('keeps one active owner when two owners disable each other at once', async () => {
    const owner = await ownerToken(s);
    const second = await fresh(owner, 'owner');
    const me = (await s.admin<{ id: number }>(ADMIN_API.me, {}, owner)).data.id;
    // other owners of earlier tests are disabled first, so these two are the only active owners
    const owners = await activeOwners();
    for (const o of owners)
      if (o.id !== me && o.id !== second.id)
        await s.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', o.id).execute();
    const [a, b] = await Promise.all([
      s.admin(ADMIN_API.operatorDisable, { id: second.id }, owner),
      s.admin(ADMIN_API.operatorDisable, { id: me }, second.token),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toContain(200);
    const active = await activeOwners();
    expect(active).toHaveLength(1);
    // whoever is left is the last active owner: the other one cannot disable them (their session ended too)
    const survivor = active[0]!.id === me ? owner : second.token;
    expect((await s.admin(ADMIN_API.me, {}, survivor)).code).toBe(200);
    await s.db.updateTable('operators').set({ status: 'active' }).where('role', '=', 'owner').execute();
  });

  it('resets a TOTP secret: shown once, the old code no longer works, their sessions end', async () => {
    const owner = await ownerToken(s);
    const sup = await fresh(owner, 'support');
    const reset = await s.admin<{ totp_secret: string; totp_uri: string; operator: { id: number } }>(
      ADMIN_API.operatorResetTotp,
      { id: sup.id },
      owner,
    );
    expect(reset.code).toBe(200);
    expect(reset.data.totp_secret).not.toBe(sup.secret);
    expect(reset.data.totp_uri).toContain('otpauth://totp/');
    expect((await s.admin(ADMIN_API.me, {}, sup.token)).code).toBe(-1);
    expect(await signIn(sup.email, sup.password, sup.secret)).toBe(`refused:${errorCode('operator_login_failed')}`);
    const fresh2 = await signIn(sup.email, sup.password, reset.data.totp_secret);
    expect((await s.admin(ADMIN_API.me, {}, fresh2)).code).toBe(200);
    expect((await s.admin(ADMIN_API.operatorResetTotp, { id: sup.id }, fresh2)).code).toBe(errorCode('forbidden'));
    const me = (await s.admin<{ id: number }>(ADMIN_API.me, {}, owner)).data.id;
    expect((await s.admin(ADMIN_API.operatorResetTotp, { id: me }, owner)).code).toBe(errorCode('operator_self'));
    expect(await audit('operator.reset_totp', sup.id)).toHaveLength(1);
  });

  it('lets any operator change their own password with the old one; their other sessions end', async () => {
    const owner = await ownerToken(s);
    const sup = await fresh(owner, 'support');
    const other = await signIn(sup.email, sup.password, sup.secret);
    const change = (body: Record<string, string>) => s.admin(ADMIN_API.changePassword, body, sup.token);
    expect((await change({ old_password: 'wrong-one-1', password: 'NewPass1234', confirm_password: 'NewPass1234' })).code).toBe(
      errorCode('old_password_wrong'),
    );
    expect((await change({ old_password: sup.password, password: 'NewPass1234', confirm_password: 'NewPass12345' })).code).toBe(
      errorCode('password_mismatch'),
    );
    expect((await change({ old_password: sup.password, password: 'short', confirm_password: 'short' })).code).toBe(
      errorCode('password_weak'),
    );
    expect((await change({ old_password: sup.password, password: 'NewPass1234', confirm_password: 'NewPass1234' })).code).toBe(
      200,
    );
    expect((await s.admin(ADMIN_API.me, {}, sup.token)).code).toBe(200);
    expect((await s.admin(ADMIN_API.me, {}, other)).code).toBe(-1);
    expect(await signIn(sup.email, sup.password, sup.secret)).toBe(`refused:${errorCode('operator_login_failed')}`);
    expect(await signIn(sup.email, 'NewPass1234', sup.secret)).not.toMatch(/^refused/);
    expect(await audit('auth.change_password', sup.id)).toHaveLength(1);
  });

  it('throttles guesses of the old password', async () => {
    const owner = await ownerToken(s);
    const sup = await fresh(owner, 'support');
    const guess = () =>
      s.admin(
        ADMIN_API.changePassword,
        { old_password: 'Guess12345', password: 'NewPass1234', confirm_password: 'NewPass1234' },
        sup.token,
      );
    for (let i = 0; i < 4; i++) expect((await guess()).code).toBe(errorCode('old_password_wrong'));
    expect((await guess()).code).toBe(errorCode('old_password_wrong'));
    expect((await guess()).code).toBe(errorCode('rate_limited'));
  });
});
