import type { AuditCheckpoint, AuditEntry, AuditVerifyResult, Page } from '@c2c/shared';
import type { Tx } from '../../context.js';
import type { Dialect } from '../../db/database.js';
import { readValue, writeValue } from '../../db/kv.js';
import { afterCommit, logOf } from '../../db/transaction.js';
import { iso } from '../../lib/clock.js';
import { hmacSha256, sha256 } from '../../lib/crypto.js';
import type { Logger } from '../../lib/logger.js';
import * as repo from './audit.repository.js';

export const GENESIS = '0'.repeat(64);
const HEAD_KEY = 'audit.head';
/** The entry from which the chain is keyed: the first of a fresh chain, or the one appended over a plain one. */
export const ANCHOR_ACTION = 'audit.key';
/** A checkpoint is written to the server log at every this many entries (and at every start). */
const CHECKPOINT_EVERY = 100;

export interface Actor {
  id: number;
  email: string;
}

/** What writing and checking the chain needs: the database dialect, the key (never stored in the database), a log. */
export interface AuditEnv {
  dialect: Dialect;
  auditKey: Buffer;
  log: Logger;
}

const content = (r: Omit<repo.AuditRow, 'hash'>) =>
  `${r.prev_hash}\n${JSON.stringify([r.id, r.at, r.operator_id, r.operator_email, r.action, r.target, r.detail])}`;
/** Each entry's hash: an HMAC with the key, so that nobody without it can recompute the chain after an edit. */
const keyedHash = (key: Buffer, r: Omit<repo.AuditRow, 'hash'>) => hmacSha256(key, content(r));
/** The plain SHA-256 of the entries written before the chain was keyed (they stay as they were). */
const plainHash = (r: Omit<repo.AuditRow, 'hash'>) => sha256(content(r));
/** Names the key in the anchor without revealing it, so a wrong key is told apart from an edited entry. */
const keyId = (key: Buffer) => hmacSha256(key, 'c2c audit key id').slice(0, 16);

const formatCheckpoint = (id: number, hash: string) => `${id}:${hash}`;

async function append(
  tx: Tx,
  env: AuditEnv,
  last: repo.AuditRow | undefined,
  entry: { actor: Actor | null; action: string; target: string; detail?: Record<string, unknown>; now: Date },
) {
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
  const hash = keyedHash(env.auditKey, row);
  await repo.insertEntry(tx, { ...row, hash });
  await writeValue(tx, HEAD_KEY, formatCheckpoint(row.id, hash));
  if (row.id % CHECKPOINT_EVERY === 0) {
    afterCommit(tx, () => logOf(tx).info({ audit_checkpoint: formatCheckpoint(row.id, hash) }, 'audit checkpoint'));
  }
  return row.id;
}

/**
 * Appends one entry to the keyed hash chain inside the caller's transaction, so the action and its record
 * commit together or not at all. Each entry's HMAC covers its content and its predecessor's hash; the chain's
 * head is kept beside it, and checkpoints (`id:hash` of an entry) are published outside the database, so an
 * edited, removed or cut-off entry is found by `verifyChain`.
 */
export async function record(
  tx: Tx,
  env: AuditEnv,
  entry: { actor: Actor | null; action: string; target: string; detail?: Record<string, unknown>; now: Date },
): Promise<void> {
  await repo.lockChain(tx, env.dialect);
  await append(tx, env, await repo.lastEntry(tx), entry);
}

/**
 * Run at every start, before anything is recorded: a chain without its keyed anchor gets one. On a fresh database
 * the anchor is the first entry. Over a chain written before the key existed (plain SHA-256), the anchor is
 * appended only when that chain checks out; its HMAC covers the last plain hash, so from then on rewriting the old
 * entries breaks the anchor. A plain chain that does not check out is left as it is and reported.
 */
