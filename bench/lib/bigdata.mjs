// The big-data generator of `npm run bench:data`: customers in invitation trees, a ledger of balanced journals
// whose balances agree with their postings, and listings (most closed, thousands open) with their completed trades.
// Rows are produced in id order by one deterministic simulation and handed to a sink that writes them in bulk
// (SQLite: prepared statements in one transaction; PostgreSQL: unnest() batches). Money is bigint throughout.

const USDT = 1_000_000n;
export const HOUSE_CODE = 'BENCHHOUSE';
/** Platform accounts as migration 002 creates them, in id order. */
export const PLATFORM = { world: 1, interest_expense: 2, merchant_settlement: 3, adjustments: 4 };
const FIRST_USER_ACCOUNT = 5;
const KINDS = ['available', 'frozen', 'escrow', 'interest'];
export const accountOf = (user, kind) => FIRST_USER_ACCOUNT + (user - 1) * 4 + KINDS.indexOf(kind);

/** mulberry32: a small seeded generator, so two runs of one size make the same data. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The invitation forest. Three heavy leaders (users 1-3) each invite `l1` customers; those invite about six each
 * (level 2) and half of those one more (level 3). Everybody else joins through the house code (a third) or through a
 * random earlier customer, so most customers invite nobody and a long tail invites a few.
 */
export function inviters(users, random) {
  const inviter = new Int32Array(users + 1);
  const l1 = Math.max(10, Math.min(5000, Math.floor(users / 200)));
  let next = 4;
  const take = (parent) => {
    if (next > users) return 0;
    inviter[next] = parent;
    return next++;
  };
  const heavy = [1, 2, 3];
  const levels = heavy.map(() => [[], [], []]);
  heavy.forEach((h, i) => {
    for (let k = 0; k < l1; k++) levels[i][0].push(take(h));
  });
  heavy.forEach((_, i) => {
    for (const p of levels[i][0]) for (let k = Math.floor(random() * 13); k > 0; k--) levels[i][1].push(take(p));
  });
  heavy.forEach((_, i) => {
    for (const p of levels[i][1]) if (random() < 0.5) levels[i][2].push(take(p));
  });
  for (; next <= users; next++) inviter[next] = random() < 0.34 ? 0 : 1 + Math.floor(random() * (next - 1));
  return inviter;
}

/** Each customer's team sizes per level, walked in memory: what the server must answer. */
export function teamSizes(inviter, ids) {
  const users = inviter.length - 1;
  const children = new Map();
  for (const id of ids) children.set(id, []);
  for (let u = 1; u <= users; u++) if (children.has(inviter[u])) children.get(inviter[u]).push(u);
  const out = new Map();
  for (const id of ids) {
    const l1 = children.get(id);
    const set = new Set(l1);
    const l2 = [];
    const l3 = [];
    for (let u = 1; u <= users; u++) {
      const p = inviter[u];
      if (p && set.has(p)) l2.push(u);
    }
    const s2 = new Set(l2);
    for (let u = 1; u <= users; u++) {
      const p = inviter[u];
      if (p && s2.has(p)) l3.push(u);
    }
    out.set(id, [l1.length, l2.length, l3.length]);
  }
  return out;
}

const iso = (ms) => new Date(ms).toISOString();

/**
 * Writes everything through `sink` and answers what the benchmark needs to know about the data: the heavy leader,
 * an average one, the customer with the longest asset log, the number of open listings of active sellers.
 */
