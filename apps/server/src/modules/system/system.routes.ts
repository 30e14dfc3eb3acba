import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import { registerDemoCustomerService } from './demo-customer-service.js';
import { auditEntryOf } from '../audit/index.js';
import type { SettingsAdminService } from './settings-admin.service.js';
import type { SystemService } from './system.service.js';

export function registerSystemRoutes(
  app: FastifyInstance,
  services: { system: SystemService; settingsAdmin: SettingsAdminService },
): void {
  const { settingsAdmin } = services;
  route(app, api.adminSettings, () => settingsAdmin.list());
  route(app, api.adminSettingUpdate, ({ admin, params, body }) =>
    settingsAdmin.update(admin, params.key, body.value, body.reason),
  );
  route(app, api.adminSettingReset, ({ admin, params, body }) =>
    settingsAdmin.reset(admin, params.key, body.reason),
  );
  route(app, api.adminSettingHistory, async ({ params, query }) => {
    const { rows, total } = await settingsAdmin.history(params.key, query);
    return {
      items: rows.map(auditEntryOf),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: total,
      totalPages: Math.ceil(total / query.pageSize),
    };
  });
  route(app, api.systemStatus, ({ request }) => services.system.status(request.location));
  route(app, api.permission, ({ request }) => services.system.permission(request.location));
  route(app, api.whitelabel, () => services.system.whitelabel());
  route(app, api.registerSettings, () => services.system.registerSettings());
  route(app, api.domainRoute, () => services.system.domainRoute());
  if (services.system.demo) registerDemoCustomerService(app);
}
