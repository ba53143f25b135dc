import pino, { type LoggerOptions } from 'pino';

/** The logging the server's code needs (pino's shape, which Fastify's logger has); services never see Fastify itself. */
export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  /** a logger that adds these fields to every line */
  child(bindings: Record<string, unknown>): Logger;
}

/** what the server's lines are held up to before they are written, and for how long at most */
export const LOG_BATCH_BYTES = 16 * 1024;
export const LOG_BATCH_MS = 100;
/** pino's level of `error`: a line at it or above is written at once, with the lines held before it */
const ERROR_LEVEL = 50;

/** where a batch of lines goes: pino's destination (SonicBoom), which writes asynchronously and flushes on exit */
export interface LineSink {
  write(text: string): unknown;
}

/**
 * Holds log lines and hands them on together: when `maxBytes` have gathered, `maxMs` after the first one held, or when
 * asked (`flush`). A line per request written on its own cost the read benchmark on PostgreSQL about a tenth of its
 * throughput: each write is a system call and a wake-up of the thread that makes it. The lines are joined once, here:
 * SonicBoom's own holding (`minLength`) measures its growing buffer on every line, which flattens it, so that holding
 * 16 KB there allocated a copy of the buffer per line — a third of everything the server allocated.
 */
export class LineBatcher {
  #lines: string[] = [];
  #bytes = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: LineSink,
    private readonly maxBytes = LOG_BATCH_BYTES,
    private readonly maxMs = LOG_BATCH_MS,
  ) {}

  write(line: string): void {
    this.#lines.push(line);
    this.#bytes += line.length;
    if (this.#bytes >= this.maxBytes) this.flush();
    else if (!this.#timer) {
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        this.flush();
      }, this.maxMs);
      this.#timer.unref();
    }
  }

  /** Hands on what is held, at once. */
  flush(): void {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (!this.#lines.length) return;
    const text = this.#lines.join('');
    this.#lines = [];
    this.#bytes = 0;
    this.sink.write(text);
  }
}

/**
 * Where the server writes its lines when nobody gave it a stream: standard output, in batches (`LineBatcher`). What is
 * held is written at once after a line at `error` or above, and when the process exits — a crash's exit too: the batch
 * goes to pino's destination first, which writes what it has synchronously then. Only a `kill -9` loses lines, those
 * of the last 100 ms at most. One batcher serves the process (its apps share standard output); `batch` counts only
 * when it is made, by the first call.
 */
export function logDestination(batch: { maxBytes?: number; maxMs?: number } = {}): {
  stream: LineBatcher;
  hooks: { logMethod: LogMethodHook };
} {
  if (!standardOutput) {
    const sink = pino.destination({ dest: 1, sync: false });
    const stream = new LineBatcher(sink, batch.maxBytes, batch.maxMs);
    // ahead of pino's own listener, which writes out the destination's buffer synchronously
    process.prependListener('exit', () => stream.flush());
    standardOutput = {
      stream,
      hooks: {
        logMethod(args, method, level) {
          method.apply(this, args);
          if (level >= ERROR_LEVEL) stream.flush();
        },
      },
    };
  }
  return standardOutput;
}
let standardOutput: ReturnType<typeof logDestination> | undefined;
type LogMethodHook = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;
