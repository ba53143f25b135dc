import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The Hall (issue 10): a frozen or closed seller's listings leave it. The Hall's page and total asked for that with
 * `user_id NOT IN (the customers who are not active)`, which made SQLite build the list of those customers on every
 * call (1.7 ms of a 2.2 ms total at 1 M customers with ~3,000 frozen). Each listing now carries whether its seller is
 * active, kept by the database itself: a trigger sets it on the seller's listings whenever the seller's status
 * changes, in the same transaction, whichever code changes it. A listing is created by its signed-in, active seller,
 * so it starts true. `listings_hall` holds the flag so the page and the total read one index range.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const yes = dialect === 'postgres' ? sql`true` : sql`1`;
  const no = dialect === 'postgres' ? sql`false` : sql`0`;
  await sql`ALTER TABLE listings ADD COLUMN seller_active boolean NOT NULL DEFAULT ${yes}`.execute(db);
  await sql`UPDATE listings SET seller_active = ${no}
    WHERE user_id IN (SELECT id FROM users WHERE status <> 'active')`.execute(db);
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION listings_follow_seller_status() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE listings SET seller_active = (NEW.status = 'active') WHERE user_id = NEW.id;
        RETURN NULL;
      END $$`.execute(db);
    await sql`CREATE TRIGGER users_status_to_listings AFTER UPDATE OF status ON users
      FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status)
      EXECUTE FUNCTION listings_follow_seller_status()`.execute(db);
  } else {
    await sql`CREATE TRIGGER users_status_to_listings AFTER UPDATE OF status ON users
      WHEN NEW.status IS NOT OLD.status
      BEGIN
        UPDATE listings SET seller_active = (NEW.status = 'active') WHERE user_id = NEW.id;
      END`.execute(db);
  }
  await db.schema.dropIndex('listings_hall').execute();
  await db.schema
    .createIndex('listings_hall')
    .on('listings')
    .columns(['status', 'seller_active', 'price', 'id', 'remaining', 'user_id'])
    .execute();
}
