import { API, ADMIN_API } from '@c2c/shared';
import { it } from 'vitest';
import { agePayoutAccounts, BANK_FORM, credit, moneyTestServer, signUp, statementsRunBy, type TestServer } from '../test/harness.js';
let s: TestServer;
let admin: string;
moneyTestServer((t) => ({ s, admin } = t));
it('probe', async () => {
  const { token } = await signUp(s);
  await credit(s, admin, token, '1000');
  const bk = String((await s.call<{ id: number }>(API.bankinfoCreate, BANK_FORM, token)).data.id);
  await agePayoutAccounts(s);
  await s.call(API.withdrawCreate, { bk_id: bk, amount: '10', request_id: 'probe-0000000001' }, token);
  const seen = await statementsRunBy(s, () => s.call(API.withdrawCreate, { bk_id: bk, amount: '10', request_id: 'probe-0000000002' }, token));
  console.log(seen.map((q, i) => `${i}: ${q.slice(0, 160)}`).join('\n'));
  const offer = await s.admin<{ id: number }>(ADMIN_API.merchantCreate, { name: 'P', price: '0.92', currency: 'eur', quantity: '1000', min: '10', max: '500', methods: ['bank'] }, admin);
  const seen2 = await statementsRunBy(s, () => s.call(API.saleuCreateOrder, { saleu_id: String(offer.data.id), number: '10', bk_id: bk, request_id: 'probe-0000000003' }, token));
  console.log('SALE\n' + seen2.map((q, i) => `${i}: ${q.slice(0, 160)}`).join('\n'));
});
