import type { adminRoles } from './constants.js';

/**
 * Who may call a route, and how it is reached. Zod-free: the web app's first load imports this (through
 * client.ts) together with the generated table of every route (paths.generated.ts).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a call's body is encoded; a body sent any other way is refused (415 UNSUPPORTED_MEDIA_TYPE). */
export type BodyEncoding = 'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data';

export type AdminRole = (typeof adminRoles)[number];

/**
 * - `public`: anyone, with or without a session;
 * - `member`: a live member session (the `authorization: Bearer` header), else 401 UNAUTHORIZED;
 * - `member-real`: a member who is not a trial (free play, type 4) account, else 403 NEED_REAL_ACCOUNT;
 * - `agent`: a member whose account type is an agent's (SPEC section 6), else 403 FORBIDDEN;
 * - `{ admin: roles }`: operator staff with a live admin session (the `x-admin-token` header, never a
 *   member session), else 401 UNAUTHORIZED; a role not listed answers 403 FORBIDDEN.
 */
export type Access = 'public' | 'member' | 'member-real' | 'agent' | { readonly admin: readonly AdminRole[] };

export interface RouteDefinition {
  method: HttpMethod;
  /** SPEC section 7's path; `:name` marks a path parameter */
  path: string;
  access: Access;
  /** the body's encoding; JSON when not named */
  encoding?: BodyEncoding;
}

export const isAdminAccess = (access: Access): access is { readonly admin: readonly AdminRole[] } =>
  typeof access === 'object';

/** Access levels that need a member session. */
export const isMemberAccess = (access: Access): access is 'member' | 'member-real' | 'agent' =>
  access === 'member' || access === 'member-real' || access === 'agent';
