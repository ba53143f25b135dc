// Bulk writers for the big-data generator: rows arrive one at a time in id order and are written in big batches.
// Secondary indexes of the filled tables are dropped before the load and created again from their own definitions
// after it (sorting once is far faster than keeping a b-tree up to date through millions of random inserts).

const PASSWORD_HASH = 'bench:no-sign-in'; // the benchmark opens sessions itself; nobody signs in with a password
const TABLES = ['users', 'accounts', 'journals', 'postings', 'payout_accounts', 'listings', 'trades', 'team_links'];

/** Columns of each filled table: [name, PostgreSQL array element type], and how a generator row becomes values. */
const SPEC = {
  users: {
    cols: [
      ['id', 'int'],
      ['email', 'text'],
      ['password_hash', 'text'],
      ['nickname', 'text'],
      ['invite_code', 'text'],
      ['inviter_id', 'int'],
      ['house_code', 'text'],
      ['lang', 'text'],
      ['status', 'text'],
      ['created_at', 'text'],
      ['frozen_reason', 'text'],
      ['frozen_at', 'text'],
    ],
    row: (u) => [
      u.id,
      u.email,
      PASSWORD_HASH,
      u.nickname,
      u.invite_code,
      u.inviter_id,
      u.house_code,
      'en',
      u.status,
      u.created_at,
      u.status === 'frozen' ? 'bench' : null,
      u.status === 'frozen' ? u.created_at : null,
    ],
  },
  accounts: {
    cols: [
      ['id', 'int'],
      ['owner', 'text'],
      ['user_id', 'int'],
      ['kind', 'text'],
      ['currency', 'text'],
      ['balance', 'bigint'],
      ['updated_at', 'text'],
    ],
    row: (a, now) => [a.id, a.owner, a.user_id, a.kind, 'USDT', a.balance, now],
  },
  journals: {
    cols: [
      ['id', 'int'],
      ['kind', 'text'],
      ['ref', 'text'],
      ['actor', 'text'],
      ['memo', 'text'],
      ['created_at', 'text'],
    ],
    row: (j) => [j.id, j.kind, j.ref, 'bench', j.memo, j.created_at],
  },
  postings: {
    cols: [
      ['id', 'int'],
      ['journal_id', 'int'],
      ['account_id', 'int'],
      ['amount', 'bigint'],
      ['balance_after', 'bigint'],
      ['created_at', 'text'],
    ],
    row: (p) => [p.id, p.journal_id, p.account_id, p.amount, p.balance_after, p.created_at],
  },
  payout_accounts: {
    cols: [
      ['id', 'int'],
      ['user_id', 'int'],
      ['type', 'text'],
      ['full_name', 'text'],
      ['name', 'text'],
      ['surname', 'text'],
      ['phone', 'text'],
      ['email', 'text'],
      ['area', 'text'],
      ['country', 'text'],
      ['iban', 'text'],
      ['bank_name', 'text'],
      ['swift', 'text'],
      ['address', 'text'],
      ['city', 'text'],
      ['state', 'text'],
      ['created_at', 'text'],
    ],
    row: (p) => [
      p.id,
      p.user_id,
      'bank',
      'Bench Seller',
      'Bench',
      'Seller',
      '+4930000000',
      `u${p.user_id}@bench.example`,
      'EU',
      'DE',
      'DE89370400440532013000',
      'Bench Bank',
      'COBADEFFXXX',
      'Street 1',
      'Berlin',
      'BE',
      p.created_at,
    ],
  },
  listings: {
    cols: [
      ['id', 'int'],
      ['user_id', 'int'],
      ['quantity', 'bigint'],
      ['remaining', 'bigint'],
      ['price', 'bigint'],
      ['currency', 'text'],
      ['min_amount', 'bigint'],
      ['max_amount', 'bigint'],
      ['payout_account_id', 'int'],
      ['window_minutes', 'int'],
      ['status', 'text'],
      ['created_at', 'text'],
      ['closed_at', 'text'],
      ['seller_active', 'bool'],
    ],
    row: (l) => [
      l.id,
      l.user_id,
      l.quantity,
      l.remaining,
      l.price,
      'EUR',
      l.min_amount,
      l.max_amount,
      l.payout_account_id,
      15,
      l.status,
      l.created_at,
      l.closed_at,
      // as the users.status trigger keeps it (migration 020); 1/0 bind on SQLite and read as booleans on PostgreSQL
      l.seller_active ? 1 : 0,
    ],
  },
  trades: {
    cols: [
      ['id', 'int'],
      ['order_no', 'text'],
      ['listing_id', 'int'],
      ['seller_id', 'int'],
      ['buyer_id', 'int'],
      ['quantity', 'bigint'],
      ['price', 'bigint'],
      ['currency', 'text'],
      ['fiat_amount', 'bigint'],
      ['payout_account_id', 'int'],
      ['reference', 'text'],
      ['window_minutes', 'int'],
      ['status', 'text'],
      ['pay_deadline', 'text'],
      ['paid_at', 'text'],
      ['ended_at', 'text'],
      ['created_at', 'text'],
    ],
    row: (t) => [
      t.id,
      `B${String(t.id).padStart(12, '0')}`,
      t.listing_id,
      t.seller_id,
      t.buyer_id,
      t.quantity,
      t.price,
      'EUR',
      t.fiat_amount,
      t.payout_account_id,
      `R${t.id}`,
      15,
      'completed',
      t.ended_at,
      t.ended_at,
      t.ended_at,
      t.created_at,
    ],
  },
};

