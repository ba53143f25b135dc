import { CURRENCY } from '../lib/money';
import { MoneyText } from './money-text';

/** An amount with its currency, or a dash while it loads or when there is none. */
export function MoneyValue({ value }: { value: string | undefined }) {
  if (value === undefined) return <>--</>;
  return (
    <>
      <MoneyText value={value} /> <small>{CURRENCY}</small>
    </>
  );
}
