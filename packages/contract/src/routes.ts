/**
 * Where each call lives: method, path and whether it needs a session. Schemas for the same names are in
 * api.ts; this table carries no zod so the web app can import it without the schema library.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDefinition {
  method: HttpMethod;
  path: string;
  /** needs a session token (T in SPEC section 7) */
  auth: boolean;
}

const route = <const R extends RouteDefinition>(definition: R): R => definition;

/** Paths follow SPEC section 7; where it shows none, the path is chosen here under the same prefixes. */
export const routes = {
  systemStatus: route({ method: 'GET', path: '/wps/system/status', auth: false }),
  permission: route({ method: 'GET', path: '/wps/system/permission', auth: false }),
  whitelabel: route({ method: 'GET', path: '/wps/system/whitelabel', auth: false }),
  registerSettings: route({ method: 'GET', path: '/wps/system/setting/register', auth: false }),
  domainRoute: route({ method: 'GET', path: '/wps/system/domainRoute', auth: false }),
  helpCenter: route({ method: 'GET', path: '/wps/system/helpCenter', auth: false }),
  banners: route({ method: 'GET', path: '/wps/content/banners', auth: false }),
  announcements: route({ method: 'GET', path: '/wps/announcements/v2', auth: false }),
  promotions: route({ method: 'GET', path: '/wps/promotions', auth: false }),
  promotionDetail: route({ method: 'GET', path: '/wps/promotions/:id', auth: false }),
  gameVendors: route({ method: 'GET', path: '/wps/game/vendors', auth: false }),
} as const;
export type Routes = typeof routes;
export type CallName = keyof Routes;

/** Calls that still answer during maintenance and to restricted visitors, so the site can say why. */
export const alwaysAvailablePaths: readonly string[] = [routes.systemStatus.path];
