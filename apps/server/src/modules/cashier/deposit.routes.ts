import multipart from '@fastify/multipart';
import { api, idParamsSchema, type AdminDeposit } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invalid, notFound } from '../../lib/errors.js';
import { authorize } from '../../lib/access.js';
import { everyPage } from '../../lib/csv.js';
import { route } from '../../lib/http.js';
import type { ChannelService } from './channel.service.js';
import type { DepositService } from './deposit.service.js';
import type { AuthenticatedAdmin } from '../admin/index.js';
import type { Actor } from '../audit/index.js';
import { PROOF_MAX_BYTES, proofTooLarge } from './deposit.service.js';

/** Not a JSON call of the contract: it answers the proof image itself, for staff reviewing a deposit. */
export const ADMIN_DEPOSIT_PROOF_PATH = '/wps/admin/deposits/:id/proof';

/**
 * Channels, deposits and the operator's review of deposits. Multipart is parsed only inside this
 * plugin (the transfer proof).
 */
export async function registerDepositRoutes(
  app: FastifyInstance,
  services: {
    channels: ChannelService;
    deposits: DepositService;
  },
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 5 } });

    route(scope, api.channels, () => services.channels.listForMembers());
    route(scope, api.createDeposit, ({ member, body }) => services.deposits.create(member, body));
    route(scope, api.deposits, ({ member, query }) => services.deposits.list(member, query));
    route(scope, api.uploadDepositProof, ({ member, params, request }) =>
      services.deposits.uploadProof(member, params.id, () => readProof(request)),
    );

    const decider = (admin: AuthenticatedAdmin): Actor => ({ admin });
    route(scope, api.adminDeposits, ({ query }) => services.deposits.adminList(query), {
      csv: ({ query }) => ({
        filename: 'deposits',
        rows: everyPage((pageNo) => services.deposits.adminList({ ...query, pageNo, pageSize: 100 })),
        columns: [
          { header: 'id', cell: (row: AdminDeposit) => row.id },
          { header: 'created', cell: (row: AdminDeposit) => row.createdAt },
          { header: 'status', cell: (row: AdminDeposit) => row.status },
          { header: 'account', cell: (row: AdminDeposit) => row.memberAccount },
          { header: 'username', cell: (row: AdminDeposit) => row.memberUsername },
          { header: 'channel', cell: (row: AdminDeposit) => row.channelName },
          { header: 'amount', cell: (row: AdminDeposit) => row.amount },
          { header: 'reference', cell: (row: AdminDeposit) => row.reference },
          { header: 'decided', cell: (row: AdminDeposit) => row.decidedAt },
          { header: 'reason', cell: (row: AdminDeposit) => row.reason },
        ],
      }),
    });
    route(scope, api.adminDeposit, ({ params }) => services.deposits.adminDetail(params.id));
    route(scope, api.adminConfirmDeposit, ({ admin, params }) =>
      services.deposits.confirm(params.id, decider(admin)),
    );
    route(scope, api.adminRejectDeposit, ({ admin, params, body }) =>
      services.deposits.reject(params.id, body.reason, decider(admin)),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .get(ADMIN_DEPOSIT_PROOF_PATH, { schema: { params: idParamsSchema } }, async (request, reply) => {
        // Whoever may review deposits may see their proofs.
        await authorize(request, api.adminDeposits.access);
        const proof = await services.deposits.proof(request.params.id);
        if (!proof) throw notFound('proof');
        return (
          reply
            .header('content-type', proof.contentType)
            .header('cache-control', 'private, no-store')
            // Uploaded bytes are served as exactly the type they were checked to be, never sniffed.
            .header('x-content-type-options', 'nosniff')
            .header('content-security-policy', "default-src 'none'")
            .send(proof.bytes)
        );
      });
  });
}

/** The one file of field `proof`, refused past PROOF_MAX_BYTES. */
async function readProof(request: FastifyRequest): Promise<Buffer> {
  const missing = () => invalid([{ path: 'proof', message: 'validation.required' }]);
  if (!request.isMultipart()) throw missing();
  const file = await request.file();
  if (!file || file.fieldname !== 'proof') throw missing();
  try {
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) throw proofTooLarge();
    throw error;
  }
}
