import { createHmac, hash as digestOnce, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { Slots } from './slots.js';

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

/** The default number of password hashes a process computes at once: half its cores, at most libuv's 4 threads. */
export const defaultPasswordHashConcurrency = (cores = availableParallelism()): number =>
  Math.max(1, Math.min(4, Math.floor(cores / 2)));

// Each argon2id hash (or check) holds 19 MiB while it runs, on libuv's threads: unbounded, a burst of sign-ins adds
// a hash's memory per thread to a node's peak and takes every core from the requests being served. Hashes beyond this many wait their turn (`setPasswordHashConcurrency`).
let passwordWork = new Slots(defaultPasswordHashConcurrency());

/** Sets how many password hashes run at once (config PASSWORD_HASH_CONCURRENCY); set at start, before any hash. */
export function setPasswordHashConcurrency(n: number): void {
  if (n !== passwordWork.size) passwordWork = new Slots(n);
}

/** password hashes running now, and waiting for their turn */
export const passwordHashLoad = (): { running: number; waiting: number } => ({
  running: passwordWork.busy,
  waiting: passwordWork.waiting,
});

// argon2id with the library's defaults (19 MiB, t=2): OWASP's recommended minimum.
export const hashPassword = (password: string): Promise<string> => passwordWork.run(() => hash(password));
export const verifyPassword = (stored: string, password: string): Promise<boolean> =>
  passwordWork.run(() => verify(stored, password)).catch(() => false);

/** A hash of a random password, verified against when an account does not exist so both answers take as long. */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
};
