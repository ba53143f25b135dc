import { ADMIN_API, API, errorCode } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { ensureAddress, moneyTestServer, operatorOf, ownerToken, PNG, signUp, upload } from '../../../test/harness.js';
import { updateAddress as updateAddressRow } from './recharge.repository.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token), { owner: 'once' });

const money = async (token: string) => (await s.call<{ balance: string; total: string }>(API.getMoneyInfo, {}, token)).data;

describe('receiving addresses', () => {
  it('are managed by money operators and shown per network to customers', async () => {
    const { token } = await signUp(s);
    expect((await s.call(API.rechargeAddress, { type: 'TRC20' }, token)).data).toEqual({ types: [], address: null });
    expect((await s.admin(ADMIN_API.addressCreate, { type: 'trc20', address: 'short' }, admin)).code).toBe(
      errorCode('address_format'),
    );
    await ensureAddress(s, admin, 'TRC20');
    await ensureAddress(s, admin, 'ERC20');
    expect(
      (await s.admin(ADMIN_API.addressCreate, { type: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, admin)).code,
    ).toBe(errorCode('address_type_taken'));
    const res = await s.call<{ types: string[]; address: { type: string; address: string } }>(
      API.rechargeAddress,
      { type: 'erc20' },
      token,
    );
    expect(res.data.types).toEqual(['ERC20', 'TRC20']);
    expect(res.data.address.type).toBe('ERC20');

    const list = await s.admin<{ list: { id: number; type: string }[] }>(ADMIN_API.addressList, {}, admin);
    const erc = list.data.list.find((a) => a.type === 'ERC20')!;
    expect((await s.admin(ADMIN_API.addressUpdate, { id: erc.id, active: 'false' }, admin)).data).toMatchObject({
      active: false,
    });
    expect((await s.call<{ types: string[] }>(API.rechargeAddress, {}, token)).data.types).toEqual(['TRC20']);
  });

  it('refuses an update with nothing to change, and changes and audits nothing', async () => {
    await ensureAddress(s, admin, 'BEP20');
    const list = await s.admin<{ list: { id: number; type: string }[] }>(ADMIN_API.addressList, {}, admin);
    const bep = list.data.list.find((a) => a.type === 'BEP20')!;
    const audits = async () =>
      Number(
        (
          await s.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await audits();
    for (const body of [{ id: bep.id }, { id: bep.id, unknown: 'x' }]) {
      expect((await s.admin(ADMIN_API.addressUpdate, body, admin)).code, JSON.stringify(body)).toBe(errorCode('fields_required'));
    }
    expect(await audits()).toBe(before);
    // the repository takes an empty change as no change rather than writing an invalid UPDATE
    await s.tx((tx) => updateAddressRow(tx, bep.id, {}));
    await s.tx((tx) => updateAddressRow(tx, bep.id, { address: undefined, active: undefined }));
    expect(
      (await s.db.selectFrom('receiving_addresses').selectAll().where('id', '=', bep.id).executeTakeFirstOrThrow()).active,
    ).toBeTruthy();
  });
});

describe('recharge', () => {
  it('validates in the caller language and creates nothing on bad input', async () => {
    const { token } = await signUp(s);
    await ensureAddress(s, admin);
    const img = (await upload(s, token, PNG)).body.data.url;
    const cases: [Record<string, string>, string, string][] = [
      [{ amount: '' }, 'Please enter amount', 'Bitte Betrag eingeben'],
      [
        { amount: '1.234' },
        'Enter an amount greater than 0 with at most 2 decimals',
        'Bitte einen Betrag größer als 0 mit höchstens 2 Nachkommastellen eingeben',
      ],
      [
        { amount: '0' },
        'Enter an amount greater than 0 with at most 2 decimals',
        'Bitte einen Betrag größer als 0 mit höchstens 2 Nachkommastellen eingeben',
      ],
      [
        { amount: '-5' },
        'Enter an amount greater than 0 with at most 2 decimals',
        'Bitte einen Betrag größer als 0 mit höchstens 2 Nachkommastellen eingeben',
      ],
      [{ amount: '5' }, 'The amount must be at least 10.00 USDT', 'Der Betrag muss mindestens 10.00 USDT sein'],
      [{ amount: '1000000.01' }, 'The amount may be at most 1000000.00 USDT', 'Der Betrag darf höchstens 1000000.00 USDT sein'],
      [{ image: '' }, 'Please upload the credentials', 'Bitte den Nachweis hochladen'],
      [{ type: 'BTC' }, 'This network is not available for recharge', 'Dieses Netzwerk ist für Aufladungen nicht verfügbar'],
      [{ tx_hash: 'abc def' }, 'The transaction hash has an invalid format', 'Der Transaktions-Hash hat ein ungültiges Format'],
    ];
    for (const [over, en, de] of cases) {
      const body = { type: 'TRC20', amount: '50', image: img, ...over };
      expect((await s.call(API.rechargeCreate, { ...body, lang: 'en' }, token)).msg).toBe(en);
      expect((await s.call(API.rechargeCreate, { ...body, lang: 'de' }, token)).msg).toBe(de);
    }
    expect((await s.call<{ total: number }>(API.rechargeList, {}, token)).data.total).toBe(0);
  });

  it('refuses a screenshot uploaded by someone else', async () => {
    const alice = await signUp(s);
    const bob = await signUp(s);
    await ensureAddress(s, admin);
    const alicesImage = (await upload(s, alice.token, PNG)).body.data.url;
    const res = await s.call(API.rechargeCreate, { type: 'TRC20', amount: '50', image: alicesImage }, bob.token);
    expect(res.code).toBe(errorCode('credentials_required'));
  });

  it('lets one screenshot back one recharge only, in the caller language', async () => {
    const { token } = await signUp(s);
    await ensureAddress(s, admin);
    const img = (await upload(s, token, PNG)).body.data.url;
    const first = await s.call<{ id: number }>(API.rechargeCreate, { type: 'TRC20', amount: '50', image: img }, token);
    expect(first.code).toBe(200);
    const again = await s.call(API.rechargeCreate, { type: 'TRC20', amount: '60', image: img, lang: 'de' }, token);
    expect(again.code).toBe(errorCode('upload_used'));
    expect(again.msg).toBe('Dieser Screenshot belegt bereits eine andere Aufladung; bitte einen neuen hochladen');
    // even after the first one was rejected: the screenshot stays with the record it backed
    expect((await s.admin(ADMIN_API.rechargeReject, { id: first.data.id, reason: 'No transfer found' }, admin)).code).toBe(200);
    expect((await s.call(API.rechargeCreate, { type: 'TRC20', amount: '50', image: img }, token)).code).toBe(
      errorCode('upload_used'),
    );
    const mine = await s.call<{ list: unknown[] }>(API.rechargeList, {}, token);
    expect(mine.data.list).toHaveLength(1);
    const fresh = (await upload(s, token, PNG)).body.data.url;
    const second = await s.call<{ id: number }>(API.rechargeCreate, { type: 'TRC20', amount: '50', image: fresh }, token);
    expect(second.code).toBe(200);
    // the queue's later searches see no leftovers
    await s.admin(ADMIN_API.rechargeReject, { id: second.data.id, reason: 'test done' }, admin);
  });

  it('gives one screenshot to exactly one of ten recharges created at once', async () => {
    const { token } = await signUp(s);
    await ensureAddress(s, admin);
    const img = (await upload(s, token, PNG)).body.data.url;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.call<{ id: number }>(API.rechargeCreate, { type: 'TRC20', amount: String(10 + i), image: img }, token),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === errorCode('upload_used'))).toHaveLength(9);
    const mine = await s.call<{ list: { id: number }[] }>(API.rechargeList, {}, token);
    const winner = results.find((r) => r.code === 200)!.data.id;
    expect(mine.data.list.map((r) => r.id)).toEqual([winner]);
    await s.admin(ADMIN_API.rechargeReject, { id: winner, reason: 'test done' }, admin);
  });

  it('is credited once on approval, mails the user in their language and shows in the asset log', async () => {
    const { token, email } = await signUp(s, { lang: 'de' });
    await ensureAddress(s, admin);
    const img = (await upload(s, token, PNG)).body.data.url;
    const created = await s.call<{ id: number; status: string }>(
      API.rechargeCreate,
      { type: 'trc20', amount: '150.5', image: img, tx_hash: 'abc123', request_id: 'req-0000001' },
      token,
    );
    expect(created.data.status).toBe('auditing');
    const again = await s.call<{ id: number }>(
      API.rechargeCreate,
      { type: 'trc20', amount: '150.5', image: img, request_id: 'req-0000001' },
      token,
    );
    expect(again.data.id).toBe(created.data.id);
    expect((await money(token)).balance).toBe('0.00');

    const queue = await s.admin<{ list: { id: number; user_email: string; amount: string; status: string }[] }>(
      ADMIN_API.rechargeList,
      { status: 'auditing', keyword: email.slice(0, 12) },
      admin,
    );
    expect(queue.data.list).toEqual([
      expect.objectContaining({ id: created.data.id, user_email: email, amount: '150.50', status: 'auditing' }),
    ]);

    const approved = await s.admin<{ status: string }>(ADMIN_API.rechargeApprove, { id: created.data.id }, admin);
    expect(approved.data.status).toBe('completed');
    expect((await s.admin(ADMIN_API.rechargeApprove, { id: created.data.id }, admin)).code).toBe(errorCode('state_conflict'));
    expect((await s.admin(ADMIN_API.rechargeReject, { id: created.data.id, reason: 'late' }, admin)).code).toBe(
      errorCode('state_conflict'),
    );
    expect(await money(token)).toMatchObject({ balance: '150.50', total: '150.50' });
    expect(s.mails(email).at(-1)).toContain('150.50 USDT gutgeschrieben');

    const log = await s.call<{ list: { kind: string; amount: string; balance_after: string; paid: boolean }[] }>(
      API.assetLogList,
      {},
      token,
    );
    expect(log.data.list).toEqual([
      expect.objectContaining({ kind: 'recharge', amount: '150.50', balance_after: '150.50', paid: false }),
    ]);
    const mine = await s.call<{ list: { status: string; reviewed_at: string | null }[] }>(API.rechargeList, {}, token);
    expect(mine.data.list[0]).toMatchObject({ status: 'completed' });
    expect((await s.call(API.propertyTongji, {}, token)).data).toEqual({
      balance: '150.50',
      recharge_amount: '150.50',
      total_acquisition: '0.00',
      total_sales: '0.00',
    });
  });

  it('is rejected with a reason, credits nothing and tells the user', async () => {
    const { token, email } = await signUp(s);
    await ensureAddress(s, admin);
    const img = (await upload(s, token, PNG)).body.data.url;
    const created = await s.call<{ id: number }>(API.rechargeCreate, { type: 'TRC20', amount: '99', image: img }, token);
    expect((await s.admin(ADMIN_API.rechargeReject, { id: created.data.id, reason: '' }, admin)).msg).toBe(
      'Please enter a reason',
    );
    const rejected = await s.admin<{ status: string; reason: string }>(
      ADMIN_API.rechargeReject,
      { id: created.data.id, reason: 'No transfer found' },
      admin,
    );
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'No transfer found' });
    expect((await money(token)).balance).toBe('0.00');
    expect(s.mails(email).at(-1)).toContain('Reason: No transfer found');
    expect((await s.admin(ADMIN_API.rechargeApprove, { id: created.data.id }, admin)).code).toBe(errorCode('state_conflict'));
  });

  it('is credited exactly once when two operators approve at the same moment', async () => {
    const { token } = await signUp(s);
    await ensureAddress(s, admin);
    const img = (await upload(s, token, PNG)).body.data.url;
    const created = await s.call<{ id: number }>(API.rechargeCreate, { type: 'TRC20', amount: '40', image: img }, token);
    const second = await ownerToken(s);
    const results = await Promise.all([
      s.admin(ADMIN_API.rechargeApprove, { id: created.data.id }, admin),
      s.admin(ADMIN_API.rechargeApprove, { id: created.data.id }, second),
      s.admin(ADMIN_API.rechargeApprove, { id: created.data.id }, admin),
    ]);
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === errorCode('state_conflict'))).toHaveLength(2);
    expect((await money(token)).balance).toBe('40.00');
  });

  it('lets only owner and finance approve; support may look', async () => {
    const support = (await operatorOf(s, admin, 'support')).token;
    expect((await s.admin(ADMIN_API.rechargeList, {}, support)).code).toBe(200);
    expect((await s.admin(ADMIN_API.rechargeApprove, { id: 1 }, support)).code).toBe(errorCode('forbidden'));
    expect(
      (await s.admin(ADMIN_API.addressCreate, { type: 'SOL', address: 'So11111111111111111111111111111111111111112' }, support))
        .code,
    ).toBe(errorCode('forbidden'));
  });
});
