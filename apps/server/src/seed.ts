import fs from 'node:fs';
import path from 'node:path';
import type { AppContext, Tx } from './context.js';
import { lockStartup } from './db/startup-lock.js';
import { inTransaction, onRollback } from './db/transaction.js';
import { hashPassword, randomCode } from './lib/crypto.js';
import { createHouseCode, hasHouseCodes, isActiveHouseCode } from './modules/invites/invites.service.js';
import { countOperators, createOperator, newTotpSecret } from './modules/operators/operators.service.js';
import { createAddress } from './modules/recharge/recharge.service.js';
import { countUsers, createDemoCustomer } from './modules/users/users.service.js';

export interface SeedReport {
  /** the owner created; `file`: where the secrets generated for them were written (none when both were given) */
  owner?: { email: string; file?: string };
  houseCode?: { code: string; generated: boolean };
  demo?: { email: string; password: string };
  demoAddresses?: string[];
  /** why a fresh database got no demo data although SEED_DEMO was left unset */
  demoRefused?: string;
}

/**
 * Demo receiving addresses (well-formed, nobody's wallet): marked demo, so customers are told not to send funds and the
 * console offers to remove them. Migration 005 knows these values to mark installs seeded before the flag existed.
 */
const DEMO_ADDRESSES: [string, string][] = [
  ['TRC20', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
  ['ERC20', '0x000000000000000000000000000000000000dEaD'],
];

export const DEMO_CUSTOMER = { email: 'demo@c2c.local', password: 'Demo12345' };

/** where the first start writes the owner's generated password and TOTP secret, in DATA_DIR */
export const FIRST_OWNER_FILE = 'first-owner.txt';

/**
 * First start on an empty database: the owner operator and the house invitation code, from the
 * environment or generated. Returns what was created so `main` can tell of it once; the owner's secrets are never in
 * it: those generated go to a file only its user reads (`FIRST_OWNER_FILE`), those given stay where they were given.
 */
export async function seedFirstStart(ctx: AppContext): Promise<SeedReport> {
  // the demo customer's password is hashed before the transaction opens
  const demoPasswordHash = ctx.config.seedDemo ? await hashPassword(DEMO_CUSTOMER.password) : '';
  return inTransaction(ctx, async (tx) => {
    // another process starting at the same moment seeds first or waits; whoever comes second finds it done
    await lockStartup(tx, ctx.dialect, ctx.config.databaseSchema);
    return seed(tx, ctx, demoPasswordHash);
  });
}

async function seed(tx: Tx, ctx: AppContext, demoPasswordHash: string): Promise<SeedReport> {
  const report: SeedReport = {};
  if ((await countOperators(tx)) === 0) {
    const { email = 'owner@c2c.local', password, totpSecret } = ctx.config.admin;
    const owner = {
      email,
      password: password ?? `${randomCode(6)}-${randomCode(6)}-${randomCode(4)}`,
      totpSecret: totpSecret ?? newTotpSecret(),
    };
    await createOperator(tx, ctx, null, { ...owner, name: 'Owner', role: 'owner' });
    const generated = [
      ...(password ? [] : [`Password:     ${owner.password}`]),
      ...(totpSecret ? [] : [`TOTP secret:  ${owner.totpSecret}  (add it to an authenticator app)`]),
    ];
    report.owner = { email, ...(generated.length ? { file: writeFirstOwnerFile(tx, ctx, email, generated) } : {}) };
  }
  const wanted = ctx.config.houseInviteCode;
  if (!(await hasHouseCodes(tx))) {
    const code = wanted ?? randomCode(8);
    await createHouseCode(tx, ctx, null, code);
    report.houseCode = { code, generated: !wanted };
  } else if (wanted && !(await isActiveHouseCode(tx, wanted))) {
    ctx.log.warn({ code: wanted }, 'HOUSE_INVITE_CODE is ignored: the database already has house invitation codes');
  }
  if (ctx.config.seedDemo && report.houseCode) {
    // the demo catalogue of a fresh install: where customers send USDT, per network
    for (const [type, address] of DEMO_ADDRESSES) await createAddress(tx, ctx, null, { type, address }, { demo: true });
    report.demoAddresses = DEMO_ADDRESSES.map(([type]) => type);
  }
  if (ctx.config.seedDemo && (await countUsers(tx)) === 0) {
    const houseCode = report.houseCode?.code ?? wanted;
    if (houseCode) {
      await createDemoCustomer(tx, ctx, { email: DEMO_CUSTOMER.email, passwordHash: demoPasswordHash, houseCode });
      report.demo = DEMO_CUSTOMER;
    }
  }
  if (!ctx.config.seedDemo && ctx.config.demoRefused && report.houseCode) report.demoRefused = ctx.config.demoRefused;
  return report;
}

/**
 * Writes what was generated for the first owner to `DATA_DIR/first-owner.txt`, readable by this user only, within the
 * seed's transaction: the owner is created only if the file could be written, and a rollback removes it. An existing
 * file is never overwritten (it may hold an earlier owner's secrets): the start stops instead.
 */
function writeFirstOwnerFile(tx: Tx, ctx: AppContext, email: string, generated: string[]): string {
  const file = path.join(ctx.config.dataDir, FIRST_OWNER_FILE);
  fs.mkdirSync(ctx.config.dataDir, { recursive: true });
  const text = [
    'C2C: the owner operator created at the first start. Keep this somewhere safe, then delete this file.',
    `E-mail:       ${email}`,
    ...generated,
    '',
  ].join('\n');
  try {
    fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      throw new Error(
        `${file} already exists (an earlier first start's owner secrets?): move it away, then start again on the empty database`,
      );
    throw err;
  }
  onRollback(tx, () => fs.rmSync(file, { force: true }));
  return file;
}
