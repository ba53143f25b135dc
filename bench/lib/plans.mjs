// The SQL behind the calls `bench:data` times, and the check of their plans: no big table read whole, no page sorted
// after reading (the order must come from an index), and the index each statement was written for in use.
// The statements are copies of what the repositories' Kysely builders produce (the server is a TypeScript bundle the
// bench cannot import): ledger.repository accountEntries, invites.repository teamCounts/teamPage, listings.repository
// pageListings, sellerStats and inTrades. Keep them in step.

const BIG = new Set(['users', 'accounts', 'journals', 'postings', 'listings', 'trades', 'team_links', 'payout_accounts']);
/** The aliases the statements give tables (SQLite's plans name a table by its alias). */
const ALIAS = { p: 'postings', j: 'journals', t: 'team_links', m: 'users', u: 'users' };
const UNFINISHED = ['awaiting_payment', 'paid', 'disputed'];
const availableOf = (user) => 5 + (user - 1) * 4;

/** name, SQL with `?` parameters, parameters from the data's facts, indexes the plan must use, whether it pages. */
export const PLAN_QUERIES = [
  [
    'account of the asset log',
    'select id from accounts where owner = ? and kind = ? and currency = ?',
    (f) => [`user:${f.heavyTrader}`, 'available', 'USDT'],
    ['accounts_owner_kind_currency|sqlite_autoindex_accounts_1'],
  ],
  [
    'asset-log page',
    `select p.id, p.amount, p.balance_after, p.created_at, j.kind, j.ref, j.memo
     from postings as p inner join journals as j on j.id = p.journal_id
     where p.account_id = ? order by p.id desc limit ? offset ?`,
    (f) => [availableOf(f.heavyTrader), 20, 0],
    ['postings_account'],
    true,
  ],
  [
    "asset-log page's payouts",
    'select ref from journals where ref in (?, ?, ?) and kind = ?',
    () => ['withdrawal:1', 'withdrawal:2', 'recharge:3', 'withdraw_paid'],
    ['journals_ref'],
  ],
  [
    'asset-log total',
    'select count(*) as n from postings where account_id = ?',
    (f) => [availableOf(f.heavyTrader)],
    ['postings_account'],
  ],
  ['team counts', 'select level1, level2, level3 from team_sizes where user_id = ?', (f) => [f.heavyLeader], []],
  [
    'team page, all levels',
    `select m.id, m.email, t.joined_at as created_at, t.level from team_links as t inner join users as m on m.id = t.member_id
     where t.leader_id = ? order by t.joined_at desc, t.member_id desc limit ? offset ?`,
    (f) => [f.heavyLeader, 20, 0],
    ['team_links_newest'],
    true,
  ],
  [
    'team page, one level',
    `select m.id, m.email, t.joined_at as created_at, t.level from team_links as t inner join users as m on m.id = t.member_id
     where t.leader_id = ? and t.level = ? order by t.joined_at desc, t.member_id desc limit ? offset ?`,
    (f) => [f.heavyLeader, 2, 20, 0],
    ['team_links_level_newest'],
    true,
  ],
  [
    'Hall page',
    `select * from listings where user_id <> ? and status = ? and seller_active = ? and remaining > ?
     order by price asc, id asc limit ? offset ?`,
    (f) => [f.viewer, 'open', 1, 0, 20, 0],
    ['listings_hall'],
    true,
  ],
  [
    'Hall total',
    `select count(*) as n from listings where user_id <> ? and status = ? and seller_active = ? and remaining > ?`,
    (f) => [f.viewer, 'open', 1, 0],
    ['listings_hall'],
  ],
  [
    "Hall sellers' 30-day trades",
    'select seller_id, status, outcome, count(*) as n from trades where seller_id in (?, ?, ?) and created_at >= ? group by seller_id, status, outcome',
    () => [1, 2, 3, new Date(Date.now() - 30 * 86_400_000).toISOString()],
    ['trades_seller'],
  ],
  [
    "Hall listings' unfinished trades",
    `select listing_id, sum(quantity) as q from trades where listing_id in (?, ?, ?) and status in (${UNFINISHED.map(() => '?').join(', ')}) group by listing_id`,
    () => [1, 2, 3, ...UNFINISHED],
    // either reads the listings' trades, or the unfinished trades only (few by nature: they end within hours)
    ['trades_listing|trades_pay_deadline|trades_release_deadline'],
  ],
];

/** SQLite plan rows (`detail`) or a PostgreSQL JSON plan, as a list of problems. */
function sqliteProblems(rows, paged) {
  const problems = [];
  const used = [];
  for (const { detail } of rows) {
    const scan = /^SCAN (\w+)(?: AS \w+)?(?: USING (?:COVERING )?INDEX (\w+))?/.exec(detail);
    if (scan && BIG.has(ALIAS[scan[1]] ?? scan[1])) problems.push(`reads ${scan[1]} whole: ${detail}`);
    if (paged && /USE TEMP B-TREE FOR ORDER BY/.test(detail)) problems.push(`sorts after reading: ${detail}`);
    const idx = /USING (?:COVERING )?INDEX (\w+)/.exec(detail);
    if (idx) used.push(idx[1]);
  }
  return { problems, used };
}

function pgProblems(plan, paged) {
  const problems = [];
  const used = [];
  const walk = (node, underLimit) => {
    if (node['Node Type'] === 'Seq Scan' && BIG.has(node['Relation Name']))
      problems.push(`reads ${node['Relation Name']} whole (Seq Scan)`);
    if (paged && underLimit && node['Node Type'] === 'Sort') problems.push('sorts after reading (Sort under the Limit)');
    if (node['Index Name']) used.push(node['Index Name']);
    for (const child of node.Plans ?? []) walk(child, underLimit || node['Node Type'] === 'Limit');
  };
  walk(plan[0].Plan, false);
  return { problems, used };
}

/**
 * Explains every statement on the generated database and times it run directly (`run`, 100 times: the database's own
 * share of a call, without HTTP); answers the problems found (empty: every plan as intended).
 */
export async function checkPlans(explain, run, dialect, facts, print = console.info) {
  const failures = [];
  for (const [name, sqlText, params, wanted, paged = false] of PLAN_QUERIES) {
    let n = 0;
    const text = dialect === 'postgres' ? sqlText.replace(/\?/g, () => `$${++n}`) : sqlText;
    const plan = await explain(text, params(facts));
    const { problems, used } = dialect === 'postgres' ? pgProblems(plan, paged) : sqliteProblems(plan, paged);
    for (const want of wanted) if (!want.split('|').some((w) => used.includes(w))) problems.push(`does not use ${want}`);
    const times = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      await run(text, params(facts));
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const sqlMs = `sql p50 ${times[49].toFixed(2)} p99 ${times[98].toFixed(2)} ms`;
    print(
      `    ${problems.length ? 'BAD ' : 'ok  '} ${name.padEnd(34)} ${sqlMs.padEnd(30)} ${[...new Set(used)].join(', ') || '(primary keys)'}`,
    );
    for (const p of problems) failures.push(`plan of ${name}: ${p}`);
  }
  return failures;
}
