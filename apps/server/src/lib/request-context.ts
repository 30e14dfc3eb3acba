import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const requestIds = new AsyncLocalStorage<string>();

/**
 * Every log line written while a request is being answered carries its id, whoever writes it: the
 * request's own logger already binds `reqId`, and a service's logger (Fastify's root logger, handed to
 * the modules) gets it from here. Lines outside any request (jobs, start-up) carry none.
 */
export function requestIdMixin(_line: object, _level: number, logger: { bindings(): object }): object {
  const id = requestIds.getStore();
  if (id === undefined || 'reqId' in logger.bindings()) return {};
  return { reqId: id };
}

/** Runs the rest of each request in its id's context; registered first, before any other hook. */
export function trackRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => requestIds.run(request.id, done));
}
