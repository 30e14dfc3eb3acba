import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveDataDir, seedsDemoData, servesDevOutbox } from './config.js';

describe('loadConfig', () => {
  it('fills in the defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      MERCHANT_CODE: 'demo',
      TRUSTED_PROXIES: [],
      // The demo's links point at the demo itself.
      PUBLIC_URL: 'http://localhost:8080',
    });
    expect(seedsDemoData(loadConfig({}))).toBe(true);
    expect(servesDevOutbox(loadConfig({}))).toBe(true);
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['MERCHANT_CODE', { MERCHANT_CODE: 'has space' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
    ['TRUSTED_PROXIES', { TRUSTED_PROXIES: '10.0.0.1, not-an-address' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'javascript:alert(1)' }],
  ])('throws a ConfigError naming %s when it is bad', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}=`));
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).DATABASE_URL).toBe(
      'postgres://u@h:5432/db',
    );
  });
});

describe('production', () => {
  const secure = { NODE_ENV: 'production', PUBLIC_URL: 'https://play.example.com', MERCHANT_CODE: 'khela' };

  it('starts with secure settings and then seeds nothing and serves no outbox', () => {
    const config = loadConfig(secure);
    expect(config.NODE_ENV).toBe('production');
    expect(seedsDemoData(config)).toBe(false);
    expect(servesDevOutbox(config)).toBe(false);
  });

  it('is chosen by --production as well as by NODE_ENV', () => {
    const { NODE_ENV: _, ...rest } = secure;
    expect(loadConfig(rest, ['--production']).NODE_ENV).toBe('production');
    expect(() => loadConfig({}, ['--production'])).toThrow(/Refusing to start in production/);
  });

  it.each([
    ['PUBLIC_URL is not set', { PUBLIC_URL: '' }],
    ['is not https', { PUBLIC_URL: 'http://play.example.com' }],
    ['SEED_DEMO=true', { SEED_DEMO: 'true' }],
    ['DEV_OUTBOX=true', { DEV_OUTBOX: 'true' }],
    ['MERCHANT_CODE is the demo default', { MERCHANT_CODE: 'demo' }],
  ])('refuses to start when %s, in one line naming what to set', (line, change) => {
    const attempt = () => loadConfig({ ...secure, ...change });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(line);
  });

  it('lists every problem at once', () => {
    const attempt = () => loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', DEV_OUTBOX: '1' });
    let message = '';
    try {
      attempt();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'Refusing to start in production:',
      expect.stringContaining('PUBLIC_URL'),
      expect.stringContaining('SEED_DEMO'),
      expect.stringContaining('DEV_OUTBOX'),
      expect.stringContaining('MERCHANT_CODE'),
    ]);
  });

  it('allows http for a site on this machine only (a local trial of production)', () => {
    expect(loadConfig({ ...secure, PUBLIC_URL: 'http://localhost:8080' }).PUBLIC_URL).toBe(
      'http://localhost:8080',
    );
  });
});

describe('resolveDataDir', () => {
  it('resolves against the directory npm was started in, so the server and the operator tool agree', () => {
    const config = loadConfig({ DATA_DIR: './data' });
    expect(resolveDataDir(config, { INIT_CWD: '/srv/site' })).toBe('/srv/site/data');
    expect(resolveDataDir(config, {})).toBe(path.resolve('data'));
    expect(resolveDataDir(loadConfig({ DATA_DIR: '/var/lib/khela' }), { INIT_CWD: '/srv/site' })).toBe(
      '/var/lib/khela',
    );
  });
});
