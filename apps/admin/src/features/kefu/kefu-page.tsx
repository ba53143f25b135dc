import type { KefuChannel } from '@c2c/shared';
import { type TableColumnsType, Tag, Typography } from 'antd';
import { ActiveTag } from '../../components/active-toggle';
import { CataloguePage } from '../../components/catalogue-page';
import { type AdminKefu, useKefuContacts, useUpdateKefu } from './kefu-api';
import { CHANNEL_LABELS, KefuFormModal } from './kefu-form-modal';

const columns: TableColumnsType<AdminKefu> = [
  { title: 'Order', dataIndex: 'sort_order', width: 70, align: 'right' },
  { title: 'Name', dataIndex: 'name', ellipsis: { showTitle: true }, render: (name: string) => <strong>{name}</strong> },
  {
    title: 'Channel',
    dataIndex: 'channel',
    width: 110,
    render: (c: KefuChannel) => <Tag>{CHANNEL_LABELS[c] ?? c}</Tag>,
  },
  {
    title: 'Link',
    dataIndex: 'link',
    ellipsis: { showTitle: true },
    render: (link: string) => <Typography.Text code>{link}</Typography.Text>,
  },
  {
    title: 'Working hours',
    dataIndex: 'hours',
    width: 180,
    render: (h: string) => h || <Typography.Text type="secondary">—</Typography.Text>,
  },
  { title: 'Status', dataIndex: 'active', width: 90, render: (active: boolean) => <ActiveTag active={active} offLabel="Off" /> },
];

/** Customer-service contacts: what customers see on the app's Customer service page, in this order. */
export function KefuPage({ canEdit }: { canEdit: boolean }) {
  return (
    <CataloguePage<AdminKefu>
      title="Customer service"
      addText="Add contact"
      intro={
        <>
          Customers see the active contacts on the app's Customer service page, smallest order first. With none active, the page
          falls back to the customer-service link in Settings. Links may be https, http, mailto or tg only.
          {!canEdit && ' Only an owner can change them.'}
        </>
      }
      emptyText="No contacts yet: customers see the Settings link, or nothing"
      canEdit={canEdit}
      columns={columns}
      actionWidth={170}
      useList={useKefuContacts}
      useUpdate={useUpdateKefu}
      itemLabel={(row) => row.name}
      toggleTexts={{
        verbs: { on: 'Switch on', off: 'Switch off' },
        title: (verb, row) => `${verb} ${row.name}?`,
        description: (next) => (next ? 'Customers will see this contact again.' : 'Customers will no longer see this contact.'),
        done: (next, row) => `${row.name} switched ${next ? 'on' : 'off'}`,
      }}
      FormModal={KefuFormModal}
    />
  );
}
