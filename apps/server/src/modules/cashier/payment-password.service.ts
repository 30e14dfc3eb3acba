import {
  validateField,
  type FieldRule,
  type Issue,
  type setPaymentPasswordBodySchema,
} from '@platform/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError, invalid } from '../../lib/errors.js';
import type { AppDeps } from '../../lib/deps.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { SettingsService } from '../system/index.js';
import type { AuthAuditService, AuthenticatedMember, RequestOrigin } from '../auth/index.js';
import type { MemberService } from '../member/index.js';

type SetPaymentPasswordBody = z.infer<typeof setPaymentPasswordBodySchema>;

export interface PaymentPasswordServices {
  deps: AppDeps;
  settings: SettingsService;
  passwords: PasswordHasher;
  /** the hashes live on the member's row */
  members: Pick<MemberService, 'secretsOf' | 'setPaymentPasswordHash'>;
  authAudit: Pick<AuthAuditService, 'record' | 'countForMemberSince' | 'nthRecentAt' | 'latestAt'>;
}

/**
 * Payment-password events live in the auth module's audit (auth_audit) beside the login events: one
 * place to read an account's security history, and the memory that counts failed guesses for the lockout.
 */
type PaymentPasswordEvent =
  'payment_password_set' | 'payment_password_failed' | 'payment_password_set_failed';

/** Wrong guesses per hour after which the account stops accepting them for the rest of the hour. */
export const PAYMENT_PASSWORD_MAX_FAILURES = 5;
export const PAYMENT_PASSWORD_WINDOW_MS = 60 * 60_000;

/** The rule when the operator has not enabled the paymentPassword field: 6 digits. */
export const DEFAULT_PAYMENT_PASSWORD_RULE: FieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '\\d{6}',
  patternId: 'DIGITS',
  minLength: 6,
  maxLength: 6,
};

/**
 * The payment password: a second secret asked for every withdrawal, so a stolen session alone cannot
 * take money out. Setting and changing it are one call authorised by the login password (a member who
 * forgot the payment password sets a new one the same way). Failures are kept in auth_audit
 * (`payment_password_failed`); after PAYMENT_PASSWORD_MAX_FAILURES within PAYMENT_PASSWORD_WINDOW_MS the
 * account is refused with ACCOUNT_LOCKED until the oldest of those leaves the window, or until the
 * member sets a new payment password with the login password. Wrong login passwords on the set call
 * count the same way on their own event, so the call cannot be used to guess the login password.
 */
export class PaymentPasswordService {
  constructor(private readonly services: PaymentPasswordServices) {}

  async set(member: AuthenticatedMember, body: SetPaymentPasswordBody, origin: RequestOrigin): Promise<void> {
    const loginPassword = body.loginPassword.trim();
    const newPassword = body.newPaymentPassword.trim();
    const issues: Issue[] = [];
    if (loginPassword === '') issues.push({ path: 'loginPassword', message: 'validation.required' });
    const rule = await this.rule();
    const error = validateField(newPassword, rule, true);
    if (error) issues.push({ path: 'newPaymentPassword', message: error.key, params: error.params });
    else if (body.confirmPaymentPassword.trim() !== newPassword) {
      issues.push({ path: 'confirmPaymentPassword', message: 'validation.mismatch' });
    }
    if (issues.length > 0) throw invalid(issues);

    await this.refuseIfLocked(member.id, 'payment_password_set_failed', null);
    const { db } = this.services.deps;
    const hashes = await this.services.members.secretsOf(db, member.id);
    // A member who registered by mobile without a password sets a login password (reset by phone) first.
    if (
      !hashes?.passwordHash ||
      !(await this.services.passwords.verify(hashes.passwordHash, loginPassword))
    ) {
      await this.record(member.id, 'payment_password_set_failed', origin);
      throw new AppError('INVALID_PASSWORD', 'the login password is wrong', [
        { path: 'loginPassword', message: 'errors.INVALID_PASSWORD' },
      ]);
    }
    // One secret for both would make the second one worthless.
    if (newPassword === loginPassword) {
      throw invalid([{ path: 'newPaymentPassword', message: 'validation.sameAsLoginPassword' }]);
    }
    const hashed = await this.services.passwords.hash(newPassword);
    await db.transaction(async (tx) => {
      await this.services.members.setPaymentPasswordHash(tx, member.id, hashed);
      await this.record(member.id, 'payment_password_set', origin, tx);
    });
  }

