import type { Client, Pool, QueryResult } from 'pg';
import type { RunStatement } from './pg-query.js';

/** how many times a prepared statement was found stale (`isStalePlan`) */
let staleFound = 0;

/**
 * Counts a stale prepared statement: every connection that prepared statements before it is replaced before its next
 * use, the pool's (`connectFresh`) and the shared lanes' (`PlainLanes`).
 */
export function staleStatements(): void {
  staleFound++;
}

/** How many stale prepared statements were counted so far: a connection prepared before the latest is to be replaced. */
export const staleEpoch = (): number => staleFound;

/** a socket whose writes can be held and sent as one */
export interface Corkable {
  cork(): void;
  uncork(): void;
}

/** one shared connection and what it carries */
interface Lane {
  client: Client;
  /** connected: queries may be sent */
  ready: Promise<void>;
  /** queries sent and not yet answered */
  inFlight: number;
  /** when it last answered a query, or was handed one while idle (performance.now()) */
  movedAt: number;
  /** when it was opened (performance.now()): past `lifetimeMs` it is replaced */
  openedAt: number;
  /** the staleness epoch it began preparing statements in (`staleEpoch`) */
  since: number;
  /** its socket is corked until the event loop's next check phase */
  corked: boolean;
  /** its connection failed or ended: it takes no more queries */
  broken: boolean;
  /** replaced: its connection is closed once the queries it carries are answered */
  retired: boolean;
}

/**
 * Connections shared by every request for its plain queries outside a transaction (the caller's session, a read
 * call's queries, an idempotency look-up): in pipeline mode, each query is sent at once, whoever sent the query before
 * it, and the queries the requests of one turn of the event loop send go on one lane and leave in one write to its
 * socket (corked until the check phase). Under load, dozens of requests' queries then cost one system call to send and
 * one to receive instead of one each — on this kind of machine a socket write costs ~40 µs, more than the driver's
 * other work on a query. (Spreading one turn's queries over idle lanes cost a write per lane: the read benchmark on
 * PostgreSQL went from ~8.5k to ~10k calls a second when they stayed together.)
 *
 * The first query of a turn goes to an idle lane when there is one, else to the one with the fewest queries in flight
 * among those that answered something in the last `STALLED_MS`, and the turn's other queries follow it unless it has
 * stalled meanwhile: a slow query (a console report) holds up what was sent behind it on its
 * lane before it was seen to be slow, not what comes after. A lane whose connection failed is replaced for the next
 * query; the queries it carried fail (their requests answer an internal error, as they would on a pooled client). A
 * lane that prepared statements before the schema changed under them is replaced too, and so is one older than its
 * lifetime (its statements' plans were made for the tables as they were: `pgConnectionLifetimeSeconds`); a replaced
 * lane is closed once the queries it carries are answered.
 */
export class PlainLanes {
  #lanes: (Lane | undefined)[];
  #closed = false;
  /** the lane the first query of this turn of the event loop went to: the turn's next queries go with it */
  #turn: Lane | undefined;

  constructor(
    private readonly pool: Pool,
    size: number,
    private readonly lifetimeMs: number,
    /** how a statement is run on a client (`statementRunner`) */
    readonly run: RunStatement,
  ) {
    this.#lanes = new Array(size).fill(undefined);
  }

  /** Runs a plain query on a lane, under its prepared statement's name when it has one. */
  async query(text: string, values: readonly unknown[], name: string | undefined): Promise<QueryResult> {
    const lane = this.#pick();
    if (!this.#turn) {
      // the rest of this turn's queries go with this one
      this.#turn = lane;
      setImmediate(() => {
        this.#turn = undefined;
      });
    }
    if (lane.inFlight++ === 0) lane.movedAt = performance.now();
    try {
      await lane.ready;
      if (!lane.corked) {
        lane.corked = true;
        const { stream } = (lane.client as unknown as { connection: { stream: Corkable } }).connection;
        stream.cork();
        // what the requests of this turn of the event loop send goes out in one write
        setImmediate(() => {
          lane.corked = false;
          stream.uncork();
        });
      }
      return await this.run(lane.client, text, values, name);
    } finally {
      lane.inFlight--;
      lane.movedAt = performance.now();
      if (lane.retired && lane.inFlight === 0) void endQuietly(lane);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    const lanes = this.#lanes.filter((l): l is Lane => l !== undefined);
    this.#lanes.fill(undefined);
    await Promise.all(lanes.map(endQuietly));
  }

  #pick(): Lane {
    if (this.#closed) throw new Error('the database is closed');
    let best: Lane | undefined;
    const now = performance.now();
    const turn = this.#turn;
    if (turn && !turn.broken && !turn.retired && rank(turn, now) < STALLED) return turn;
    const epoch = staleEpoch();
    for (let i = 0; i < this.#lanes.length; i++) {
      let lane = this.#lanes[i];
      if (lane && (lane.broken || lane.since !== epoch || now - lane.openedAt >= this.lifetimeMs)) {
        lane.retired = true;
        if (lane.inFlight === 0 || lane.broken) void endQuietly(lane);
        lane = undefined;
      }
      if (!lane) {
        lane = this.#open();
        this.#lanes[i] = lane;
      }
      if (lane.inFlight === 0) return lane;
      if (!best || rank(lane, now) < rank(best, now)) best = lane;
    }
    return best as Lane;
  }

  #open(): Lane {
    const Pg = (this.pool as unknown as { Client: new (options: unknown) => Client }).Client;
    const client = new Pg((this.pool as unknown as { options: unknown }).options);
    const lane: Lane = {
      client,
      ready: client.connect().then(() => undefined),
      inFlight: 0,
      movedAt: 0,
      openedAt: performance.now(),
      since: staleEpoch(),
      corked: false,
      broken: false,
      retired: false,
    };
    lane.ready.catch(() => {
      lane.broken = true;
    });
    client.on('error', () => {
      lane.broken = true;
    });
    client.on('end', () => {
      lane.broken = true;
    });
    return lane;
  }
}

/** a busy lane that has answered nothing for this long is held up by a slow query: others are preferred */
const STALLED_MS = 50;
/** what a stalled lane's rank is raised by */
const STALLED = 1e6;

/** How a busy lane ranks for the next query, lower first: the fewest in flight, stalled lanes after all others. */
function rank(lane: Lane, now: number): number {
  return lane.inFlight + (now - lane.movedAt >= STALLED_MS ? STALLED : 0);
}

/** Closes a lane's connection; a failure to (it is broken already) is no news. */
async function endQuietly(lane: Lane): Promise<void> {
  lane.broken = true;
  await lane.client.end().catch(() => undefined);
}
