import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { authAuditRepository, type AuditRow } from './auth-audit.repository.js';

export type AuthEvent =
  | 'register'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_changed'
  | 'password_reset'
  | 'new_ip_challenge'
  | 'new_ip_verified'
  | 'new_ip_failed'
  | 'free_play'
  | 'sms_sent'
  /** the cashier's payment password, kept here beside the logins: one security history per account */
  | 'payment_password_set'
  | 'payment_password_failed'
  | 'payment_password_set_failed';

export interface AuditEntry {
  memberId?: bigint | null;
  /** what the caller typed, kept for failures that match no account */
  username?: string | null;
  ip: string | null;
  userAgent: string | null;
  detail?: Record<string, unknown>;
}

/**
 * Why a login failed (`detail.reason` of a login_failed row). Only guesses count towards the captcha
 * and the lockout: a refused attempt on a locked account must not extend its own lock.
 */
export type LoginFailureReason =
  | 'unknown_user'
  | 'bad_password'
  | 'bad_code'
  | 'bad_captcha'
  | 'locked'
  | 'no_enter'
  | 'disabled'
  /** a slot reserved before the credential is checked; it becomes a reason above, or goes */
  | 'pending';
export const GUESS_REASONS: readonly LoginFailureReason[] = [
  'unknown_user',
  'bad_password',
  'bad_code',
  'pending',
];

/** Usernames are unique without regard to case, so failures are counted on the lower-cased name. */
export const auditUsername = (typed: string): string => typed.trim().toLowerCase().slice(0, 255);

/**
 * The auth audit: every login, failure, logout, password change and new-address verification with
 * time, address and user agent. It is also the memory of failed logins that drives the captcha and
 * the lockout, so there is one source of truth for "how many failures in the last hour".
 */
export class AuthAuditService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Writes inside the caller's transaction when `db` is given, so the audit row commits with the change. */
  async record(event: AuthEvent, entry: AuditEntry, db: Executor = this.db): Promise<bigint> {
    return authAuditRepository.insert(db, {
      at: this.clock.now(),
      memberId: entry.memberId ?? null,
      username: entry.username ? entry.username.slice(0, 255) : null,
      event,
      ip: entry.ip ? entry.ip.slice(0, 64) : null,
      userAgent: entry.userAgent ? entry.userAgent.slice(0, 500) : null,
      detail: entry.detail ?? {},
    });
  }

  /** How many rows of `event` the member has after `since`. */
  async countForMemberSince(memberId: bigint, event: AuthEvent, since: Date): Promise<number> {
    return authAuditRepository.memberEventsSince(this.db, memberId, event, since);
  }

  /** The time of the member's n-th most recent `event` after `since` (n from 1), or null. */
  async nthRecentAt(memberId: bigint, event: AuthEvent, since: Date, n: number): Promise<Date | null> {
    return authAuditRepository.memberEventNthRecentAt(this.db, memberId, event, since, n);
  }

  /** The time of the member's latest `event`, or null. */
  async latestAt(memberId: bigint, event: AuthEvent): Promise<Date | null> {
    return authAuditRepository.memberEventLatestAt(this.db, memberId, event);
  }

  /**
   * Guessing failures since `since`: per account (by member id when the typed name matched one,
   * else by the lower-cased typed name) and per address.
   */
  async failedLoginsSince(
    since: Date,
    by: { memberId?: bigint | null; username?: string | null; ip?: string | null },
    db: Executor = this.db,
    /** a reservation row counted whatever its time */
    alwaysId?: bigint,
  ): Promise<{ account: number; ip: number }> {
    const accountSubject =
      by.memberId != null
        ? { memberId: by.memberId }
        : by.username
          ? { username: auditUsername(by.username) }
          : null;
    const account = accountSubject
      ? await authAuditRepository.countSince(
          db,
          'login_failed',
          accountSubject,
          since,
          GUESS_REASONS,
          alwaysId,
        )
      : 0;
    const ip = by.ip
      ? await authAuditRepository.countSince(
          db,
          'login_failed',
          { ip: by.ip },
          since,
          GUESS_REASONS,
          alwaysId,
        )
      : 0;
    return { account, ip };
  }

  /**
   * Reserves a failed-login slot before a credential is checked, then counts: the row is committed
   * before the count, so of any number of parallel guesses the k-th to be written sees at least k
   * rows, and no more than the allowed number can see room below a limit. Answers the failures
   * before this attempt; settle the slot with the outcome, or release it when the credential was right.
   */
  async reserveFailedLogin(
    entry: AuditEntry,
    windows: { accountSince: Date; ipSince: Date },
  ): Promise<{ slotId: bigint; account: number; ip: number }> {
    const slotId = await this.record('login_failed', { ...entry, detail: { reason: 'pending' } });
    const { account } = await this.failedLoginsSince(
      windows.accountSince,
      { memberId: entry.memberId, username: entry.username },
      this.db,
      slotId,
    );
    const { ip } = await this.failedLoginsSince(windows.ipSince, { ip: entry.ip }, this.db, slotId);
    return { slotId, account: Math.max(0, account - 1), ip: entry.ip ? Math.max(0, ip - 1) : 0 };
  }

  async settleFailedLogin(slotId: bigint, reason: LoginFailureReason): Promise<void> {
    await authAuditRepository.setDetail(this.db, slotId, { reason });
  }

  /** The credential was right: the reserved slot was never a failure. */
  async releaseFailedLogin(slotId: bigint): Promise<void> {
    await authAuditRepository.remove(this.db, slotId);
  }

  /**
   * When an account with `limit` or more failures since `since` drops below the limit: the moment the
   * limit-th most recent failure leaves the window. Null when it is not at the limit.
   */
  async lockedUntil(memberId: bigint, since: Date, limit: number, windowMs: number): Promise<Date | null> {
    const at = await authAuditRepository.nthRecentAt(
      this.db,
      'login_failed',
      { memberId },
      since,
      GUESS_REASONS,
      limit,
    );
    return at ? new Date(at.getTime() + windowMs) : null;
  }

  /** The newest rows about one member, newest first (tests, support tools). */
  async recentForMember(memberId: bigint, limit = 50): Promise<AuditRow[]> {
    return authAuditRepository.listForMember(this.db, memberId, limit);
  }
}
