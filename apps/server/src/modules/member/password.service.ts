import { validateField, type Issue, type Language, type LoginResult } from '@platform/contract';
import type { z } from 'zod';
import type {
  changePasswordBodySchema,
  forgotByEmailBodySchema,
  resetByLinkBodySchema,
  resetByPhoneBodySchema,
  smsSendSchema,
} from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { DeferredWork } from '../../lib/deferred-work.js';
import { silentLogger, type ServiceLogger } from '../../lib/deps.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import {
  issueLogin,
  type AuthServices,
  type AuthenticatedMember,
  type RequestOrigin,
} from '../auth/index.js';
import { normalizeMobile, resetLinkEmail } from '../verification/index.js';
import { memberRepository, type MemberRow } from './member.repository.js';

type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;
type ForgotByEmailBody = z.infer<typeof forgotByEmailBodySchema>;
type ResetByLinkBody = z.infer<typeof resetByLinkBodySchema>;
type ResetByPhoneBody = z.infer<typeof resetByPhoneBodySchema>;
type SmsSendBody = z.infer<typeof smsSendSchema>;

export type PasswordServices = Pick<
  AuthServices,
  'deps' | 'settings' | 'sessions' | 'passwords' | 'audit' | 'codes' | 'messages' | 'captcha' | 'clubLabels'
>;

/** What a forgot-password request hands to the work done after its answer. */
interface ResetLinkRequest {
  username: string;
  email: string;
  /** when it was asked: the link lives from then */
  at: Date;
  minutes: number;
  language: Language;
  siteName: string;
  linkBase: string;
}

const resetLinkInvalid = () => new AppError('RESET_LINK_INVALID', 'unknown, used or expired reset link');

/**
 * Passwords: change (logged in), reset by an emailed link, reset by an SMS code. Every new password
 * meets the operator's password rule, matches its confirmation, differs from the old one and is not
 * the operator's default password; setting one ends the member's other sessions (all of them for a
 * reset) and any reset link still open.
 */
export class PasswordService {
  private readonly resetMails: DeferredWork;

  constructor(
    private readonly services: PasswordServices,
    logger: Pick<ServiceLogger, 'warn'> = silentLogger,
  ) {
    this.resetMails = new DeferredWork('reset-link-mail', logger);
  }

  async change(member: AuthenticatedMember, body: ChangePasswordBody, origin: RequestOrigin): Promise<void> {
    const oldPassword = body.oldPassword.trim();
    const newPassword = body.newPassword.trim();
    const issues = await this.newPasswordIssues(newPassword, body.confirmNewPassword, oldPassword);
    if (oldPassword === '') issues.unshift({ path: 'oldPassword', message: 'validation.required' });
    if (issues.length > 0) throw invalid(issues);

    const { db } = this.services.deps;
    const row = await memberRepository.findById(db, member.id);
    // A member who registered by mobile without a password has none to prove; they reset by phone.
    if (!row?.passwordHash || !(await this.services.passwords.verify(row.passwordHash, oldPassword))) {
      throw new AppError('INVALID_PASSWORD', 'the old password is wrong', [
        { path: 'oldPassword', message: 'errors.INVALID_PASSWORD' },
      ]);
    }
    const hashed = await this.services.passwords.hash(newPassword);
    await db.transaction(async (tx) => {
      await this.setPassword(tx, row.id, hashed, member.sessionId, 'password_changed');
      await this.services.audit.record(
        'password_changed',
        { memberId: row.id, username: row.username, ip: origin.ip, userAgent: origin.userAgent },
        tx,
      );
    });
  }

  /**
   * Emails a single-use reset link when username and email belong to the same member, and answers the
   * same way, after the same work, when they do not: whether an account exists is not told (the page
   * says "if they match an account, a link is on its way"). The request only checks the form and
   * queues the rest; the account is looked up, the token stored and the mail sent after the answer,
   * so neither a database write nor a slow mail server can tell a real pair from a guess by its time.
   */
  async forgotByEmail(
    body: ForgotByEmailBody,
    /** the request's language; undefined writes in the site's default */
    language: Language | undefined,
  ): Promise<void> {
    const username = body.username.trim();
    const email = body.email.trim();
    const settings = await this.services.settings.all();
    const issues: Issue[] = [];
    // Only required: a username made before the operator tightened its rule must still reach its reset.
    if (username === '') issues.push({ path: 'username', message: 'validation.required' });
    // As the form checks it: the operator's email rule, and always required here.
    const emailError = validateField(email, { ...settings['register.fields'].email, required: true }, true);
    if (emailError) issues.push({ path: 'email', message: emailError.key, params: emailError.params });
    if (issues.length > 0) throw invalid(issues);

    const request: ResetLinkRequest = {
      username,
      email,
      at: this.services.deps.clock.now(),
      minutes: settings['email.resetLinkMinutes'],
      language: language ?? settings['site.defaultLanguage'],
      siteName: settings['site.name'],
      linkBase: this.linkBase(),
    };
    this.resetMails.defer(() => this.mailResetLink(request));
  }

