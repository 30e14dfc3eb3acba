import multipart from '@fastify/multipart';
import { api, type AdminWithdrawalView } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { everyPage } from '../../lib/csv.js';
import { route } from '../../lib/http.js';
import type { BankAccountService } from './bank-account.service.js';
import type { PaymentPasswordService } from './payment-password.service.js';
import type { WithdrawalService } from './withdrawal.service.js';
import { PROOF_MAX_BYTES, type ProofUpload } from './withdrawal.service.js';

/**
 * The member's side of withdrawing (bank accounts, payment password, withdraw info, requests, receipt)
 * and the operator's review. Multipart is parsed only inside this plugin (the not-received proof).
 */
export async function registerWithdrawalRoutes(
  app: FastifyInstance,
  services: {
    bankAccounts: BankAccountService;
    paymentPasswords: PaymentPasswordService;
    withdrawals: WithdrawalService;
  },
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 5 } });

    route(scope, api.bankAccounts, ({ member }) => services.bankAccounts.list(member));
    route(scope, api.bindBankAccount, ({ member, body }) => services.bankAccounts.bind(member, body));
    route(scope, api.setPaymentPassword, async ({ member, body, origin }) => {
      await services.paymentPasswords.set(member, body, origin);
      return {};
    });
    route(scope, api.withdrawInfo, ({ member }) => services.withdrawals.info(member));
    route(scope, api.createWithdrawal, ({ member, body, origin }) =>
      services.withdrawals.create(member, body, origin),
    );
    route(scope, api.withdrawals, ({ member, query }) => services.withdrawals.list(member, query));
    route(scope, api.confirmReceipt, ({ member, params }) =>
      services.withdrawals.confirmReceived(member, params.id),
    );
    route(scope, api.reportNotReceived, async ({ member, params, request }) =>
      services.withdrawals.reportNotReceived(member, params.id, await readProof(request)),
    );

    route(scope, api.adminWithdrawals, ({ query }) => services.withdrawals.adminList(query), {
      csv: ({ query }) => ({
        filename: 'withdrawals',
        rows: everyPage((pageNo) => services.withdrawals.adminList({ ...query, pageNo, pageSize: 100 })),
        columns: [
          { header: 'id', cell: (row: AdminWithdrawalView) => row.id },
          { header: 'created', cell: (row: AdminWithdrawalView) => row.createdAt },
          { header: 'status', cell: (row: AdminWithdrawalView) => row.status },
          { header: 'account', cell: (row: AdminWithdrawalView) => row.memberAccount },
          { header: 'username', cell: (row: AdminWithdrawalView) => row.memberUsername },
          { header: 'amount', cell: (row: AdminWithdrawalView) => row.amount },
          { header: 'bank', cell: (row: AdminWithdrawalView) => row.bankAccount.bankName },
          { header: 'bank account', cell: (row: AdminWithdrawalView) => row.bankAccount.accountNumber },
          { header: 'payout reference', cell: (row: AdminWithdrawalView) => row.payoutReference },
          { header: 'decided by', cell: (row: AdminWithdrawalView) => row.decidedBy },
          {
            header: 'risk flags',
            cell: (row: AdminWithdrawalView) => row.riskFlags.map((flag) => flag.code).join(' '),
          },
        ],
      }),
    });
    route(scope, api.adminApproveWithdrawal, ({ admin, params, body }) =>
      services.withdrawals.approve(params.id, body.payoutReference, { admin }),
    );
    route(scope, api.adminRejectWithdrawal, ({ admin, params, body }) =>
      services.withdrawals.reject(params.id, body.reason, { admin }),
    );
    route(scope, api.adminWithdrawal, ({ params }) => services.withdrawals.adminGet(params.id));
    route(scope, api.adminHoldWithdrawal, ({ admin, params, body }) =>
      services.withdrawals.hold(params.id, body.reason, { admin }),
    );
    route(scope, api.adminReleaseWithdrawal, ({ admin, params, body }) =>
      services.withdrawals.release(params.id, body.reason, { admin }),
    );
  });
}

/** The one file of field `proof`, or null when the body has none. */
async function readProof(request: FastifyRequest): Promise<ProofUpload | null> {
  if (!request.isMultipart()) return null;
  const file = await request.file();
  if (!file || file.fieldname !== 'proof') return null;
  try {
    return { bytes: await file.toBuffer() };
  } catch (error) {
    if (error instanceof request.server.multipartErrors.RequestFileTooLargeError) return { tooLarge: true };
    throw error;
  }
}
