import type { PayoutAccount } from '@c2c/shared';

/** A bound payout account as `bankinfo/list` answers it: Ann Lee's bank account (IBAN, SWIFT) or her Wise account. */
export const payoutAccount = (id: number, type: 'bank' | 'wise', label: string): PayoutAccount => ({
  id,
  type,
  full_name: 'Ann Lee',
  name: 'Ann',
  surname: 'Lee',
  phone: '',
  email: 'ann@example.com',
  area: '',
  country: 'DE',
  iban: type === 'bank' ? 'DE89370400440532013000' : '',
  bank_name: type === 'bank' ? 'Commerzbank' : '',
  swift: type === 'bank' ? 'COBADEFFXXX' : '',
  address: '',
  city: '',
  state: '',
  label,
  created_at: '2025-01-01T00:00:00.000Z',
  usable_at: '2025-01-02T00:00:00.000Z',
});

/** Her bank account and her Wise account. */
export const BANK = payoutAccount(3, 'bank', 'Commerzbank ••3000');
export const WISE = payoutAccount(4, 'wise', 'ann@wise.example');
