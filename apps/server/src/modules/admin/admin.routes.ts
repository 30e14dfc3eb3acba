import rateLimit from '@fastify/rate-limit';
import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { AppServices } from '../../services.js';
import { adminActor } from '../audit/index.js';
import { requireAdmin } from './admin-guard.js';

/** Per address, counted on every attempt; with several instances each counts on its own. */
export const adminLoginRateLimit = { max: 10, timeWindow: 60_000 } as const;

export function registerAdminRoutes(app: FastifyInstance, services: AppServices): void {
  void app.register(async (scope) => {
    await scope.register(rateLimit, {
      ...adminLoginRateLimit,
      keyGenerator: (request) => request.location.ip || 'unknown',
    });
    route(scope, api.adminLogin, ({ body, origin }) => services.admin.login(body, origin));
  });

  route(app, api.adminAdjustBalance, async ({ request, params, body }) => {
    const admin = await requireAdmin(request, services, ['owner', 'cashier']);
    const { sumBalance, demo } = await services.adjustments.adjust({
      account: params.account,
      amount: body.amount,
      reason: body.reason,
      requestId: body.requestId,
      actor: adminActor(admin),
    });
    return { sumBalance, demo };
  });
}
