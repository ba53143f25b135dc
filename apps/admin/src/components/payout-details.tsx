import { formatIban, type PayoutAccount } from '@c2c/shared';
import { Descriptions, type DescriptionsProps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * Everything the operator needs to send the money by hand; each value can be copied into the bank's or Wise's form.
 * `masked` details (as the queue lists them: IBAN, phone, e-mail and address hidden) are shown as they are, with
 * nothing to copy; `extra` sits beside the title (the reveal button).
 */
export function PayoutDetails({ payout, masked = false, extra }: { payout: PayoutAccount; masked?: boolean; extra?: ReactNode }) {
  const copy = (text: string, what: string): ReactNode =>
    !text ? (
      <Typography.Text type="secondary">—</Typography.Text>
    ) : masked ? (
      <Typography.Text>{text}</Typography.Text>
    ) : (
      <Typography.Text copyable={{ text, tooltips: [`Copy ${what}`, 'Copied'] }}>{text}</Typography.Text>
    );
  const items: DescriptionsProps['items'] =
    payout.type === 'bank'
      ? [
          { key: 'type', label: 'Method', children: <Tag color="blue">Bank transfer</Tag> },
          { key: 'full_name', label: 'Full name', children: copy(payout.full_name, 'full name') },
          { key: 'name', label: 'Name', children: copy(payout.name, 'name') },
          { key: 'surname', label: 'Surname', children: copy(payout.surname, 'surname') },
          {
            key: 'iban',
            label: 'IBAN',
            children: (
              <Typography.Text
                strong
                copyable={masked ? false : { text: payout.iban, tooltips: ['Copy IBAN', 'Copied'] }}
                style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', whiteSpace: 'nowrap' }}
              >
                {masked ? payout.iban : formatIban(payout.iban)}
              </Typography.Text>
            ),
          },
          { key: 'bank_name', label: 'Bank name', children: copy(payout.bank_name, 'bank name') },
          { key: 'swift', label: 'SWIFT / BIC', children: copy(payout.swift, 'SWIFT') },
          { key: 'address', label: 'Address', children: copy(payout.address, 'address') },
          { key: 'city', label: 'City', children: copy(payout.city, 'city') },
          { key: 'state', label: 'State', children: copy(payout.state, 'state') },
          { key: 'area', label: 'Area', children: copy(payout.area, 'area') },
          { key: 'country', label: 'Country', children: copy(payout.country, 'country') },
          { key: 'phone', label: 'Phone', children: copy(payout.phone, 'phone') },
          { key: 'email', label: 'E-mail', children: copy(payout.email, 'e-mail') },
        ]
      : [
          { key: 'type', label: 'Method', children: <Tag color="green">Wise</Tag> },
          { key: 'full_name', label: 'Full name', children: copy(payout.full_name, 'full name') },
          { key: 'email', label: 'E-mail', children: copy(payout.email, 'e-mail') },
          { key: 'country', label: 'Country', children: copy(payout.country, 'country') },
          ...(payout.phone ? [{ key: 'phone', label: 'Phone', children: copy(payout.phone, 'phone') }] : []),
        ];
  return (
    <Descriptions
      title={masked ? 'Pay out to (details masked)' : 'Pay out to'}
      extra={extra}
      column={1}
      size="small"
      bordered
      styles={{ label: { width: 170 } }}
      items={items}
    />
  );
}
