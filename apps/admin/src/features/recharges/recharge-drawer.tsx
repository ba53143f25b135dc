import { Typography } from 'antd';
import { ProtectedImage } from '../../components/protected-image';
import { ReviewActions, ReviewDrawer, type ReviewDrawerProps } from '../../components/review-drawer';
import { formatUsdt } from '../../lib/format';
import { type AdminRecharge, useApproveRecharge, useRejectRecharge } from './recharges-api';

export function RechargeDrawer(props: ReviewDrawerProps<AdminRecharge>) {
  return (
    <ReviewDrawer
      {...props}
      title="Recharge"
      size={560}
      submittedLabel="Submitted"
      facts={(recharge) => [
        { key: 'network', label: 'Network', children: recharge.type },
        {
          key: 'address',
          label: 'Receiving address',
          children: (
            <Typography.Text code copyable={{ text: recharge.address, tooltips: ['Copy address', 'Copied'] }}>
              {recharge.address}
            </Typography.Text>
          ),
        },
        {
          key: 'hash',
          label: 'Tx hash',
          children: recharge.tx_hash ? (
            <Typography.Text code copyable={{ tooltips: ['Copy tx hash', 'Copied'] }} style={{ wordBreak: 'break-all' }}>
              {recharge.tx_hash}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary">Not given</Typography.Text>
          ),
        },
      ]}
      more={(recharge) => (
        <div>
          <Typography.Title level={5}>Transfer screenshot</Typography.Title>
          <ProtectedImage path={recharge.image} alt={`Transfer screenshot of recharge #${recharge.id}`} />
        </div>
      )}
      actions={(recharge, onDone) => <RechargeActions recharge={recharge} onDone={onDone} />}
    />
  );
}

function RechargeActions({ recharge, onDone }: { recharge: AdminRecharge; onDone: () => void }) {
  const approve = useApproveRecharge();
  const reject = useRejectRecharge();
  const amount = formatUsdt(recharge.amount);
  return (
    <ReviewActions
      onDone={onDone}
      approve={{
        confirm: {
          title: `Credit ${amount} to ${recharge.user_email}?`,
          content: `Recharge #${recharge.id} on ${recharge.type}. Check the screenshot and the receiving address first: the amount goes to the user's available balance at once.`,
        },
        pending: approve.isPending,
        run: () => approve.mutateAsync(recharge.id),
        done: `Recharge #${recharge.id} approved: ${amount} credited`,
      }}
      reject={{
        title: `Reject recharge #${recharge.id}?`,
        summary: `${amount} from ${recharge.user_email} will not be credited. The user sees the reason.`,
        run: (reason) => reject.mutateAsync({ id: recharge.id, reason }),
        done: `Recharge #${recharge.id} rejected`,
      }}
    />
  );
}
