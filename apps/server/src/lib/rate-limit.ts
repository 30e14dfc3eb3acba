import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

export interface RateLimit {
  max: number;
  timeWindow: number;
}

/**
 * Registers `routes` in a scope of their own, limited per caller address (as the site guard resolved
 * it). A cheap first wall against scripts; the store is in memory, so with several server instances each
 * counts on its own (a Redis store is needed to share the count).
 */
export function withRateLimit(
  app: FastifyInstance,
  limit: RateLimit,
  routes: (scope: FastifyInstance) => void,
): void {
  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      ...limit,
      keyGenerator: (request) => request.location.ip || 'unknown',
    });
    routes(scope);
  });
}
