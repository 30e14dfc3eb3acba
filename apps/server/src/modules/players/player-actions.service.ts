import type { PlayerStanding } from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { AuthenticatedAdmin } from '../../lib/access.js';
import { AppError } from '../../lib/errors.js';
import type { AdjustmentService, BonusAnswer, BonusRequest } from '../admin/index.js';
import type { HierarchyService } from '../agent/index.js';
import { adminActor, type AuditService } from '../audit/index.js';
import type { SessionService } from '../auth/index.js';
import type { MemberService, MemberStanding, PasswordService, StandingChange } from '../member/index.js';

export interface PlayerActionServices {
  db: Database;
  audit: Pick<AuditService, 'record'>;
  members: Pick<MemberService, 'standingByAccount' | 'setStanding'>;
  sessions: Pick<SessionService, 'endAllFor'>;
  passwords: Pick<PasswordService, 'sendResetFor'>;
  /** the admin module's four-eyes mechanism (staff_approval), which grants through the rewards module */
  bonuses: Pick<AdjustmentService, 'requestBonus'>;
  hierarchy: Pick<HierarchyService, 'moveMember'>;
}

/** A change of the member's standing: what it sets and the state it must find. */
interface StandingStep {
  action: string;
  /** why it cannot be done in this standing, or null */
  refuse: (standing: MemberStanding) => { message: string; status: string } | null;
  change: StandingChange;
  endSessions: boolean;
}

const LOCKED = 'locked';
const ACTIVE = 'active';

const steps = {
  lock: {
    action: 'players lock',
    refuse: (s) =>
      s.status === LOCKED
        ? { message: 'the login is already locked', status: LOCKED }
        : s.status !== ACTIVE
          ? { message: `the member is ${s.status}`, status: s.status }
          : null,
    change: { status: LOCKED },
    endSessions: true,
  },
  unlock: {
    action: 'players unlock',
    refuse: (s) =>
      s.status === LOCKED ? null : { message: `the login is not locked (${s.status})`, status: s.status },
    change: { status: ACTIVE },
    endSessions: false,
  },
  suspendBetting: {
    action: 'players betting suspend',
    refuse: (s) =>
      s.bettingSuspended ? { message: 'betting is already suspended', status: 'suspended' } : null,
    change: { bettingSuspended: true },
    endSessions: false,
  },
  resumeBetting: {
    action: 'players betting resume',
    refuse: (s) =>
      s.bettingSuspended ? null : { message: 'betting is not suspended', status: 'not-suspended' },
    change: { bettingSuspended: false },
    endSessions: false,
  },
  suspendWithdrawals: {
    action: 'players withdrawals suspend',
    refuse: (s) =>
      s.withdrawalsSuspended ? { message: 'withdrawals are already suspended', status: 'suspended' } : null,
    change: { withdrawalsSuspended: true },
    endSessions: false,
  },
  resumeWithdrawals: {
    action: 'players withdrawals resume',
    refuse: (s) =>
      s.withdrawalsSuspended ? null : { message: 'withdrawals are not suspended', status: 'not-suspended' },
    change: { withdrawalsSuspended: false },
    endSessions: false,
  },
} satisfies Record<string, StandingStep>;
export type StandingAction = keyof typeof steps;

/** What the audit keeps of a standing, before and after. */
const standingOf = (s: Pick<MemberStanding, 'status' | 'bettingSuspended' | 'withdrawalsSuspended'>) => ({
  status: s.status,
  bettingSuspended: s.bettingSuspended,
  withdrawalsSuspended: s.withdrawalsSuspended,
});

const notFound = (account: string) => new AppError('NOT_FOUND', `no member with account ${account}`);

/**
 * The back office's Players -> Actions (issue 27): the login lock, the suspensions of betting and of
 * withdrawals, the forced log-out, the password reset, a bonus and a move to another upline. Each write
 * goes where it belongs (the member module's row, the auth module's sessions, the rewards module's grant
 * through the admin module's four-eyes, the agent module's hierarchy); each is audited with the staff
 * member's reason and the state before and after, in the transaction that makes the change.
 */
export class PlayerActionsService {
  constructor(private readonly s: PlayerActionServices) {}

