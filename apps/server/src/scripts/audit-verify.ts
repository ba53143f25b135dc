import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUDIT_CHECKPOINT_RE } from '@c2c/shared';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/open-database.js';
import { inTransaction } from '../db/transaction.js';
import { AuditKeyError, loadAuditKey } from '../lib/audit-key.js';
import { checkpoint, verifyChain } from '../modules/audit/audit.service.js';

const PROBLEMS = {
  entry: 'an entry was edited, inserted or deleted (its hash or its link to the one before does not match)',
  tail: 'entries after the last one are missing (the stored head names a later entry)',
  key: "the chain was keyed with another key than this one (AUDIT_KEY or DATA_DIR's audit.key)",
  unkeyed: 'the chain has no keyed anchor: it was rebuilt without the key',
  checkpoint: "the checkpoint's entry is missing or differs: the log was cut off or rewritten after the checkpoint",
} as const;

export interface Output {
  out(line: string): void;
  err(line: string): void;
}

/**
 * `npm run audit:verify [-- <id:hash>]`: checks the audit chain of the configured database with the configured key
 * (the server's environment: DATABASE_URL or DATA_DIR, AUDIT_KEY or DATA_DIR/audit.key), and against a checkpoint
 * kept outside the system when one is given. Answers the exit code: 0 intact, 1 broken, 2 could not check.
 */
export async function auditVerify(env: Record<string, string | undefined>, args: string[], io: Output): Promise<number> {
  const kept = args[0]?.trim().toLowerCase();
  if (args.length > 1 || (kept !== undefined && !AUDIT_CHECKPOINT_RE.test(kept))) {
    io.err('usage: npm run audit:verify [-- <checkpoint>]   (a checkpoint is <entry id>:<64 hex characters>)');
    return 2;
  }
  let key: Buffer;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
    key = loadAuditKey(config, { create: false }).key;
  } catch (err) {
    if (err instanceof ConfigError || err instanceof AuditKeyError) {
      io.err(`audit verify: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const database = await openDatabase(config);
  const line = (obj: object | string, msg?: string) =>
    io.err(typeof obj === 'string' ? obj : `${msg ?? ''} ${JSON.stringify(obj)}`);
  const log = { info: line, warn: line, error: line };
  try {
    const { result, head } = await inTransaction({ database, log }, async (tx) => ({
      result: await verifyChain(tx, key, kept),
      head: await checkpoint(tx),
    }));
    if (result.ok) {
      io.out(`audit chain intact: ${result.checked} entries checked${kept ? `, checkpoint ${kept} matches` : ''}`);
      io.out(`current checkpoint (keep it outside the system): ${head.checkpoint}`);
      return 0;
    }
    io.err(`audit chain BROKEN at entry #${result.broken_at} after ${result.checked} good entries:`);
    io.err(`  ${result.problem ? PROBLEMS[result.problem] : 'unknown problem'}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await auditVerify(process.env, process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
