import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveDataDir } from './config.js';

describe('loadConfig', () => {
  it('fills in the defaults', () => {
    expect(loadConfig({})).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      MERCHANT_CODE: 'demo',
      SEED_DEMO: true,
    });
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }],
    ['MERCHANT_CODE', { MERCHANT_CODE: 'has space' }],
    ['SEED_DEMO', { SEED_DEMO: 'maybe' }],
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
