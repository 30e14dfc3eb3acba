import { memberRoutes } from './member-paths.generated.js';
import { routes } from './paths.generated.js';

/**
 * Where each call lives and who may call it, without zod, for the web app's first load. Calls are
 * declared in their domain's file (auth.ts, wallet.ts, ...); paths.generated.ts is derived from those.
 */
export type { Access, AdminRole, BodyEncoding, HttpMethod, RouteDefinition } from './access.js';
export { isAdminAccess, isMemberAccess } from './access.js';
export { memberRoutes, routes };
export type Routes = typeof routes;
export type CallName = keyof Routes;

/** Calls that still answer during maintenance and to restricted visitors, so the site can say why. */
export const alwaysAvailablePaths: readonly string[] = [routes.systemStatus.path];
