import { createHash, timingSafeEqual } from 'node:crypto';
import { failureSchema, messageKeyOf, successSchema } from '@platform/contract';
import ipaddr from 'ipaddr.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OperatorService } from './operator.service.js';
import { normalizeIp } from '../system/index.js';

export const OPERATOR_PATH = '/internal/operator';
export const OPERATOR_SECRET_HEADER = 'x-operator-secret';
/** who ran the command, as the operator tool saw it (only believed together with the secret) */
export const OPERATOR_ACTOR_HEADER = 'x-operator-actor';

export const operatorRequestSchema = z.object({ args: z.array(z.string().max(20_000)).max(100) });
export const operatorResultSchema = z.object({ exitCode: z.number().int(), output: z.string() });

function isLoopback(address: string | undefined): boolean {
  const ip = normalizeIp(address ?? '');
  return ipaddr.isValid(ip) && ipaddr.parse(ip).range() === 'loopback';
}

/** Hashing first makes both sides the same length, so the comparison takes the same time whatever was sent. */
function sameSecret(given: string | string[] | undefined, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/**
 * The operator tool's door into a running server (the embedded database admits one process). Only the
 * same machine, only with the secret the server wrote into its data directory. It lives outside /wps so
 * that maintenance and region rules never lock the operator out.
 */
export function registerOperatorRoutes(
  app: FastifyInstance,
  services: { operator: OperatorService },
  secret: string,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: OPERATOR_PATH,
    onRequest: async (request, reply) => {
      // The socket address, never a forwarded header: a proxy on this machine must not open the door.
      if (
        !isLoopback(request.socket.remoteAddress) ||
        !sameSecret(request.headers[OPERATOR_SECRET_HEADER], secret)
      ) {
        return reply
          .status(403)
          .send({ success: false as const, code: 'FORBIDDEN' as const, message: messageKeyOf('FORBIDDEN') });
      }
    },
    schema: {
      body: operatorRequestSchema,
      response: { 200: successSchema(operatorResultSchema), 403: failureSchema },
    },
    handler: async (request) => {
      const actor = request.headers[OPERATOR_ACTOR_HEADER];
      const value = await services.operator.run(
        request.body.args,
        typeof actor === 'string' && actor.length <= 100 ? actor : 'cli:unknown',
      );
      return { success: true as const, value };
    },
  });
}
