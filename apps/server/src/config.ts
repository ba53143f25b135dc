import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
const withDefault = <T extends z.ZodType>(s: T, d: z.input<T>) => z.preprocess(blankToUndefined, s.default(d as never));

/** True for a URL whose host is this machine only: localhost (and *.localhost), 127.0.0.0/8, ::1. */
function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** An IP address, or a CIDR range (`10.0.0.0/8`, `fd00::/8`) whose prefix fits the address's family. */
function isIpOrRange(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined || address.includes('%')) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `false` (nothing is trusted), a number of proxy hops, or the proxies' addresses. `true` is one hop: the
 * one proxy in front of the node (a load balancer) appends the address it saw, and the entries before it are the
 * client's own, which anybody can write.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | readonly string[] => {
  const v = raw.trim();
  if (v === 'false') return false;
  if (v === 'true') return 1;
  if (/^\d{1,2}$/.test(v) && Number(v) >= 1) return Number(v);
  const list = v.split(',').map((e) => e.trim());
  if (list.every(isIpOrRange)) return Object.freeze(list);
  ctx.addIssue({
    code: 'custom',
    message:
      "must be false, the number of proxies in front of the server (1 to 99; true means 1), or a comma-separated list of the proxies' IP addresses or CIDR ranges",
  });
  return z.NEVER;
});

