import { type TableColumnsType, Typography } from 'antd';
import { ReviewQueue, reviewColumns } from '../../components/review-queue';
import { RechargeDrawer } from './recharge-drawer';
import { type AdminRecharge, useRecharges } from './recharges-api';

const HASH_SHOWN = 8;

const column = reviewColumns<AdminRecharge>();
const COLUMNS: TableColumnsType<AdminRecharge> = [
  column.time,
  column.user,
  { title: 'Network', dataIndex: 'type', width: 90 },
  column.amount,
  {
    title: 'Tx hash',
    dataIndex: 'tx_hash',
    width: 130,
    render: (hash: string) =>
      hash ? (
        <Typography.Text code copyable={{ text: hash, tooltips: ['Copy tx hash', 'Copied'] }} title={hash}>
          {hash.length > HASH_SHOWN ? `${hash.slice(0, HASH_SHOWN)}…` : hash}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">—</Typography.Text>
      ),
  },
  column.status,
  column.reviewer,
];

export function RechargesPage({ canReview }: { canReview: boolean }) {
  return <ReviewQueue canReview={canReview} noun="recharge" columns={COLUMNS} useList={useRecharges} drawer={RechargeDrawer} />;
}
