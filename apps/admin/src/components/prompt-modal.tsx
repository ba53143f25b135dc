import { Form, type FormRule, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';

/**
 * A confirmation that needs one piece of text (a rejection reason, a payout reference). `onSubmit` rejecting
 * keeps the modal open so the operator can try again; the API client has already shown why.
 */
export function PromptModal({
  open,
  title,
  summary,
  label,
  rule,
  maxLength,
  multiline = false,
  danger = false,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  title: string;
  summary: ReactNode;
  label: string;
  rule: FormRule;
  maxLength: number;
  multiline?: boolean;
  danger?: boolean;
  onCancel: () => void;
  onSubmit: (text: string) => Promise<unknown>;
}) {
  const [form] = Form.useForm<{ text: string }>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ text }: { text: string }) => {
    setSubmitting(true);
    try {
      await onSubmit(text.trim());
    } catch {
      // already shown by the API client; the text stays for another try
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="Confirm"
      cancelText="Cancel"
      okButtonProps={{ htmlType: 'submit', danger }}
      confirmLoading={submitting}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(dom) => (
        <Form form={form} layout="vertical" clearOnDestroy requiredMark={false} onFinish={submit}>
          {dom}
        </Form>
      )}
    >
      <div style={{ marginBottom: 16 }}>{summary}</div>
      <Form.Item label={label} name="text" rules={[rule]}>
        {multiline ? (
          <Input.TextArea maxLength={maxLength} showCount autoSize={{ minRows: 3, maxRows: 6 }} autoFocus />
        ) : (
          <Input maxLength={maxLength} autoComplete="off" autoFocus />
        )}
      </Form.Item>
    </Modal>
  );
}
