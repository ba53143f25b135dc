import type { Operator } from '@c2c/shared';
import { Button, Dropdown, Flex, Layout, Menu, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { RoleTag } from '../components/role-tag';
import { useSignOut } from '../features/auth/auth-api';
import { DemoBanner } from '../features/demo/demo-banner';
import { ChangePasswordModal } from '../features/operators/change-password-modal';
import { navFor } from './nav';

export function AdminLayout({ operator, children }: { operator: Operator; children: ReactNode }) {
  const [location] = useLocation();
  const signOut = useSignOut();
  const [signingOut, setSigningOut] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const items = navFor(operator.role);
  const current = items.find((item) => location === item.path || location.startsWith(`${item.path}/`));

  useEffect(() => {
    document.title = `${current?.label ?? 'Not found'} · C2C Console`;
  }, [current]);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} style={{ position: 'sticky', top: 0, height: '100vh' }}>
        <div
          style={{ color: '#fff', fontWeight: 600, fontSize: 16, padding: '20px 24px', whiteSpace: 'nowrap', overflow: 'hidden' }}
        >
          C2C Console
        </div>
        <nav aria-label="Main">
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={current ? [current.path] : []}
            items={items.map((item) => ({ key: item.path, label: <Link href={item.path}>{item.label}</Link> }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            borderBottom: '1px solid #f0f0f0',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          {/* the page's one main heading, at the size of the bar */}
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
            {current?.label ?? 'Not found'}
          </Typography.Title>
          <Flex align="center" gap={12}>
            <Dropdown
              trigger={['click']}
              menu={{ items: [{ key: 'password', label: 'Change password', onClick: () => setChangingPassword(true) }] }}
            >
              {/* the name starts with what the button shows (speech input users say what they see) */}
              <Button type="text" aria-label={`${operator.name}, account menu`}>
                <Typography.Text strong>{operator.name}</Typography.Text>
              </Button>
            </Dropdown>
            <Typography.Text type="secondary">{operator.email}</Typography.Text>
            <RoleTag role={operator.role} />
            <Button
              loading={signingOut}
              onClick={async () => {
                setSigningOut(true);
                await signOut();
              }}
            >
              Sign out
            </Button>
          </Flex>
        </Layout.Header>
        {/* antd renders the content as the page's one <main> */}
        <Layout.Content style={{ padding: 24 }}>
          <DemoBanner canRemove={operator.role === 'owner'} />
          <ChangePasswordModal open={changingPassword} onClose={() => setChangingPassword(false)} />
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
