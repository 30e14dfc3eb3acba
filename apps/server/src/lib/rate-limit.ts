import rateLimit, { type FastifyRateLimitStoreCtor, type RateLimitPluginOptions } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/database.js';
import { rateLimitCounter } from './lib.schema.js';
import type { Clock } from './clock.js';

export interface RateLimit {
  /**
   * the counter's name, unique in the app: each limit counts on its own (the plugin's own stores keep one
   * counter per address for every scope that shares a store)
   */
  name: string;
  max: number;
  timeWindow: number;
}

type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Counts in PostgreSQL, one row per key and route: an upsert that starts a new window when the old one
 * has ended. Every server instance increments the same row, so N per minute is N in all.
 */
function postgresStore(db: Database, clock: Clock, namespace: string) {
  return class PostgresRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = namespace,
    ) {}

    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + timeWindow);
      db.insert(rateLimitCounter)
        .values({ key: this.prefix + key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimitCounter.key,
          set: {
            count: sql`CASE WHEN ${rateLimitCounter.resetAt} <= ${now} THEN 1 ELSE ${rateLimitCounter.count} + 1 END`,
            resetAt: sql`CASE WHEN ${rateLimitCounter.resetAt} <= ${now} THEN ${resetAt} ELSE ${rateLimitCounter.resetAt} END`,
          },
        })
        .returning({ count: rateLimitCounter.count, resetAt: rateLimitCounter.resetAt })
        .then(
          ([row]) =>
            callback(null, {
              current: row?.count ?? 1,
              ttl: Math.max(0, (row?.resetAt ?? resetAt).getTime() - now.getTime()),
            }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(routeOptions: { routeInfo: { method: string; url: string } }): PostgresRateLimitStore {
      return new PostgresRateLimitStore(
        routeOptions,
        `${this.prefix}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}-`,
      );
    }
  };
}

/** Where every rate limit of this server counts: Redis when REDIS_URL is set, PostgreSQL otherwise. */
export interface RateLimitCounters {
  /** the store options of the limit called `name` */
  options(name: string): Pick<RateLimitPluginOptions, 'redis' | 'store' | 'skipOnError' | 'nameSpace'>;
  /** deletes PostgreSQL counters whose window ended (a scheduled job) */
  sweep(): Promise<number>;
}

export function rateLimitCounters(db: Database, clock: Clock, redis?: Redis): RateLimitCounters {
  return {
    // A counter store that is briefly away lets requests through rather than failing every login.
    options: (name) =>
      redis
        ? { redis, nameSpace: `rl:${name}:`, skipOnError: true }
        : {
            store: postgresStore(db, clock, `rl:${name}:`) as unknown as FastifyRateLimitStoreCtor,
            skipOnError: true,
          },
    async sweep() {
      const gone = await db
        .delete(rateLimitCounter)
        .where(lt(rateLimitCounter.resetAt, clock.now()))
        .returning({ key: rateLimitCounter.key });
      return gone.length;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** set once by buildApp (useRateLimitCounters); scopes inherit it */
    rateLimitCounters?: RateLimitCounters;
  }
}

/** Set once by buildApp, before any route: every limit registered on this app counts there. */
export function useRateLimitCounters(app: FastifyInstance, shared: RateLimitCounters): void {
  app.decorate('rateLimitCounters', shared);
}

/**
 * Registers @fastify/rate-limit in `scope` with the app's shared counters. Every limit goes through here,
 * so none counts in one process's memory.
 */
export async function registerRateLimit(
  scope: FastifyInstance,
  {
    name,
    ...options
  }: RateLimit &
    Omit<RateLimitPluginOptions, 'redis' | 'store' | 'skipOnError' | 'nameSpace' | 'max' | 'timeWindow'>,
): Promise<void> {
  await scope.register(rateLimit, { ...options, ...(scope.rateLimitCounters?.options(name) ?? {}) });
}

/**
 * Registers `routes` in a scope of their own, limited per caller address (as the site guard resolved
 * it).
 */
export function withRateLimit(
  app: FastifyInstance,
  limit: RateLimit,
  routes: (scope: FastifyInstance) => void,
): void {
  void app.register(async (scope) => {
    await registerRateLimit(scope, {
      ...limit,
      keyGenerator: (request: FastifyRequest) => request.location.ip || 'unknown',
    });
    routes(scope);
  });
}
