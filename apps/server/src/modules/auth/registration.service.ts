import {
  accountTypes,
  isAgentType,
  ruledFieldNames,
  validateFields,
  type FieldRules,
  type Issue,
  type Language,
  type LoginResult,
  type RuledFieldName,
  type Settings,
} from '@platform/contract';
import type { z } from 'zod';
import type { registerBodySchema, registerMobileBodySchema, smsSendSchema } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import type { MemberContacts } from './auth.schema.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { normalizeMobile, requestLanguage } from '../verification/index.js';
import {
  duplicateFailure,
  newAccountNumber,
  newReferralCode,
  required,
  uniqueViolation,
  type AuthServices,
} from './auth-helpers.js';
import { authRepository, type MemberRow } from './auth.repository.js';
import { issueLogin } from './login-result.js';
import type { RequestOrigin } from './session.service.js';

export type RegisterInput = z.output<typeof registerBodySchema>;
export type RegisterMobileInput = z.output<typeof registerMobileBodySchema>;
export type SmsSendInput = z.output<typeof smsSendSchema>;

const contactFields = [
  'qqNum',
  'line',
  'whatsapp',
  'zalo',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
] as const;
/** Generated identifiers collide rarely; this many fresh draws is plenty. */
const GENERATE_TRIES = 5;

const WELCOME = {
  title: (site: string) => ({ bn: `${site}-এ স্বাগতম`, en: `Welcome to ${site}` }),
  body: (site: string, account: string) => ({
    bn: `আপনার অ্যাকাউন্ট তৈরি হয়েছে। অ্যাকাউন্ট নম্বর: ${account}। ${site}-এ খেলা উপভোগ করুন এবং দায়িত্বের সাথে খেলুন।`,
    en: `Your account is ready. Account number: ${account}. Enjoy ${site} and please play responsibly.`,
  }),
};

/** What both registration tabs produce once their input is checked. */
interface NewMemberPlan {
  method: 'username' | 'mobile';
  username: string | null;
  password: string | null;
  paymentPassword: string | null;
  mobile: { dialingCode: string; number: string; code: string | null } | null;
  email: string | null;
  payeeName: string | null;
  contacts: MemberContacts;
  uplineId: bigint | null;
  referredById: bigint | null;
  /** SPEC section 6's type: 0 unless an invite link or an agent's registerCenter makes an agent */
  type: number;
  /** the agent's invite link the member registered through */
  inviteLinkId: bigint | null;
  domain: string | null;
  registerUrl: string | null;
}

const blank = (value: string | undefined | null): boolean => (value ?? '').trim() === '';
const trimmed = (value: string | undefined | null): string | null =>
  blank(value) ? null : (value ?? '').trim();

/** Rules with some fields switched off: the ones this tab does not ask for. */
function withoutFields(rules: FieldRules, names: readonly RuledFieldName[]): FieldRules {
  const copy = { ...rules };
  for (const name of names) copy[name] = { ...copy[name], enabled: false, required: false };
  return copy;
}

/**
 * The agent module's invite links (registerCenter), handed to registration once the agent module is
 * built: a link's code works as an affiliate code, and the sign-up is recorded in the same transaction.
 */
export interface InviteLinks {
  /** the invite link with this code (any case), with its agent and the account type it makes */
  resolve(
    db: Executor,
    code: string,
  ): Promise<{ linkId: bigint; agent: { id: bigint; type: number; status: string }; type: number } | null>;
  /** in the registration's transaction, once the member row exists */
  joined(tx: Executor, linkId: bigint, member: { id: bigint; username: string }): Promise<void>;
}

/** A downline made by its agent in the registerCenter. */
export interface NewDownline {
  username: string;
  password: string;
  type: 'player' | 'agent';
}

/**
 * Registration by username or by mobile number (SPEC sections 4 and 5). Input is checked with the same
 * field rules the web app shows; the member row, the used SMS code, the audit row, the welcome message
 * and the first session are written in one transaction.
 */
export class RegistrationService {
  private inviteLinks: InviteLinks | null = null;

  constructor(private readonly services: AuthServices) {}

  /** The agent module, once built: invite link codes are accepted as affiliate codes. */
  useInviteLinks(links: InviteLinks): void {
    this.inviteLinks = links;
  }