  /**
   * Locks or unlocks the login, or suspends or resumes betting or withdrawals. The member's row is held
   * for the transaction, so two members of staff acting at once act one after the other; a change the
   * standing does not allow (already locked, not suspended) is refused with INVALID_STATE.
   */
  async changeStanding(
    admin: AuthenticatedAdmin,
    account: string,
    which: StandingAction,
    reason: string,
  ): Promise<PlayerStanding> {
    const step: StandingStep = steps[which];
    const { result, memberId } = await this.s.db.transaction(async (tx) => {
      const standing = await this.s.members.standingByAccount(tx, account, true);
      if (!standing) throw notFound(account);
      const refused = step.refuse(standing);
      if (refused)
        throw new AppError('INVALID_STATE', refused.message, undefined, { status: refused.status });
      await this.s.members.setStanding(tx, standing.id, step.change);
      const after = { ...standing, ...step.change };
      const endedSessions = step.endSessions
        ? await this.s.sessions.endAllFor(tx, standing.id, 'locked_by_staff')
        : 0;
      await this.s.audit.record(
        { admin },
        step.action,
        { account },
        step.endSessions ? { endedSessions } : {},
        { tx, reason, before: standingOf(standing), after: standingOf(after) },
      );
      return { result: present(after, endedSessions), memberId: standing.id };
    });
    // The session cache forgets the member again once the change is visible to every reader.
    if (step.endSessions) await this.s.sessions.endAllFor(this.s.db, memberId, 'locked_by_staff');
    return result;
  }

  /** Ends every session of the member (they log in again); the audit keeps how many ended. */
  async logout(
    admin: AuthenticatedAdmin,
    account: string,
    reason: string,
  ): Promise<{ endedSessions: number }> {
    const { endedSessions, memberId } = await this.s.db.transaction(async (tx) => {
      const standing = await this.s.members.standingByAccount(tx, account, true);
      if (!standing) throw notFound(account);
      const ended = await this.s.sessions.endAllFor(tx, standing.id, 'logged_out_by_staff');
      await this.s.audit.record(
        { admin },
        'players logout',
        { account },
        { endedSessions: ended },
        { tx, reason, before: { liveSessions: ended }, after: { liveSessions: 0 } },
      );
      return { endedSessions: ended, memberId: standing.id };
    });
    await this.s.sessions.endAllFor(this.s.db, memberId, 'logged_out_by_staff');
    return { endedSessions };
  }

  /**
   * Sends the member the forgot-password flows' reset: a link by email, else a code by SMS. Neither is
   * shown to staff; the answer and the audit say only which way it went.
   */
  async resetPassword(
    admin: AuthenticatedAdmin,
    account: string,
    reason: string,
  ): Promise<{ channel: 'email' | 'sms' }> {
    const standing = await this.s.members.standingByAccount(this.s.db, account);
    if (!standing) throw notFound(account);
    const sent = await this.s.passwords.sendResetFor(standing.id);
    await this.s.audit.record(
      { admin },
      'players password reset',
      { account },
      { channel: sent.channel },
      { reason, before: null, after: { resetSentBy: sent.channel } },
    );
    return sent;
  }

  /** A bonus with its turnover requirement: the admin module's four-eyes above staff.fourEyes.bonus. */
  async grantBonus(admin: AuthenticatedAdmin, request: BonusRequest): Promise<BonusAnswer> {
    return this.s.bonuses.requestBonus(admin, request);
  }

  /**
   * Moves the member (with its team) below another agent, or to no upline, through the agent module's
   * move: settled periods keep what they were paid on. The same upline again is refused (INVALID_STATE).
   */
  async move(
    admin: AuthenticatedAdmin,
    account: string,
    uplineAccount: string | null,
    reason: string,
  ): Promise<{ from: string | null; to: string | null; endedContracts: string[] }> {
    const moved = await this.s.members.standingByAccount(this.s.db, account);
    if (!moved) throw notFound(account);
    let upline: MemberStanding | null = null;
    if (uplineAccount !== null) {
      upline = await this.s.members.standingByAccount(this.s.db, uplineAccount);
      if (!upline) throw notFound(uplineAccount);
    }
    const result = await this.s.hierarchy.moveMember(
      adminActor(admin),
      { member: moved.username, upline: upline?.username ?? null },
      { reason },
    );
    // The agent module answers a move to where the member already is without changing anything.
    if (result.from === result.to) {
      throw new AppError('INVALID_STATE', 'the member is already there', undefined, {
        status: result.to === null ? 'no-upline' : 'same-upline',
      });
    }
    return { from: result.from, to: result.to, endedContracts: result.ended };
  }
}

const present = (
  s: Pick<MemberStanding, 'account' | 'status' | 'bettingSuspended' | 'withdrawalsSuspended'>,
  endedSessions: number,
): PlayerStanding => ({
  account: s.account,
  status: s.status,
  locked: s.status === LOCKED,
  bettingSuspended: s.bettingSuspended,
  withdrawalsSuspended: s.withdrawalsSuspended,
  endedSessions,
});