const schema = z
  .object({
    PORT: withDefault(z.coerce.number().int().min(0).max(65535), 8080),
    HOST: withDefault(z.string(), '127.0.0.1'),
    DATA_DIR: withDefault(z.string(), './data'),
    DATABASE_URL: opt(z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')),
    DATABASE_SCHEMA: opt(z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')),
    REDIS_URL: opt(z.string().regex(/^rediss?:\/\/\S+$/, 'must be a redis:// URL')),
    REDIS_PREFIX: withDefault(
      z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 characters A-Z a-z 0-9 _ . : -'),
      'c2c:',
    ),
    SMTP_URL: opt(z.string().regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL')),
    MAIL_FROM: withDefault(z.string().min(3), 'C2C <no-reply@c2c.local>'),
    PUBLIC_URL: opt(
      z
        .string()
        .regex(/^https?:\/\/[^\s/]+(\/\S*)?$/, 'must be an http(s) URL')
        .transform((s) => s.replace(/\/+$/, '')),
    ),
    ADMIN_EMAIL: opt(z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an e-mail address')),
    ADMIN_PASSWORD: opt(z.string().min(10, 'must have at least 10 characters')),
    ADMIN_TOTP_SECRET: opt(z.string().regex(/^[A-Z2-7]{16,}=*$/, 'must be base32 (A-Z, 2-7), at least 16 characters')),
    HOUSE_INVITE_CODE: opt(z.string().regex(/^[A-Z0-9]{4,16}$/, 'must be 4 to 16 characters A-Z or 0-9')),
    SEED_DEMO: opt(z.enum(['true', 'false'], 'must be true or false')),
    TRUST_PROXY: z.preprocess(blankToUndefined, trustProxy.prefault('false')),
    AUDIT_KEY: opt(z.string().min(32, 'must have at least 32 characters (for example the output of `openssl rand -hex 32`)')),
    LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
    METRICS_TOKEN: opt(
      z
        .string()
        .regex(
          /^[\x21-\x7e]{24,200}$/,
          'must be 24 to 200 printable characters without spaces (for example `openssl rand -hex 32`)',
        ),
    ),
    PASSWORD_HASH_CONCURRENCY: opt(z.coerce.number().int('must be a whole number').min(1).max(64)),
    PG_CONNECTION_LIFETIME_SECONDS: withDefault(
      z.coerce.number().int('must be a whole number of seconds').min(1).max(86_400),
      30,
    ),
    JOB_INTERVAL_MAX_MS: opt(z.coerce.number().int('must be a whole number of milliseconds').min(100).max(3_600_000)),
  })
  .superRefine((v, ctx) => {
    // The demo customer's password is public and the demo addresses are nobody's wallet: never on a reachable install.
    const publicUrl = v.PUBLIC_URL ?? `http://localhost:${v.PORT}`;
    if (v.SEED_DEMO === 'true' && !isLoopbackUrl(publicUrl))
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: `demo data is seeded only when PUBLIC_URL is a loopback address (localhost, 127.0.0.1, ::1), and PUBLIC_URL is ${publicUrl}; remove SEED_DEMO or set it to false`,
      });
  });

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string | undefined;
  /**
   * PostgreSQL: how long a connection serves before it is replaced. Its prepared statements' plans were made for the
   * tables as they were then: a plan made on an empty table (a fresh deployment) stays a table scan, or the wrong index,
   * as the table grows, until the connection is replaced.
   */
  readonly pgConnectionLifetimeSeconds: number;
  /** the longest wait between two runs of a job (tests shorten the minute-long rounds with it) */
  readonly jobIntervalMaxMs: number | undefined;
  readonly redisUrl: string | undefined;
  /** the start of every Redis key and channel name: deployments (or test runs) sharing one Redis keep apart by it */
  readonly redisPrefix: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly publicUrl: string;
  readonly admin: { readonly email?: string; readonly password?: string; readonly totpSecret?: string };
  readonly houseInviteCode: string | undefined;
  /** demo data on an empty database: only where PUBLIC_URL is a loopback address (a local trial) */
  readonly seedDemo: boolean;
  /** why demo data is not seeded although SEED_DEMO was left unset (PUBLIC_URL is public), for the start-up message */
  readonly demoRefused: string | undefined;
  /**
   * whose X-Forwarded-For entries are believed: none (`false`), the last `n` hops' (each proxy appends the address it
   * saw), or those appended by the listed proxy addresses and ranges
   */
  readonly trustProxy: false | number | readonly string[];
  readonly logLevel: string;
  /** the secret that keys the audit chain; without it, a key file in `dataDir` (lib/audit-key.ts) */
  readonly auditKey: string | undefined;
  /** the bearer token `GET /metrics` requires; without it /metrics answers only loopback clients not behind a proxy */
  readonly metricsToken: string | undefined;
  /** how many password hashes (argon2id, 19 MiB each) run at once; undefined: half the cores, at most 4 */
  readonly passwordHashConcurrency: number | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads the environment once; throws ConfigError listing every bad variable. Nothing else reads process.env. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const v = parsed.data;
  const publicUrl = v.PUBLIC_URL ?? `http://localhost:${v.PORT}`;
  const local = isLoopbackUrl(publicUrl);
  return Object.freeze({
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    databaseSchema: v.DATABASE_SCHEMA,
    pgConnectionLifetimeSeconds: v.PG_CONNECTION_LIFETIME_SECONDS,
    redisUrl: v.REDIS_URL,
    redisPrefix: v.REDIS_PREFIX,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    publicUrl,
    admin: Object.freeze({ email: v.ADMIN_EMAIL, password: v.ADMIN_PASSWORD, totpSecret: v.ADMIN_TOTP_SECRET }),
    houseInviteCode: v.HOUSE_INVITE_CODE,
    seedDemo: v.SEED_DEMO === undefined ? local : v.SEED_DEMO === 'true',
    demoRefused:
      v.SEED_DEMO === undefined && !local
        ? `PUBLIC_URL ${publicUrl} is not a loopback address, and demo data is for local trials only`
        : undefined,
    trustProxy: v.TRUST_PROXY,
    logLevel: v.LOG_LEVEL,
    jobIntervalMaxMs: v.JOB_INTERVAL_MAX_MS,
    auditKey: v.AUDIT_KEY,
    metricsToken: v.METRICS_TOKEN,
    passwordHashConcurrency: v.PASSWORD_HASH_CONCURRENCY,
  });
}
