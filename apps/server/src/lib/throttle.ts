import type { Redis } from 'ioredis';

/** Fixed-window counters: shared through Redis when configured, else in this process. */
export interface Throttle {
  /** Counts one hit on `key`; answers how many seconds to wait when the limit is passed, else 0. */
  hit(key: string, limit: number, windowSeconds: number): Promise<number>;
  /** Forgets `key` (for example after a successful sign-in). */
  reset(key: string): Promise<void>;
}

export function memoryThrottle(now: () => number): Throttle {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.endsAt <= t) {
        if (windows.size > 100_000) for (const [k, v] of windows) if (v.endsAt <= t) windows.delete(k);
        w = { count: 0, endsAt: t + windowSeconds * 1000 };
        windows.set(key, w);
      }
      w.count += 1;
      return w.count > limit ? Math.ceil((w.endsAt - t) / 1000) : 0;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function redisThrottle(redis: Redis, prefix: string): Throttle {
  return {
    async hit(key, limit, windowSeconds) {
      const k = `${prefix}throttle:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[unknown, number], [unknown, number]];
      if (ttl < 0) await redis.pexpire(k, windowSeconds * 1000);
      return count > limit ? Math.max(1, Math.ceil((ttl < 0 ? windowSeconds * 1000 : ttl) / 1000)) : 0;
    },
    async reset(key) {
      await redis.del(`${prefix}throttle:${key}`);
    },
  };
}
