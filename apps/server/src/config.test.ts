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
      'PORT',
      'REDIS_URL',
      'SEED_DEMO',
    ]);
    expect((error as Error).message).toContain('DATABASE_URL: must be a postgres:// URL');
  });

  it('treats blank variables as unset and trims a trailing slash of PUBLIC_URL', () => {
    expect(loadConfig({ PORT: '', PUBLIC_URL: 'https://c2c.example.com/' })).toMatchObject({
      port: 8080,
      publicUrl: 'https://c2c.example.com',
    });
  });
});
