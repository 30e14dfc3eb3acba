import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import { registerSeoRoutes } from './seo.js';
import { registerSiteGuard } from './site-guard.js';
import type { AuditService } from '../audit/index.js';
import { SettingsAdminService } from './settings-admin.service.js';
import { SettingsService } from './settings.service.js';
import { systemOperatorCommands } from './system.operator.js';
import { registerSystemRoutes } from './system.routes.js';
import { SystemService } from './system.service.js';
import { registerWebManifestRoute } from './web-manifest.js';

export { SettingsService } from './settings.service.js';
export { SystemService } from './system.service.js';
export { settingsIn } from './settings-in.js';
export { defaultFieldRules, defaultSettings } from './setting-defaults.js';
export { geoipCountryLookup, isRestricted, locate, normalizeIp } from './location.service.js';
export { seedSystemDemo } from './system.seed.js';
export { describePage } from './seo.js';

/**
 * The site itself: settings (every other module reads them here), status and permission, and the
 * site guard every /wps request passes (merchant, maintenance, region, the caller's session).
 */
export function createSystemModule(deps: AppDeps, modules: { audit: Pick<AuditService, 'record' | 'page'> }) {
  const settings = new SettingsService(deps.db, deps.clock, deps.config.SETTINGS_CACHE_MS);
  const system = new SystemService(deps, settings);
  const settingsAdmin = new SettingsAdminService(settings, modules.audit);
  return {
    settings,
    system,
    registerRoutes: (app: FastifyInstance) => {
      registerSystemRoutes(app, { system, settingsAdmin });
      registerSeoRoutes(app, deps.config.PUBLIC_URL);
      registerWebManifestRoute(app, settings);
    },
    /** the global guard; `resolveMember` is the auth module's session lookup */
    registerSiteGuard: (
      app: FastifyInstance,
      resolveMember: (token: string) => Promise<FastifyRequest['member']>,
    ) => registerSiteGuard(app, { deps, settings, resolveMember }),
    operatorCommands: systemOperatorCommands({ deps, settings }),
  };
}
export type SystemModule = ReturnType<typeof createSystemModule>;
