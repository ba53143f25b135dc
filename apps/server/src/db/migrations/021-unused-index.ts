import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * `users_not_active` (014) served the Hall's `user_id NOT IN (customers who are not active)`; since 020 a listing
 * carries its seller's state and no statement reads that index, while every change of a customer's status still
 * wrote it. Dropped.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.dropIndex('users_not_active').ifExists().execute();
}
