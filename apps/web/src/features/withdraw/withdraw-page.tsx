import { WithdrawForm } from './withdraw-form';

export function WithdrawPage() {
  return <WithdrawForm methods={['bank', 'wise']} />;
}
