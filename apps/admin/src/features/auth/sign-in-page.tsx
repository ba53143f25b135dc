import { adminLoginRequest } from '@c2c/shared';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { PasswordField } from '../../components/password-field';
import { ApiError } from '../../lib/api';
import { fieldRule } from '../../lib/field-rule';
import { type SignInValues, useSignIn } from './auth-api';

const fields = adminLoginRequest.shape;

export function SignInPage() {
  const [form] = Form.useForm<SignInValues>();
  const signIn = useSignIn();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    document.title = 'Sign in · C2C Console';
  }, []);

  const onFinish = async (values: SignInValues) => {
    setSubmitting(true);
    setError(null);
    try {
      await signIn({ email: values.email.trim(), password: values.password, totp: values.totp.trim() });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Sign-in failed, please try again');
      // A TOTP code is single-use and short-lived: ask for a fresh one rather than resubmitting the old.
      form.setFieldValue('totp', '');
      setSubmitting(false);
    }
  };

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5', padding: 24 }}>
      <Card style={{ width: 400, maxWidth: '100%' }}>
        <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4, fontSize: 24 }}>
          C2C operator console
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Sign in with your operator e-mail, password and the 6-digit code from your authenticator app.
        </Typography.Paragraph>
        <Form<SignInValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={onFinish}
          onValuesChange={() => setError(null)}
          disabled={submitting}
          aria-label="Sign in"
        >
          <Form.Item label="Email" name="email" rules={[fieldRule(fields.email)]} validateTrigger="onBlur">
            <Input type="email" autoComplete="username" autoFocus />
          </Form.Item>
          <PasswordField current label="Password" name="password" schema={fields.password} validateTrigger="onBlur" />
          <Form.Item
            label="Authenticator code"
            name="totp"
            rules={[fieldRule(fields.totp)]}
            validateTrigger="onBlur"
            extra="The 6-digit code your authenticator app shows now"
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} placeholder="123456" />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" htmlType="submit" block loading={submitting}>
            Sign in
          </Button>
        </Form>
      </Card>
    </main>
  );
}
