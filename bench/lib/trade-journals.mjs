// After the run, straight from the database: every completed trade has exactly one `trade_release` journal that moves
// its quantity from the seller's escrow to the buyer's available and nothing else; no journal releases a trade that
// is not completed; no customer account is below zero.
import path from 'node:path';
import Database from '@c2c/sqlite';
import pg from 'pg';
import { pgUrl } from './deployment.mjs';

const QUERIES = {
  trades: `SELECT id, seller_id, buyer_id, quantity, status FROM trades`,
  releases: `SELECT j.id AS journal_id, j.ref, a.user_id, a.kind, p.amount
             FROM journals j JOIN postings p ON p.journal_id = j.id JOIN accounts a ON a.id = p.account_id
             WHERE j.kind = 'trade_release' ORDER BY j.id`,
  negative: `SELECT id, user_id, kind, balance FROM accounts WHERE user_id IS NOT NULL AND balance < 0`,
};

async function readAll({ dataDir, databaseUrl, schema }) {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: pgUrl(databaseUrl), options: `-c search_path=${schema}` });
    await c.connect();
    try {
      const out = {};
      for (const [k, q] of Object.entries(QUERIES)) out[k] = (await c.query(q)).rows;
      return out;
    } finally {
      await c.end();
    }
  }
  const db = new Database(path.join(dataDir, 'c2c.sqlite'), { readonly: true });
  db.defaultSafeIntegers(true);
  try {
    const out = {};
    for (const [k, q] of Object.entries(QUERIES)) out[k] = db.prepare(q).all();
    return out;
  } finally {
    db.close();
  }
}

/**
 * Checks the trades' journals and balances; `released` is what the simulation saw released (trade id -> quantity in
 * micro-USDT). Answers { problems, completed, volume } (volume in micro-USDT).
 */
export async function checkTradeJournals(where, released) {
  const { trades, releases, negative } = await readAll(where);
  const problems = [];
  const byRef = new Map();
  for (const r of releases) {
    const list = byRef.get(r.ref) ?? new Map();
    const legs = list.get(String(r.journal_id)) ?? [];
    legs.push({ user: Number(r.user_id), kind: r.kind, amount: BigInt(r.amount) });
    list.set(String(r.journal_id), legs);
    byRef.set(r.ref, list);
  }
  let completed = 0;
  let volume = 0n;
  for (const t of trades) {
    const id = Number(t.id);
    const q = BigInt(t.quantity);
    const journals = byRef.get(`trade:${id}`);
    byRef.delete(`trade:${id}`);
    if (t.status !== 'completed') {
      if (journals) problems.push(`trade ${id} is ${t.status} but has a release journal`);
      if (released.has(id)) problems.push(`trade ${id} was released (answer 200) but is ${t.status}`);
      continue;
    }
    completed++;
    volume += q;
    if (!released.has(id)) problems.push(`trade ${id} is completed but the simulation never released it`);
    else if (released.get(id) !== q) problems.push(`trade ${id}: quantity ${q} in the database, ${released.get(id)} released`);
    if (journals?.size !== 1) {
      problems.push(`trade ${id} is completed with ${journals?.size ?? 0} release journals`);
      continue;
    }
    const legs = [...journals.values()][0];
    const want = [
      { user: Number(t.seller_id), kind: 'escrow', amount: -q },
      { user: Number(t.buyer_id), kind: 'available', amount: q },
    ];
    const same =
      legs.length === 2 && want.every((w) => legs.some((l) => l.user === w.user && l.kind === w.kind && l.amount === w.amount));
    if (!same)
      problems.push(`trade ${id}: release postings ${JSON.stringify(legs, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`);
  }
  for (const ref of byRef.keys()) problems.push(`release journal for ${ref}, which is no trade`);
  const ids = new Set(trades.map((t) => Number(t.id)));
  for (const id of released.keys()) if (!ids.has(id)) problems.push(`released trade ${id} is missing`);
  for (const a of negative) problems.push(`account ${a.id} (user ${a.user_id}, ${a.kind}) is negative: ${a.balance}`);
  return { problems, completed, volume };
}