  /**
   * A reset asked for by staff (the back office's Players -> Actions): the forgot-password flows' own
   * message, a reset link by email when the member has an email, else a reset code by SMS to the mobile
   * (the phone reset must be on). Sent before the answer, which says only which way it went: staff
   * never see the link or the code. NOT_FOUND without such a member; INVALID_STATE with neither.
   */
  async sendResetFor(memberId: bigint, language?: Language): Promise<{ channel: 'email' | 'sms' }> {
    const { db, clock } = this.services.deps;
    const row = await memberRepository.findById(db, memberId);
    if (!row) throw notFound('member');
    const settings = await this.services.settings.all();
    if (row.email) {
      await this.mailResetLink({
        username: row.username,
        email: row.email,
        at: clock.now(),
        minutes: settings['email.resetLinkMinutes'],
        language: language ?? settings['site.defaultLanguage'],
        siteName: settings['site.name'],
        linkBase: this.linkBase(),
      });
      return { channel: 'email' };
    }
    if (row.mobile && row.countryDialingCode) {
      await this.requirePhoneReset();
      await this.services.codes.send('reset', row.countryDialingCode, row.mobile, null, language);
      return { channel: 'sms' };
    }
    throw new AppError('INVALID_STATE', 'the member has neither an email nor a mobile', undefined, {
      status: 'no-contact',
    });
  }

  /** Resolves once every reset link asked for so far has been handled (closing the app, tests). */
  idle(limitMs?: number): Promise<void> {
    return this.resetMails.idle(limitMs);
  }

  private async mailResetLink(request: ResetLinkRequest): Promise<void> {
    const { db, rng } = this.services.deps;
    const row = await memberRepository.findByUsernameAndEmail(db, request.username, request.email);
    if (!row?.email) return;
    const token = newToken(rng);
    await memberRepository.insertResetToken(db, {
      memberId: row.id,
      tokenHash: sha256(token),
      at: request.at,
      expiresAt: new Date(request.at.getTime() + request.minutes * 60_000),
    });
    const link = `${request.linkBase}/resetPassword?token=${encodeURIComponent(token)}`;
    const message = resetLinkEmail(request.language, request.siteName, link, request.minutes);
    // Sent after the token is stored: a link that arrives must work; a token whose mail failed just
    // expires, and the outbox row records why.
    await this.services.messages.email(row.email, message.subject, message.text);
  }

  async resetByLink(body: ResetByLinkBody, origin: RequestOrigin): Promise<void> {
    const { db, clock } = this.services.deps;
    const token = await memberRepository.findResetToken(db, sha256(body.token.trim()));
    if (!token || token.usedAt || token.expiresAt.getTime() <= clock.now().getTime())
      throw resetLinkInvalid();
    const row = await memberRepository.findById(db, token.memberId);
    if (!row) throw resetLinkInvalid();

    const newPassword = body.newPassword.trim();
    const issues = await this.newPasswordIssues(newPassword, body.confirmNewPassword);
    await this.refuseCurrentPassword(row, newPassword, issues);
    // Bad input leaves the link usable, so the member can correct the form and try again.
    if (issues.length > 0) throw invalid(issues);

    const hashed = await this.services.passwords.hash(newPassword);
    await db.transaction(async (tx) => {
      // Checked again under the write: two tabs submitting the same link must not both succeed.
      if (!(await memberRepository.useResetToken(tx, token.id, clock.now()))) throw resetLinkInvalid();
      await this.setPassword(tx, row.id, hashed, undefined, 'password_reset');
      await this.services.audit.record(
        'password_reset',
        {
          memberId: row.id,
          username: row.username,
          ip: origin.ip,
          userAgent: origin.userAgent,
          detail: { via: 'email' },
        },
        tx,
      );
    });
  }

  /**
   * Sends a reset code to a registered number. For a number no member has, the answer is the same,
   * the countdown and caps apply the same (a second request answers SMS_COOLDOWN either way) and
   * nothing is sent, so this form cannot tell which numbers are registered.
   */
  async resetSms(
    body: SmsSendBody,
    origin: RequestOrigin,
    language: Language | undefined,
  ): Promise<{ expiredMinutes: number }> {
    await this.requirePhoneReset();
    await this.services.captcha.checkIfGiven(body);
    const dialingCode = body.countryDialingCode;
    const mobile = normalizeMobile(dialingCode, body.mobileNo);
    const row = await memberRepository.findByMobile(this.services.deps.db, dialingCode, mobile);
    return this.services.codes.send('reset', dialingCode, mobile, origin.ip, language, {
      deliver: row !== null,
    });
  }

