import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { AuditService } from '../audit/index.js';
import type { SettingsService } from '../system/index.js';
import { contentOperatorCommands } from './content.operator.js';
import { registerContentRoutes } from './content.routes.js';
import { ContentService } from './content.service.js';

export { ContentService } from './content.service.js';
export { seedContentDemo } from './content.seed.js';
export type { DemoMotif } from './demo-art.js';

/** Banners, announcements, promotions and the help centre. */
export function createContentModule(
  deps: AppDeps,
  { settings, audit }: { settings: SettingsService; audit: AuditService },
) {
  const content = new ContentService(deps, settings);
  return {
    content,
    registerRoutes: (app: FastifyInstance) => registerContentRoutes(app, { content, audit }),
    operatorCommands: contentOperatorCommands({ content }),
  };
}
export type ContentModule = ReturnType<typeof createContentModule>;
