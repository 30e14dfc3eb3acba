import {
  headers,
  isAdminAccess,
  isAgentType,
  isTrialType,
  type Access,
  type AdminRole,
} from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticatedMember } from './caller.js';
import { AppError } from './errors.js';

/** Operator staff with a live admin session (the `x-admin-token` header). */
export interface AuthenticatedAdmin {
  id: bigint;
  username: string;
  roles: readonly AdminRole[];
  sessionId: bigint;
}

/**
 * How the route helper learns who calls, without importing any module: app.ts hands it the owning
 * modules' resolvers once (provideAccess). Member sessions are resolved for every /wps request by the
 * site guard (request.member); admin sessions only where a call declares admin access.
 */
export interface AccessResolvers {
  /**
   * the admin of a live admin session token, or null (unknown, ended, expired, idle, admin disabled);
   * throws FORBIDDEN for a call from an address outside the staff allow-list
   */
  admin(token: string, ip: string | null): Promise<AuthenticatedAdmin | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    accessResolvers: AccessResolvers;
  }
}

export function provideAccess(app: FastifyInstance, resolvers: AccessResolvers): void {
  app.decorate('accessResolvers', resolvers);
}

/** A staff member may make a call when any of their roles is among those it declares. */
export const mayCall = (roles: readonly AdminRole[], access: { readonly admin: readonly AdminRole[] }) =>
  roles.some((role) => access.admin.includes(role));

export interface Caller {
  member: AuthenticatedMember | null;
  admin: AuthenticatedAdmin | null;
}

/**
 * Enforces a declared access level (see Access in the contract) and answers who is calling:
 * 401 UNAUTHORIZED without the session the level needs, 403 NEED_REAL_ACCOUNT for a trial account on
 * `member-real`, 403 FORBIDDEN for a non-agent on `agent` and for an admin role the call does not list.
 */
export async function authorize(request: FastifyRequest, access: Access): Promise<Caller> {
  const member = request.member;
  if (isAdminAccess(access)) {
    const header = request.headers[headers.adminToken];
    const token = typeof header === 'string' ? header.trim() : '';
    if (!request.server.hasDecorator('accessResolvers')) {
      throw new Error('no staff-session resolver: the admin module provides it (provideAccess)');
    }
    const admin = token
      ? await request.server.accessResolvers.admin(token, request.location.ip || null)
      : null;
    if (!admin) throw new AppError('UNAUTHORIZED', 'no live admin session');
    if (!mayCall(admin.roles, access)) {
      throw new AppError('FORBIDDEN', `roles ${admin.roles.join(', ')} may not do this`);
    }
    return { member, admin };
  }
  if (access === 'public') return { member, admin: null };
  if (!member) throw new AppError('UNAUTHORIZED', 'no live session');
  // Trial (free-play) accounts play with demo money: no real-money or social action (SPEC 5 and 6).
  if (access === 'member-real' && isTrialType(member.type)) {
    throw new AppError('NEED_REAL_ACCOUNT', 'trial accounts cannot do this');
  }
  if (access === 'agent' && !isAgentType(member.type)) throw new AppError('FORBIDDEN', 'agents only');
  return { member, admin: null };
}
