import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The key file's name in DATA_DIR, used when AUDIT_KEY is not set. */
export const AUDIT_KEY_FILE = 'audit.key';

export class AuditKeyError extends Error {}

/**
 * The secret that keys the audit chain (HMAC-SHA256). It must live outside the database, or whoever can rewrite the
 * log could recompute its hashes: `AUDIT_KEY` when set (needed when several server processes share one database),
 * else `DATA_DIR/audit.key`, 32 random bytes in hex created with mode 0600 on the first start and reused after.
 * A key file other users may read is refused. With `create: false` (the CLI) a missing key is an error.
 */
export function loadAuditKey(
  config: { auditKey: string | undefined; dataDir: string },
  { create }: { create: boolean },
): { key: Buffer; source: string } {
  if (config.auditKey) return { key: Buffer.from(config.auditKey, 'utf8'), source: 'AUDIT_KEY' };
  const file = path.join(config.dataDir, AUDIT_KEY_FILE);
  if (!fs.existsSync(file)) {
    if (!create) throw new AuditKeyError(`no audit key: set AUDIT_KEY, or DATA_DIR to the server's (no ${file})`);
    fs.mkdirSync(config.dataDir, { recursive: true });
    // written whole under another name, then linked into place: when two processes start at once, one key wins and
    // neither reads a half-written file
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077)
    throw new AuditKeyError(
      `${file} may be read by other users (mode ${mode.toString(8)}); allow only its owner: chmod 600 ${file}`,
    );
  const hex = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new AuditKeyError(`${file} does not hold a key (64 hex characters)`);
  return { key: Buffer.from(hex, 'hex'), source: file };
}
