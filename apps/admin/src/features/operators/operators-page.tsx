import type { Operator, OperatorRole } from '@c2c/shared';
import { App, Button, Card, Flex, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PagedTable, usePagedList } from '../../components/paged-table';
import { RoleTag } from '../../components/role-tag';
import { formatTime } from '../../lib/format';
import { CreateOperatorForm } from './create-operator-form';
import type { CreatedOperator } from './operators-api';
import { useDisableOperator, useEnableOperator, useOperators, useResetTotp } from './operators-api';
import { TotpSecretModal } from './totp-secret-modal';

const columns: TableColumnsType<Operator> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  { title: 'Email', dataIndex: 'email' },
  { title: 'Name', dataIndex: 'name', width: 200 },
  { title: 'Role', dataIndex: 'role', width: 120, render: (role: OperatorRole) => <RoleTag role={role} /> },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 100,
    render: (s: Operator['status']) => (
      <Tag color={s === 'active' ? 'green' : 'default'}>{s === 'active' ? 'Active' : 'Disabled'}</Tag>
    ),
  },
  { title: 'Created', dataIndex: 'created_at', width: 180, render: (at: string) => formatTime(at) },
  {
    title: 'Last sign-in',
    dataIndex: 'last_login_at',
    width: 180,
    render: (at: string | null) => (at ? formatTime(at) : 'Never'),
  },
];

export function OperatorsPage({ me }: { me: Operator }) {
  const operators = usePagedList(useOperators);
  const [created, setCreated] = useState<CreatedOperator | null>(null);
  const disable = useDisableOperator();
  const enable = useEnableOperator();
  const resetTotp = useResetTotp();
  const { modal, message } = App.useApp();

  const actions: TableColumnsType<Operator>[number] = {
    title: 'Actions',
    key: 'actions',
    width: 240,
    render: (_, o) =>
      o.id === me.id ? (
        'You'
      ) : (
        <Flex gap={8}>
          {o.status === 'active' ? (
            <Button
              size="small"
              danger
              onClick={() =>
                modal.confirm({
                  title: `Disable ${o.email}?`,
                  content: 'They are signed out at once and cannot sign in until enabled again.',
                  okText: 'Disable',
                  okButtonProps: { danger: true },
                  onOk: () =>
                    disable.mutateAsync(o.id).then(
                      () => message.success(`${o.email} disabled`),
                      () => undefined,
                    ),
                })
              }
            >
              Disable
            </Button>
          ) : (
            <Button
              size="small"
              onClick={() =>
                enable.mutateAsync(o.id).then(
                  () => message.success(`${o.email} enabled`),
                  () => undefined,
                )
              }
            >
              Enable
            </Button>
          )}
          <Button
            size="small"
            onClick={() =>
              modal.confirm({
                title: `Reset the authenticator of ${o.email}?`,
                content: 'Their current authenticator codes stop working and they are signed out. The new secret is shown once.',
                okText: 'Reset authenticator',
                onOk: () => resetTotp.mutateAsync(o.id).then(setCreated, () => undefined),
              })
            }
          >
            Reset TOTP
          </Button>
        </Flex>
      ),
  };

  return (
    <Flex vertical gap={16}>
      <Card title="Operator accounts">
        <PagedTable<Operator> columns={[...columns, actions]} list={operators} emptyText="No operators" />
      </Card>
      <Card title="Add operator">
        <CreateOperatorForm onCreated={setCreated} />
      </Card>
      {created && <TotpSecretModal created={created} onClose={() => setCreated(null)} />}
    </Flex>
  );
}
