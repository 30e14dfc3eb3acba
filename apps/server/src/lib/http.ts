import type { CallDefinition } from '@platform/contract';
import { successSchema } from '@platform/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AuthenticatedMember, RequestOrigin } from './caller.js';
import { authorize, type AuthenticatedAdmin, type Caller } from './access.js';
import { AppError } from './errors.js';
import { runAsStaff } from './staff-context.js';
import { csvStream, type CsvExport } from './csv.js';

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface CallInput<C extends CallDefinition> {
  query: Infer<C['query']>;
  params: Infer<C['params']>;
  body: Infer<C['body']>;
  /** for calls declared member, member-real or agent, always the live session's member */
  member: C['access'] extends 'member' | 'member-real' | 'agent'
    ? AuthenticatedMember
    : AuthenticatedMember | null;
  /** for calls declared admin, always the staff member of the live admin session, in a listed role */
  admin: C['access'] extends { admin: readonly unknown[] } ? AuthenticatedAdmin : null;
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

const wantsCsv = (query: unknown): boolean =>
  typeof query === 'object' && query !== null && 'format' in query && query.format === 'csv';

/** Who is calling, as authorize found it before the body was read. */
const callers = new WeakMap<FastifyRequest, Caller>();

/**
 * Registers one call of the contract. Its declared access is enforced before the body is even read
 * (authorize: 401, 403), so a route cannot forget its check; then the input is validated by the call's
 * schemas, and whatever the handler returns is serialised through the response schema inside the
 * success envelope, so no column the contract does not name can leak.
 */
export function route<C extends CallDefinition, Row = never>(
  app: FastifyInstance,
  call: C,
  handler: (input: CallInput<C>) => Promise<z.input<C['response']>> | z.input<C['response']>,
  options: {
    /** a back-office list: with `format=csv` in the query it answers the whole list as text/csv */
    csv?: (input: CallInput<C>) => CsvExport<Row> | Promise<CsvExport<Row>>;
  } = {},
): void {
  const encoding = call.encoding ?? 'application/json';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    // Before any parser runs: a body in an encoding the contract does not name is not read at all.
    onRequest: async (request) => {
      if (hasBody(request)) {
        const mediaType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
        if (mediaType !== encoding) {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', `send the body as ${encoding}`);
        }
      }
      callers.set(request, await authorize(request, call.access));
    },
    schema: {
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: successSchema(call.response) },
    },
    handler: async (request, reply) => {
      const caller = callers.get(request);
      // onRequest always ran first; a request without it would be a bug here, not the caller's.
      if (!caller) throw new Error(`${call.method} ${call.path}: access was not checked`);
      const input: CallInput<C> = {
        member: caller.member as CallInput<C>['member'],
        admin: caller.admin as CallInput<C>['admin'],
        origin: { ip: request.location.ip || null, userAgent: request.headers['user-agent'] ?? null },
        query: request.query as Infer<C['query']>,
        params: request.params as Infer<C['params']>,
        body: request.body as Infer<C['body']>,
        request,
        reply,
      };
      const { csv } = options;
      if (csv && wantsCsv(request.query)) {
        const source = await csv(input);
        return (reply as FastifyReply)
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${source.filename}.csv"`)
          .header('cache-control', 'no-store')
          .send(csvStream(source));
      }
      const answer = () => handler(input);
      const admin = caller.admin;
      const value = admin
        ? await runAsStaff(
            { username: admin.username, roles: admin.roles, ip: request.location.ip || null },
            async () => answer(),
          )
        : await answer();
      if (reply.sent) return reply;
      return { success: true as const, value };
    },
  });
}
