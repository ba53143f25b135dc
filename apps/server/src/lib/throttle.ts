import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/** At most `points` hits per fixed window of `seconds`. */
export interface Limit {
  points: number;
  seconds: number;
}

/**
 * Counters for throttles, through rate-limiter-flexible: in Redis when configured (shared by every server process),
 * else in this process. A Redis counter is created with its expiry in one atomic script, so no key outlives its
 * window, whatever happens between two commands. Keys name what they count (`login:ip:1.2.3.4`); the limit a key
 * is used with must stay the same everywhere.
 */
export interface Throttle {
  /** Counts one hit on `key`; answers how many seconds to wait when that hit passed the limit, else 0. */
  hit(key: string, limit: Limit): Promise<number>;
  /** Counts one hit on `key` in a window of `seconds` that never refuses; answers the window's count. */
  tally(key: string, seconds: number): Promise<number>;
  /** How many hits `key` has in its current window, without counting one. */
  count(key: string, limit: Limit): Promise<number>;
  /** Takes one hit back from `key`: a try counted before it was known to be a good one (a right code, the owner's sign-in). */
  giveBack(key: string, limit: Limit): Promise<void>;
  /** Forgets `key` (for example after a successful sign-in). */
  reset(key: string, limit: Limit): Promise<void>;
  /** Closes the gate `key` for `seconds`. */
  hold(key: string, seconds: number): Promise<void>;
  /** Seconds until the gate `key` opens, 0 when it is open. */
  held(key: string): Promise<number>;
}

/** The gate of `hold`/`held`: a key holding more than one point is closed until it expires. */
const GATE: Limit = { points: 1, seconds: 1 };

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * @param redis shared counters when given; with it, each limiter falls back to this process's memory while Redis
 *   cannot answer, so an outage slows nobody down to an error
 * @param prefix of every Redis key (tests give each server its own)
 */
export function createThrottle(redis: Redis | undefined, prefix: string): Throttle {
  const keyPrefix = `${prefix}throttle`;
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiter = ({ points, seconds: duration }: Limit): RateLimiterAbstract => {
    const id = `${points}/${duration}`;
    let l = limiters.get(id);
    if (!l) {
      const opts = { keyPrefix, points, duration };
      l = redis
        ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts);
      limiters.set(id, l);
    }
    return l;
  };
  return {
    async hit(key, limit) {
      try {
        await limiter(limit).consume(key);
        return 0;
      } catch (refused) {
        if (refused instanceof RateLimiterRes) return seconds(refused.msBeforeNext);
        throw refused;
      }
    },
    async tally(key, s) {
      return (await limiter({ points: Number.MAX_SAFE_INTEGER, seconds: s }).penalty(key)).consumedPoints;
    },
    async count(key, limit) {
      return (await limiter(limit).get(key))?.consumedPoints ?? 0;
    },
    async giveBack(key, limit) {
      // not into a window that has ended meanwhile: that would start the next one with a spare try
      if (((await limiter(limit).get(key))?.consumedPoints ?? 0) > 0) await limiter(limit).reward(key, 1);
    },
    async reset(key, limit) {
      await limiter(limit).delete(key);
    },
    async hold(key, s) {
      await limiter(GATE).block(key, Math.max(1, Math.ceil(s)));
    },
    async held(key) {
      const res = await limiter(GATE).get(key);
      return res && res.consumedPoints > GATE.points && res.msBeforeNext > 0 ? seconds(res.msBeforeNext) : 0;
    },
  };
}