  async hasPaymentPassword(memberId: bigint): Promise<boolean> {
    const hashes = await this.services.members.secretsOf(this.services.deps.db, memberId);
    return Boolean(hashes?.paymentPasswordHash);
  }

  /**
   * Checks the payment password before a withdrawal: PAYMENT_PASSWORD_REQUIRED when none is set,
   * ACCOUNT_LOCKED while too many wrong guesses are in the window, INVALID_PAYMENT_PASSWORD (with
   * details.attemptsLeft) for a wrong one. Call it before any transaction opens: it hashes.
   */
  async verify(memberId: bigint, paymentPassword: string, origin: RequestOrigin): Promise<void> {
    const { db } = this.services.deps;
    const hashes = await this.services.members.secretsOf(db, memberId);
    if (!hashes?.paymentPasswordHash) {
      throw new AppError('PAYMENT_PASSWORD_REQUIRED', 'no payment password is set');
    }
    const resetAt = await this.services.authAudit.latestAt(memberId, 'payment_password_set');
    await this.refuseIfLocked(memberId, 'payment_password_failed', resetAt);
    const typed = paymentPassword.trim();
    if (typed === '') throw invalid([{ path: 'paymentPassword', message: 'validation.required' }]);
    if (await this.services.passwords.verify(hashes.paymentPasswordHash, typed)) return;

    await this.record(memberId, 'payment_password_failed', origin);
    const failures = await this.services.authAudit.countForMemberSince(
      memberId,
      'payment_password_failed',
      this.windowStart(resetAt),
    );
    throw new AppError(
      'INVALID_PAYMENT_PASSWORD',
      'the payment password is wrong',
      [{ path: 'paymentPassword', message: 'errors.INVALID_PAYMENT_PASSWORD' }],
      { attemptsLeft: Math.max(0, PAYMENT_PASSWORD_MAX_FAILURES - failures) },
    );
  }

  private async rule(): Promise<FieldRule> {
    const fields = await this.services.settings.get('register.fields');
    return fields.paymentPassword.enabled ? fields.paymentPassword : DEFAULT_PAYMENT_PASSWORD_RULE;
  }

  /** Failures count from the hour ago, or from the last time a new payment password was set if later. */
  private windowStart(resetAt: Date | null): Date {
    const hourAgo = new Date(this.services.deps.clock.now().getTime() - PAYMENT_PASSWORD_WINDOW_MS);
    return resetAt && resetAt > hourAgo ? resetAt : hourAgo;
  }

  private async refuseIfLocked(
    memberId: bigint,
    event: PaymentPasswordEvent,
    resetAt: Date | null,
  ): Promise<void> {
    const { clock } = this.services.deps;
    const oldestCounted = await this.services.authAudit.nthRecentAt(
      memberId,
      event,
      this.windowStart(resetAt),
      PAYMENT_PASSWORD_MAX_FAILURES,
    );
    if (!oldestCounted) return;
    const unlockAt = oldestCounted.getTime() + PAYMENT_PASSWORD_WINDOW_MS;
    throw new AppError('ACCOUNT_LOCKED', 'too many wrong passwords', undefined, {
      retryAfterSeconds: Math.max(1, Math.ceil((unlockAt - clock.now().getTime()) / 1000)),
    });
  }

  private async record(
    memberId: bigint,
    event: PaymentPasswordEvent,
    origin: RequestOrigin,
    db: Executor = this.services.deps.db,
  ): Promise<void> {
    await this.services.authAudit.record(event, { memberId, ip: origin.ip, userAgent: origin.userAgent }, db);
  }
}
