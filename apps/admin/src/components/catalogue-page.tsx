import { Button, Card, Flex, type TableColumnsType, Typography } from 'antd';
import { type ComponentType, type ReactNode, useState } from 'react';
import { ActiveToggle, type ActiveToggleTexts, type ActiveUpdate } from './active-toggle';
import { type PagedList, PagedTable, usePagedList } from './paged-table';

/** What a catalogue page's create/edit modal is given: the item edited (null for a new one), open, and how to close. */
export interface CatalogueFormProps<T> {
  editing: T | null;
  open: boolean;
  onClose: () => void;
}

/**
 * A page of operator-managed items: a card with the title, the "Add" button, an explanation and the paged table;
 * who may edit also gets each row's Edit button and on/off switch, and the create/edit modal.
 */
export function CataloguePage<T extends { id: number; active: boolean }>({
  title,
  addText,
  intro,
  emptyText,
  canEdit,
  columns,
  actionWidth,
  useList,
  useUpdate,
  toggleTexts,
  itemLabel,
  FormModal,
}: {
  title: string;
  addText: string;
  intro: ReactNode;
  emptyText: string;
  canEdit: boolean;
  /** the item's own columns; the action column is added for who may edit */
  columns: TableColumnsType<T>;
  actionWidth: number;
  useList: (page: number, pageSize: number) => { data: PagedList<T> | undefined; isFetching: boolean };
  useUpdate: () => ActiveUpdate;
  toggleTexts: ActiveToggleTexts<T>;
  /** what an item is called in its buttons' accessible names */
  itemLabel: (row: T) => string;
  FormModal: ComponentType<CatalogueFormProps<T>>;
}) {
  const items = usePagedList(useList);
  const [form, setForm] = useState<{ open: boolean; editing: T | null }>({ open: false, editing: null });

  const allColumns: TableColumnsType<T> = canEdit
    ? [
        ...columns,
        {
          title: 'Action',
          key: 'action',
          width: actionWidth,
          render: (_, row) => (
            <Flex gap={8}>
              <Button size="small" onClick={() => setForm({ open: true, editing: row })} aria-label={`Edit ${itemLabel(row)}`}>
                Edit
              </Button>
              <ActiveToggle row={row} label={itemLabel(row)} useUpdate={useUpdate} texts={toggleTexts} />
            </Flex>
          ),
        },
      ]
    : columns;

  return (
    <Card
      title={title}
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setForm({ open: true, editing: null })}>
            {addText}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{intro}</Typography.Paragraph>
      <PagedTable<T> columns={allColumns} list={items} emptyText={emptyText} />
      {canEdit && (
        <FormModal
          key={form.editing?.id ?? 'new'}
          open={form.open}
          editing={form.editing}
          onClose={() => setForm((current) => ({ ...current, open: false }))}
        />
      )}
    </Card>
  );
}
