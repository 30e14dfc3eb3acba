import type { FastifyInstance } from 'fastify';

/** A request slower than this is worth an operator's attention even when nothing failed. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, at the level it deserves: Fastify's own request logging (two info lines per
 * request) cost about 40% of a cheap call's throughput, so every request is logged at debug, slow ones
 * at info and server errors at error. Money movements and failures log themselves where they happen.
 */
export function registerRequestLog(app: FastifyInstance, slowMs = SLOW_REQUEST_MS): void {
  app.addHook('onResponse', async (request, reply) => {
    const level = reply.statusCode >= 500 ? 'error' : reply.elapsedTime >= slowMs ? 'info' : 'debug';
    if (!request.log.isLevelEnabled(level)) return;
    request.log[level](
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      level === 'info' ? 'slow request' : 'request',
    );
  });
}
