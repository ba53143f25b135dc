import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * - `uploads.used_for`: the record an upload backs (`recharge:12`), set once; a screenshot backs one recharge only.
 *   Existing uploads are marked for the first recharge that cites them.
 * - `receiving_addresses.demo`, `users.demo`: what the first start seeded as demo data, so it can be shown as such,
 *   refused as an invitation and removed. Installs seeded before this migration are marked by the values the seed
 *   used then (the demo customer's address and the two demo receiving addresses).
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const no = dialect === 'postgres' ? sql`false` : sql`0`;
  const yes = dialect === 'postgres' ? sql`true` : sql`1`;
  await sql`ALTER TABLE uploads ADD COLUMN used_for varchar(64)`.execute(db);
  await sql`UPDATE uploads SET used_for = (
      SELECT 'recharge:' || min(r.id) FROM recharges r WHERE r.image = '/uploads/' || uploads.name
    ) WHERE EXISTS (SELECT 1 FROM recharges r WHERE r.image = '/uploads/' || uploads.name)`.execute(db);

  for (const table of ['receiving_addresses', 'users']) {
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN demo boolean NOT NULL DEFAULT ${no}`.execute(db);
  }
  await sql`UPDATE users SET demo = ${yes} WHERE email = 'demo@c2c.local'`.execute(db);
  await sql`UPDATE receiving_addresses SET demo = ${yes}
    WHERE (type = 'TRC20' AND address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')
       OR (type = 'ERC20' AND address = '0x000000000000000000000000000000000000dEaD')`.execute(db);
}