  /**
   * An agent makes a downline account directly (registerCenter): the username and password follow the
   * same field rules as registration, the account starts with the agent as its upline, audited; no
   * session is opened (the downline logs in itself).
   */
  async createDownline(
    agent: { id: bigint; publicId: string; username: string; type: number; status: string },
    input: NewDownline,
    origin: RequestOrigin,
  ): Promise<{ publicId: string; username: string; type: number }> {
    if (!isAgentType(agent.type) || agent.status !== 'active') {
      throw new AppError('FORBIDDEN', 'only an active agent makes downline accounts');
    }
    const settings = await this.services.settings.all();
    const others = ruledFieldNames.filter((name) => name !== 'username' && name !== 'password');
    const rules = withoutFields(settings['register.fields'], others);
    const issues = validateFields({ username: input.username, password: input.password }, rules, [
      'username',
      'password',
    ]);
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', 'invalid account', issues);
    const row = await this.insertOnly(
      {
        method: 'username',
        username: input.username.trim(),
        password: input.password.trim(),
        paymentPassword: null,
        mobile: null,
        email: null,
        payeeName: null,
        contacts: {},
        uplineId: agent.id,
        referredById: null,
        type: input.type === 'agent' ? accountTypes.agent : accountTypes.member,
        inviteLinkId: null,
        domain: null,
        registerUrl: null,
      },
      origin,
      { by: agent.username },
    );
    return { publicId: row.publicId, username: row.username, type: row.type };
  }

  async register(body: RegisterInput, origin: RequestOrigin): Promise<LoginResult> {
    const settings = await this.services.settings.all();
    const whitelabel = settings['site.whitelabel'];
    if (!whitelabel.USERNAMEREG3) throw new AppError('FEATURE_DISABLED', 'username registration is off');
    const rules = settings['register.fields'];
    const issues = this.commonIssues(body, settings, { passwordAsked: true, username: true });
    const wantsCode = whitelabel.REGMOBVERF3 && !blank(body.mobileNum);
    if (wantsCode && blank(body.verificationCode)) issues.push(required('verificationCode'));
    const mobile = this.mobileOf(body.countryDialingCode, body.mobileNum, issues, rules.mobileNum.enabled);
    if (issues.length > 0) throw new AppError('VALIDATION_FAILED', 'invalid registration', issues);

    await this.checkCaptcha(settings, body);
    const links = await this.links(settings, body);
    const plan: NewMemberPlan = {
      method: 'username',
      username: (body.username ?? '').trim(),
      password: (body.password ?? '').trim(),
      paymentPassword: rules.paymentPassword.enabled ? trimmed(body.paymentPassword) : null,
      mobile: mobile ? { ...mobile, code: wantsCode ? (body.verificationCode ?? '').trim() : null } : null,
      ...this.profileOf(body, rules),
      ...links,
      domain: trimmed(body.domain),
      registerUrl: trimmed(body.registerUrl),
    };
    return this.create(plan, settings, origin);
  }

  async registerMobile(body: RegisterMobileInput, origin: RequestOrigin): Promise<LoginResult> {
    const settings = await this.services.settings.all();
    const whitelabel = settings['site.whitelabel'];
    if (!whitelabel.MOBILENUMREG3) throw new AppError('FEATURE_DISABLED', 'mobile registration is off');
    const passwordAsked = whitelabel.MOBILENUMPASSREG3;
    const issues = this.commonIssues(body, settings, { passwordAsked, username: false });
    if (!passwordAsked) {
      // Without a password the member logs in by SMS code; a password sent anyway is a client mistake.
      if (!blank(body.password)) issues.push({ path: 'password', message: 'validation.notAllowed' });
      if (!blank(body.confirmPassword))
        issues.push({ path: 'confirmPassword', message: 'validation.notAllowed' });
    }
    if (blank(body.verificationCode)) issues.push(required('verificationCode'));
    const mobile = this.mobileOf(body.countryDialingCode, body.mobileNum, issues, true);
    if (issues.length > 0 || !mobile) throw new AppError('VALIDATION_FAILED', 'invalid registration', issues);

    await this.checkCaptcha(settings, body);
    const links = await this.links(settings, body);
    const rules = settings['register.fields'];
    return this.create(
      {
        method: 'mobile',
        username: null,
        password: passwordAsked ? (body.password ?? '').trim() : null,
        paymentPassword: rules.paymentPassword.enabled ? trimmed(body.paymentPassword) : null,
        mobile: { ...mobile, code: body.verificationCode.trim() },
        ...this.profileOf(body, rules),
        ...links,
        domain: trimmed(body.domain),
        registerUrl: trimmed(body.registerUrl),
      },
      settings,
      origin,
    );
  }

