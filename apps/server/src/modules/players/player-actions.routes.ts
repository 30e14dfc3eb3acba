import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { PlayerActionsService } from './player-actions.service.js';

/** Players -> Actions: /wps/admin/players/:account/<action>, each with the roles its call declares. */
export function registerPlayerActionRoutes(app: FastifyInstance, actions: PlayerActionsService): void {
  const standing = (
    call:
      | typeof api.adminPlayerLock
      | typeof api.adminPlayerUnlock
      | typeof api.adminPlayerBettingSuspend
      | typeof api.adminPlayerBettingResume
      | typeof api.adminPlayerWithdrawalsSuspend
      | typeof api.adminPlayerWithdrawalsResume,
    which: Parameters<PlayerActionsService['changeStanding']>[2],
  ) =>
    route(app, call, ({ admin, params, body }) =>
      actions.changeStanding(admin, params.account, which, body.reason),
    );
  standing(api.adminPlayerLock, 'lock');
  standing(api.adminPlayerUnlock, 'unlock');
  standing(api.adminPlayerBettingSuspend, 'suspendBetting');
  standing(api.adminPlayerBettingResume, 'resumeBetting');
  standing(api.adminPlayerWithdrawalsSuspend, 'suspendWithdrawals');
  standing(api.adminPlayerWithdrawalsResume, 'resumeWithdrawals');
  route(app, api.adminPlayerLogout, ({ admin, params, body }) =>
    actions.logout(admin, params.account, body.reason),
  );
  route(app, api.adminPlayerPasswordReset, ({ admin, params, body }) =>
    actions.resetPassword(admin, params.account, body.reason),
  );
  route(app, api.adminPlayerBonus, ({ admin, params, body }) =>
    actions.grantBonus(admin, {
      account: params.account,
      amount: body.amount,
      turnoverMultiple: body.turnoverMultiple,
      reason: body.reason,
      requestId: body.requestId,
    }),
  );
  route(app, api.adminPlayerMove, ({ admin, params, body }) =>
    actions.move(admin, params.account, body.upline, body.reason),
  );
}
