import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_PREFIX } from '@c2c/shared';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext, Tx } from '../../context.js';
import { afterCommit, onRollback } from '../../db/transaction.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import * as repo from './uploads.repository.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const UPLOADS_PER_USER = { points: 30, seconds: 3600 };
/** What we accept, judged by the bytes themselves, never by the name or the declared type. */
const ALLOWED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
]);
const NAME_RE = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

const dir = (ctx: AppContext) => path.join(ctx.config.dataDir, 'uploads');

/**
 * Stores an image under a random name (the client's file name is never used). The file is written before its
 * row; if the transaction then fails, the file is removed, so no row ever names a missing file.
 */
export async function storeImage(tx: Tx, ctx: AppContext, userId: number, data: Buffer): Promise<{ id: number; url: string }> {
  if ((await ctx.throttle.hit(`upload:user:${userId}`, UPLOADS_PER_USER)) > 0) throw new DomainError('rate_limited');
  if (data.length === 0) throw new DomainError('credentials_required');
  if (data.length > MAX_UPLOAD_BYTES) throw new DomainError('upload_too_large');
  const type = await fileTypeFromBuffer(data);
  const ext = type && ALLOWED.get(type.mime);
  if (!type || !ext) throw new DomainError('upload_type');
  const name = `${randomBytes(16).toString('hex')}.${ext}`;
  await fs.mkdir(dir(ctx), { recursive: true });
  await fs.writeFile(path.join(dir(ctx), name), data, { flag: 'wx' });
  onRollback(tx, () => fs.rm(path.join(dir(ctx), name), { force: true }));
  const id = await repo.insertUpload(tx, { userId, name, mime: type.mime, size: data.length, now: iso(ctx.clock.now()) });
  return { id, url: `${UPLOADS_PREFIX}${name}` };
}

const nameOf = (url: string) => {
  const name = url.startsWith(UPLOADS_PREFIX) ? url.slice(UPLOADS_PREFIX.length) : '';
  return NAME_RE.test(name) ? name : undefined;
};

/** True when `url` names an upload of this user (a recharge may only cite its own screenshot). */
export async function isOwnUpload(tx: Tx, userId: number, url: string): Promise<boolean> {
  const name = nameOf(url);
  const row = name && (await repo.findUpload(tx, name));
  return !!row && row.user_id === userId;
}

/**
 * Attaches one of the user's uploads to the record it backs (`recharge:12`), once: the mark is a conditional update in
 * the caller's transaction, so of two records citing one upload at the same time exactly one gets it. Throws
 * `credentials_required` for an upload that is not the user's and `upload_used` for one that backs another record.
 */
export async function useUpload(tx: Tx, userId: number, url: string, usedFor: string): Promise<void> {
  const name = nameOf(url);
  const row = name && (await repo.findUpload(tx, name));
  if (!row || row.user_id !== userId) throw new DomainError('credentials_required');
  if (!(await repo.markUsed(tx, row.id, usedFor))) throw new DomainError('upload_used');
}

/** `trade:12` and `trade:12:<anything>`: an upload backing a trade (its payment proof, an image in its chat). */
const TRADE_USE = /^trade:(\d+)(:|$)/;

/**
 * The stored file for a reader allowed to see it: its owner, any operator, and for an upload backing a trade (the
 * payment proof, a chat image) the other side of that trade. Undefined otherwise.
 */
export async function readUpload(tx: Tx, ctx: AppContext, name: string, reader: { userId: number } | 'operator') {
  if (!NAME_RE.test(name)) return undefined;
  const row = await repo.findUpload(tx, name);
  if (!row) return undefined;
  if (reader !== 'operator' && row.user_id !== reader.userId) {
    const trade = row.used_for ? TRADE_USE.exec(row.used_for) : null;
    if (!trade || !(await repo.isTradeParty(tx, Number(trade[1]), reader.userId))) return undefined;
  }
  const data = await fs.readFile(path.join(dir(ctx), row.name)).catch(() => undefined);
  return data && { data, mime: row.mime };
}

/** Removes a customer's uploads (rows now, files once the transaction commits), before the customer is deleted. */
export async function removeUploadsOf(tx: Tx, ctx: AppContext, userId: number) {
  const gone = await repo.deleteUploadsOf(tx, userId);
  afterCommit(tx, () => Promise.all(gone.map((u) => fs.rm(path.join(dir(ctx), u.name), { force: true }))));
}
