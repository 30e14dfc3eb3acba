import { parseMoney } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { RequestOrigin } from '../../lib/caller.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { AuditService } from '../audit/index.js';
import type { InviteLinks } from '../auth/index.js';
import type { LedgerService } from '../wallet/index.js';
import type { RoundsSource } from './turnover.service.js';
import type { SettingsService } from '../system/index.js';
import { agentOperatorCommands } from './agent.operator.js';
import { registerAgentRoutes } from './agent.routes.js';
import { ContractService } from './contract.service.js';
import { HierarchyService } from './hierarchy.service.js';
import { InviteService, type InviteDeps } from './invite.service.js';
import { ReferralService } from './referral.service.js';
import { SettlementRepairService } from './settlement-repair.service.js';
import { SettlementService } from './settlement.service.js';
import { AgentTransferService } from './transfer.service.js';
import { siteDayOf, TurnoverService } from './turnover.service.js';

export {
  TurnoverService,
  addDays,
  siteDayOf,
  type TurnoverInput,
  type TurnoverTotals,
} from './turnover.service.js';
export { HierarchyService } from './hierarchy.service.js';
export { seedAgentDemo } from './agent.seed.js';
export { ContractService } from './contract.service.js';
export { SettlementService, SETTLE_LAG_MS } from './settlement.service.js';
export { ReferralService, referralRewardOf } from './referral.service.js';
export { InviteService } from './invite.service.js';

/** How often settled seamless rounds are folded into the turnover aggregates. */
export const TURNOVER_FEED_JOB_MS = 60_000;
/** Dividends and daily wages are looked at this often (each period is settled once it has ended). */
export const DAY_KINDS_JOB_MS = 5 * 60_000;
/** SPEC section 9: wages every 5 minutes (the real-time salary). */
export const REALTIME_SALARY_MS = 5 * 60_000;
export const HOURLY_SALARY_MS = 60 * 60_000;
/** Referral rewards for first deposits are looked for this often. */
export const REFERRAL_REWARD_JOB_MS = 60_000;

/**
 * The agent system (issue 14): the agent tree (ADR 045), turnover per member, day and category rolled
 * up to every upline (ADR 046; `turnover.recordTurnover` is how other modules — the lottery, rebates —
 * count settled play, and `turnover.teamTotals` how they read a team), and the agent centre's calls.
 */
export function createAgentModule(
  deps: AppDeps,
  modules: {
    settings: SettingsService;
    audit: AuditService;
    ledger: LedgerService;
    /** the cashier's payment-password check */
    verifyPaymentPassword: (
      memberId: bigint,
      paymentPassword: string,
      origin: RequestOrigin,
    ) => Promise<void>;
    /** the wallet's turnover still to wager (transfers to an upline follow the withdrawal's rule) */
    turnoverRemaining: (memberId: bigint) => Promise<bigint>;
    /** the provider module's settled rounds after a cursor */
    rounds: RoundsSource;
    /** the auth module's account creation (registerCenter's downline accounts) */
    createAccount: InviteDeps['createAccount'];
  },
) {
  const turnover = new TurnoverService({ db: deps.db, clock: deps.clock, rounds: modules.rounds });
  const settings = () => modules.settings.all();
  const contracts = new ContractService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    audit: modules.audit,
    turnover,
    settings,
  });
  const hierarchy = new HierarchyService({
    db: deps.db,
    clock: deps.clock,
    turnover,
    audit: modules.audit,
    activeMinValidBet: async () => parseMoney((await settings())['agent.activeMinValidBet']),
    contractsOf: (memberIds) => contracts.contractsOf(memberIds),
    endExceedingAfterMove: (tx, memberId, actor) => contracts.endExceedingAfterMove(tx, memberId, actor),
  });
  const settlements = new SettlementService({
    db: deps.db,
    clock: deps.clock,
    ledger: modules.ledger,
    audit: modules.audit,
    turnover,
    settings,
  });
  const repair = new SettlementRepairService({
    db: deps.db,
    clock: deps.clock,
    ledger: modules.ledger,
    audit: modules.audit,
  });
  const transfers = new AgentTransferService({
    db: deps.db,
    ledger: modules.ledger,
    audit: modules.audit,
    settings,
    verifyPaymentPassword: modules.verifyPaymentPassword,
    turnoverRemaining: modules.turnoverRemaining,
  });
  const invites = new InviteService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    audit: modules.audit,
    contracts,
    createAccount: modules.createAccount,
  });
  const referrals = new ReferralService({
    db: deps.db,
    clock: deps.clock,
    ledger: modules.ledger,
    audit: modules.audit,
    settings,
  });
  /** for registration (the auth module): invite link codes work as affiliate codes */
  const inviteLinks: InviteLinks = {
    resolve: (db, code) => invites.resolve(db, code),
    joined: (tx, linkId, member) => invites.joined(tx, linkId, member),
  };
  return {
    turnover,
    transfers,
    invites,
    inviteLinks,
    referrals,
    hierarchy,
    contracts,
    settlements,
    registerRoutes: (app: FastifyInstance) => {
      registerAgentRoutes(app, { hierarchy, contracts, settlements, transfers, invites, referrals });
    },
    operatorCommands: agentOperatorCommands({
      hierarchy,
      contracts,
      settlements,
      repair,
      today: () => siteDayOf(deps.clock.now()),
    }),
    /** every minute: settled seamless rounds folded into the turnover aggregates */
    schedule(scheduler: Pick<Scheduler, 'every'>): void {
      scheduler.every('agent-turnover-feed', TURNOVER_FEED_JOB_MS, () => turnover.feedFromRounds());
      scheduler.every('referral-reward', REFERRAL_REWARD_JOB_MS, async () => ({
        paid: await referrals.payDue(),
      }));
      // Each run settles every period that has ended (a stopped server catches up on all of them).
      scheduler.every('agent-day-settlement', DAY_KINDS_JOB_MS, () => settlements.settleDayKinds());
      scheduler.every(
        'agent-realtime-salary',
        REALTIME_SALARY_MS,
        (period) => settlements.settleSalaryPeriod('realtime_salary', period),
        { catchUp: 12 },
      );
      scheduler.every(
        'agent-hourly-salary',
        HOURLY_SALARY_MS,
        (period) => settlements.settleSalaryPeriod('hourly_salary', period),
        { catchUp: 24 },
      );
    },
  };
}
export type AgentModule = ReturnType<typeof createAgentModule>;
