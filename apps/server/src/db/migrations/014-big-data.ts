import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Budgets at a million customers (issue 10). The team of a customer who invited thousands (and, below them, tens of
 * thousands) cannot be counted or paged newest-first by walking `users.inviter_id` within a request: the walk reads
 * the whole branch and sorts it. So every member is linked to the three leaders above them when they sign up
 * (`team_links`, paged by index in join order), and each leader's level sizes are kept as counters (`team_sizes`,
 * one row per customer with a team), both written in the sign-up's transaction. Existing customers are linked here.
 * The Hall skips sellers who are not active: the few such customers get a partial index, so the Hall reads that small
 * set once instead of testing a million customers (the literal must match the Hall's query text). The Hall's page and
 * total read one index that holds every column they test.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('team_links')
    .addColumn('leader_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('member_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('level', 'integer', (c) => c.notNull())
    // the member's sign-up time, so a page is read in index order without touching users
    .addColumn('joined_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('team_links_pk', ['leader_id', 'member_id'])
    .addCheckConstraint('team_links_level', sql`level between 1 and 3`)
    .execute();
  await db.schema.createIndex('team_links_newest').on('team_links').columns(['leader_id', 'joined_at', 'member_id']).execute();
  await db.schema
    .createIndex('team_links_level_newest')
    .on('team_links')
    .columns(['leader_id', 'level', 'joined_at', 'member_id'])
    .execute();

  await db.schema
    .createTable('team_sizes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('level1', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('level2', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('level3', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await linkTeams(db);

  await db.schema
    .createIndex('users_not_active')
    .on('users')
    .column('id')
    .where(sql.ref('status'), '<>', sql.lit('active'))
    .execute();
  // the Hall's page and its total read one index: open listings in price order, holding what the filter tests
  await db.schema.dropIndex('listings_open_price').execute();
  await db.schema
    .createIndex('listings_hall')
    .on('listings')
    .columns(['status', 'price', 'id', 'remaining', 'user_id'])
    .execute();
}

/** Links every customer to the leaders above them and counts each leader's levels, as sign-ups do from now on. */
export async function linkTeams(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO team_links (leader_id, member_id, level, joined_at)
    SELECT m.inviter_id, m.id, 1, m.created_at FROM users m WHERE m.inviter_id IS NOT NULL`.execute(db);
  await sql`INSERT INTO team_links (leader_id, member_id, level, joined_at)
    SELECT p1.inviter_id, m.id, 2, m.created_at FROM users m JOIN users p1 ON p1.id = m.inviter_id
    WHERE p1.inviter_id IS NOT NULL`.execute(db);
  await sql`INSERT INTO team_links (leader_id, member_id, level, joined_at)
    SELECT p2.inviter_id, m.id, 3, m.created_at FROM users m JOIN users p1 ON p1.id = m.inviter_id
    JOIN users p2 ON p2.id = p1.inviter_id WHERE p2.inviter_id IS NOT NULL`.execute(db);
  await sql`INSERT INTO team_sizes (user_id, level1, level2, level3)
    SELECT leader_id, sum(case when level = 1 then 1 else 0 end), sum(case when level = 2 then 1 else 0 end),
      sum(case when level = 3 then 1 else 0 end)
    FROM team_links GROUP BY leader_id`.execute(db);
}