  /** POST /wps/verification/sms/register: refuses a number that already has an account. */
  async sendRegisterSms(
    body: SmsSendInput,
    origin: RequestOrigin,
    languageHeader: string | string[] | undefined,
  ): Promise<{ expiredMinutes: number }> {
    const settings = await this.services.settings.all();
    const whitelabel = settings['site.whitelabel'];
    if (!whitelabel.MOBILENUMREG3 && !whitelabel.REGMOBVERF3) {
      throw new AppError('FEATURE_DISABLED', 'registration by SMS is off');
    }
    await this.services.captcha.checkIfGiven(body);
    const number = normalizeMobile(body.countryDialingCode, body.mobileNo);
    if (await authRepository.findByMobile(this.services.deps.db, body.countryDialingCode, number)) {
      throw new AppError('DUPLICATE_MOBILE', 'this number already has an account');
    }
    const language: Language = requestLanguage(languageHeader) ?? settings['site.defaultLanguage'];
    const sent = await this.services.codes.send(
      'register',
      body.countryDialingCode,
      number,
      origin.ip,
      language,
    );
    await this.services.audit.record('sms_sent', {
      ip: origin.ip,
      userAgent: origin.userAgent,
      detail: { purpose: 'register', to: `${body.countryDialingCode}${number}` },
    });
    return sent;
  }

  /** Field rules, password confirmation, agreement and age: every problem at once. */
  private commonIssues(
    body: RegisterInput | RegisterMobileInput,
    settings: Settings,
    tab: { passwordAsked: boolean; username: boolean },
  ): Issue[] {
    const allRules = settings['register.fields'];
    const skipped: RuledFieldName[] = [];
    if (!tab.username) skipped.push('username');
    if (!tab.passwordAsked) skipped.push('password');
    if (!settings['register.captchaEnabled']) skipped.push('captcha');
    const rules = withoutFields(allRules, skipped);
    const alwaysRequired: RuledFieldName[] = [];
    if (tab.username) alwaysRequired.push('username');
    if (tab.passwordAsked) alwaysRequired.push('password');
    if (allRules.mobileNum.enabled || !tab.username) alwaysRequired.push('mobileNum');
    if (allRules.paymentPassword.enabled) alwaysRequired.push('paymentPassword');
    if (settings['register.captchaEnabled']) alwaysRequired.push('captcha');
    if (settings['register.affiliateRequired']) alwaysRequired.push('affiliateCode');

    const values: Partial<Record<RuledFieldName, string | undefined>> = {
      password: body.password,
      payeeName: body.payeeName,
      paymentPassword: body.paymentPassword,
      qqNum: body.qqNum,
      line: body.line,
      whatsapp: body.whatsapp,
      zalo: body.zalo,
      facebook: body.facebook,
      wechat: body.wechat,
      idNumber: body.idNumber,
      email: body.email,
      mobileNum: body.mobileNum,
      affiliateCode: body.affiliateCode,
      captcha: body.captcha,
      recommenderId: body.recommenderId,
    };
    if (tab.username) values.username = body.username;
    const issues = validateFields(values, rules, alwaysRequired);

    if (tab.passwordAsked) {
      if (blank(body.confirmPassword)) issues.push(required('confirmPassword'));
      else if ((body.confirmPassword ?? '').trim() !== (body.password ?? '').trim()) {
        issues.push({ path: 'confirmPassword', message: 'validation.mismatch' });
      }
    }
    if (!body.agreed) issues.push({ path: 'agreed', message: 'validation.agree' });
    if (!body.ageConfirmed) {
      issues.push({
        path: 'ageConfirmed',
        message: 'validation.age',
        params: { age: settings['register.minimumAge'] },
      });
    }
    return issues;
  }

