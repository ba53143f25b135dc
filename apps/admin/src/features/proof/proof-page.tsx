import { App, Button, Card, Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { PagedTable, usePagedList } from '../../components/paged-table';
import { formatTime, formatUsdt } from '../../lib/format';
import { type ProofSnapshot, useProofSnapshots, useTakeSnapshot } from './proof-api';

const columns: TableColumnsType<ProofSnapshot> = [
  { title: 'ID', dataIndex: 'id', width: 70 },
  { title: 'Time', dataIndex: 'created_at', width: 170, render: (at: string) => <span title={at}>{formatTime(at)}</span> },
  {
    title: 'Root hash',
    dataIndex: 'root_hash',
    render: (hash: string) => (
      <Typography.Text code copyable={{ text: hash, tooltips: ['Copy root hash', 'Copied'] }}>
        {hash}
      </Typography.Text>
    ),
  },
  { title: 'Total', dataIndex: 'total', width: 170, align: 'right', render: (total: string) => formatUsdt(total) },
  { title: 'Leaves', dataIndex: 'leaf_count', width: 90, align: 'right' },
  {
    title: 'Taken by',
    dataIndex: 'taken_by',
    width: 190,
    ellipsis: true,
    render: (by: string) => (by === 'job' ? <Tag>daily job</Tag> : by),
  },
];

/** Proof-of-liabilities snapshots: the roots customers verify their balance against. */
export function ProofPage({ canSnapshot }: { canSnapshot: boolean }) {
  const list = usePagedList(useProofSnapshots);
  const take = useTakeSnapshot();
  const { modal, message } = App.useApp();

  const confirmTake = () =>
    modal.confirm({
      title: 'Take a snapshot now?',
      content:
        "Every customer's holdings are read from the ledger at one moment and published as a new root: customers see it at once and can verify their balance against it. A snapshot cannot be withdrawn once published.",
      okText: 'Take snapshot',
      onOk: () =>
        take.mutateAsync().then(
          (s) => message.success(`Snapshot ${s.id} published: ${formatUsdt(s.total)} over ${s.leaf_count} customers`),
          () => undefined,
        ),
    });

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Typography.Paragraph style={{ margin: 0, maxWidth: 760 }}>
            Each snapshot is a Merkle sum tree over every customer's holdings (available, frozen, escrow and interest), taken by
            the daily job or by an owner. Its total equals the ledger's customer liabilities at that moment; customers verify
            their own path in the app. It proves what is owed, not the reserves held.
            {!canSnapshot && ' Only an owner can take a snapshot.'}
          </Typography.Paragraph>
          {canSnapshot && (
            <Button type="primary" loading={take.isPending} onClick={confirmTake}>
              Take snapshot now
            </Button>
          )}
        </Flex>
      </Card>
      <Card title="Proof of liabilities">
        <PagedTable<ProofSnapshot>
          columns={columns}
          list={list}
          emptyText="No snapshot yet: the daily job takes the first one, or take one now"
        />
      </Card>
    </Flex>
  );
}
