import { isProduction } from './config.js';
import { silentLogger, type AppDeps, type ServiceLogger } from './lib/deps.js';
import { SettingsService } from './modules/system/settings.service.js';
import { SystemService } from './modules/system/system.service.js';
import { ContentService } from './modules/content/content.service.js';
import { GameService } from './modules/game/game.service.js';
import { OperatorService } from './modules/operator/operator.service.js';
import { AuditService } from './modules/audit/index.js';
import { auditOperatorCommands } from './modules/audit/audit.operator.js';
import { systemOperatorCommands } from './modules/system/system.operator.js';
import { contentOperatorCommands } from './modules/content/content.operator.js';
import { gameOperatorCommands } from './modules/game/game.operator.js';
import { adminOperatorCommands } from './modules/admin/admin.operator.js';
import { walletOperatorCommands } from './modules/wallet/wallet.operator.js';
import { cashierOperatorCommands } from './modules/cashier/cashier.operator.js';
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
import { LedgerService } from './modules/wallet/ledger.service.js';
import { WalletService } from './modules/wallet/wallet.service.js';
import { AdminService } from './modules/admin/admin.service.js';
import { AdjustmentService } from './modules/admin/adjustment.service.js';
import { RealtimeService } from './modules/realtime/realtime.service.js';
import { Scheduler } from './lib/scheduler.js';
import { BankAccountService } from './modules/cashier/bank-account.service.js';
import { PaymentPasswordService } from './modules/cashier/payment-password.service.js';
import { WithdrawalService } from './modules/cashier/withdrawal.service.js';
import { TurnoverService } from './modules/wallet/turnover.service.js';
import { GatewayRegistry } from './modules/cashier/gateway/gateway-registry.js';
import { ChannelService } from './modules/cashier/channel.service.js';
import { DepositService } from './modules/cashier/deposit.service.js';
import { scheduleDepositExpiry } from './modules/cashier/deposit-expiry.js';

/** The services of every module, built once per app; modules reach each other only through these. */
export interface AppServices {
  deps: AppDeps;
  settings: SettingsService;
  system: SystemService;
  content: ContentService;
  game: GameService;
  operator: OperatorService;
  staffAudit: AuditService;
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
  /** the double-entry ledger: every money movement goes through it */
  ledger: LedgerService;
  /** the member's balance, statement, bonuses and turnover (reads only) */
  wallet: WalletService;
  /** what a member must still bet before withdrawing */
  turnover: TurnoverService;
  /** operator staff: admin users, their sessions (see modules/admin/admin-guard.ts) */
  admin: AdminService;
  /** manual balance corrections by staff and the operator tool */
  adjustments: AdjustmentService;
  /** periodic work, once per period across all instances; started by main.ts only */
  scheduler: Scheduler;
  /** the bank accounts members withdraw to */
  bankAccounts: BankAccountService;
  /** the second secret every withdrawal asks for */
  paymentPasswords: PaymentPasswordService;
  /** withdrawal requests, operator review, receipt and auto-receipt */
  withdrawals: WithdrawalService;
  /** pushes events to members' WebSockets (/ws), across instances */
  realtime: RealtimeService;
  /** online payment providers (the sandbox today) */
  gateways: GatewayRegistry;
  /** payment channels members deposit through */
  channels: ChannelService;
  /** deposits by bank transfer and gateway, their review, gateway callbacks, expiry */
  deposits: DepositService;
}

export function createServices(deps: AppDeps, logger: ServiceLogger = silentLogger): AppServices {
  const settings = new SettingsService(deps.db, deps.clock, deps.config.SETTINGS_CACHE_MS);
  const system = new SystemService(deps, settings);
  const content = new ContentService(deps, settings);
  const game = new GameService(deps, settings);
  const staffAudit = new AuditService(deps);
  const operator = new OperatorService(staffAudit);
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
  // Looked up on each publish: the realtime service is built after the ledger.
  const ledger = new LedgerService(deps, () => services.realtime);
  const turnover = new TurnoverService();
  const wallet = new WalletService(deps, turnover);
  const memberPasswords = new PasswordService({
    deps,
    settings,
    sessions,
    passwords,
    audit,
    codes,
    messages,
    captcha,
  });
  const paymentPasswords = new PaymentPasswordService({ deps, settings, passwords });
  const withdrawals = new WithdrawalService({
    deps,
    settings,
    ledger,
    turnover,
    paymentPasswords,
    audit: staffAudit,
  });
  const gateways = new GatewayRegistry(deps);
  const channels = new ChannelService(deps, gateways);
  const services: AppServices = {
    deps,
    settings,
    system,
    content,
    game,
    operator,
    staffAudit,
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
    ledger,
    wallet,
    turnover,
    admin: new AdminService(deps.db, deps.clock, deps.rng, passwords, staffAudit, isProduction(deps.config)),
    adjustments: new AdjustmentService(deps.db, deps.clock, ledger, staffAudit),
    scheduler: new Scheduler(deps.db, deps.clock, logger),
    realtime: new RealtimeService({
      db: deps.db,
      ledger,
      wallet,
      logger,
      listenUrl: deps.config.DATABASE_URL,
    }),
    bankAccounts: new BankAccountService({ deps, settings }),
    paymentPasswords,
    withdrawals,
    gateways,
    channels,
    deposits: new DepositService({ deps, settings, channels, gateways, ledger, audit: staffAudit }),
  };
  for (const group of [
    systemOperatorCommands({ deps, settings }),
    contentOperatorCommands({ content }),
    gameOperatorCommands({ game, settings }),
    auditOperatorCommands({ audit: staffAudit }),
    adminOperatorCommands({ deps, admin: services.admin, adjustments: services.adjustments }),
    walletOperatorCommands({ ledger, db: deps.db }),
    cashierOperatorCommands({ channels, deposits: services.deposits, withdrawals }),
  ])
    operator.register(group);
  services.withdrawals.schedule(services.scheduler);
  scheduleDepositExpiry(services.scheduler, services.deposits);
  return services;
}
