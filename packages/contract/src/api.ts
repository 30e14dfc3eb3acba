import { z } from 'zod';
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

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface CallDefinition {
  method: HttpMethod;
  path: string;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** schema of `value` in a successful envelope */
  response: z.ZodType;
  /** needs a session token (T in SPEC section 7) */
  auth: boolean;
}

const call = <const C extends CallDefinition>(definition: C): C => definition;

/**
 * Every call the web app makes, by name. Paths follow SPEC section 7; where it shows none, the path is
 * chosen here under the same prefixes.
 */
export const api = {
  systemStatus: call({ method: 'GET', path: '/wps/system/status', response: systemStatusSchema, auth: false }),
  permission: call({
    method: 'GET',
    path: '/wps/system/permission',
    query: permissionQuerySchema,
    response: permissionSchema,
    auth: false,
  }),
  whitelabel: call({ method: 'GET', path: '/wps/system/whitelabel', response: whitelabelSchema, auth: false }),
  registerSettings: call({
    method: 'GET',
    path: '/wps/system/setting/register',
    response: registerSettingsSchema,
    auth: false,
  }),
  domainRoute: call({ method: 'GET', path: '/wps/system/domainRoute', response: domainRouteSchema, auth: false }),
  helpCenter: call({
    method: 'GET',
    path: '/wps/system/helpCenter',
    query: languageQuerySchema,
    response: helpCenterSchema,
    auth: false,
  }),
  banners: call({
    method: 'GET',
    path: '/wps/content/banners',
    query: bannerQuerySchema,
    response: z.array(bannerSchema),
    auth: false,
  }),
  announcements: call({
    method: 'GET',
    path: '/wps/announcements/v2',
    query: announcementQuerySchema,
    response: pageSchema(announcementSchema),
    auth: false,
  }),
  promotions: call({
    method: 'GET',
    path: '/wps/promotions',
    query: promotionQuerySchema,
    response: z.array(promotionSchema),
    auth: false,
  }),
  promotionDetail: call({
    method: 'GET',
    path: '/wps/promotions/:id',
    params: promotionParamsSchema,
    query: z.object({ language: languageQuerySchema.shape.language }),
    response: promotionDetailSchema,
    auth: false,
  }),
  gameVendors: call({ method: 'GET', path: '/wps/game/vendors', response: vendorListSchema, auth: false }),
} as const;
export type Api = typeof api;
export type CallName = keyof Api;
export type ResponseOf<N extends CallName> = z.infer<Api[N]['response']>;

/** Header names the web app sends on every call. */
export const headers = {
  merchant: 'x-merchant-code',
  language: 'language',
  token: 'authorization',
} as const;

/** Calls that still answer during maintenance and to restricted visitors, so the site can say why. */
export const alwaysAvailablePaths: readonly string[] = [api.systemStatus.path];