  /** The normalized number, or null (with an issue added when one was needed and is unusable). */
  private mobileOf(
    dialingCode: string | undefined,
    raw: string | undefined,
    issues: Issue[],
    asked: boolean,
  ): { dialingCode: string; number: string } | null {
    if (!asked || blank(raw)) return null;
    if (issues.some((issue) => issue.path === 'mobileNum')) return null;
    if (!dialingCode) {
      issues.push(required('countryDialingCode'));
      return null;
    }
    try {
      return { dialingCode, number: normalizeMobile(dialingCode, (raw ?? '').trim()) };
    } catch (error) {
      if (error instanceof AppError && error.issues) issues.push(...error.issues);
      else throw error;
      return null;
    }
  }

  private async checkCaptcha(
    settings: Settings,
    body: { captchaId?: string; captcha?: string },
  ): Promise<void> {
    if (settings['register.captchaEnabled']) await this.services.captcha.check(body.captchaId, body.captcha);
  }

  /** The upline agent (affiliate code) and the inviting member (referral code). */
  private async links(
    settings: Settings,
    body: { affiliateCode?: string; referralCode?: string },
  ): Promise<{
    uplineId: bigint | null;
    referredById: bigint | null;
    type: number;
    inviteLinkId: bigint | null;
  }> {
    const db = this.services.deps.db;
    let uplineId: bigint | null = null;
    let type: number = accountTypes.member;
    let inviteLinkId: bigint | null = null;
    const affiliateCode = trimmed(body.affiliateCode);
    if (affiliateCode || settings['register.affiliateRequired']) {
      let agent: { id: bigint; type: number; status: string } | null = affiliateCode
        ? await authRepository.findByReferralCode(db, affiliateCode)
        : null;
      if (!agent && affiliateCode && this.inviteLinks) {
        const link = await this.inviteLinks.resolve(db, affiliateCode);
        if (link) {
          agent = link.agent;
          type = link.type;
          inviteLinkId = link.linkId;
        }
      }
      if (!agent || agent.status !== 'active' || !isAgentType(agent.type)) {
        throw new AppError('INVALID_INVITATION_CODE', 'no active agent has this code', [
          { path: 'affiliateCode', message: 'validation.invitationCode' },
        ]);
      }
      uplineId = agent.id;
    }
    const referralCode = trimmed(body.referralCode);
    // A stale or mistyped invite link must not stop a sign-up: an unknown code is ignored.
    const referrer = referralCode ? await authRepository.findByReferralCode(db, referralCode) : null;
    return { uplineId, referredById: referrer?.id ?? null, type, inviteLinkId };
  }

  private profileOf(
    body: RegisterInput | RegisterMobileInput,
    rules: FieldRules,
  ): Pick<NewMemberPlan, 'email' | 'payeeName' | 'contacts'> {
    const contacts: MemberContacts = {};
    for (const field of contactFields) {
      const value = trimmed(body[field]);
      if (value && rules[field].enabled) contacts[field] = value;
    }
    const email = trimmed(body.email);
    const payeeName = trimmed(body.payeeName);
    return {
      email: email && rules.email.enabled ? email.toLowerCase() : null,
      payeeName: payeeName && rules.payeeName.enabled ? payeeName.replace(/\s+/g, ' ') : null,
      contacts,
    };
  }

  private create(plan: NewMemberPlan, settings: Settings, origin: RequestOrigin): Promise<LoginResult> {
    return this.insertMember(plan, origin, {}, async (tx, row) => {
      await this.welcome(tx, row, settings);
      return issueLogin(tx, this.services, row, origin, {
        via: 'register',
        password: plan.password,
        settings,
      });
    });
  }

  /** The member row alone (no session): an account an agent made for its team. */
  private async insertOnly(
    plan: NewMemberPlan,
    origin: RequestOrigin,
    detail: { by: string },
  ): Promise<MemberRow> {
    const settings = await this.services.settings.all();
    return this.insertMember(plan, origin, detail, async (tx, row) => {
      await this.welcome(tx, row, settings);
      return row;
    });
  }

