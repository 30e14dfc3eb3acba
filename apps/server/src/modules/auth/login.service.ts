import type { LoginResult, Settings, verificationMethods } from '@platform/contract';
import {
  accountTypes,
  type loginBodySchema,
  type loginV2BodySchema,
  type verifyLoginBodySchema,
} from '@platform/contract';
import * as OTPAuth from 'otpauth';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { newToken, numericCode, sha256 } from '../../lib/tokens.js';
import { maskEmail, maskMobile } from '../../lib/mask.js';
import { normalizeMobile, requestLanguage } from '../verification/index.js';
import { auditUsername, type LoginFailureReason } from './auth-audit.service.js';
import {
  HOUR_MS,
  MINUTE_MS,
  newAccountNumber,
  newReferralCode,
  normalizeName,
  required,
  uniqueViolation,
  type AuthServices,
} from './auth-helpers.js';
import { authRepository, type LoginChallengeRow, type MemberRow } from './auth.repository.js';
import { issueLogin, type LoginVia } from './login-result.js';
import type { RegistrationService, SmsSendInput } from './registration.service.js';
import type { AuthenticatedMember, RequestOrigin } from './session.service.js';

export type LoginInput = z.output<typeof loginBodySchema>;
export type LoginV2Input = z.output<typeof loginV2BodySchema>;
export type VerifyLoginInput = z.output<typeof verifyLoginBodySchema>;
type SmsLoginInput = Extract<LoginV2Input, { type: 'sms' }>;
type VerificationMethod = (typeof verificationMethods)[number];

const CHALLENGE_MINUTES = 10;
/** Wrong answers after which a new-address challenge is dead even for the right answer. */
export const MAX_CHALLENGE_ATTEMPTS = 5;
const GUEST_TRIES = 5;

const emailCodeHash = (challengeId: string, code: string): string => sha256(`${challengeId}:${code.trim()}`);
const offered = (challenge: LoginChallengeRow): VerificationMethod[] =>
  challenge.methods.filter((method): method is VerificationMethod =>
    ['mobile', 'email', 'bankName', 'totp'].includes(method),
  );

/** A login name can mean a username, an account number or a mobile number; the first kind wins. */
function pickLoginMatch(candidates: MemberRow[], name: string): MemberRow | null {
  const lower = name.toLowerCase();
  const byUsername = candidates.find((row) => row.username.toLowerCase() === lower);
  if (byUsername) return byUsername;
  const byAccount = candidates.find((row) => row.account === name);
  if (byAccount) return byAccount;
  const byFullMobile = candidates.find(
    (row) => `${row.countryDialingCode ?? ''}${row.mobile ?? ''}` === name,
  );
  if (byFullMobile) return byFullMobile;
  // A bare national number is only good when it belongs to one member in one country.
  const byMobile = candidates.filter((row) => row.mobile === name);
  return byMobile.length === 1 ? (byMobile[0] ?? null) : null;
}

/**
 * Logins by password or SMS code, the new-address challenge, free play and logout (SPEC section 4).
 * Failed guesses live in the auth audit; they bring the captcha after auth.captchaAfterFailures (per
 * account or address) and lock the account after auth.maxFailedLoginsPerHour within an hour.
 */
export class LoginService {
  constructor(
    private readonly services: AuthServices,
    private readonly registration: RegistrationService,
  ) {}

  async login(input: LoginInput, origin: RequestOrigin): Promise<LoginResult> {
    const name = input.username.trim();
    const password = input.password.trim();
    const issues = [...(name ? [] : [required('username')]), ...(password ? [] : [required('password')])];
    if (issues.length > 0)
      throw new AppError('VALIDATION_FAILED', 'username and password are needed', issues);

    const { deps, passwords } = this.services;
    const settings = await this.services.settings.all();
    const found = pickLoginMatch(await authRepository.findLoginCandidates(deps.db, name), name);
    const guard = await this.guard(settings, found, name, origin, input);

    const ok = found?.passwordHash
      ? await passwords.verify(found.passwordHash, password)
      : await passwords.verifyNothing(password);
    if (!found || !ok) {
      await guard.fail(found ? 'bad_password' : 'unknown_user');
      throw new AppError('INVALID_CREDENTIALS', 'wrong username or password', undefined, {
        captchaRequired: guard.captchaAfterFailure,
      });
    }
    await guard.succeed();
    await this.checkAccess(found, name, origin);

    const challenge = await this.challengeIfNewAddress(settings, found, origin);
    if (challenge) return challenge;
    return deps.db.transaction((tx) =>
      issueLogin(tx, this.services, found, origin, { via: 'password', password, settings }),
    );
  }

