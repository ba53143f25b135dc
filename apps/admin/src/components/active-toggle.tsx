import { App, Button, Popconfirm, Tag } from 'antd';

/** The update mutation of a catalogue item, as far as switching it on or off needs it. */
export interface ActiveUpdate {
  mutateAsync: (values: { id: number; active: boolean }) => Promise<unknown>;
  isPending: boolean;
}

/** What an item's on/off switch says: the verbs, the confirmation and the message once done. */
export interface ActiveToggleTexts<T> {
  /** the button's verbs to switch on and off ("Activate" / "Deactivate" unless given) */
  verbs?: { on: string; off: string };
  title: (verb: string, row: T) => string;
  description: (next: boolean, row: T) => string;
  done: (next: boolean, row: T) => string;
}

/** The "Status" column's tag of an item that can be switched on and off. */
export function ActiveTag({ active, offLabel = 'Inactive' }: { active: boolean; offLabel?: string }) {
  return active ? <Tag color="green">Active</Tag> : <Tag>{offLabel}</Tag>;
}

/** Switches an item on or off after a confirmation; a switch off is marked as dangerous. */
export function ActiveToggle<T extends { id: number; active: boolean }>({
  row,
  label,
  useUpdate,
  texts,
}: {
  row: T;
  /** what the item is called in the button's accessible name */
  label: string;
  useUpdate: () => ActiveUpdate;
  texts: ActiveToggleTexts<T>;
}) {
  const toggle = useUpdate();
  const { message } = App.useApp();
  const next = !row.active;
  const verbs = texts.verbs ?? { on: 'Activate', off: 'Deactivate' };
  const verb = next ? verbs.on : verbs.off;
  return (
    // right-aligned: the switch is in a table's last column, so a popover centred above it could reach past the
    // window's right edge, its Confirm button out of reach
    <Popconfirm
      placement="topRight"
      title={texts.title(verb, row)}
      description={texts.description(next, row)}
      okText="Confirm"
      cancelText="Cancel"
      okButtonProps={{ danger: !next }}
      onConfirm={() =>
        toggle.mutateAsync({ id: row.id, active: next }).then(
          () => {
            message.success(texts.done(next, row));
          },
          () => undefined,
        )
      }
    >
      <Button size="small" danger={!next} loading={toggle.isPending} aria-label={`${verb} ${label}`}>
        {verb}
      </Button>
    </Popconfirm>
  );
}
