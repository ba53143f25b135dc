import { createHmac, hash as digestOnce, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// one-shot `hash`: hashed on every authenticated call (the session token), and about twice as cheap as createHash
export const sha256 = (s: string): string => digestOnce('sha256', s, 'hex');

export const hmacSha256 = (key: Buffer, s: string): string => createHmac('sha256', key).update(s).digest('hex');

/** 32 random bytes, base64url: the session token handed to a client (only its SHA-256 is stored). */
export const newToken = (): string => randomBytes(32).toString('base64url');

export const randomDigits = (n: number): string => Array.from({ length: n }, () => randomInt(10)).join('');

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Human-friendly code without look-alike characters (no I, O, 0, 1). */
export const randomCode = (n: number): string =>
  Array.from({ length: n }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

// argon2id with the library's defaults (19 MiB, t=2): OWASP's recommended minimum.
export const hashPassword = (password: string): Promise<string> => hash(password);
export const verifyPassword = (stored: string, password: string): Promise<boolean> => verify(stored, password).catch(() => false);

/** A hash of a random password, verified against when an account does not exist so both answers take as long. */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
};