export async function ensureKeyedChain(tx: Tx, env: AuditEnv, now: Date): Promise<void> {
  await repo.lockChain(tx, env.dialect);
  if (await repo.firstByAction(tx, ANCHOR_ACTION)) return;
  let prev = GENESIS;
  let n = 0;
  for (;;) {
    const batch = await repo.batchAfter(tx, n, 1000);
    if (batch.length === 0) break;
    for (const { hash, ...rest } of batch) {
      if (rest.id !== n + 1 || rest.prev_hash !== prev || plainHash(rest) !== hash) {
        env.log.error({ broken_at: n + 1 }, 'audit chain: the plain chain does not check out, so it is not keyed; investigate');
        return;
      }
      prev = hash;
      n += 1;
    }
  }
  const last = await repo.lastEntry(tx);
  const id = await append(tx, env, last, {
    actor: null,
    action: ANCHOR_ACTION,
    target: 'audit',
    detail: { key_id: keyId(env.auditKey), plain_entries: n },
    now,
  });
  if (n > 0) env.log.warn({ anchor: id, plain_entries: n }, 'audit chain: keyed from now on, anchored over the plain entries');
}

/** The newest entry as a checkpoint to keep outside the system (`id:hash`); `0:000…` while the chain is empty. */
export async function checkpoint(tx: Tx): Promise<AuditCheckpoint> {
  const last = await repo.lastEntry(tx);
  return { checkpoint: formatCheckpoint(last?.id ?? 0, last?.hash ?? GENESIS), id: last?.id ?? 0, at: last?.at ?? null };
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

/**
 * Checks the whole chain with `key`: ids without gaps, each entry linked to its predecessor, plain SHA-256 before
 * the keyed anchor and HMAC from it on, the anchor naming this key, the stored head at the last entry, and, when a
 * checkpoint kept elsewhere is given, its entry still there with the same hash (a cut-off tail whose head was
 * rewritten, or a chain rebuilt from scratch, is found only so).
 */
export async function verifyChain(tx: Tx, key: Buffer, kept?: string): Promise<AuditVerifyResult> {
  const wanted = kept ? { id: Number(kept.split(':')[0]), hash: kept.split(':')[1] } : undefined;
  let prev = GENESIS;
  let expectedId = 1;
  let checked = 0;
  let keyed = false;
  const broken = (at: number, problem: AuditVerifyResult['problem']): AuditVerifyResult => ({
    ok: false,
    checked,
    broken_at: at,
    problem,
  });
  for (;;) {
    const batch = await repo.batchAfter(tx, expectedId - 1, 1000);
    if (batch.length === 0) break;
    for (const r of batch) {
      const { hash, ...rest } = r;
      if (r.id !== expectedId) return broken(expectedId, 'entry');
      if (!keyed && r.action === ANCHOR_ACTION && r.operator_id === null) {
        keyed = true;
        const detail = parseDetail(r.detail);
        if (detail.key_id !== keyId(key)) return broken(r.id, 'key');
      }
      if (r.prev_hash !== prev || (keyed ? keyedHash(key, rest) : plainHash(rest)) !== hash) return broken(r.id, 'entry');
      if (wanted && r.id === wanted.id && hash !== wanted.hash) return broken(r.id, 'checkpoint');
      prev = hash;
      expectedId += 1;
      checked += 1;
    }
  }
  const lastId = expectedId - 1;
  // a chain is keyed from its anchor on; one without (an anchor removed, the rest rewritten plain) is not ours
  if (checked > 0 && !keyed) return broken(1, 'unkeyed');
  if (((await readValue(tx, HEAD_KEY)) ?? formatCheckpoint(0, GENESIS)) !== formatCheckpoint(lastId, prev)) {
    // entries after the last one found were removed (or the head itself was altered)
    return broken(lastId + 1, 'tail');
  }
  if (wanted && wanted.id > lastId) return broken(lastId + 1, 'checkpoint');
  return { ok: true, checked, broken_at: null, problem: null };
}

function parseDetail(detail: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(detail);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
