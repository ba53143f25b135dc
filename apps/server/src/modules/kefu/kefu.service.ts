import type { AdminKefuContact, KefuChannel, KefuContact, Page } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import type { KefuContactsTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import * as repo from './kefu.repository.js';

type Row = Selectable<KefuContactsTable>;

const toContact = (r: Row): KefuContact => ({
  id: r.id,
  name: r.name,
  channel: r.channel as KefuChannel,
  link: r.link,
  hours: r.hours,
});
const toAdmin = (r: Row): AdminKefuContact => ({
  ...toContact(r),
  active: r.active,
  sort_order: r.sort_order,
  created_at: r.created_at,
  updated_at: r.updated_at,
});
/** What the audit log keeps of a contact. */
const auditView = (r: Row) => ({
  name: r.name,
  channel: r.channel,
  link: r.link,
  hours: r.hours,
  active: r.active,
  sort_order: r.sort_order,
});

/** Customers: the active contacts, in order. */
export async function listActive(tx: Tx): Promise<{ list: KefuContact[] }> {
  return { list: (await repo.activeContacts(tx)).map(toContact) };
}

/** Operators: every contact, in order. */
export async function listForOperators(tx: Tx, page: number, pageSize: number): Promise<Page<AdminKefuContact>> {
  const { rows, total } = await repo.pageContacts(tx, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toAdmin), total, page, page_size: pageSize };
}

export interface KefuInput {
  name: string;
  channel: KefuChannel;
  link: string;
  hours: string;
  sort_order: number;
  active: boolean;
}

export async function createContact(tx: Tx, ctx: AppContext, actor: Actor, input: KefuInput): Promise<AdminKefuContact> {
  const now = ctx.clock.now();
  const id = await repo.insertContact(tx, { ...input, created_at: iso(now), updated_at: iso(now) });
  const row = (await repo.findContact(tx, id))!;
  await record(tx, ctx, { actor, action: 'kefu.create', target: `kefu:${id}`, detail: auditView(row), now });
  return toAdmin(row);
}

export async function updateContact(
  tx: Tx,
  ctx: AppContext,
  actor: Actor,
  input: Partial<KefuInput> & { id: number },
): Promise<AdminKefuContact> {
  const before = await repo.lockContact(tx, input.id);
  if (!before) throw new DomainError('record_not_found');
  const now = ctx.clock.now();
  const { id, ...fields } = input;
  const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<KefuInput>;
  await repo.updateContact(tx, id, { ...set, updated_at: iso(now) });
  const after = (await repo.findContact(tx, id))!;
  const action =
    set.active !== undefined && set.active !== before.active && Object.keys(set).length === 1
      ? set.active
        ? 'kefu.activate'
        : 'kefu.deactivate'
      : 'kefu.update';
  await record(tx, ctx, {
    actor,
    action,
    target: `kefu:${id}`,
    detail: { from: auditView(before), to: auditView(after) },
    now,
  });
  return toAdmin(after);
}
