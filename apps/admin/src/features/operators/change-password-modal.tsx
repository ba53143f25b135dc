import { changePasswordRequest } from '@c2c/shared';
import { App, Form, Input, Modal } from 'antd';
import { fieldRule } from '../../lib/field-rule';
import { useChangePassword } from './operators-api';

type Values = { old_password: string; password: string; confirm_password: string };
const fields = changePasswordRequest.shape;

/** The signed-in operator changes their own password; their other sessions end. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const { message } = App.useApp();
  const submit = (v: Values) =>
    change.mutateAsync(v).then(
      () => {
        message.success('Password changed; your other sessions are signed out');
        onClose();
      },
      () => undefined,
    );
  return (
    <Modal
      open={open}
      title="Change password"
      okText="Change password"
      onCancel={onClose}
      confirmLoading={change.isPending}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form
          form={form}
          name="change-password"
          layout="vertical"
          clearOnDestroy
          requiredMark={false}
          onFinish={submit}
          autoComplete="off"
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item label="Current password" name="old_password" rules={[fieldRule(fields.old_password)]}>
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <Form.Item
        label="New password"
        name="password"
        rules={[fieldRule(fields.password)]}
        extra="8 to 64 characters with a letter and a digit"
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Repeat the new password"
        name="confirm_password"
        dependencies={['password']}
        rules={[
          fieldRule(fields.confirm_password),
          ({ getFieldValue }) => ({
            validator: async (_r, v) => {
              if (v && v !== getFieldValue('password')) throw new Error('The two passwords do not match');
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </Modal>
  );
}