  async loginV2(input: LoginV2Input, origin: RequestOrigin): Promise<LoginResult> {
    if (input.type === 'username') return this.login(input, origin);
    return this.loginBySms(input, origin);
  }

  /**
   * The code proves the member holds the phone, which is the strongest new-address proof there is,
   * so an SMS login never asks for another one; it remembers the address instead.
   */
  private async loginBySms(input: SmsLoginInput, origin: RequestOrigin): Promise<LoginResult> {
    const settings = await this.services.settings.all();
    if (!settings['site.whitelabel'].MOBILEVERCODELOGIN3) {
      throw new AppError('FEATURE_DISABLED', 'login by SMS code is off');
    }
    const code = input.code.trim();
    if (!code) throw new AppError('VALIDATION_FAILED', 'the code is needed', [required('code')]);
    const { deps, codes } = this.services;
    const number = normalizeMobile(input.countryDialingCode, input.mobileNum);
    const fullNumber = `${input.countryDialingCode}${number}`;
    const found = await authRepository.findByMobile(deps.db, input.countryDialingCode, number);
    const guard = await this.guard(settings, found, fullNumber, origin, input);

    try {
      const result = await deps.db.transaction(async (tx) => {
        // No code is ever sent to a number without an account, so this refuses those too.
        await codes.consume(tx, 'login', input.countryDialingCode, number, code);
        if (!found) throw new AppError('INVALID_VERIFICATION_CODE', 'no account for this number');
        return this.finishChecked(tx, found, origin, 'sms', settings);
      });
      await guard.succeed();
      return result;
    } catch (error) {
      if (
        error instanceof AppError &&
        (error.code === 'INVALID_VERIFICATION_CODE' || error.code === 'VERIFICATION_CODE_EXPIRED')
      ) {
        await guard.fail('bad_code');
        throw new AppError(error.code, error.message, error.issues, {
          captchaRequired: guard.captchaAfterFailure,
        });
      }
      // The code was right (the account is barred, say): no guess to count.
      await guard.succeed();
      throw error;
    }
  }

  /** POST /wps/verification/sms/login. An unknown number gets the same answer and no SMS. */
  async sendLoginSms(
    body: SmsSendInput,
    origin: RequestOrigin,
    languageHeader: string | string[] | undefined,
  ): Promise<{ expiredMinutes: number }> {
    const settings = await this.services.settings.all();
    if (!settings['site.whitelabel'].MOBILEVERCODELOGIN3) {
      throw new AppError('FEATURE_DISABLED', 'login by SMS code is off');
    }
    await this.services.captcha.checkIfGiven(body);
    const number = normalizeMobile(body.countryDialingCode, body.mobileNo);
    const found = await authRepository.findByMobile(this.services.deps.db, body.countryDialingCode, number);
    if (!found) return { expiredMinutes: settings['sms.codeMinutes'] };
    const language = requestLanguage(languageHeader) ?? settings['site.defaultLanguage'];
    const sent = await this.services.codes.send(
      'login',
      body.countryDialingCode,
      number,
      origin.ip,
      language,
    );
    await this.services.audit.record('sms_sent', {
      memberId: found.id,
      ip: origin.ip,
      userAgent: origin.userAgent,
      detail: { purpose: 'login' },
    });
    return sent;
  }

  /**
   * A hand-off code from `/?token=`: a new session for the member it was made for. The code is never
   * a session token itself, so a link cannot plant someone's session, and a used or late code fails.
   */
  async redeemHandoff(code: string, origin: RequestOrigin): Promise<LoginResult> {
    const { deps, sessions } = this.services;
    const memberId = await sessions.claimHandoff(code.trim());
    const found = memberId === null ? null : await authRepository.findById(deps.db, memberId);
    if (!found) throw new AppError('HANDOFF_INVALID', 'unknown, used or expired hand-off code');
    const settings = await this.services.settings.all();
    return deps.db.transaction((tx) => this.finishChecked(tx, found, origin, 'handoff', settings));
  }

