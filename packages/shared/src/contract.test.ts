import { describe, expect, it } from 'vitest';
import { ADMIN_API, API } from './api.js';
import { CONTRACT, ContractError, checkAnswer } from './contract.js';

const recharge = {
  id: 7,
  type: 'TRC20',
  address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  amount: '100.00',
  image: '/uploads/0123456789abcdef0123456789abcdef.png',
  tx_hash: '',
  status: 'auditing',
  reason: '',
  created_at: '2026-01-02T03:04:05.000Z',
  reviewed_at: null,
};
const page = (list: unknown[]) => ({ list, total: list.length, page: 1, page_size: 20 });

describe('checkAnswer', () => {
  it('accepts an answer that matches its contract', () => {
    expect(() => checkAnswer(API.rechargeList, page([recharge]))).not.toThrow();
    expect(() => checkAnswer(API.logout, {})).not.toThrow();
  });

  it('fails a missing, mistyped or out-of-set field', () => {
    const { reason: _, ...missing } = recharge;
    expect(() => checkAnswer(API.rechargeList, page([missing]))).toThrow(/reason/);
    expect(() => checkAnswer(API.rechargeList, page([{ ...recharge, amount: 100 }]))).toThrow(ContractError);
    expect(() => checkAnswer(API.rechargeList, page([{ ...recharge, amount: '100' }]))).toThrow(/amount/);
    expect(() => checkAnswer(API.rechargeList, page([{ ...recharge, created_at: '2026-01-02 03:04:05' }]))).toThrow(/created_at/);
    expect(() => checkAnswer(API.rechargeList, page([{ ...recharge, status: 'pending' }]))).toThrow(/status/);
    expect(() => checkAnswer(API.rechargeList, { ...page([recharge]), total: '1' })).toThrow(/total/);
  });

  it('fails a field the contract does not name, at any depth', () => {
    expect(() => checkAnswer(API.logout, { ok: true })).toThrow(/ok/);
    expect(() => checkAnswer(ADMIN_API.rechargeApprove, { ...recharge, user_id: 3 })).toThrow(/user_id/);
    expect(() => checkAnswer(API.rechargeList, page([{ ...recharge, user_id: 3 }]))).toThrow(/user_id/);
  });

  it('fails a path without a contract, and an envelope where a file is the answer', () => {
    expect(() => checkAnswer('/api/v1/no/such', {})).toThrow(/no contract entry/);
    expect(() => checkAnswer(API.assetLogExport, {})).toThrow(ContractError);
  });

  it('names every operator path under the operator API and every customer path under the customer API', () => {
    for (const [path, call] of Object.entries(CONTRACT)) {
      const admin = path.startsWith('/api/admin/v1/');
      expect(admin || path.startsWith('/api/v1/'), path).toBe(true);
      if (!admin) expect('roles' in call, path).toBe(false);
      if (admin && call.auth !== 'public') expect(call.auth, path).toBe('operator');
      if (!admin && call.auth !== 'public') expect(call.auth, path).toBe('customer');
    }
    expect(Object.keys(CONTRACT).sort()).toEqual([...Object.values(API), ...Object.values(ADMIN_API)].sort());
  });
});