  /** Inserts the member (audited) and runs `then` in the same transaction. */
  private async insertMember<T>(
    plan: NewMemberPlan,
    origin: RequestOrigin,
    detail: Record<string, string>,
    then: (tx: Executor, row: MemberRow) => Promise<T>,
  ): Promise<T> {
    const { deps, passwords, codes, audit } = this.services;
    const db = deps.db;
    const username = plan.username ?? `${plan.mobile?.dialingCode ?? ''}${plan.mobile?.number ?? ''}`;
    // Checked first for a clear answer; the unique indexes still decide a race (caught below). The
    // number first: on the mobile tab the username is the number, and "number taken" is the true reason.
    if (plan.mobile && (await authRepository.findByMobile(db, plan.mobile.dialingCode, plan.mobile.number))) {
      throw new AppError('DUPLICATE_MOBILE', 'mobile number taken');
    }
    if (await authRepository.usernameExists(db, username)) {
      throw new AppError('DUPLICATE_USERNAME', 'username taken');
    }
    // Hashed before the transaction opens, so no connection waits on argon2.
    const passwordHash = plan.password ? await passwords.hash(plan.password) : null;
    const paymentPasswordHash = plan.paymentPassword ? await passwords.hash(plan.paymentPassword) : null;

    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction(async (tx) => {
          const now = deps.clock.now();
          if (plan.mobile?.code) {
            await codes.consume(
              tx,
              'register',
              plan.mobile.dialingCode,
              plan.mobile.number,
              plan.mobile.code,
            );
          }
          const row = await authRepository.insertMember(tx, {
            publicId: newId(deps.rng, 'mbr'),
            username,
            account: await this.freshAccount(tx),
            countryDialingCode: plan.mobile?.dialingCode ?? null,
            mobile: plan.mobile?.number ?? null,
            mobileVerifiedAt: plan.mobile?.code ? now : null,
            email: plan.email,
            passwordHash,
            passwordChangedAt: passwordHash ? now : null,
            paymentPasswordHash,
            type: plan.type,
            payeeName: plan.payeeName,
            contacts: plan.contacts,
            referralCode: await this.freshReferralCode(tx),
            uplineId: plan.uplineId,
            referredById: plan.referredById,
            registerIp: origin.ip,
            registerDomain: plan.domain,
            registerUrl: plan.registerUrl,
            createdAt: now,
          });
          await audit.record(
            'register',
            {
              memberId: row.id,
              username: row.username,
              ip: origin.ip,
              userAgent: origin.userAgent,
              detail: {
                method: plan.method,
                upline: plan.uplineId !== null,
                referred: plan.referredById !== null,
                ...detail,
              },
            },
            tx,
          );
          if (plan.inviteLinkId !== null) {
            if (!this.inviteLinks) throw new Error('an invite link without the agent module');
            await this.inviteLinks.joined(tx, plan.inviteLinkId, { id: row.id, username: row.username });
          }
          return then(tx, row);
        });
      } catch (error) {
        const duplicate = duplicateFailure(error);
        if (duplicate) throw duplicate;
        // Another registration drew the same account number or code in the same instant: draw again.
        if (uniqueViolation(error) !== null && attempt < GENERATE_TRIES) continue;
        throw error;
      }
    }
  }

  private async welcome(tx: Executor, row: MemberRow, settings: Settings) {
    const site = settings['site.name'];
    await authRepository.insertMessage(tx, {
      memberId: row.id,
      title: WELCOME.title(site),
      body: WELCOME.body(site, row.account),
      at: this.services.deps.clock.now(),
    });
  }

  private async freshAccount(tx: Executor): Promise<string> {
    for (let attempt = 0; attempt < GENERATE_TRIES; attempt += 1) {
      const account = newAccountNumber(this.services.deps.rng);
      if (!(await authRepository.accountExists(tx, account))) return account;
    }
    throw new Error('no free account number after several draws');
  }

  private async freshReferralCode(tx: Executor): Promise<string> {
    for (let attempt = 0; attempt < GENERATE_TRIES; attempt += 1) {
      const code = newReferralCode(this.services.deps.rng);
      if (!(await authRepository.findByReferralCode(tx, code))) return code;
    }
    throw new Error('no free referral code after several draws');
  }
}
