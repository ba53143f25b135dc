import path from 'node:path';
import { z } from 'zod';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const opt = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
const withDefault = <T extends z.ZodType>(s: T, d: z.input<T>) => z.preprocess(blankToUndefined, s.default(d as never));

const schema = z.object({
  PORT: withDefault(z.coerce.number().int().min(0).max(65535), 8080),
  HOST: withDefault(z.string(), '127.0.0.1'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: opt(z.string().regex(/^postgres(ql)?:\/\/\S+$/, 'must be a postgres:// URL')),
  DATABASE_SCHEMA: opt(z.string().regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case SQL identifier')),
  REDIS_URL: opt(z.string().regex(/^rediss?:\/\/\S+$/, 'must be a redis:// URL')),
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
  SEED_DEMO: withDefault(z.enum(['true', 'false'], 'must be true or false'), 'true'),
  TRUST_PROXY: withDefault(z.enum(['true', 'false'], 'must be true or false'), 'false'),
  AUDIT_KEY: opt(z.string().min(32, 'must have at least 32 characters (for example the output of `openssl rand -hex 32`)')),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
});

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string | undefined;
  readonly redisUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly publicUrl: string;
  readonly admin: { readonly email?: string; readonly password?: string; readonly totpSecret?: string };
  readonly houseInviteCode: string | undefined;
  readonly seedDemo: boolean;
  readonly trustProxy: boolean;
  readonly logLevel: string;
  /** the secret that keys the audit chain; without it, a key file in `dataDir` (lib/audit-key.ts) */
  readonly auditKey: string | undefined;
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
  return Object.freeze({
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    databaseSchema: v.DATABASE_SCHEMA,
    redisUrl: v.REDIS_URL,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    publicUrl: v.PUBLIC_URL ?? `http://localhost:${v.PORT}`,
    admin: Object.freeze({ email: v.ADMIN_EMAIL, password: v.ADMIN_PASSWORD, totpSecret: v.ADMIN_TOTP_SECRET }),
    houseInviteCode: v.HOUSE_INVITE_CODE,
    seedDemo: v.SEED_DEMO === 'true',
    trustProxy: v.TRUST_PROXY === 'true',
    logLevel: v.LOG_LEVEL,
    auditKey: v.AUDIT_KEY,
  });
}
