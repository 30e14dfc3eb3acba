import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import { registerDemoCustomerService } from './demo-customer-service.js';
import type { SystemService } from './system.service.js';

export function registerSystemRoutes(app: FastifyInstance, services: { system: SystemService }): void {
  route(app, api.systemStatus, ({ request }) => services.system.status(request.location));
  route(app, api.permission, ({ request }) => services.system.permission(request.location));
  route(app, api.whitelabel, () => services.system.whitelabel());
  route(app, api.registerSettings, () => services.system.registerSettings());
  route(app, api.domainRoute, () => services.system.domainRoute());
  if (services.system.demo) registerDemoCustomerService(app);
}
