import { Socket } from 'node:net';
import type { Client, ClientConfig, QueryConfig, QueryResult } from 'pg';

/**
 * A socket that holds what is written to it in one turn of the event loop and sends it in one write: what a connection
 * in pipeline mode is handed in one turn (the reads of many requests, a transaction's BEGIN with its first query)
 * leaves together, one system call instead of one each.
 */
export function batchingSocket(): Socket {
  const socket = new Socket();
  const write = socket.write;
  let holding = false;
  socket.write = function (this: Socket, ...args: unknown[]) {
    if (!holding) {
      holding = true;
      this.cork();
      setImmediate(() => {
        holding = false;
        this.uncork();
      });
    }
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as Socket['write'];
  return socket;
}

interface Reader {
  client: Client;
  /** connected: queries may be sent */
  ready: Promise<void>;
  inFlight: number;
  openedAt: number;
  /** the prepared statements' epoch it was opened in: a later one replaces it */
  epoch: number;
  /** its connection failed or it was replaced: it takes no more queries and closes once its own are answered */
  retired: boolean;
}

/**
 * A few connections in pg's pipeline mode shared by every request's plain reads (a read call's queries, which need no
 * transaction): each query is sent at once, whoever sent the one before it, so the reads of many requests share the
 * connections' round trips instead of each taking a connection of the pool for one. A connection is replaced when it
 * fails, after its lifetime (its plans are made again for the tables as they grew) and when the schema changed under
 * its prepared statements (`epoch`).
 */
export class SharedReaders {
  readonly #readers: Reader[] = [];

  constructor(
    private readonly Pg: new (config: ClientConfig) => Client,
    private readonly config: ClientConfig,
    private readonly size: number,
    private readonly lifetimeMs: number,
    private readonly epoch: () => number,
  ) {}

  async query(config: QueryConfig): Promise<QueryResult> {
    const reader = this.#pick();
    reader.inFlight++;
    try {
      await reader.ready;
      return await reader.client.query(config);
    } finally {
      reader.inFlight--;
      if (reader.retired) this.#endIfIdle(reader);
    }
  }

  async close(): Promise<void> {
    const all = this.#readers.splice(0);
    await Promise.all(all.map((r) => r.client.end().catch(() => undefined)));
  }

  /** the connection with the fewest queries in flight, opening one while there are fewer than `size` */
  #pick(): Reader {
    const now = performance.now();
    const epoch = this.epoch();
    // from the end: retiring a connection takes it out of the list
    for (let i = this.#readers.length - 1; i >= 0; i--) {
      const r = this.#readers[i]!;
      if (r.epoch !== epoch || now - r.openedAt > this.lifetimeMs) this.#retire(r);
    }
    let best: Reader | undefined;
    for (const r of this.#readers) if (!best || r.inFlight < best.inFlight) best = r;
    if (best && (best.inFlight === 0 || this.#readers.length >= this.size)) return best;
    return this.#open();
  }

  #open(): Reader {
    const client = new this.Pg({ ...this.config, pipeline: true, stream: batchingSocket } as ClientConfig);
    const reader: Reader = {
      client,
      ready: client.connect().then(() => undefined),
      inFlight: 0,
      openedAt: performance.now(),
      epoch: this.epoch(),
      retired: false,
    };
    // a failed connection fails the queries it carries (their calls answer an internal error, as on the pool) and is
    // replaced for the next
    reader.ready.catch(() => this.#retire(reader));
    client.on('error', () => this.#retire(reader));
    client.on('end', () => this.#retire(reader));
    this.#readers.push(reader);
    return reader;
  }

  #retire(reader: Reader): void {
    const at = this.#readers.indexOf(reader);
    if (at !== -1) this.#readers.splice(at, 1);
    if (reader.retired) return;
    reader.retired = true;
    this.#endIfIdle(reader);
  }

  #endIfIdle(reader: Reader): void {
    if (reader.inFlight === 0) void reader.client.end().catch(() => undefined);
  }
}
