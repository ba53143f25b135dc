import pino, { type LoggerOptions } from 'pino';

/** The logging the server's code needs (pino's shape, which Fastify's logger has); services never see Fastify itself. */
export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
  /** a logger that adds these fields to every line */
  child(bindings: Record<string, unknown>): Logger;
}

/** how much of the server's lines is held before they are written (in characters), and for how long at most */
const LOG_BATCH_CHARS = 16 * 1024;
const LOG_BATCH_MS = 100;

/** where a batch of lines goes: pino's destination (SonicBoom), which writes asynchronously and flushes on exit */
export interface LineSink {
  write(text: string): unknown;
}

/**
 * Holds log lines and hands them on together: when `maxChars` have gathered, `maxMs` after the first one held, or when
 * asked (`flush`). A line per request written on its own (a system call and a wake-up of the thread that makes it,
 * each) made the read benchmark on PostgreSQL markedly slower than with no request log at all. The lines are joined
 * once, here: SonicBoom's own holding (`minLength`) measures its growing buffer on every line, which flattens it, so
 * holding there allocated a copy of the buffer per line, a large share of everything the server allocated.
 */
export class LineBatcher {
  #lines: string[] = [];
  #chars = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: LineSink,
    private readonly maxChars = LOG_BATCH_CHARS,
    private readonly maxMs = LOG_BATCH_MS,
  ) {}

  write(line: string): void {
    this.#lines.push(line);
    this.#chars += line.length;
    if (this.#chars >= this.maxChars) this.flush();
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
    this.#chars = 0;
    this.sink.write(text);
  }
}

export interface LogDestination {
  stream: LineBatcher;
  hooks: { logMethod: LogMethodHook };
}
type LogMethodHook = NonNullable<NonNullable<LoggerOptions['hooks']>['logMethod']>;

/**
 * Standard output, in batches (`LineBatcher`), for pino's `stream` and `hooks`. What is held is written at once after a
 * line at `error` or above, and when the process exits — a crash's exit too: the batch goes to pino's destination
 * first, which writes what it has synchronously then. Only a `kill -9` loses lines, those of the last `maxMs` at most.
 *
 * @public — logger.test.ts imports it by path in the child process it spawns, where knip cannot see the import.
 */
export function batchedStandardOutput(batch: { maxChars?: number; maxMs?: number } = {}): LogDestination {
  const sink = pino.destination({ dest: 1, sync: false });
  const stream = new LineBatcher(sink, batch.maxChars, batch.maxMs);
  // ahead of pino's own listener, which writes out the destination's buffer synchronously
  process.prependListener('exit', () => stream.flush());
  const error = pino.levels.values.error ?? 50;
  return {
    stream,
    hooks: {
      logMethod(args, method, level) {
        method.apply(this, args);
        if (level >= error) stream.flush();
      },
    },
  };
}

/** Where the server writes its lines when nobody gave it a stream: one `batchedStandardOutput` for the process. */
export function logDestination(): LogDestination {
  standardOutput ??= batchedStandardOutput();
  return standardOutput;
}
let standardOutput: LogDestination | undefined;
