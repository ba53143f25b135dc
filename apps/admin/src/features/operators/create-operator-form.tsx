import { OPERATOR_ROLES, operatorCreateRequest } from '@c2c/shared';
import { App, Button, Col, Form, Input, Row, Select } from 'antd';
import { NEW_PASSWORD_HINT, PasswordField } from '../../components/password-field';
import { NameField } from '../../components/schema-field';
import { fieldRule } from '../../lib/field-rule';
import { type CreatedOperator, type NewOperator, useCreateOperator } from './operators-api';

const fields = operatorCreateRequest.shape;

const ROLE_HELP: Record<NewOperator['role'], string> = {
  owner: 'Owner: everything, including settings and operators',
  finance: 'Finance: reviews money movements; reads the audit log',
  support: 'Support: helps customers; reads the audit log',
};

const roleOptions = OPERATOR_ROLES.map((role) => ({ value: role, label: ROLE_HELP[role] }));

export function CreateOperatorForm({ onCreated }: { onCreated: (created: CreatedOperator) => void }) {
  const [form] = Form.useForm<NewOperator>();
  const create = useCreateOperator();
  const { modal } = App.useApp();

  const onFinish = (values: NewOperator) => {
    const operator: NewOperator = { ...values, email: values.email.trim(), name: values.name.trim() };
    // Operators cannot be deleted from the console, so creating one is confirmed first.
    modal.confirm({
      title: `Create operator ${operator.email}?`,
      content: `${operator.name} will be able to sign in to this console with the role “${operator.role}”. Operators cannot be removed here.`,
      okText: 'Create operator',
      onOk: () =>
        create.mutateAsync(operator).then(
          (created) => {
            form.resetFields();
            onCreated(created);
          },
          () => undefined,
        ),
    });
  };

  return (
    <Form<NewOperator>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      disabled={create.isPending}
      initialValues={{ role: 'support' }}
      aria-label="Add operator"
      autoComplete="off"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label="Email" name="email" rules={[fieldRule(fields.email)]}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <NameField label="Name" schema={fields.name} />
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Role" name="role" rules={[fieldRule(fields.role)]}>
            <Select options={roleOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <PasswordField
            label="Initial password"
            name="password"
            schema={fields.password}
            extra={`${NEW_PASSWORD_HINT}; hand it over safely`}
          />
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Create operator
      </Button>
    </Form>
  );
}