  /** Sets a new password with an SMS code and logs the member in (SPEC section 4). */
  async resetByPhone(body: ResetByPhoneBody, origin: RequestOrigin): Promise<LoginResult> {
    await this.requirePhoneReset();
    const { db } = this.services.deps;
    const dialingCode = body.countryDialingCode;
    const mobile = normalizeMobile(dialingCode, body.mobileNum);
    const newPassword = body.newPassword.trim();
    const issues = await this.newPasswordIssues(newPassword, body.confirmNewPassword);
    const row = await memberRepository.findByMobile(db, dialingCode, mobile);
    if (row) await this.refuseCurrentPassword(row, newPassword, issues);
    // Checked before the code is used, so a typo in the password does not cost the member their code.
    if (issues.length > 0) throw invalid(issues);

    const hashed = await this.services.passwords.hash(newPassword);
    // Read before the transaction: embedded PGlite has one connection, which the transaction holds.
    const settings = await this.services.settings.all();
    return db.transaction(async (tx) => {
      // Consumed inside the transaction so the code and the new password commit together; a wrong
      // code is still counted (the codes service writes wrong tries outside this transaction).
      await this.services.codes.consume(tx, 'reset', dialingCode, mobile, body.verificationCode);
      // No code is ever sent to an unregistered number, so this only happens if the number changed hands.
      if (!row) throw new AppError('INVALID_VERIFICATION_CODE', 'no member has this number');
      // Told only to the holder of the code, and the rollback leaves the code unused: the reset ends in
      // a login, which such an account may not have.
      if (!row.memberAccess) throw new AppError('MEMBER_NO_ENTER', 'this account may not log in here');
      if (row.status !== 'active') throw new AppError('ACCOUNT_LOCKED', 'this account is disabled');
      await this.setPassword(tx, row.id, hashed, undefined, 'password_reset');
      await this.services.audit.record(
        'password_reset',
        {
          memberId: row.id,
          username: row.username,
          ip: origin.ip,
          userAgent: origin.userAgent,
          detail: { via: 'sms' },
        },
        tx,
      );
      const updated = (await memberRepository.findById(tx, row.id)) ?? row;
      return issueLogin(tx, this.services, updated, origin, {
        via: 'reset',
        password: newPassword,
        settings,
      });
    });
  }

  /**
   * The rule checks every new password shares: the operator's password rule, the confirmation, not
   * the old password (when typed) and not the operator's default password.
   */
  private async newPasswordIssues(
    newPassword: string,
    confirmation: string,
    oldPassword?: string,
  ): Promise<Issue[]> {
    const settings = await this.services.settings.all();
    const issues: Issue[] = [];
    const ruleError = validateField(newPassword, settings['register.fields'].password, true);
    const defaultPassword = settings['auth.defaultPassword'];
    if (ruleError) {
      issues.push({ path: 'newPassword', message: ruleError.key, params: ruleError.params });
    } else if (oldPassword !== undefined && oldPassword !== '' && newPassword === oldPassword) {
      issues.push({ path: 'newPassword', message: 'validation.samePassword' });
    } else if (defaultPassword !== null && newPassword === defaultPassword) {
      issues.push({ path: 'newPassword', message: 'validation.defaultPassword' });
    }
    const confirm = confirmation.trim();
    if (confirm === '') issues.push({ path: 'confirmNewPassword', message: 'validation.required' });
    else if (confirm !== newPassword)
      issues.push({ path: 'confirmNewPassword', message: 'validation.mismatch' });
    return issues;
  }

  /** For a reset, where no old password is typed: the new one must still differ from the current one. */
  private async refuseCurrentPassword(row: MemberRow, newPassword: string, issues: Issue[]): Promise<void> {
    if (issues.some((issue) => issue.path === 'newPassword') || !row.passwordHash) return;
    if (await this.services.passwords.verify(row.passwordHash, newPassword)) {
      issues.push({ path: 'newPassword', message: 'validation.samePassword' });
    }
  }

  private async setPassword(
    tx: Executor,
    memberId: bigint,
    hashed: string,
    keepSessionId: bigint | undefined,
    reason: 'password_changed' | 'password_reset',
  ): Promise<void> {
    const now = this.services.deps.clock.now();
    await memberRepository.setPassword(tx, memberId, hashed, now);
    // A link mailed before the change would otherwise still set a password after it.
    await memberRepository.closeResetTokens(tx, memberId, now);
    await this.services.sessions.endAllFor(tx, memberId, reason, keepSessionId);
  }

  private async requirePhoneReset(): Promise<void> {
    const whitelabel = await this.services.settings.get('site.whitelabel');
    if (!whitelabel.CHNGPASSVERIF3) throw new AppError('FEATURE_DISABLED', 'password reset by phone is off');
  }

  /**
   * The site's configured address (PUBLIC_URL; the demo fills in its own). Never the request's Host
   * header, which the caller chooses: a reset link must not point at somebody else's site.
   */
  private linkBase(): string {
    const configured = this.services.deps.config.PUBLIC_URL;
    // A plain Error, so the error handler logs it: this is the operator's configuration to fix.
    if (!configured) throw new Error('set PUBLIC_URL: reset links are built from it only');
    return configured.replace(/\/+$/, '');
  }
}
