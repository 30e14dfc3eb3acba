import type { CallDefinition } from '@platform/contract';
import { successSchema } from '@platform/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthenticatedMember, RequestOrigin } from '../modules/auth/session.service.js';
import { AppError } from './errors.js';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface CallInput<C extends CallDefinition> {
  query: Infer<C['query']>;
  params: Infer<C['params']>;
  body: Infer<C['body']>;
  /** for calls marked auth in the contract, always the live session's member */
  member: C['auth'] extends true ? AuthenticatedMember : AuthenticatedMember | null;
  /** where the request came from, for sessions and the audit */
  origin: RequestOrigin;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A request carries a body when it says so (a length above zero, or chunked transfer). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined) return length !== '0';
  return request.headers['transfer-encoding'] !== undefined;
}

/**
 * Registers one call of the contract: a call marked auth answers 401 UNAUTHORIZED without a live session; the input is validated by the call's schemas before the handler
 * runs, and whatever the handler returns is serialised through the response schema inside the
 * success envelope, so no column the contract does not name can leak.
 */
export function route<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C>) => Promise<z.input<C['response']>> | z.input<C['response']>,
): void {
  const encoding = call.encoding ?? 'application/json';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    // Before any parser runs: a body in an encoding the contract does not name is not read at all.
    onRequest: async (request) => {
      if (!hasBody(request)) return;
      const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
      if (mediaType !== encoding) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `send the body as ${encoding}`);
      }
    },
    schema: {
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: successSchema(call.response) },
    },
    handler: async (request, reply) => {
      if (call.auth && !request.member) throw new AppError('UNAUTHORIZED', 'no live session');
      const value = await handler({
        member: request.member as CallInput<C>['member'],
        origin: { ip: request.location.ip || null, userAgent: request.headers['user-agent'] ?? null },
        query: request.query as Infer<C['query']>,
        params: request.params as Infer<C['params']>,
        body: request.body as Infer<C['body']>,
        request,
        reply,
      });
      return { success: true as const, value };
    },
  });
}
