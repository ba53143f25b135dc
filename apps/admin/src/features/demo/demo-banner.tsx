import { Alert, App, Button, Typography } from 'antd';
import { useDemoStatus, useRemoveDemo } from './demo-api';

const OUTCOME = {
  deleted: 'the demo customer was deleted',
  closed: 'the demo customer has money history, so it was closed (it can no longer sign in; its records stay)',
  none: 'there was no demo customer to remove',
} as const;

/**
 * Shown on every page while the install still holds the demo data of its first start: receiving addresses that are
 * nobody's wallet and a demo customer with a published password. An owner removes it with one confirmed, audited
 * action; other operators are told to ask one.
 */
export function DemoBanner({ canRemove }: { canRemove: boolean }) {
  const status = useDemoStatus();
  const remove = useRemoveDemo();
  const { modal, message } = App.useApp();
  const demo = status.data;
  if (!demo?.present) return null;

  const parts = [
    demo.addresses.length > 0 &&
      `demo receiving addresses (${demo.addresses.map((a) => a.type).join(', ')}) that are nobody's wallet`,
    demo.customer && `the demo customer ${demo.customer.email}, whose password is public`,
  ].filter(Boolean);

  const confirm = () =>
    modal.confirm({
      title: 'Remove the demo data?',
      content: (
        <Typography.Paragraph style={{ margin: 0 }}>
          This removes {parts.join(' and ')}. The demo customer is deleted if it has no money history; otherwise it is closed and
          its records stay. This cannot be undone and is written to the audit log.
        </Typography.Paragraph>
      ),
      okText: 'Remove demo data',
      okButtonProps: { danger: true },
      onOk: async () => {
        const done = await remove.mutateAsync();
        const addresses = done.addresses.length ? `addresses removed: ${done.addresses.join(', ')}` : 'no addresses to remove';
        message.success(`Demo data removed — ${addresses}; ${OUTCOME[done.customer]}.`);
      },
    });

  return (
    <Alert
      type="warning"
      showIcon
      banner
      style={{ marginBottom: 16 }}
      message="This install still holds demo data"
      description={
        <>
          It contains {parts.join(' and ')}. Remove it before real customers use this install.
          {!canRemove && ' Ask an owner to remove it.'}
        </>
      }
      action={
        canRemove ? (
          <Button danger onClick={confirm} loading={remove.isPending}>
            Remove demo data
          </Button>
        ) : null
      }
    />
  );
}
