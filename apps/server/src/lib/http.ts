import type { CallDefinition } from '@platform/contract';
import { successSchema } from '@platform/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface CallInput<C extends CallDefinition> {
  query: Infer<C['query']>;
  params: Infer<C['params']>;
  body: Infer<C['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one call of the contract: the input is validated by the call's schemas before the handler
 * runs, and whatever the handler returns is serialised through the response schema inside the
 * success envelope, so no column the contract does not name can leak.
 */
export function route<C extends CallDefinition>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C>) => Promise<z.input<C['response']>> | z.input<C['response']>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    schema: {
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: successSchema(call.response) },
    },
    handler: async (request, reply) => {
      const value = await handler({
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
