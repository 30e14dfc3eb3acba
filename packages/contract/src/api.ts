import { z } from 'zod';
import { routes, type CallName, type RouteDefinition } from './routes.js';
import {
  announcementQuerySchema,
  announcementSchema,
  bannerQuerySchema,
  bannerSchema,
  pageSchema,
  promotionDetailSchema,
  promotionParamsSchema,
  promotionQuerySchema,
  promotionSchema,
} from './content.js';
import { vendorListSchema } from './game.js';
import {
  domainRouteSchema,
  helpCenterSchema,
  languageQuerySchema,
  permissionQuerySchema,
  permissionSchema,
  systemStatusSchema,
} from './system.js';
import { whitelabelSchema } from './settings.js';
import { registerSettingsSchema } from './system.js';

export interface CallDefinition extends RouteDefinition {
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** schema of `value` in a successful envelope */
  response: z.ZodType;
}

interface CallSchemas {
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}
const call = <const R extends RouteDefinition, const S extends CallSchemas>(where: R, schemas: S): R & S => ({
  ...where,
  ...schemas,
});

/** Every call by name: its route (routes.ts) with the schemas of its input and of its answer. */
export const api = {
  systemStatus: call(routes.systemStatus, { response: systemStatusSchema }),
  permission: call(routes.permission, { query: permissionQuerySchema,
    response: permissionSchema }),
  whitelabel: call(routes.whitelabel, { response: whitelabelSchema }),
  registerSettings: call(routes.registerSettings, { response: registerSettingsSchema }),
  domainRoute: call(routes.domainRoute, { response: domainRouteSchema }),
  helpCenter: call(routes.helpCenter, { query: languageQuerySchema,
    response: helpCenterSchema }),
  banners: call(routes.banners, { query: bannerQuerySchema,
    response: z.array(bannerSchema) }),
  announcements: call(routes.announcements, { query: announcementQuerySchema,
    response: pageSchema(announcementSchema) }),
  promotions: call(routes.promotions, { query: promotionQuerySchema,
    response: z.array(promotionSchema) }),
  promotionDetail: call(routes.promotionDetail, { params: promotionParamsSchema,
    query: z.object({ language: languageQuerySchema.shape.language }),
    response: promotionDetailSchema }),
  gameVendors: call(routes.gameVendors, { response: vendorListSchema }),
} as const satisfies Record<CallName, CallDefinition>;
export type Api = typeof api;
export type { CallName };
export type ResponseOf<N extends CallName> = z.infer<Api[N]['response']>;