export async function generate(sink, { users, postings, now = Date.now(), log = () => {} }) {
  const random = rng(0xc2c);
  const span = 2 * 365 * 86_400_000;
  const t0 = now - span;
  const joinedAt = (u) => t0 + Math.floor((u / users) * (span / 2));

  // ---- customers ----
  const inviter = inviters(users, random);
  const status = new Uint8Array(users + 1); // 1: frozen
  for (let u = 4; u <= users; u++) if (random() < 0.003) status[u] = 1;
  for (let u = 1; u <= users; u++) {
    const id36 = u.toString(36).toUpperCase();
    await sink.user({
      id: u,
      email: `u${u}@bench.example`,
      nickname: `u${u}`,
      invite_code: `Z${id36.padStart(7, '0')}`,
      inviter_id: inviter[u] || null,
      house_code: inviter[u] ? null : HOUSE_CODE,
      status: status[u] ? 'frozen' : 'active',
      created_at: iso(joinedAt(u)),
    });
  }
  log(`  users: ${users}`);

  // ---- sellers, their payout accounts, listings and completed trades ----
  const open = Math.max(100, Math.min(5000, Math.floor(users / 200)));
  const closed = open * 20;
  const sellers = Math.max(50, Math.floor(users / 50));
  const sellerIds = [];
  for (let k = 0; k < sellers; k++) {
    const u = 4 + Math.floor(random() * (users - 3));
    sellerIds.push(u);
    await sink.payout({ id: k + 1, user_id: u, created_at: iso(joinedAt(u) + 3_600_000) });
  }
  let openActive = 0;
  let trade = 0;
  for (let l = 1; l <= closed + open; l++) {
    const k = Math.floor(random() * sellers);
    const seller = sellerIds[k];
    const isOpen = l > closed;
    const quantity = BigInt(50 + Math.floor(random() * 5000)) * USDT;
    const price = 900_000n + BigInt(Math.floor(random() * 200_000));
    const created = isOpen ? now - Math.floor(random() * 30 * 86_400_000) : t0 + Math.floor((l / closed) * (span - 86_400_000));
    const traded = isOpen ? quantity / 4n : quantity;
    if (isOpen && !status[seller]) openActive++;
    await sink.listing({
      id: l,
      user_id: seller,
      quantity,
      remaining: quantity - traded,
      price,
      min_amount: 10n * USDT,
      max_amount: quantity,
      payout_account_id: k + 1,
      status: isOpen ? 'open' : 'closed',
      created_at: iso(created),
      closed_at: isOpen ? null : iso(created + 86_400_000),
      seller_active: !status[seller],
    });
    const buyer = 4 + Math.floor(random() * (users - 3));
    trade++;
    await sink.trade({
      id: trade,
      listing_id: l,
      seller_id: seller,
      buyer_id: buyer,
      quantity: traded,
      price,
      fiat_amount: ((traded * price) / USDT / 10_000n) * 10_000n,
      payout_account_id: k + 1,
      created_at: iso(created + 60_000),
      ended_at: iso(created + 600_000),
    });
  }
  log(`  listings: ${open} open, ${closed} closed; trades: ${trade}; payout accounts: ${sellers}`);

  // ---- the ledger ----
  // One balance per account, changed only by postings that also record it, so every account equals its postings.
  const balance = new BigInt64Array(FIRST_USER_ACCOUNT + users * 4);
  const heavyTrader = 4;
  let journal = 0;
  let posting = 0;
  const journalsGuess = Math.ceil(postings / 3.2);
  const at = () => iso(t0 + Math.floor((journal / journalsGuess) * span));
  const post = async (kind, ref, legs, memo = '') => {
    journal++;
    const created = at();
    await sink.journal({ id: journal, kind, ref, memo, created_at: created });
    let sum = 0n;
    for (const [account, amount] of legs) {
      sum += amount;
      balance[account] += amount;
      if (account >= FIRST_USER_ACCOUNT && balance[account] < 0n) throw new Error(`generator: account ${account} below zero`);
      posting++;
      await sink.posting({
        id: posting,
        journal_id: journal,
        account_id: account,
        amount,
        balance_after: balance[account],
        created_at: created,
      });
    }
    if (sum !== 0n) throw new Error(`generator: journal ${journal} does not sum to zero`);
  };
  const cents = (lo, hi) => BigInt(lo * 100 + Math.floor(random() * (hi - lo) * 100)) * 10_000n;
  let seq = 0;
  while (posting < postings) {
    const u = random() < 0.005 ? heavyTrader : 1 + Math.floor(random() * users);
    const avail = accountOf(u, 'available');
    const r = random();
    seq++;
    if (balance[avail] < 200n * USDT || r < 0.3) {
      const a = cents(100, 5000);
      await post('recharge', `recharge:${seq}`, [
        [PLATFORM.world, -a],
        [avail, a],
      ]);
      continue;
    }
    const a = ((balance[avail] * BigInt(5 + Math.floor(random() * 40))) / 100n / 10_000n) * 10_000n;
    const frozen = accountOf(u, 'frozen');
    if (r < 0.45) {
      const ref = `withdrawal:${seq}`;
      await post('withdraw', ref, [
        [avail, -a],
        [frozen, a],
      ]);
      if (random() < 0.9)
        await post('withdraw_paid', ref, [
          [frozen, -a],
          [PLATFORM.world, a],
        ]);
      else
        await post('withdraw_refund', ref, [
          [frozen, -a],
          [avail, a],
        ]);
    } else if (r < 0.65) {
      const escrow = accountOf(u, 'escrow');
      const buyer = 1 + Math.floor(random() * users);
      await post('listing_escrow', `listing:${1 + (seq % (closed + open))}`, [
        [avail, -a],
        [escrow, a],
      ]);
      await post('trade_release', `trade:${seq}`, [
        [escrow, -a],
        [accountOf(buyer, 'available'), a],
      ]);
    } else if (r < 0.8) {
      const ref = `sale:${seq}`;
      await post('merchant_sale', ref, [
        [avail, -a],
        [frozen, a],
      ]);
      await post('merchant_sale_paid', ref, [
        [frozen, -a],
        [PLATFORM.merchant_settlement, a],
      ]);
    } else if (r < 0.97) {
      const ref = `interest:${seq}`;
      const interest = accountOf(u, 'interest');
      const earned = (a * BigInt(1 + Math.floor(random() * 30))) / 1000n;
      await post('interest_subscribe', ref, [
        [avail, -a],
        [interest, a],
      ]);
      await post('interest_settle', ref, [
        [interest, -a],
        ...(earned > 0n ? [[PLATFORM.interest_expense, -earned]] : []),
        [avail, a + earned],
      ]);
    } else {
      const c = cents(1, 50);
      await post(
        'adjust',
        `adjustment:${seq}`,
        [
          [PLATFORM.adjustments, -c],
          [avail, c],
        ],
        'bench correction',
      );
    }
  }
  log(`  journals: ${journal}, postings: ${posting}`);
  for (let u = 1; u <= users; u++)
    for (const kind of KINDS) {
      const id = accountOf(u, kind);
      await sink.account({ id, owner: `user:${u}`, user_id: u, kind, balance: balance[id] });
    }
  const platform = Object.entries(PLATFORM).map(([kind, id]) => ({ id, kind, balance: balance[id] }));

  // an average leader: one with a few invitees of their own, outside the heavy trees
  const invited = new Uint32Array(users + 1);
  for (let u = 1; u <= users; u++) invited[inviter[u]]++;
  let average = 0;
  for (let u = Math.floor(users / 2); u <= users && !average; u++) if (invited[u] >= 2 && invited[u] <= 4) average = u;
  const expected = teamSizes(inviter, [1, average]);
  return {
    heavyLeader: 1,
    averageLeader: average,
    heavyTrader,
    openActive,
    platform,
    expected,
    journals: journal,
    postings: posting,
  };
}
