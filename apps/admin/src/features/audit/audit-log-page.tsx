import type { AuditEntry, AuditVerifyResult } from '@c2c/shared';
import { Alert, Button, Card, Flex, Input, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES, SizedTable, usePager } from '../../components/paged-table';
import { formatTime } from '../../lib/format';
import { useAuditList, useCheckpoint, useVerifyChain } from './audit-api';

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

const CHECKPOINT_RE = /^\d{1,15}:[0-9a-f]{64}$/;

export function AuditLogPage({ isOwner }: { isOwner: boolean }) {
  const pager = usePager();
  const [keyword, setKeyword] = useState('');
  const [kept, setKept] = useState('');
  const list = useAuditList({ page: pager.page, pageSize: pager.pageSize, keyword });
  const verify = useVerifyChain();
  const keptValue = kept.trim().toLowerCase();
  const keptInvalid = keptValue !== '' && !CHECKPOINT_RE.test(keptValue);

  const search = (value: string) => {
    setKeyword(value.trim());
    pager.setPage(1);
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
          <Flex gap={8} wrap>
            <Button onClick={() => list.refetch()} loading={list.isFetching && !list.isPending}>
              Refresh
            </Button>
            <Space.Compact>
              <Input
                aria-label="Checkpoint to compare"
                placeholder="Checkpoint to compare (optional)"
                value={kept}
                onChange={(e) => setKept(e.target.value)}
                status={keptInvalid ? 'error' : undefined}
                allowClear
                style={{ width: 280 }}
              />
              <Button type="primary" onClick={() => verify.mutate(keptValue)} loading={verify.isPending} disabled={keptInvalid}>
                Verify chain
              </Button>
            </Space.Compact>
          </Flex>
        </Flex>
        {keptInvalid && (
          <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }}>
            A checkpoint is an entry number, a colon and 64 hex characters, as the checkpoint card or the server log shows it.
          </Typography.Text>
        )}
        {verify.data && (
          <VerifyResult result={verify.data} checkpoint={verify.variables || null} onClose={() => verify.reset()} />
        )}
      </Card>
      {isOwner && <CheckpointCard />}
      <Card>
        <SizedTable<AuditEntry>
          columns={columns}
          list={list}
          pager={pager}
          emptyText={keyword ? `No entries match “${keyword}”` : 'No audit entries yet'}
          pagination={{ pageSizeOptions: PAGE_SIZES, showTotal: (total) => `${total} entries` }}
          expandable={{ expandedRowRender: (entry) => <ExpandedEntry entry={entry} /> }}
          scroll={{ x: 980 }}
        />
      </Card>
    </Flex>
  );
}

const PROBLEMS: Record<NonNullable<AuditVerifyResult['problem']>, string> = {
  entry: 'was edited, inserted or deleted after it was written (its hash or its link to the entry before does not match).',
  tail: 'and the entries after it are missing: the log was cut off.',
  key: "was written with another audit key than this server's (AUDIT_KEY or the key file in DATA_DIR).",
  unkeyed: 'starts a chain without the keyed anchor: the log was rebuilt without the key.',
  checkpoint: 'does not match the checkpoint (or is missing): the log was rewritten or cut off after the checkpoint was taken.',
};

function VerifyResult({
  result: { ok, checked, broken_at, problem },
  checkpoint,
  onClose,
}: {
  result: AuditVerifyResult;
  checkpoint: string | null;
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
        description={
          checkpoint
            ? `Every entry's keyed hash matches its content and links to the entry before it, and the chain still holds checkpoint ${checkpoint.split(':')[0]}.`
            : "Every entry's keyed hash matches its content and links to the entry before it. Compare with a checkpoint kept elsewhere to also rule out a cut-off end."
        }
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      closable={closable}
      style={{ marginTop: 16 }}
      title={broken_at === null ? 'Chain broken' : `Chain broken at entry #${broken_at}`}
      description={`${checked} entries checked. The entry${broken_at === null ? '' : ` #${broken_at}`} ${
        problem ? PROBLEMS[problem] : 'does not match.'
      } Keep the database as it is and investigate.`}
    />
  );
}

/** Owners take the newest entry's checkpoint here and keep it outside the system, to verify against later. */
function CheckpointCard() {
  const checkpoint = useCheckpoint();
  return (
    <Card title="Checkpoint">
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">
          Someone with access to the database could cut off the newest entries. Keep the current checkpoint somewhere else (a
          password manager, a signed e-mail, paper) and paste it above when you verify: a log cut off or rewritten after it is
          then detected. The server also writes one to its log at every start and every 100 entries.
        </Typography.Text>
        <Flex gap={8} align="center" wrap>
          <Button onClick={() => checkpoint.mutate()} loading={checkpoint.isPending}>
            {checkpoint.data ? 'Take a newer checkpoint' : 'Show current checkpoint'}
          </Button>
          {checkpoint.data && (
            <Typography.Text
              code
              copyable={{ text: checkpoint.data.checkpoint, tooltips: ['Copy checkpoint', 'Copied'] }}
              style={{ wordBreak: 'break-all' }}
              aria-label="Current checkpoint"
            >
              {checkpoint.data.checkpoint}
            </Typography.Text>
          )}
        </Flex>
        {checkpoint.data && (
          <Typography.Text type="secondary">
            {checkpoint.data.at
              ? `Entry #${checkpoint.data.id}, written ${formatTime(checkpoint.data.at)}.`
              : 'The log has no entries yet.'}
          </Typography.Text>
        )}
      </Flex>
    </Card>
  );
}
