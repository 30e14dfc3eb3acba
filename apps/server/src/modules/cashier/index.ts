import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { AuditService } from '../audit/index.js';
import type { AuthAuditService } from '../auth/index.js';
import type { MemberService } from '../member/index.js';
import type { SettingsService } from '../system/index.js';
import type { LedgerService, TurnoverService } from '../wallet/index.js';
import { BankAccountService } from './bank-account.service.js';
import { cashierOperatorCommands } from './cashier.operator.js';
import { CashierEvents, type CashierEventListener } from './cashier-events.js';
import { ChannelAdminService } from './channel-admin.service.js';
import { ChannelService } from './channel.service.js';
import { registerCashierAdminRoutes } from './cashier-admin.routes.js';
import { scheduleDepositExpiry } from './deposit-expiry.js';
import { registerDepositRoutes } from './deposit.routes.js';
import { DepositService } from './deposit.service.js';
import { GatewayRegistry } from './gateway/gateway-registry.js';
import { registerGatewayRoutes } from './gateway/gateway.routes.js';
import { SandboxCheckoutService } from './gateway/sandbox-checkout.service.js';
import { PaymentPasswordService } from './payment-password.service.js';
import { registerWithdrawalRoutes } from './withdrawal.routes.js';
import { WithdrawalService, type WithdrawalRule } from './withdrawal.service.js';

export { ChannelService } from './channel.service.js';
export type { CashierEvent, CashierEventListener } from './cashier-events.js';
export { DepositService } from './deposit.service.js';
export { ADMIN_DEPOSIT_PROOF_PATH } from './deposit.routes.js';
export { WithdrawalService, type WithdrawalRule } from './withdrawal.service.js';
export { seedCashierDemo } from './cashier.seed.js';

/** How often the outbox job delivers the cashier's events a consumer has not acknowledged (ADR 082). */
export const CASHIER_OUTBOX_JOB_MS = 60_000;
/** How often the outbox's retention sweep runs (ADR 085). */
export const CASHIER_OUTBOX_SWEEP_JOB_MS = 3_600_000;

/**
 * The cashier: payment channels, deposits (bank transfer and gateway, with their callbacks), bank
 * accounts, the payment password, withdrawals, the operator's review of both, and their jobs.
 */
export function createCashierModule(
  deps: AppDeps,
  modules: {
    settings: SettingsService;
    passwords: PasswordHasher;
    /** the member's own row: real name, login and payment password hashes; who asked, for staff views */
    members: Pick<
      MemberService,
      'payeeOf' | 'setPayeeNameIfEmpty' | 'secretsOf' | 'setPaymentPasswordHash' | 'summariesOf'
    >;
    /** the members' security log, where payment-password events are kept */
    authAudit: AuthAuditService;
    ledger: LedgerService;
    turnover: TurnoverService;
    audit: AuditService;
    logger?: { warn(object: Record<string, unknown>, message: string): void };
  },
) {
  const { settings, passwords, members, authAudit, ledger, turnover, audit } = modules;
  const events = new CashierEvents(deps, modules.logger);
  const paymentPasswords = new PaymentPasswordService({ deps, settings, passwords, members, authAudit });
  const bankAccounts = new BankAccountService({ deps, settings, members });
  const withdrawals = new WithdrawalService({
    deps,
    settings,
    ledger,
    turnover,
    paymentPasswords,
    members,
    audit,
    events,
  });
  ledger.checkHolding(withdrawals.heldCheck());
  const gateways = new GatewayRegistry(deps);
  const channels = new ChannelService(deps, gateways);
  const deposits = new DepositService({
    deps,
    settings,
    channels,
    gateways,
    ledger,
    turnover,
    audit,
    members,
    events,
  });
  const channelAdmin = new ChannelAdminService({ db: deps.db, channels, audit });
  const sandboxCheckout = new SandboxCheckoutService({ deps, settings, deposits, gateways });
  return {
    paymentPasswords,
    bankAccounts,
    withdrawals,
    gateways,
    channels,
    deposits,
    /**
     * Listens for money events after they commit (deposit credited, withdrawal paid), at least once
     * (ADR 082): `consumer` names the listener in the outbox, and the listener must be idempotent.
     */
    onEvent: (consumer: string, listener: CashierEventListener) => events.on(consumer, listener),
    /** a rule every withdrawal request passes before its money is held (the open-bonus rule) */
    addWithdrawalRule: (rule: WithdrawalRule) => withdrawals.addRule(rule),
    registerRoutes: async (app: FastifyInstance) => {
      await registerWithdrawalRoutes(app, { bankAccounts, paymentPasswords, withdrawals });
      await registerDepositRoutes(app, { channels, deposits });
      await registerGatewayRoutes(app, { deposits, sandboxCheckout });
      registerCashierAdminRoutes(app, { channels: channelAdmin, deposits, withdrawals });
    },
    schedule: (scheduler: Scheduler) => {
      withdrawals.schedule(scheduler);
      scheduleDepositExpiry(scheduler, deposits);
      scheduler.every('cashier-event-outbox', CASHIER_OUTBOX_JOB_MS, () => events.redeliver());
      scheduler.every('cashier-event-retention', CASHIER_OUTBOX_SWEEP_JOB_MS, () => events.sweep());
    },
    operatorCommands: cashierOperatorCommands({ channels, deposits, withdrawals }),
  };
}
export type CashierModule = ReturnType<typeof createCashierModule>;
