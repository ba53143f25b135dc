import type { PayoutAccount } from '@c2c/shared';
import { Selector } from 'antd-mobile';

/** Picks one payout account: its label (bank and last IBAN digits, or the Wise e-mail) over a description. */
export function AccountPicker({
  accounts,
  value,
  onChange,
  describe = (a) => a.full_name,
}: {
  accounts: readonly PayoutAccount[];
  value: number;
  onChange: (id: number) => void;
  describe?: (account: PayoutAccount) => string;
}) {
  return (
    <Selector
      className="account-picker"
      columns={1}
      value={[value]}
      onChange={(v) => v[0] && onChange(v[0])}
      options={accounts.map((a) => ({
        label: <span className="account-label">{a.label}</span>,
        description: describe(a),
        value: a.id,
      }))}
    />
  );
}
