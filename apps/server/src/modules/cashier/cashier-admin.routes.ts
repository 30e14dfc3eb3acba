import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { ChannelAdminService } from './channel-admin.service.js';
import type { DepositService } from './deposit.service.js';
import type { WithdrawalService } from './withdrawal.service.js';

/**
 * The back office's payment channels and the queues' counts (issue 27). The back-office app polls
 * `GET /wps/admin/queue-counts` (every 15 s) for the menu's counts and refreshes an open queue when
 * they change: the realtime channel serves members' sessions only, not staff.
 */
export function registerCashierAdminRoutes(
  app: FastifyInstance,
  services: { channels: ChannelAdminService; deposits: DepositService; withdrawals: WithdrawalService },
): void {
  const { channels } = services;
  route(app, api.adminQueueCounts, async () => {
    const withdrawals = await services.withdrawals.queueCounts();
    return {
      pendingDeposits: await services.deposits.pendingCount(),
      pendingWithdrawals: withdrawals.pending,
      awaitingSecondApproval: withdrawals.awaitingSecond,
      heldWithdrawals: withdrawals.held,
    };
  });
  route(app, api.adminChannels, () => channels.list());
  route(app, api.adminAddChannel, ({ admin, body }) =>
    channels.add(
      {
        kind: body.kind,
        name: body.name,
        min: body.minAmount,
        max: body.maxAmount,
        ...(body.nameBn === undefined ? {} : { nameBn: body.nameBn }),
        ...(body.nameEn === undefined ? {} : { nameEn: body.nameEn }),
        ...(body.bankName === undefined ? {} : { bankName: body.bankName }),
        ...(body.accountName === undefined ? {} : { accountName: body.accountName }),
        ...(body.accountNumber === undefined ? {} : { accountNumber: body.accountNumber }),
        ...(body.provider === undefined ? {} : { provider: body.provider }),
        ...(body.sortOrder === undefined ? {} : { sortOrder: body.sortOrder }),
      },
      { admin },
    ),
  );
  route(app, api.adminRenameChannel, ({ admin, params, body }) =>
    channels.rename(params.id, body, { admin }),
  );
  route(app, api.adminEnableChannel, ({ admin, params }) => channels.setEnabled(params.id, true, { admin }));
  route(app, api.adminDisableChannel, ({ admin, params }) =>
    channels.setEnabled(params.id, false, { admin }),
  );
  route(app, api.adminChannelLimits, ({ admin, params, body }) =>
    channels.setLimits(params.id, { min: body.minAmount, max: body.maxAmount }, { admin }),
  );
  route(app, api.adminChannelOrder, ({ admin, body }) => channels.reorder(body.ids, { admin }));
}
