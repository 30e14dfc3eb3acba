import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is worth an operator's attention even when nothing failed. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * One line per request, at the level it deserves. Fastify's default (two info lines per request) cost
 * about 40% of a cheap call's throughput, so a request is logged at debug, a slow one at info and a
 * failed one at error. Money movements and handled failures log themselves where they happen.
 */
export class RequestLogPolicy extends LogController {
  constructor(private readonly slowMs = SLOW_REQUEST_MS) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // 503 is the site's own answer during maintenance, not a failure.
    const failed = error || (reply.statusCode >= 500 && reply.statusCode !== 503);
    const level = failed ? 'error' : reply.elapsedTime >= this.slowMs ? 'info' : 'debug';
    reply.log[level](
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        ...(error ? { err: error } : {}),
      },
      level === 'info' ? 'slow request' : 'request',
    );
  }
}
