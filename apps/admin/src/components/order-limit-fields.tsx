import { Col, Row } from 'antd';
import { DecimalField } from './schema-field';

/** An amount field's shared schema: checks the text and parses it to micro-units. */
interface AmountSchema {
  safeParse(
    value: unknown,
  ): { success: true; data: bigint } | { success: false; error: { issues: readonly { message: string }[] } };
}

/**
 * The form's "min" and "max" fields: the per-order limits in USDT, side by side, each checked as the server
 * checks it, and the maximum compared with the minimum.
 */
export function OrderLimitFields({ min, max }: { min: AmountSchema; max: AmountSchema }) {
  return (
    <Row gutter={12}>
      <Col span={12}>
        <DecimalField label="Minimum per order (USDT)" name="min" schema={min} />
      </Col>
      <Col span={12}>
        <DecimalField
          label="Maximum per order (USDT)"
          name="max"
          schema={max}
          dependencies={['min']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string) => {
                const lower = min.safeParse(getFieldValue('min'));
                const parsed = max.safeParse(value);
                if (lower.success && parsed.success && parsed.data < lower.data)
                  throw new Error('The maximum must not be below the minimum');
              },
            }),
          ]}
        />
      </Col>
    </Row>
  );
}
