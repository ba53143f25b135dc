import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('config', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      seedDemo: true,
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
    });
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('seeds demo data only where PUBLIC_URL is a loopback address', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'http://app.localhost'])
      expect(loadConfig({ PUBLIC_URL: url, SEED_DEMO: 'true' })).toMatchObject({ seedDemo: true, demoRefused: undefined });
    // left unset: no demo data on a public address, and the start-up message says why
    expect(loadConfig({ PUBLIC_URL: 'https://c2c.example.com' })).toMatchObject({
      seedDemo: false,
      demoRefused: 'PUBLIC_URL https://c2c.example.com is not a loopback address, and demo data is for local trials only',
    });
    expect(loadConfig({ PUBLIC_URL: 'http://127.example.com', SEED_DEMO: 'false' })).toMatchObject({
      seedDemo: false,
      demoRefused: undefined,
    });
    // asked for explicitly: the server does not start
    expect(() => loadConfig({ PUBLIC_URL: 'https://c2c.example.com', SEED_DEMO: 'true' })).toThrow(
      /SEED_DEMO: demo data is seeded only when PUBLIC_URL is a loopback address .* remove SEED_DEMO or set it to false/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'http://192.168.1.5:8080', SEED_DEMO: 'true' })).toThrow(ConfigError);
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        REDIS_URL: 'http://r',
        SEED_DEMO: 'maybe',
        ADMIN_PASSWORD: 'short',
        HOUSE_INVITE_CODE: 'a b',
        AUDIT_KEY: 'too-short',
        METRICS_TOKEN: 'short',
        PASSWORD_HASH_CONCURRENCY: '0',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems.sort()).toEqual([
      'ADMIN_PASSWORD',
      'AUDIT_KEY',
      'DATABASE_URL',
      'HOUSE_INVITE_CODE',
      'METRICS_TOKEN',
      'PASSWORD_HASH_CONCURRENCY',
      'PORT',
      'REDIS_URL',
      'SEED_DEMO',
    ]);
    expect((error as Error).message).toContain('DATABASE_URL: must be a postgres:// URL');
  });

  it("takes TRUST_PROXY as false, a number of proxy hops (true is one) or the proxies' addresses, and nothing else", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 172.16.0.0/12,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.7',
      '172.16.0.0/12',
      'fd00::/8',
    ]);
    for (const bad of [
      'yes',
      '0',
      '100',
      '-1',
      '1.5',
      '10.0.0.300',
      '10.0.0.0/33',
      '10.0.0.0/0',
      '::1/129',
      '10.0.0.1,',
      'loopback',
    ])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: must be false, the number of proxies in front of the server \(1 to 99; true means 1\), or a comma-separated list/,
      );
  });

  it('takes a METRICS_TOKEN of 24 to 200 printable characters without spaces', () => {
    const token = 'a'.repeat(24);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({}).metricsToken).toBeUndefined();
    for (const bad of ['a'.repeat(23), `${'a'.repeat(24)} b`, 'a'.repeat(201)])
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(/METRICS_TOKEN: must be 24 to 200/);
  });

  it('takes PASSWORD_HASH_CONCURRENCY from 1 to 64, unset by default (half the cores, at most 4)', () => {
    expect(loadConfig({}).passwordHashConcurrency).toBeUndefined();
    expect(loadConfig({ PASSWORD_HASH_CONCURRENCY: '3' }).passwordHashConcurrency).toBe(3);
    for (const bad of ['0', '65', '1.5', 'two'])
      expect(() => loadConfig({ PASSWORD_HASH_CONCURRENCY: bad }), bad).toThrow(/PASSWORD_HASH_CONCURRENCY/);
  });

  it('takes PG_CONNECTION_LIFETIME_SECONDS from 1 to 86,400, 30 by default', () => {
    expect(loadConfig({}).pgConnectionLifetimeSeconds).toBe(30);
    expect(loadConfig({ PG_CONNECTION_LIFETIME_SECONDS: '120' }).pgConnectionLifetimeSeconds).toBe(120);
    for (const bad of ['0', '86401', '1.5', 'soon'])
      expect(() => loadConfig({ PG_CONNECTION_LIFETIME_SECONDS: bad }), bad).toThrow(/PG_CONNECTION_LIFETIME_SECONDS/);
  });

  it('keys Redis under REDIS_PREFIX, c2c: by default', () => {
    expect(loadConfig({}).redisPrefix).toBe('c2c:');
    expect(loadConfig({ REDIS_PREFIX: 'shop-2:' }).redisPrefix).toBe('shop-2:');
    for (const bad of ['with space', 'a*', 'x'.repeat(65)])
      expect(() => loadConfig({ REDIS_PREFIX: bad }), bad).toThrow(/REDIS_PREFIX: must be 1 to 64 characters/);
  });

  it('treats blank variables as unset and trims a trailing slash of PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: 'https://c2c.example.com/' })).toMatchObject({
      port: 8080,
      publicUrl: 'https://c2c.example.com',
    });
  });
});