/** The sink interface the generator writes through: one method per table. */
function sinkOf(push) {
  return {
    user: (r) => push('users', r),
    account: (r) => push('accounts', r),
    journal: (r) => push('journals', r),
    posting: (r) => push('postings', r),
    payout: (r) => push('payout_accounts', r),
    listing: (r) => push('listings', r),
    trade: (r) => push('trades', r),
  };
}

/** SQLite: prepared inserts in one transaction, with the journal and syncing off for the load only. */
export function sqliteSink(raw, now) {
  // a WAL database must leave WAL before its journal can be turned off
  raw.pragma('journal_mode = DELETE');
  raw.pragma('journal_mode = OFF');
  raw.pragma('synchronous = OFF');
  raw.pragma('foreign_keys = OFF');
  raw.pragma('cache_size = -1000000');
  raw.pragma('temp_store = MEMORY');
  const indexes = raw
    .prepare(
      `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${TABLES.map(() => '?').join(',')})`,
    )
    .all(...TABLES);
  for (const i of indexes) raw.exec(`DROP INDEX "${i.name}"`);
  // migration 002 made the platform accounts; their balances are set at the end
  const platform = raw.prepare('UPDATE accounts SET balance = ? WHERE id = ? AND user_id IS NULL');
  const stmts = Object.fromEntries(
    Object.entries(SPEC).map(([t, s]) => [
      t,
      raw.prepare(`INSERT INTO ${t} (${s.cols.map((c) => c[0]).join(', ')}) VALUES (${s.cols.map(() => '?').join(', ')})`),
    ]),
  );
  raw.exec('BEGIN');
  return {
    ...sinkOf((table, r) => {
      stmts[table].run(...SPEC[table].row(r, now));
    }),
    async finish(platformBalances) {
      for (const p of platformBalances) platform.run(p.balance, p.id);
      raw.exec('COMMIT');
    },
    async indexes() {
      for (const i of indexes) raw.exec(i.sql);
      return indexes.length;
    },
    async exec(sql) {
      raw.exec(sql);
    },
  };
}

/** PostgreSQL: batches of unnest() arrays, foreign-key triggers off for the load session (rows arrive in id order, accounts last). */
export async function pgSink(client, schema, now) {
  await client.query(`SET search_path = "${schema}"`);
  await client.query('SET session_replication_role = replica');
  await client.query('SET synchronous_commit = off');
  const { rows: indexes } = await client.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = ANY($2)
       AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE connamespace = $1::regnamespace)`,
    [schema, TABLES],
  );
  for (const i of indexes) await client.query(`DROP INDEX "${i.indexname}"`);
  const BATCH = 20_000;
  const buffers = Object.fromEntries(Object.keys(SPEC).map((t) => [t, []]));
  const flush = async (table) => {
    const rows = buffers[table];
    if (!rows.length) return;
    buffers[table] = [];
    const { cols } = SPEC[table];
    const arrays = cols.map((_, i) => rows.map((r) => (typeof r[i] === 'bigint' ? r[i].toString() : r[i])));
    await client.query(
      `INSERT INTO ${table} (${cols.map((c) => c[0]).join(', ')}) SELECT * FROM unnest(${cols.map((c, i) => `$${i + 1}::${c[1]}[]`).join(', ')})`,
      arrays,
    );
  };
  return {
    ...sinkOf((table, r) => {
      buffers[table].push(SPEC[table].row(r, now));
      if (buffers[table].length >= BATCH) return flush(table);
    }),
    async finish(platformBalances) {
      for (const t of Object.keys(SPEC)) await flush(t);
      for (const p of platformBalances)
        await client.query('UPDATE accounts SET balance = $1 WHERE id = $2 AND user_id IS NULL', [p.balance.toString(), p.id]);
      for (const t of ['users', 'accounts', 'journals', 'postings', 'payout_accounts', 'listings', 'trades'])
        await client.query(`SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT max(id) FROM ${t}))`);
      await client.query('SET session_replication_role = DEFAULT');
    },
    async indexes() {
      for (const i of indexes) await client.query(i.indexdef);
      return indexes.length;
    },
    async exec(sql) {
      await client.query(sql);
    },
  };
}
