import { ADMIN_API, errorCode } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { ownerToken, serverForFile } from '../../../test/harness.js';
import { buildApp } from '../../app.js';

const s = serverForFile();

describe('money limits', () => {
  it('are checked when saved: a malformed or inverted range is refused and nothing changes', async () => {
    const admin = await ownerToken(s);
    const before = (await s.admin<Record<string, string>>(ADMIN_API.settingsGet, {}, admin)).data;
    const bad = await s.admin(ADMIN_API.settingsSave, { ...before, withdraw_min: '1.005' }, admin);
    expect(bad.code).toBe(errorCode('amount_format'));
    const inverted = await s.admin(ADMIN_API.settingsSave, { ...before, withdraw_min: '500', withdraw_max: '100' }, admin);
    expect(inverted.code).toBe(errorCode('invalid_value'));
    expect((await s.admin(ADMIN_API.settingsGet, {}, admin)).data).toEqual(before);
  });

  it('stop the server from starting when a stored one is corrupt, naming it, instead of reading it as 0', async () => {
    await s.db.insertInto('settings').values({ key: 'withdraw_min', value: 'ten' }).execute();
    try {
      await expect(buildApp(s.ctx.config, { clock: s.clock })).rejects.toThrow(/withdraw_min/);
    } finally {
      await s.db.deleteFrom('settings').where('key', '=', 'withdraw_min').execute();
    }
  });
});
