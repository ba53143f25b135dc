import { ADMIN_API, API, errorCode, ROUTES } from '@c2c/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, serverForFile, signUp } from '../../../test/harness.js';
import { linkTeams } from '../../db/migrations/014-big-data.js';

const s = serverForFile();

interface Member {
  name: string;
  level: number;
  joined_at: string;
}
type Page = { list: Member[]; total: number; page: number; page_size: number };

let seq = 0;
/** A customer invited by `inviteCode`, with a recognisable address; a minute later than the one before. */
async function join(inviteCode: string | undefined, tag: string) {
  s.clock.advance(60_000);
  return signUp(s, { email: `${tag}${++seq}.${process.pid}@gmail.com`, invite: inviteCode });
}

describe('the team over three levels of the invitation tree', () => {
  let root: Awaited<ReturnType<typeof join>>;
  const names: Record<string, string> = {};
  beforeAll(async () => {
    // root -> a1, a2 (level 1); a1 -> b1, b2 and a2 -> b3 (level 2); b1 -> c1 (level 3); c1 -> d1 (level 4, not counted)
    root = await join(undefined, 'root');
    const a1 = await join(root.user.invite_code, 'alpha');
    const a2 = await join(root.user.invite_code, 'amber');
    const b1 = await join(a1.user.invite_code, 'bravo');
    const b2 = await join(a1.user.invite_code, 'bella');
    expect((await s.call(API.saveInfo, { nickname: 'Bella B' }, b2.token)).code).toBe(200);
    await join(a2.user.invite_code, 'bruno');
    const c1 = await join(b1.user.invite_code, 'charlie');
    const d1 = await join(c1.user.invite_code, 'delta');
    // another tree under the house code, and a tree beside root's: none of them is root's team
    const other = await join(undefined, 'other');
    await join(other.user.invite_code, 'oscar');
    Object.assign(names, { a1: a1.email, d1: d1.email });
  });

  it('counts three levels, not the fourth, not other trees', async () => {
    const r = await s.call(API.teamTongji, {}, root.token);
    expect(r.code).toBe(200);
    expect(r.data).toEqual({ team_size: 6, level1: 2, level2: 3, level3: 1 });
    // a member's own team starts below them
    const a1Login = await s.call<{ token: string }>(API.login, { email: names.a1!, password: 'Passw0rd!x' });
    expect((await s.call(API.teamTongji, {}, a1Login.data.token)).data).toEqual({
      team_size: 4,
      level1: 2,
      level2: 1,
      level3: 1,
    });
    // a newcomer has no team
    const lone = await join(undefined, 'lone');
    expect((await s.call(API.teamTongji, {}, lone.token)).data).toEqual({ team_size: 0, level1: 0, level2: 0, level3: 0 });
  });

  it('lists members newest first by nickname, else the e-mail masked without its domain, in pages, one level or all', async () => {
    const all = await s.call<Page>(API.teamList, { page: '1', page_size: '20' }, root.token);
    expect(all.code).toBe(200);
    expect(all.data.total).toBe(6);
    // joined in the order alpha, amber, bravo, bella, bruno, charlie (a minute apart)
    expect(all.data.list.map((m) => [m.name, m.level])).toEqual([
      ['ch***', 3],
      ['br***', 2],
      ['Bella B', 2],
      ['br***', 2],
      ['am***', 1],
      ['al***', 1],
    ]);
    const times = all.data.list.map((m) => Date.parse(m.joined_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const wire = JSON.stringify(all.data);
    for (const hidden of ['@', 'gmail', 'delta', 'other', 'oscar', 'lone', String(process.pid)])
      expect(wire).not.toContain(hidden);

    const page1 = await s.call<Page>(API.teamList, { page: '1', page_size: '4' }, root.token);
    const page2 = await s.call<Page>(API.teamList, { page: '2', page_size: '4' }, root.token);
    expect(page1.data).toMatchObject({ total: 6, page: 1, page_size: 4 });
    expect(page2.data).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect([...page1.data.list, ...page2.data.list]).toEqual(all.data.list);
    expect((await s.call<Page>(API.teamList, { page: '3', page_size: '4' }, root.token)).data.list).toEqual([]);

    const level2 = await s.call<Page>(API.teamList, { level: '2' }, root.token);
    expect(level2.data.total).toBe(3);
    expect(level2.data.list.map((m) => m.name)).toEqual(['br***', 'Bella B', 'br***']);
    const level3 = await s.call<Page>(API.teamList, { level: '3', page_size: '1' }, root.token);
    expect(level3.data).toMatchObject({ total: 1, list: [{ name: 'ch***', level: 3 }] });
    const level1 = await s.call<Page>(API.teamList, { level: '1', page: '2', page_size: '1' }, root.token);
    expect(level1.data).toMatchObject({ total: 2, list: [{ name: 'al***', level: 1 }] });
    // an empty level filter is no filter
    expect((await s.call<Page>(API.teamList, { level: '' }, root.token)).data.total).toBe(6);
  });

  it('refuses a level outside 1-3 and bad paging, and strangers', async () => {
    for (const level of ['0', '4', 'x', '1.5']) {
      const r = await s.call(API.teamList, { level }, root.token);
      expect(r.code).toBe(errorCode('team_level_invalid'));
    }
    expect((await s.call(API.teamList, { page: '0' }, root.token)).code).toBe(errorCode('page_invalid'));
    expect((await s.call(API.teamList, {})).code).toBe(errorCode('unauthorized'));
    expect((await s.call(API.teamTongji, {})).code).toBe(errorCode('unauthorized'));
  });
});

describe('the team counters under concurrent sign-ups', () => {
  it('count every member once when many sign up at the same moment, under one leader and one level below', async () => {
    const top = await join(undefined, 'top');
    const mid = await join(top.user.invite_code, 'mid');
    // 12 sign up with top's code and 12 with mid's, all at once: top gains 12 + 12 at levels 1 and 2, mid 12 at level 1
    const codes = [...Array(24)].map((_, i) => (i % 2 ? top.user.invite_code : mid.user.invite_code));
    await Promise.all(codes.map((code, i) => signUp(s, { email: `crowd${i}.${process.pid}@gmail.com`, invite: code })));
    expect((await s.call(API.teamTongji, {}, top.token)).data).toEqual({ team_size: 25, level1: 13, level2: 12, level3: 0 });
    expect((await s.call(API.teamTongji, {}, mid.token)).data).toEqual({ team_size: 12, level1: 12, level2: 0, level3: 0 });
    // the counters agree with the members the list pages through
    const listed = await s.call<Page>(API.teamList, { page_size: '100' }, top.token);
    expect(listed.data.total).toBe(25);
    expect(listed.data.list).toHaveLength(25);
    expect(listed.data.list.filter((m) => m.level === 2)).toHaveLength(12);
    // and the invitation tree itself, walked level by level
    const walk = async (ids: number[]) =>
      ids.length ? (await s.db.selectFrom('users').select('id').where('inviter_id', 'in', ids).execute()).map((r) => r.id) : [];
    const l1 = await walk([top.user.id]);
    const l2 = await walk(l1);
    expect([l1.length, l2.length, (await walk(l2)).length]).toEqual([13, 12, 0]);
  });
});

describe('the invitation', () => {
  it("answers the code and the sign-up address that fills it in, on the operator's app address when set", async () => {
    const me = await join(undefined, 'inviter');
    const r = await s.call<{ invite_code: string; invite_url: string }>(API.inviteDetail, {}, me.token);
    expect(r.code).toBe(200);
    const base = s.ctx.config.publicUrl.replace(/\/+$/, '');
    expect(r.data).toEqual({
      invite_code: me.user.invite_code,
      invite_url: `${base}/#${ROUTES.register}?code=${me.user.invite_code}`,
    });
    // the code in that address signs a friend up into the team
    const code = new URL(r.data.invite_url.replace('/#', '/')).searchParams.get('code')!;
    await join(code, 'friend');
    expect((await s.call(API.teamTongji, {}, me.token)).data).toMatchObject({ team_size: 1, level1: 1 });

    const admin = await ownerToken(s);
    const settings = (await s.admin<Record<string, string>>(ADMIN_API.settingsGet, {}, admin)).data;
    const saved = await s.admin(ADMIN_API.settingsSave, { ...settings, app_url: 'https://app.example.com/' }, admin);
    expect(saved.code).toBe(200);
    try {
      const again = await s.call<{ invite_url: string }>(API.inviteDetail, {}, me.token);
      expect(again.data.invite_url).toBe(`https://app.example.com/#${ROUTES.register}?code=${me.user.invite_code}`);
    } finally {
      await s.admin(ADMIN_API.settingsSave, settings, await ownerToken(s));
    }
    expect((await s.call(API.inviteDetail, {})).code).toBe(errorCode('unauthorized'));
  });
});

describe('the teams of customers who signed up before migration 014', () => {
  it('are linked and counted by the migration exactly as sign-ups link and count them', async () => {
    const leader = await join(undefined, 'early');
    const a = await join(leader.user.invite_code, 'early');
    const b = await join(a.user.invite_code, 'early');
    await join(b.user.invite_code, 'early');
    await join(b.user.invite_code, 'early');
    const links = () => s.db.selectFrom('team_links').selectAll().orderBy('leader_id').orderBy('member_id').execute();
    const sizes = () => s.db.selectFrom('team_sizes').selectAll().orderBy('user_id').execute();
    const [liveLinks, liveSizes] = [await links(), await sizes()];
    expect(liveSizes.find((r) => r.user_id === leader.user.id)).toEqual({
      user_id: leader.user.id,
      level1: 1,
      level2: 1,
      level3: 2,
    });
    // every customer of this file's server, as if they had signed up before the tables existed
    await s.db.deleteFrom('team_sizes').execute();
    await s.db.deleteFrom('team_links').execute();
    await linkTeams(s.db as never);
    expect(await links()).toEqual(liveLinks);
    expect(await sizes()).toEqual(liveSizes);
  });
});
