import type { AppContext, Tx } from './context.js';
import { lockStartup } from './db/startup-lock.js';
import { inTransaction } from './db/transaction.js';
import { hashPassword, randomCode } from './lib/crypto.js';
import { createHouseCode, hasHouseCodes, isActiveHouseCode } from './modules/invites/invites.service.js';
import { countOperators, createOperator, newTotpSecret } from './modules/operators/operators.service.js';
import { createAddress } from './modules/recharge/recharge.service.js';
import { countUsers, createDemoCustomer } from './modules/users/users.service.js';

export interface SeedReport {
  owner?: { email: string; password: string; totpSecret: string; generated: boolean };
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

/**
 * First start on an empty database: the owner operator and the house invitation code, from the
 * environment or generated. Returns what was created so `main` can print it once.
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
    const { email, password, totpSecret } = ctx.config.admin;
    const owner = {
      email: email ?? 'owner@c2c.local',
      password: password ?? `${randomCode(6)}-${randomCode(6)}-${randomCode(4)}`,
      totpSecret: totpSecret ?? newTotpSecret(),
      generated: !password || !totpSecret,
    };
    await createOperator(tx, ctx, null, {
      email: owner.email,
      name: 'Owner',
      role: 'owner',
      password: owner.password,
      totpSecret: owner.totpSecret,
    });
    report.owner = owner;
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
