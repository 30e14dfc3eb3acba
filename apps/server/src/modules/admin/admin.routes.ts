import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { provideAccess } from '../../lib/access.js';
import { registerRateLimit } from '../../lib/rate-limit.js';
import { route } from '../../lib/http.js';
import type { AdjustmentService } from './adjustment.service.js';
import type { AdminService } from './admin.service.js';
import { adminActor } from '../audit/index.js';

/** Per address, counted on every attempt; with several instances each counts on its own. */
export const adminLoginRateLimit = { name: 'admin-login', max: 10, timeWindow: 60_000 } as const;

export function registerAdminRoutes(
  app: FastifyInstance,
  services: { admin: AdminService; adjustments: AdjustmentService },
): void {
  // Staff sessions are this module's: the route helper resolves `x-admin-token` through it wherever a
  // call declares admin access (cashier review included).
  provideAccess(app, { admin: (token) => services.admin.resolve(token) });

  void app.register(async (scope) => {
    await registerRateLimit(scope, {
      ...adminLoginRateLimit,
      keyGenerator: (request) => request.location.ip || 'unknown',
    });
    route(scope, api.adminLogin, ({ body, origin }) => services.admin.login(body, origin));
  });

  route(app, api.adminAdjustBalance, async ({ admin, params, body }) => {
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
