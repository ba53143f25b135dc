import { changePasswordRequest } from '@c2c/shared';
import { App, Form, Modal } from 'antd';
import { NEW_PASSWORD_HINT, PasswordField } from '../../components/password-field';
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
      <PasswordField current autoFocus label="Current password" name="old_password" schema={fields.old_password} />
      <PasswordField label="New password" name="password" schema={fields.password} extra={NEW_PASSWORD_HINT} />
      <PasswordField
        label="Repeat the new password"
        name="confirm_password"
        schema={fields.confirm_password}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_r, v) => {
              if (v && v !== getFieldValue('password')) throw new Error('The two passwords do not match');
            },
          }),
        ]}
      />
    </Modal>
  );
}
