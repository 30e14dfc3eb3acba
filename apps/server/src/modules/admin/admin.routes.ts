import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { provideAccess } from '../../lib/access.js';
import { registerRateLimit } from '../../lib/rate-limit.js';
import { route } from '../../lib/http.js';
import type { AdjustmentService } from './adjustment.service.js';
import type { AdminService, AdminSummary } from './admin.service.js';

/** Per address, counted on every attempt; with several instances each counts on its own. */
export const adminLoginRateLimit = { name: 'admin-login', max: 10, timeWindow: 60_000 } as const;

const staffOf = (staff: AdminSummary) => ({
  username: staff.username,
  roles: staff.roles,
  active: staff.active,
  totpEnrolled: staff.totpEnrolled,
  createdAt: staff.createdAt.toISOString(),
  lastSignInAt: staff.lastSignInAt?.toISOString() ?? null,
});

export function registerAdminRoutes(
  app: FastifyInstance,
  services: { admin: AdminService; adjustments: AdjustmentService },
): void {
  const { admin: staff } = services;
  // Staff sessions are this module's: the route helper resolves `x-admin-token` through it wherever a
  // call declares admin access (cashier review included).
  provideAccess(app, { admin: (token, ip) => staff.resolve(token, ip) });

  void app.register(async (scope) => {
    await registerRateLimit(scope, {
      ...adminLoginRateLimit,
      keyGenerator: (request) => request.location.ip || 'unknown',
    });
    route(scope, api.adminLogin, ({ body, origin }) => staff.login(body, origin));
  });

  const meOf = async (me: Awaited<ReturnType<AdminService['me']>>) => ({
    ...me,
    expiresAt: me.expiresAt.toISOString(),
  });
  route(app, api.adminMe, async ({ admin }) => meOf(await staff.me(admin)));
  route(app, api.adminLogout, ({ admin }) => staff.logout(admin));
  route(app, api.adminLogoutEverywhere, ({ admin }) => staff.logoutEverywhere(admin));
  route(app, api.adminSignIns, async ({ admin }) =>
    (await staff.signIns(admin)).map((row) => ({ ...row, at: row.at.toISOString() })),
  );
  route(app, api.adminTotpStart, ({ admin }) => staff.startTotp(admin));
  route(app, api.adminTotpConfirm, async ({ admin, body }) => meOf(await staff.confirmTotp(admin, body.otp)));

  route(
    app,
    api.adminStaffList,
    async ({ query }) => {
      const { items, total } = await staff.staffPage({ q: query.q }, query);
      return {
        items: items.map(staffOf),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        totalCount: total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },
    {
      csv: async ({ query }) => {
        const { items } = await staff.staffPage({ q: query.q }, { ...query, pageNo: 1, pageSize: 10_000 });
        return {
          filename: 'staff',
          rows: (async function* () {
            yield* items;
          })(),
          columns: [
            { header: 'username', cell: (row: AdminSummary) => row.username },
            { header: 'roles', cell: (row: AdminSummary) => row.roles.join(' ') },
            { header: 'active', cell: (row: AdminSummary) => row.active },
            { header: 'totp', cell: (row: AdminSummary) => row.totpEnrolled },
            { header: 'created', cell: (row: AdminSummary) => row.createdAt },
            { header: 'last sign-in', cell: (row: AdminSummary) => row.lastSignInAt },
          ],
        };
      },
    },
  );
  route(app, api.adminStaffCreate, async ({ admin, body }) => staffOf(await staff.create(body, admin)));
  route(app, api.adminStaffUpdate, async ({ admin, params, body }) => {
    const updated = await staff.updateStaff(admin, params.username, body);
    return { ...staffOf(updated), endedSessions: updated.endedSessions };
  });

  const { adjustments } = services;
  route(app, api.adminAdjustBalance, ({ admin, params, body }) =>
    adjustments.request(admin, {
      account: params.account,
      amount: body.amount,
      reason: body.reason,
      requestId: body.requestId,
    }),
  );
  route(app, api.adminApprovals, async ({ query }) => {
    const { items, total } = await adjustments.approvals({ state: query.state }, query);
    return {
      items,
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  });
  route(app, api.adminApprovalConfirm, ({ admin, params }) => adjustments.confirm(admin, params.id));
  route(app, api.adminApprovalReject, ({ admin, params, body }) =>
    adjustments.reject(admin, params.id, body.reason),
  );
}
