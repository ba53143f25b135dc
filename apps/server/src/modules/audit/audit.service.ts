import type { AuditEntry, Page } from '@c2c/shared';
import type { Tx } from '../../context.js';
import type { Dialect } from '../../db/database.js';
import { readValue, writeValue } from '../../db/kv.js';
import { iso } from '../../lib/clock.js';
import { sha256 } from '../../lib/crypto.js';
import * as repo from './audit.repository.js';

export const GENESIS = '0'.repeat(64);
const HEAD_KEY = 'audit.head';

export interface Actor {
  id: number;
  email: string;
}

function entryHash(r: Omit<repo.AuditRow, 'hash'>): string {
  return sha256(`${r.prev_hash}\n${JSON.stringify([r.id, r.at, r.operator_id, r.operator_email, r.action, r.target, r.detail])}`);
}

/**
 * Appends one entry to the hash chain inside the caller's transaction, so the action and its record
 * commit together or not at all. Each entry's hash covers its content and its predecessor's hash; the
 * chain's head is kept beside it, so an edited, removed or truncated entry is found by `verifyChain`.
 */
export async function record(
  tx: Tx,
  dialect: Dialect,
  entry: { actor: Actor | null; action: string; target: string; detail?: Record<string, unknown>; now: Date },
): Promise<void> {
  await repo.lockChain(tx, dialect);
  const last = await repo.lastEntry(tx);
  const row = {
    id: (last?.id ?? 0) + 1,
    at: iso(entry.now),
    operator_id: entry.actor?.id ?? null,
    operator_email: entry.actor?.email ?? null,
    action: entry.action,
    target: entry.target,
    detail: JSON.stringify(entry.detail ?? {}),
    prev_hash: last?.hash ?? GENESIS,
  };
  const hash = entryHash(row);
  await repo.insertEntry(tx, { ...row, hash });
  await writeValue(tx, HEAD_KEY, `${row.id}:${hash}`);
}

export async function list(tx: Tx, keyword: string | undefined, page: number, pageSize: number): Promise<Page<AuditEntry>> {
  const { rows, total } = await repo.page(tx, keyword || undefined, pageSize, (page - 1) * pageSize);
  return {
    list: rows.map(({ prev_hash: _prev, ...r }) => r),
    total,
    page,
    page_size: pageSize,
  };
}

export async function verifyChain(tx: Tx): Promise<{ ok: boolean; checked: number; broken_at: number | null }> {
  let prev = GENESIS;
  let expectedId = 1;
  let checked = 0;
  for (;;) {
    const batch = await repo.batchAfter(tx, expectedId - 1, 1000);
    if (batch.length === 0) break;
    for (const r of batch) {
      const { hash, ...rest } = r;
      if (r.id !== expectedId || r.prev_hash !== prev || entryHash(rest) !== hash) {
        return { ok: false, checked, broken_at: r.id !== expectedId ? expectedId : r.id };
      }
      prev = hash;
      expectedId += 1;
      checked += 1;
    }
  }
  const head = await readValue(tx, HEAD_KEY);
  const lastId = expectedId - 1;
  if ((head ?? `0:${GENESIS}`) !== `${lastId}:${prev}`) {
    // entries after the last one found were removed (or the head itself was altered)
    return { ok: false, checked, broken_at: lastId + 1 };
  }
  return { ok: true, checked, broken_at: null };
}
