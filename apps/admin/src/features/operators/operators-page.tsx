import type { Operator, OperatorRole } from '@c2c/shared';
import { Card, Flex, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { RoleTag } from '../../components/role-tag';
import { formatTime } from '../../lib/format';
import { CreateOperatorForm } from './create-operator-form';
import type { CreatedOperator } from './operators-api';
import { useOperators } from './operators-api';
import { TotpSecretModal } from './totp-secret-modal';

const PAGE_SIZE = 20;

const columns: TableColumnsType<Operator> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  { title: 'Email', dataIndex: 'email' },
  { title: 'Name', dataIndex: 'name', width: 200 },
  { title: 'Role', dataIndex: 'role', width: 120, render: (role: OperatorRole) => <RoleTag role={role} /> },
  { title: 'Created', dataIndex: 'created_at', width: 180, render: (at: string) => formatTime(at) },
  {
    title: 'Last sign-in',
    dataIndex: 'last_login_at',
    width: 180,
    render: (at: string | null) => (at ? formatTime(at) : 'Never'),
  },
];

export function OperatorsPage() {
  const [page, setPage] = useState(1);
  const operators = useOperators(page, PAGE_SIZE);
  const [created, setCreated] = useState<CreatedOperator | null>(null);

  return (
    <Flex vertical gap={16}>
      <Card title="Operator accounts">
        <Table<Operator>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={operators.data?.list ?? []}
          loading={operators.isFetching}
          locale={{ emptyText: 'No operators' }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: operators.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
        />
      </Card>
      <Card title="Add operator">
        <CreateOperatorForm onCreated={setCreated} />
      </Card>
      {created && <TotpSecretModal created={created} onClose={() => setCreated(null)} />}
    </Flex>
  );
}