  /** A trial account (type 4, demo money, no password), logged in at once. */
  async freePlay(origin: RequestOrigin): Promise<LoginResult> {
    const settings = await this.services.settings.all();
    if (!settings['site.whitelabel'].FREEPLAY3) throw new AppError('FEATURE_DISABLED', 'free play is off');
    const { deps, audit } = this.services;
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await deps.db.transaction(async (tx) => {
          const now = deps.clock.now();
          const trial = await authRepository.insertMember(tx, {
            publicId: newId(deps.rng, 'mbr'),
            username: `guest${numericCode(deps.rng, 8)}`,
            account: newAccountNumber(deps.rng),
            type: accountTypes.trial,
            contacts: {},
            referralCode: newReferralCode(deps.rng),
            registerIp: origin.ip,
            createdAt: now,
          });
          await this.onTrialCreated(tx, trial, settings);
          await audit.record(
            'free_play',
            { memberId: trial.id, username: trial.username, ip: origin.ip, userAgent: origin.userAgent },
            tx,
          );
          return issueLogin(tx, this.services, trial, origin, { via: 'free_play', settings });
        });
      } catch (error) {
        // A drawn guest name, account or code was taken: draw again.
        if (uniqueViolation(error) !== null && attempt < GUEST_TRIES) continue;
        throw error;
      }
    }
  }

  /**
   * Runs inside the transaction that creates a trial account. The wallet issue fills this in: it
   * credits trial.demoBalance (settings['trial.demoBalance']) to the new account's demo wallet.
   */
  async onTrialCreated(tx: Executor, trial: MemberRow, settings: Settings): Promise<void> {
    await this.services.grantTrialDemoMoney(tx, trial.id, settings);
  }

  async logout(member: AuthenticatedMember, origin: RequestOrigin): Promise<Record<string, never>> {
    await this.services.sessions.end(member.sessionId, 'logout');
    await this.services.audit.record('logout', {
      memberId: member.id,
      username: member.username,
      ip: origin.ip,
      userAgent: origin.userAgent,
    });
    return {};
  }

  /** POST /wps/session/verify/sms: sends the mobile code for an open new-address challenge. */
  async sendChallengeSms(
    challengeId: string,
    origin: RequestOrigin,
    languageHeader: string | string[] | undefined,
  ): Promise<{ expiredMinutes: number }> {
    const { challenge, member } = await this.openChallenge(challengeId);
    if (!offered(challenge).includes('mobile') || !member.mobile || !member.countryDialingCode) {
      throw new AppError('VALIDATION_FAILED', 'this login cannot be confirmed by SMS', [
        { path: 'method', message: 'validation.method' },
      ]);
    }
    const settings = await this.services.settings.all();
    const language = requestLanguage(languageHeader) ?? settings['site.defaultLanguage'];
    const sent = await this.services.codes.send(
      'verify_login',
      member.countryDialingCode,
      member.mobile,
      origin.ip,
      language,
    );
    await this.services.audit.record('sms_sent', {
      memberId: member.id,
      ip: origin.ip,
      userAgent: origin.userAgent,
      detail: { purpose: 'verify_login' },
    });
    return sent;
  }

  /** POST /wps/session/verify: the extra proof for a login from a new address. */
  async verifyLogin(input: VerifyLoginInput, origin: RequestOrigin): Promise<LoginResult> {
    const { challenge, member } = await this.openChallenge(input.challengeId);
    if (!offered(challenge).includes(input.method)) {
      throw new AppError('VALIDATION_FAILED', 'this method is not offered for this login', [
        { path: 'method', message: 'validation.method' },
      ]);
    }
    const { deps, audit } = this.services;
    const attempts = await authRepository.countChallengeAttempt(deps.db, challenge.id);
    if (attempts === null) throw challengeGone();
    if (attempts > MAX_CHALLENGE_ATTEMPTS) throw challengeGone({ attemptsLeft: 0 });
    const attemptsLeft = MAX_CHALLENGE_ATTEMPTS - attempts;
    const answer = input.answer.trim();
    const settings = await this.services.settings.all();

    const refuse = async (code: 'INVALID_VERIFICATION_CODE' | 'VERIFICATION_CODE_EXPIRED') => {
      await audit.record('new_ip_failed', {
        memberId: member.id,
        username: member.username,
        ip: origin.ip,
        userAgent: origin.userAgent,
        detail: { method: input.method, attempts },
      });
      return new AppError(
        code,
        'wrong answer',
        [{ path: 'answer', message: 'validation.verificationCode' }],
        {
          attemptsLeft,
        },
      );
    };

    if (input.method !== 'mobile' && !this.answerMatches(challenge, member, input.method, answer)) {
      throw await refuse('INVALID_VERIFICATION_CODE');
    }
    try {
      return await deps.db.transaction(async (tx) => {
        if (input.method === 'mobile') {
          if (!member.mobile || !member.countryDialingCode) throw challengeGone();
          await this.services.codes.consume(
            tx,
            'verify_login',
            member.countryDialingCode,
            member.mobile,
            answer,
          );
        }
        if (!(await authRepository.consumeChallenge(tx, challenge.id, deps.clock.now())))
          throw challengeGone();
        // The address the password was typed from is the one being vouched for.
        await authRepository.addKnownIp(tx, member.id, challenge.ip, deps.clock.now());
        await audit.record(
          'new_ip_verified',
          {
            memberId: member.id,
            username: member.username,
            ip: challenge.ip,
            userAgent: origin.userAgent,
            detail: { method: input.method },
          },
          tx,
        );
        return this.finishChecked(tx, member, origin, 'new_ip', settings);
      });
    } catch (error) {
      if (
        input.method === 'mobile' &&
        error instanceof AppError &&
        (error.code === 'INVALID_VERIFICATION_CODE' || error.code === 'VERIFICATION_CODE_EXPIRED') &&
        error.details === undefined
      ) {
        throw await refuse(error.code);
      }
      throw error;
    }
  }

  private answerMatches(
    challenge: LoginChallengeRow,
    member: MemberRow,
    method: Exclude<VerificationMethod, 'mobile'>,
    answer: string,
  ): boolean {
    if (!answer) return false;
    switch (method) {
      case 'email':
        return (
          challenge.emailCodeHash !== null && challenge.emailCodeHash === emailCodeHash(challenge.id, answer)
        );
      case 'bankName':
        return member.payeeName !== null && normalizeName(member.payeeName) === normalizeName(answer);
      case 'totp': {
        if (!member.totpSecret || !/^\d{6}$/.test(answer)) return false;
        const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(member.totpSecret) });
        return (
          totp.validate({ token: answer, window: 1, timestamp: this.services.deps.clock.now().getTime() }) !==
          null
        );
      }
    }
  }

  private async openChallenge(
    challengeId: string,
  ): Promise<{ challenge: LoginChallengeRow; member: MemberRow }> {
    const { db, clock } = this.services.deps;
    const challenge = await authRepository.findChallenge(db, challengeId);
    if (!challenge || challenge.consumedAt) throw challengeGone();
    if (challenge.expiresAt.getTime() <= clock.now().getTime()) {
      throw new AppError('VERIFICATION_CODE_EXPIRED', 'this login took too long; log in again');
    }
    if (challenge.attempts >= MAX_CHALLENGE_ATTEMPTS) throw challengeGone({ attemptsLeft: 0 });
    const member = await authRepository.findById(db, challenge.memberId);
    if (!member) throw challengeGone();
    return { challenge, member };
  }

  /**
   * When auth.newIpVerification is on and the member has logged in before but never from this address,
   * a challenge instead of a session. A member with no way to prove themselves is let through (audited).
   */
  private async challengeIfNewAddress(
    settings: Settings,
    member: MemberRow,
    origin: RequestOrigin,
  ): Promise<LoginResult | null> {
    const { deps, audit } = this.services;
    if (!settings['auth.newIpVerification'] || !origin.ip) return null;
    if ((await authRepository.knownIpCount(deps.db, member.id)) === 0) return null;
    if (await authRepository.isKnownIp(deps.db, member.id, origin.ip)) return null;

    const methods: string[] = [];
    if (member.mobile && member.countryDialingCode) methods.push('mobile');
    if (member.email) methods.push('email');
    if (member.payeeName) methods.push('bankName');
    if (member.totpSecret) methods.push('totp');
    const entry = {
      memberId: member.id,
      username: member.username,
      ip: origin.ip,
      userAgent: origin.userAgent,
    };
    if (methods.length === 0) {
      await audit.record('new_ip_challenge', { ...entry, detail: { skipped: 'no_method' } });
      return null;
    }

    const now = deps.clock.now();
    const challengeId = newToken(deps.rng);
    let codeHash: string | null = null;
    if (member.email) {
      // Sent now rather than on request: verifyLoginSms carries no method, and email is cheap.
      const code = numericCode(deps.rng, 6);
      codeHash = emailCodeHash(challengeId, code);
      await this.services.messages.email(member.email, ...loginCodeEmail(settings, code));
    }
    await authRepository.insertChallenge(deps.db, {
      id: challengeId,
      memberId: member.id,
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 500) ?? null,
      methods,
      emailCodeHash: codeHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * MINUTE_MS),
    });
    const visible = methods as VerificationMethod[];
    await audit.record('new_ip_challenge', { ...entry, detail: { methods: visible } });
    return {
      status: 'verify',
      challengeId,
      methods: visible,
      maskedMobile: member.mobile ? `${member.countryDialingCode ?? ''}${maskMobile(member.mobile)}` : null,
      maskedEmail: member.email ? maskEmail(member.email) : null,
    };
  }

  /** Refuses a locked or barred account after its credentials were proven, then finishes the login. */
  private async finishChecked(
    tx: Executor,
    member: MemberRow,
    origin: RequestOrigin,
    via: LoginVia,
    settings: Settings,
  ): Promise<LoginResult> {
    if (member.status !== 'active') throw new AppError('ACCOUNT_LOCKED', 'account locked by the operator');
    if (!member.memberAccess)
      throw new AppError('MEMBER_NO_ENTER', 'this account may not use the member site');
    return issueLogin(tx, this.services, member, origin, { via, settings });
  }

  private async checkAccess(member: MemberRow, typed: string, origin: RequestOrigin): Promise<void> {
    const reason: LoginFailureReason | null =
      member.status !== 'active' ? 'disabled' : !member.memberAccess ? 'no_enter' : null;
    if (!reason) return;
    await this.services.audit.record('login_failed', {
      memberId: member.id,
      username: auditUsername(typed),
      ip: origin.ip,
      userAgent: origin.userAgent,
      detail: { reason },
    });
    if (reason === 'disabled') throw new AppError('ACCOUNT_LOCKED', 'account locked by the operator');
    throw new AppError('MEMBER_NO_ENTER', 'this account may not use the member site');
  }

  /**
   * The lockout and captcha rules, before any credential is checked. Account failures count since the
   * last successful login (within the hour); address failures for the whole hour.
   */
  private async guard(
    settings: Settings,
    found: MemberRow | null,
    typed: string,
    origin: RequestOrigin,
    input: { captchaId?: string; captcha?: string },
  ): Promise<{
    captchaAfterFailure: boolean;
    fail(reason: LoginFailureReason): Promise<void>;
    succeed(): Promise<void>;
  }> {
    const { deps, audit, captcha } = this.services;
    const now = deps.clock.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const accountSince =
      found?.lastLoginAt && found.lastLoginAt.getTime() > hourAgo.getTime() ? found.lastLoginAt : hourAgo;
    // The slot is taken before anything is checked, so parallel guesses cannot all see room.
    const { slotId, account, ip } = await audit.reserveFailedLogin(
      {
        memberId: found?.id ?? null,
        username: auditUsername(typed),
        ip: origin.ip,
        userAgent: origin.userAgent,
      },
      { accountSince, ipSince: hourAgo },
    );
    const fail = (reason: LoginFailureReason) => audit.settleFailedLogin(slotId, reason);
    const succeed = () => audit.releaseFailedLogin(slotId);

    const maxFailures = settings['auth.maxFailedLoginsPerHour'];
    if (found && account >= maxFailures) {
      await fail('locked');
      const until = await audit.lockedUntil(found.id, accountSince, maxFailures, HOUR_MS);
      throw new AppError('ACCOUNT_LOCKED', 'too many failed logins', undefined, {
        retryAfterSeconds: Math.max(
          1,
          Math.ceil(((until?.getTime() ?? now.getTime() + HOUR_MS) - now.getTime()) / 1000),
        ),
      });
    }
    const threshold = settings['auth.captchaAfterFailures'];
    if (account >= threshold || ip >= threshold) {
      try {
        await captcha.check(input.captchaId, input.captcha);
      } catch (error) {
        await fail('bad_captcha');
        if (!(error instanceof AppError)) throw error;
        throw new AppError('INVALID_CAPTCHA', error.message, error.issues, { captchaRequired: true });
      }
    }
    return { captchaAfterFailure: account + 1 >= threshold || ip + 1 >= threshold, fail, succeed };
  }
}

function challengeGone(details?: Record<string, number>): AppError {
  return new AppError(
    'INVALID_VERIFICATION_CODE',
    'this login confirmation is used, unknown or out of tries; log in again',
    undefined,
    details,
  );
}

function loginCodeEmail(settings: Settings, code: string): [string, string] {
  const site = settings['site.name'];
  return settings['site.defaultLanguage'] === 'bn'
    ? [
        `${site}: লগইন নিশ্চিত করুন`,
        `নতুন ঠিকানা থেকে লগইন নিশ্চিত করার কোড: ${code}। এটি ${CHALLENGE_MINUTES} মিনিট কাজ করবে। আপনি না হলে পাসওয়ার্ড বদলান।`,
      ]
    : [
        `${site}: confirm your login`,
        `Your code to confirm a login from a new address is ${code}. It works for ${CHALLENGE_MINUTES} minutes. If this was not you, change your password.`,
      ];
}
