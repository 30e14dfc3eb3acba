import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/database.js';
import type { ServiceLogger } from '../../lib/deps.js';
import type { AuthServices } from '../auth/index.js';
import { memberRepository } from './member.repository.js';
import { registerMemberRoutes } from './member.routes.js';
import { MemberService } from './member.service.js';
import { PasswordService } from './password.service.js';

export { MemberService } from './member.service.js';
export type {
  MemberSegment,
  MemberStanding,
  MemberSummary,
  PlayerRow,
  StandingChange,
} from './member.repository.js';
export { PasswordService } from './password.service.js';
export { registrationsAfter, type Registration } from './registration-feed.js';

/**
 * The one write of member.upline_id after registration: the agent module's audited move runs it inside
 * its own transaction (so the audit row and the move commit together). False when there is no such member.
 */
export const setMemberUpline = (db: Executor, memberId: bigint, uplineId: bigint | null): Promise<boolean> =>
  memberRepository.setUpline(db, memberId, uplineId);

/** The member's own profile, avatar and unread count; password change and the two ways to reset it. */
export function createMemberModule(
  services: Omit<AuthServices, 'grantTrialDemoMoney'>,
  /** where a reset link that could not be stored or mailed after its answer is reported */
  logger?: Pick<ServiceLogger, 'warn'>,
) {
  const member = new MemberService(services);
  const memberPasswords = new PasswordService(services, logger);
  return {
    member,
    memberPasswords,
    registerRoutes: (app: FastifyInstance) => registerMemberRoutes(app, { member, memberPasswords }),
  };
}
export type MemberModule = ReturnType<typeof createMemberModule>;
