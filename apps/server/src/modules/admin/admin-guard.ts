import { headers, type AdminRole } from '@platform/contract';

export type { AdminRole };
/** Resolved by AdminService.resolve; the route helper checks the roles a call declares (lib/access). */
export type { AuthenticatedAdmin } from '../../lib/access.js';

/** Admins present this header; they never use member sessions (the Authorization header). */
export const ADMIN_TOKEN_HEADER = headers.adminToken;
