import type { adminRoles } from '@platform/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { AppServices } from '../../services.js';

export type AdminRole = (typeof adminRoles)[number];

/** Admins present this header; they never use member sessions (the Authorization header). */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

export interface AuthenticatedAdmin {
  id: bigint;
  username: string;
  role: AdminRole;
  sessionId: bigint;
}

/**
 * Resolves the `x-admin-token` header to a live admin session. Throws UNAUTHORIZED for no token, an
 * unknown, ended or expired one, or a disabled admin; FORBIDDEN when the admin's role is not in `roles`.
 * Call it first in every admin route handler.
 */
export async function requireAdmin(
  request: FastifyRequest,
  services: AppServices,
  roles: readonly AdminRole[],
): Promise<AuthenticatedAdmin> {
  const header = request.headers[ADMIN_TOKEN_HEADER];
  const token = typeof header === 'string' ? header.trim() : '';
  const admin = token ? await services.admin.resolve(token) : null;
  if (!admin) throw new AppError('UNAUTHORIZED', 'no live admin session');
  if (!roles.includes(admin.role)) throw new AppError('FORBIDDEN', `role ${admin.role} may not do this`);
  return admin;
}
