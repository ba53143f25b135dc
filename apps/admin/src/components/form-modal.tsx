import { App, Form, Modal } from 'antd';
import type { ReactNode } from 'react';

/**
 * A modal holding a vertical form: its OK button submits the form, Cancel closes it, and the form is
 * cleared when the modal is gone.
 */
export function FormModal<V extends object>({
  open,
  title,
  okText,
  width,
  confirmLoading,
  onClose,
  initialValues,
  onFinish,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  width?: number;
  confirmLoading: boolean;
  onClose: () => void;
  initialValues: V;
  onFinish: (values: V) => unknown;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="Cancel"
      okButtonProps={{ htmlType: 'submit' }}
      confirmLoading={confirmLoading}
      onCancel={onClose}
      destroyOnHidden
      width={width}
      modalRender={(dom) => (
        <Form<V> form={form} layout="vertical" clearOnDestroy initialValues={initialValues} onFinish={onFinish}>
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}

/** The create and update mutations of a catalogue item. */
interface SaveMutation<A, T> {
  mutateAsync: (values: A) => Promise<T>;
  isPending: boolean;
}

/**
 * The create/edit modal of a catalogue item: a new item is created with all its values, an edit sends only
 * the fields that changed (none: the modal just closes); once saved, a message says so and the modal closes.
 */
export function CatalogueFormModal<V extends object, T extends { id: number }>({
  editing,
  open,
  onClose,
  initial,
  prepare,
  create,
  update,
  saved,
  title,
  okText,
  width,
  children,
}: {
  editing: T | null;
  open: boolean;
  onClose: () => void;
  initial: V;
  /** the submitted values as they are sent (trimmed, normalised) */
  prepare: (values: V) => V;
  create: SaveMutation<V, T>;
  update: SaveMutation<Partial<V> & { id: number }, T>;
  /** the success message */
  saved: (saved: T, edited: boolean) => string;
  title: string;
  okText: string;
  width: number;
  children: ReactNode;
}) {
  const { message } = App.useApp();

  const onFinish = (values: V) => {
    const prepared = prepare(values);
    let saving: Promise<T>;
    if (editing) {
      const changes = Object.fromEntries(
        Object.entries(prepared).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(initial[k as keyof V])),
      ) as Partial<V>;
      if (Object.keys(changes).length === 0) {
        onClose();
        return;
      }
      saving = update.mutateAsync({ id: editing.id, ...changes });
    } else saving = create.mutateAsync(prepared);
    return saving.then(
      (item) => {
        message.success(saved(item, editing !== null));
        onClose();
      },
      () => undefined,
    );
  };

  return (
    <FormModal<V>
      open={open}
      title={title}
      okText={okText}
      width={width}
      confirmLoading={create.isPending || update.isPending}
      onClose={onClose}
      initialValues={initial}
      onFinish={onFinish}
    >
      {children}
    </FormModal>
  );
}
