import type { AppDeps } from './app.js';
import { SettingsService } from './modules/system/settings.service.js';
import { SystemService } from './modules/system/system.service.js';
import { ContentService } from './modules/content/content.service.js';
import { GameService } from './modules/game/game.service.js';
import { OperatorService } from './modules/operator/operator.service.js';
import { SessionService } from './modules/auth/session.service.js';
import { AuthAuditService } from './modules/auth/auth-audit.service.js';
import { RegistrationService } from './modules/auth/registration.service.js';
import { LoginService } from './modules/auth/login.service.js';
import { CaptchaService } from './modules/verification/captcha.service.js';
import { VerificationCodeService } from './modules/verification/verification-code.service.js';
import { VerificationService } from './modules/verification/verification.service.js';
import {
  MessageService,
  emailProviderFrom,
  smsProviderFrom,
} from './modules/verification/message.service.js';
import { createPasswordHasher, type PasswordHasher } from './lib/password-hasher.js';
import { MemberService } from './modules/member/member.service.js';
import { PasswordService } from './modules/member/password.service.js';

/** The services of every module, built once per app; modules reach each other only through these. */
export interface AppServices {
  deps: AppDeps;
  settings: SettingsService;
  system: SystemService;
  content: ContentService;
  game: GameService;
  operator: OperatorService;
  sessions: SessionService;
  passwords: PasswordHasher;
  captcha: CaptchaService;
  codes: VerificationCodeService;
  /** every SMS and email goes through here (and into the outbox) */
  messages: MessageService;
  verification: VerificationService;
  audit: AuthAuditService;
  /** registration by username or mobile, and its SMS */
  registration: RegistrationService;
  /** logins, new-address challenges, free play, logout */
  login: LoginService;
  /** the member's own profile, avatar and unread count */
  member: MemberService;
  /** change, forgot by email, reset by link or by phone */
  memberPasswords: PasswordService;
}

export function createServices(deps: AppDeps): AppServices {
  const settings = new SettingsService(deps.db, deps.clock, deps.config.SETTINGS_CACHE_MS);
  const system = new SystemService(deps, settings);
  const content = new ContentService(deps, settings);
  const game = new GameService(deps, settings);
  const operator = new OperatorService(deps, settings, content, game);
  const sessions = new SessionService(deps.db, deps.clock, deps.rng, settings);
  const passwords = createPasswordHasher(deps.config.HASH_CONCURRENCY);
  const captcha = new CaptchaService(deps.db, deps.clock, deps.rng);
  const messages = new MessageService(
    deps.db,
    deps.clock,
    deps.rng,
    deps.config,
    smsProviderFrom(deps.config),
    emailProviderFrom(deps.config),
  );
  const codes = new VerificationCodeService(deps.db, deps.clock, deps.rng, settings, messages);
  const verification = new VerificationService(deps.db, settings);
  const audit = new AuthAuditService(deps.db, deps.clock);
  const authServices = { deps, settings, passwords, audit, sessions, captcha, codes, messages };
  const registration = new RegistrationService(authServices);
  const login = new LoginService(authServices, registration);
  const member = new MemberService({ deps, settings });
  const memberPasswords = new PasswordService({
    deps,
    settings,
    sessions,
    passwords,
    audit,
    codes,
    messages,
  });
  return {
    deps,
    settings,
    system,
    content,
    game,
    operator,
    sessions,
    passwords,
    audit,
    registration,
    login,
    captcha,
    codes,
    messages,
    verification,
    member,
    memberPasswords,
  };
}
