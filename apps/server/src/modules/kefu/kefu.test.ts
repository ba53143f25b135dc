import { ADMIN_API, API, errorCode } from '@c2c/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { moneyTestServer, operatorOf, signUp } from '../../../test/harness.js';

let admin: string;
let customer: string;
const s = moneyTestServer((token) => (admin = token));
beforeAll(async () => {
  customer = (await signUp(s)).token;
});

interface Contact {
  id: number;
  name: string;
  channel: string;
  link: string;
  hours: string;
  active?: boolean;
  sort_order?: number;
}

const TELEGRAM = { name: 'Telegram support', channel: 'telegram', link: 'https://t.me/c2c_support', hours: '09:00-21:00 UTC' };

const count = async () =>
  Number(
    (
      await s.db
        .selectFrom('kefu_contacts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const audits = (target: string) =>
  s.db.selectFrom('audit_log').select(['action', 'target', 'detail']).where('target', '=', target).orderBy('id').execute();
const customerList = async () => (await s.call<{ list: Contact[] }>(API.kefuList, {}, customer)).data.list;

describe('customer-service contacts', () => {
  it('take only https, http, mailto and tg links; anything else changes nothing', async () => {
    const before = await count();
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'ftp://files.example.com',
      'https://',
      'mailto:nobody',
      'tg:',
      't.me/support',
      'https://exa mple.com',
    ]) {
      const r = await s.admin(ADMIN_API.kefuCreate, { ...TELEGRAM, link }, admin);
      expect(r.code, link).toBe(errorCode('kefu_link_format'));
    }
    const wrongChannel = await s.admin(ADMIN_API.kefuCreate, { ...TELEGRAM, channel: 'fax' }, admin);
    expect(wrongChannel.code).toBe(errorCode('kefu_channel_unknown'));
    expect((await s.admin(ADMIN_API.kefuCreate, { ...TELEGRAM, name: ' ' }, admin)).code).toBe(errorCode('fields_required'));
    expect((await s.admin(ADMIN_API.kefuCreate, { ...TELEGRAM, sort_order: -1 }, admin)).code).toBe(errorCode('invalid_value'));
    expect(await count()).toBe(before);
    for (const link of [
      'https://t.me/c2c',
      'http://support.example.com/chat?x=1',
      'mailto:help@example.com',
      'tg://resolve?domain=c2c',
    ]) {
      const r = await s.admin<Contact>(ADMIN_API.kefuCreate, { ...TELEGRAM, link, active: false }, admin);
      expect(r.code, link).toBe(200);
      expect(r.data.link).toBe(link);
    }
    // editing a contact is checked the same way
    const some = (await s.admin<{ list: Contact[] }>(ADMIN_API.kefuList, {}, admin)).data.list[0]!;
    const bad = await s.admin(ADMIN_API.kefuUpdate, { id: some.id, link: 'javascript:void(0)' }, admin);
    expect(bad.code).toBe(errorCode('kefu_link_format'));
    expect((await s.db.selectFrom('kefu_contacts').select('link').where('id', '=', some.id).executeTakeFirstOrThrow()).link).toBe(
      some.link,
    );
  });

  it("are listed to customers active only, in the operators' order, and managed by the owner with an audit record", async () => {
    // the contacts of the test before, switched off: the list is empty
    await s.db.updateTable('kefu_contacts').set({ active: false }).execute();
    expect(await customerList()).toEqual([]);
    const earlier = await count();
    const mk = async (over: Record<string, unknown>) => {
      const r = await s.admin<Contact>(ADMIN_API.kefuCreate, { ...TELEGRAM, ...over }, admin);
      expect(r.code).toBe(200);
      return r.data;
    };
    const mail = await mk({ name: 'E-mail', channel: 'email', link: 'mailto:help@example.com', sort_order: 20, hours: '' });
    const tg = await mk({ sort_order: 10 });
    const wa = await mk({ name: 'WhatsApp', channel: 'whatsapp', link: 'https://wa.me/491234', sort_order: 10 });
    const off = await mk({ name: 'Old line', channel: 'line', link: 'https://line.me/x', sort_order: 0, active: false });
    expect(tg).toMatchObject({ ...TELEGRAM, active: true, sort_order: 10 });
    expect(await customerList()).toEqual([
      { id: tg.id, ...TELEGRAM },
      { id: wa.id, name: 'WhatsApp', channel: 'whatsapp', link: 'https://wa.me/491234', hours: TELEGRAM.hours },
      { id: mail.id, name: 'E-mail', channel: 'email', link: 'mailto:help@example.com', hours: '' },
    ]);
    const all = await s.admin<{ list: Contact[]; total: number }>(ADMIN_API.kefuList, {}, admin);
    expect(all.data.total).toBe(earlier + 4);
    const mine = new Set([off.id, tg.id, wa.id, mail.id]);
    expect(all.data.list.filter((c) => mine.has(c.id)).map((c) => c.id)).toEqual([off.id, tg.id, wa.id, mail.id]);
    expect(all.data.list.map((c) => c.sort_order)).toEqual(all.data.list.map((c) => c.sort_order).sort((a, b) => a! - b!));

    // switch off, reorder, switch on
    expect((await s.admin(ADMIN_API.kefuUpdate, { id: tg.id, active: false }, admin)).code).toBe(200);
    const moved = await s.admin<Contact>(ADMIN_API.kefuUpdate, { id: mail.id, sort_order: 1 }, admin);
    expect(moved.data).toMatchObject({ sort_order: 1, name: 'E-mail', active: true });
    expect((await s.admin(ADMIN_API.kefuUpdate, { id: off.id, active: 'true' }, admin)).code).toBe(200);
    expect((await customerList()).map((c) => c.id)).toEqual([off.id, mail.id, wa.id]);

    expect((await audits(`kefu:${tg.id}`)).map((a) => a.action)).toEqual(['kefu.create', 'kefu.deactivate']);
    const mailAudit = await audits(`kefu:${mail.id}`);
    expect(mailAudit.map((a) => a.action)).toEqual(['kefu.create', 'kefu.update']);
    expect(JSON.parse(mailAudit[1]!.detail)).toMatchObject({ from: { sort_order: 20 }, to: { sort_order: 1 } });
    expect((await audits(`kefu:${off.id}`)).map((a) => a.action)).toEqual(['kefu.create', 'kefu.activate']);

    expect((await s.admin(ADMIN_API.kefuUpdate, { id: 999999 }, admin)).code).toBe(errorCode('fields_required'));
    expect((await s.admin(ADMIN_API.kefuUpdate, { id: 999999, name: 'x' }, admin)).code).toBe(errorCode('record_not_found'));
  });

  it('are changed by the owner only; any operator reads them; customers read only the active ones', async () => {
    const before = await count();
    for (const role of ['support', 'finance'] as const) {
      const token = (await operatorOf(s, admin, role)).token;
      s.clock.advance(30_000);
      expect((await s.admin(ADMIN_API.kefuCreate, TELEGRAM, token)).code).toBe(errorCode('forbidden'));
      expect((await s.admin(ADMIN_API.kefuUpdate, { id: 1, active: false }, token)).code).toBe(errorCode('forbidden'));
      expect((await s.admin(ADMIN_API.kefuList, {}, token)).code).toBe(200);
    }
    expect(await count()).toBe(before);
    expect((await s.call(API.kefuList, {})).code).toBe(errorCode('unauthorized'));
    expect((await s.admin(ADMIN_API.kefuList, {})).code).toBe(errorCode('unauthorized'));
    // a customer token is not an operator token
    expect((await s.admin(ADMIN_API.kefuCreate, TELEGRAM, customer)).code).toBe(errorCode('unauthorized'));
  });
});
