import type { FastifyInstance } from 'fastify';
import type { RequestOrigin } from '../../lib/caller.js';
import type { AppDeps } from '../../lib/deps.js';
import type { Scheduler } from '../../lib/scheduler.js';
import { addDays, siteDayOf, type TurnoverService as TurnoverAggregate } from '../agent/index.js';
import type { AuditService } from '../audit/index.js';
import type { CashierModule } from '../cashier/index.js';
import type { MemberService } from '../member/index.js';
import type { SettingsService } from '../system/index.js';
import type { LedgerService } from '../wallet/index.js';
import { loyaltyOperatorCommands } from './loyalty.operator.js';
import { registerLoyaltyRoutes } from './loyalty.routes.js';
import { MallService } from './mall.service.js';
import { PointsService } from './points.service.js';
import { RankService } from './rank.service.js';

export { seedLoyaltyDemo } from './loyalty.seed.js';
export { PointsService, pointsFor } from './points.service.js';
export { MallService } from './mall.service.js';
export { RankService, earnedLevel } from './rank.service.js';

/** Valid bets earn their points this often (the agent module's turnover feed runs every minute). */
export const POINTS_ACCRUAL_JOB_MS = 5 * 60_000;
/** Every member's rank is evaluated (and relegated by the operator's rule) once a day. */
export const RANK_EVALUATION_JOB_MS = 24 * 60 * 60_000;

/**
 * Loyalty (issue 15): points earned by deposits (the cashier's deposit-credited event) and valid bets
 * (the agent module's turnover roll-up, ADR 046), converted to money or spent in the point mall, whose
 * redeems the operator reviews; and the player rank (VIP) with its gifts.
 */
export function createLoyaltyModule(
  deps: AppDeps,
  modules: {
    settings: SettingsService;
    audit: AuditService;
    ledger: LedgerService;
    members: Pick<
      MemberService,
      'summariesOf' | 'byAccount' | 'rankLevelOf' | 'setRankLevel' | 'realMemberIdsAfter'
    >;
    turnover: Pick<TurnoverAggregate, 'memberRowsFrom' | 'memberTotals'>;
    cashier: Pick<CashierModule, 'onEvent' | 'paymentPasswords'>;
  },
) {
  const settings = () => modules.settings.all();
  const points = new PointsService({
    deps,
    settings,
    ledger: modules.ledger,
    turnover: {
      memberRowsFrom: (fromDay, after, limit) => modules.turnover.memberRowsFrom(fromDay, after, limit),
    },
    verifyPaymentPassword: (memberId: bigint, paymentPassword: string, origin: RequestOrigin) =>
      modules.cashier.paymentPasswords.verify(memberId, paymentPassword, origin),
    siteDayOf,
    addDays,
    // More deposits or bets may earn a higher rank at once (its gift with it).
    onActivity: async (memberIds) => {
      for (const memberId of memberIds) await ranks.evaluate(memberId);
    },
  });
  const ranks = new RankService({
    deps,
    settings,
    ledger: modules.ledger,
    audit: modules.audit,
    points,
    members: modules.members,
    validBetBetween: async (memberId, from, to) =>
      (await modules.turnover.memberTotals(memberId, from, to)).validBet,
    siteDayOf,
    addDays,
    cacheMs: deps.config.SETTINGS_CACHE_MS,
  });
  const mall = new MallService({
    deps,
    points,
    ledger: modules.ledger,
    audit: modules.audit,
    members: modules.members,
  });
  modules.cashier.onEvent('loyalty-points', async (event) => {
    if (event.type === 'deposit-credited') await points.earnFromDeposit(event);
  });
  return {
    points,
    mall,
    ranks,
    registerRoutes: (app: FastifyInstance) => registerLoyaltyRoutes(app, { points, mall, ranks }),
    operatorCommands: loyaltyOperatorCommands({ points, mall, ranks, members: modules.members }),
    schedule(scheduler: Pick<Scheduler, 'every'>): void {
      scheduler.every('loyalty-points-accrual', POINTS_ACCRUAL_JOB_MS, () => points.accrueBets());
      scheduler.every('loyalty-rank-evaluation', RANK_EVALUATION_JOB_MS, () => ranks.evaluateAll());
    },
  };
}
export type LoyaltyModule = ReturnType<typeof createLoyaltyModule>;
