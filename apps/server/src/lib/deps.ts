import type { Redis } from 'ioredis';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Clock } from './clock.js';
import type { Rng } from './rng.js';
import type { SchedulerLogger } from './scheduler.js';

/** Maps an address to a country; injected so tests can use any table. */
export interface CountryLookup {
  country(ip: string): string | null;
}

/** What every module is built from: configuration, the database, and the injected clock and RNG. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  rng: Rng;
  countryLookup: CountryLookup;
  /** Redis when REDIS_URL is set: the shared counters (rate limits) live there instead of PostgreSQL */
  redis?: Redis;
  /** where the JSON log lines go (stdout unless given; tests read them) */
  logStream?: NodeJS.WritableStream;
  /** the secret the operator tool presents to /internal/operator; undefined turns that route off */
  operatorSecret?: string;
}

/** What the scheduler and the realtime service log through (Fastify's logger fits). */
export interface ServiceLogger extends SchedulerLogger {
  warn(object: Record<string, unknown>, message: string): void;
}

export const silentLogger: ServiceLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
