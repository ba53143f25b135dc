import type { PayoutAccount } from '@c2c/shared';
import { Selector } from 'antd-mobile';
import { usePayoutReady } from '../lib/payout-accounts';
import { UsableFrom } from './usable-from';

/**
 * Picks one payout account: its label (bank and last IBAN digits, or the Wise e-mail) over a description. Where the
 * money is paid out to the account (`payout`: withdrawals, sales), an account in its first 24 hours cannot be picked
 * and says from when it can.
 */
export function AccountPicker({
  accounts,
  value,
  onChange,
  describe = (a) => a.full_name,
  payout = false,
}: {
  accounts: readonly PayoutAccount[];
  value: number;
  onChange: (id: number) => void;
  describe?: (account: PayoutAccount) => string;
  payout?: boolean;
}) {
  const ready = usePayoutReady(accounts);
  return (
    <Selector
      className="account-picker"
      columns={1}
      value={[value]}
      onChange={(v) => v[0] && onChange(v[0])}
      options={accounts.map((a) => ({
        label: <span className="account-label">{a.label}</span>,
        description: payout ? (
          <>
            {describe(a)}
            <UsableFrom at={a.usable_at} />
          </>
        ) : (
          describe(a)
        ),
        value: a.id,
        disabled: payout && !ready(a),
      }))}
    />
  );
}
