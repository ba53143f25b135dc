import type { AuditEntry } from '@c2c/shared';
import { Alert, Button, Card, Flex, Input, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatTime } from '../../lib/format';
import { useAuditList, useVerifyChain } from './audit-api';

const HASH_SHOWN = 8;

const columns: TableColumnsType<AuditEntry> = [
  { title: 'ID', dataIndex: 'id', width: 56 },
  { title: 'Time', dataIndex: 'at', width: 155, render: (at: string) => <span title={at}>{formatTime(at)}</span> },
  {
    title: 'Operator',
    dataIndex: 'operator_email',
    width: 160,
    ellipsis: true,
    render: (email: string | null) => email ?? <Typography.Text type="secondary">system</Typography.Text>,
  },
  { title: 'Action', dataIndex: 'action', width: 175, render: (action: string) => <Tag>{action}</Tag> },
  { title: 'Target', dataIndex: 'target', width: 115, ellipsis: { showTitle: true }, render: (target: string) => target || '—' },
  { title: 'Detail', dataIndex: 'detail', ellipsis: { showTitle: true }, render: (detail: string) => detail || '—' },
  {
    title: 'Hash',
    dataIndex: 'hash',
    width: 125,
    render: (hash: string) => (
      <Typography.Text code copyable={{ text: hash, tooltips: ['Copy full hash', 'Copied'] }} title={hash}>
        {hash.slice(0, HASH_SHOWN)}
      </Typography.Text>
    ),
  },
];

/** Details are usually JSON written by the server; indented, they read better in the expanded row. */
function prettyDetail(detail: string): string {
  try {
    return JSON.stringify(JSON.parse(detail), null, 2);
  } catch {
    return detail;
  }
}

function ExpandedEntry({ entry }: { entry: AuditEntry }) {
  return (
    <div style={{ paddingInlineStart: 8 }}>
      <Typography.Text type="secondary">Full hash: </Typography.Text>
      <Typography.Text code>{entry.hash}</Typography.Text>
      <pre style={{ margin: '8px 0 0', whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}>
        {prettyDetail(entry.detail) || 'No detail'}
      </pre>
    </div>
  );
}

export function AuditLogPage() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [keyword, setKeyword] = useState('');
  const list = useAuditList({ page, pageSize, keyword });
  const verify = useVerifyChain();

  const search = (value: string) => {
    setKeyword(value.trim());
    setPage(1);
  };

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex justify="space-between" align="center" gap={16} wrap>
          <Input.Search
            aria-label="Search the audit log"
            placeholder="Search action, target, detail or operator e-mail"
            allowClear
            enterButton="Search"
            onSearch={search}
            style={{ maxWidth: 480 }}
          />
          <Flex gap={8}>
            <Button onClick={() => list.refetch()} loading={list.isFetching && !list.isPending}>
              Refresh
            </Button>
            <Button type="primary" onClick={() => verify.mutate()} loading={verify.isPending}>
              Verify chain
            </Button>
          </Flex>
        </Flex>
        {verify.data && <VerifyResult {...verify.data} onClose={() => verify.reset()} />}
      </Card>
      <Card>
        <Table<AuditEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          locale={{ emptyText: keyword ? `No entries match “${keyword}”` : 'No audit entries yet' }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => `${total} entries`,
            onChange: (nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            },
          }}
          expandable={{ expandedRowRender: (entry) => <ExpandedEntry entry={entry} /> }}
          scroll={{ x: 980 }}
        />
      </Card>
    </Flex>
  );
}

function VerifyResult({
  ok,
  checked,
  broken_at,
  onClose,
}: {
  ok: boolean;
  checked: number;
  broken_at: number | null;
  onClose: () => void;
}) {
  const closable = { onClose, 'aria-label': 'Dismiss' };
  if (ok)
    return (
      <Alert
        type="success"
        showIcon
        closable={closable}
        style={{ marginTop: 16 }}
        title={`Chain intact: ${checked} entries checked`}
        description="Every entry's hash matches its content and links to the entry before it."
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      closable={closable}
      style={{ marginTop: 16 }}
      title={broken_at === null ? 'Chain broken' : `Chain broken at entry #${broken_at}`}
      description={`${checked} entries checked. The entry${broken_at === null ? '' : ` #${broken_at}`} was edited, or an entry before it was deleted, after it was written. Keep the database as it is and investigate.`}
    />
  );
}
