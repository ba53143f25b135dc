import type { OperatorRole } from '@c2c/shared';

export interface NavItem {
  path: string;
  label: string;
  /** Roles that see the item; absent = every role. */
  roles?: readonly OperatorRole[];
}

export const NAV: readonly NavItem[] = [
  { path: '/dashboard', label: 'Dashboard' },
  { path: '/users', label: 'Users' },
  { path: '/recharges', label: 'Recharges' },
  { path: '/withdrawals', label: 'Withdrawals' },
  { path: '/merchant-sales', label: 'Sales to merchants' },
  { path: '/disputes', label: 'Disputes' },
  { path: '/merchants', label: 'Merchants' },
  { path: '/interest-products', label: 'Interest products' },
  { path: '/addresses', label: 'Receiving addresses' },
  { path: '/kefu', label: 'Customer service' },
  { path: '/proof', label: 'Proof of liabilities' },
  { path: '/audit', label: 'Audit log' },
  { path: '/settings', label: 'Settings' },
  { path: '/operators', label: 'Operators', roles: ['owner'] },
];

export const HOME_PATH = '/dashboard';

export function navFor(role: OperatorRole): NavItem[] {
  return NAV.filter((item) => !item.roles || item.roles.includes(role));
}

/** Roles that move money (approve, reject) and edit where customers send it; support only looks. */
export const MONEY_ROLES: readonly OperatorRole[] = ['owner', 'finance'];
