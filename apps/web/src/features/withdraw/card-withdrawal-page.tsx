import { WithdrawForm } from './withdraw-form';

export function CardWithdrawalPage() {
  return <WithdrawForm methods={['bank']} />;
}
