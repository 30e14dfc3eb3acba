import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OpsMetrics } from './ops-metrics.js';
import type { OpsService } from './ops.service.js';

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

const PROVIDER_STATUS = /"status"\s*:\s*"(RS_[A-Z_]+)"/;

/**
 * The probes and the metrics. They live outside /wps, so neither the site guard (maintenance, region)
 * nor the merchant check stands between a load balancer and them; they are infrastructure, not calls of
 * the product's API, and take no input.
 */
export function registerOpsRoutes(
  app: FastifyInstance,
  ops: OpsService,
  metrics: { registry: OpsMetrics; token: string } | undefined,
): void {
  // Every answer names its request, so a player's report can be found in the logs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (_request, reply) => {
    const readiness = await ops.readiness();
    return reply
      .code(readiness.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(readiness);
  });

  if (!metrics) return;
  const { registry, token } = metrics;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    registry.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    registry.requestSeconds.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const route = request.routeOptions.url ?? '';
    if (route.startsWith('/provider/v1/') && typeof payload === 'string') {
      const [, vendor = '', call = ''] =
        request.url.split('?')[0]?.match(/^\/provider\/v1\/([^/]+)\/([^/]+)/) ?? [];
      const outcome = PROVIDER_STATUS.exec(payload)?.[1] ?? 'unknown';
      registry.providerCalls.inc({ vendor, call, outcome });
    }
    return payload;
  });
  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    if (!sameText(header, `Bearer ${token}`)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'metrics need the token' });
    }
    return reply
      .header('content-type', registry.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.registry.metrics());
  });
}
