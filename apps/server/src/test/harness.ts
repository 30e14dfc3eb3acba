import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Envelope } from '@platform/contract';
import { buildApp, type AppServices } from '../app.js';
import type { Redis } from 'ioredis';
import { configSchema, type Config } from '../config.js';
import { openTestDatabase, type TestDatabase } from '../db/test-database.js';
import { fixedClock } from '../lib/clock.js';
import { cryptoRng, type Rng } from '../lib/rng.js';
import type { CountryLookup } from '../lib/deps.js';
import { geoipCountryLookup } from '../modules/system/index.js';

export interface TestApp {
  app: FastifyInstance;
  services: AppServices;
  handle: TestDatabase;
  clock: ReturnType<typeof fixedClock>;
  /** inject and parse the envelope */
  call<T = unknown>(options: InjectOptions): Promise<{ status: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

export const TEST_MERCHANT = 'testmerchant';
export const OPERATOR_SECRET = 'operator-secret-for-tests-0123456789abcdef';

/**
 * A real app on a real database of its own (PGlite in memory, or a fresh PostgreSQL database when
 * DATABASE_URL is set). Settings are not cached, so a test sees its own writes at once.
 */
export async function createTestApp(
  options: {
    config?: Partial<Config>;
    rng?: Rng;
    countryLookup?: CountryLookup;
    /** a second server instance on the first one's database and clock (closing it leaves them open) */
    beside?: TestApp;
    /**
     * Fan realtime messages out through the database's LISTEN/NOTIFY, as servers sharing a PostgreSQL
     * database without Redis do (PostgreSQL only; otherwise they stay in the process).
     */
    listen?: boolean;
    redis?: Redis;
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestApp> {
  const handle = options.beside?.handle ?? (await openTestDatabase());
  const clock = options.beside?.clock ?? fixedClock(new Date('2026-11-21T08:00:00Z'));
  const config = configSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    MERCHANT_CODE: TEST_MERCHANT,
    SETTINGS_CACHE_MS: '0',
    PUBLIC_URL: 'http://site.test',
  });
  const { app, services } = await buildApp({
    config: {
      ...config,
      ...(options.listen && handle.url ? { DATABASE_URL: handle.url } : {}),
      ...options.config,
    },
    db: handle.db,
    clock,
    rng: options.rng ?? cryptoRng,
    countryLookup: options.countryLookup ?? geoipCountryLookup,
    operatorSecret: OPERATOR_SECRET,
    ...(options.redis ? { redis: options.redis } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    services,
    handle,
    clock,
    async call<T>(injectOptions: InjectOptions) {
      const response = await app.inject(injectOptions);
      return { status: response.statusCode, body: response.json<Envelope<T>>() };
    },
    async close() {
      await app.close();
      if (!options.beside) await handle.close();
    },
  };
}
