import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import { maskUsername } from '../../lib/mask.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { TurnoverService as AggregateTurnover } from '../agent/index.js';
import type { AuditService } from '../audit/index.js';
import type { DepositService } from '../cashier/index.js';
import type { MemberService } from '../member/index.js';
import type { RankService } from '../loyalty/index.js';
import type { ProviderModule } from '../provider/index.js';
import type { ApplicationService } from '../rewards/index.js';
import { siteDayEnd, siteDayStart, type LedgerService } from '../wallet/index.js';
import { siteDayOf } from '../agent/index.js';
import { LeaderboardService } from './leaderboard.service.js';
import { MissionService } from './mission.service.js';
import { missionsOperatorCommands } from './missions.operator.js';
import { registerMissionsRoutes } from './missions.routes.js';
import { RaffleService } from './raffle.service.js';
import { RewardCentreService } from './reward-centre.service.js';

export { MissionService } from './mission.service.js';
export { LeaderboardService, LEADERBOARD_SETTLE_LAG_MS } from './leaderboard.service.js';
export { RaffleService } from './raffle.service.js';
export { drawWinners, seedHashOf, DRAW_METHOD } from './draw.js';
export { seedMissionsDemo } from './missions.seed.js';

/** Ended leaderboard periods and raffles are looked at this often (each is paid or drawn once). */
export const MISSIONS_JOB_MS = 60_000;

/**
 * Missions, leaderboards and the reward centre with raffles (issue 15; ADR 075, 076). Progress and
 * standings are read from the agent module's turnover aggregate, the provider's settled rounds and the
 * cashier's credited deposits, each through its index; every prize moves through the ledger once.
 */
export function createMissionsModule(
  deps: AppDeps,
  modules: {
    turnover: Pick<AggregateTurnover, 'memberCategoryTotals' | 'topByValidBet' | 'standingByValidBet'>;
    deposits: Pick<DepositService, 'creditedTotals'>;
    bestMultipliers: ProviderModule['bestMultipliers'];
    multiplierStanding: ProviderModule['multiplierStanding'];
    applications: Pick<ApplicationService, 'mine'>;
    rankGifts: Pick<RankService, 'giftsOf'>;
    members: Pick<MemberService, 'summariesOf'>;
    ledger: LedgerService;
    audit: AuditService;
  },
) {
  const site = { dayStart: siteDayStart, dayEnd: siteDayEnd, dayOf: siteDayOf };
  const { turnover } = modules;
  const common = { db: deps.db, clock: deps.clock, site, ledger: modules.ledger, audit: modules.audit };
  const missions = new MissionService({
    ...common,
    sources: {
      play: (memberId, fromDay, toDay, category, db) =>
        turnover.memberCategoryTotals(memberId, fromDay, toDay, category, db),
      deposits: (memberId, from, until) => modules.deposits.creditedTotals(memberId, from, until),
    },
  });
  const leaderboards = new LeaderboardService({
    ...common,
    members: modules.members,
    mask: maskUsername,
    sources: {
      topValidBet: (fromDay, toDay, limit, db) => turnover.topByValidBet(fromDay, toDay, limit, db),
      bestMultipliers: (from, until, limit, db) => modules.bestMultipliers(from, until, limit, db),
      validBetStanding: (memberId, fromDay, toDay) => turnover.standingByValidBet(memberId, fromDay, toDay),
      multiplierStanding: (memberId, from, until) => modules.multiplierStanding(memberId, from, until),
    },
  });
  const raffles = new RaffleService({
    ...common,
    rng: deps.rng,
    members: modules.members,
    mask: maskUsername,
    validBetOf: async (memberId, fromDay, toDay) =>
      (await turnover.memberCategoryTotals(memberId, fromDay, toDay, null)).validBet,
    validBets: (fromDay, toDay, limit, db) => turnover.topByValidBet(fromDay, toDay, limit, db),
  });
  const rewardCentre = new RewardCentreService({
    missions,
    leaderboards,
    raffles,
    applications: modules.applications,
    rankGifts: modules.rankGifts,
  });
  return {
    missions,
    leaderboards,
    raffles,
    rewardCentre,
    registerRoutes: (app: FastifyInstance) =>
      registerMissionsRoutes(app, { missions, leaderboards, raffles, rewardCentre }),
    operatorCommands: missionsOperatorCommands({ missions, leaderboards, raffles }),
    /** every minute: ended leaderboard periods paid, ended raffles drawn */
    schedule(scheduler: Pick<Scheduler, 'every'>): void {
      scheduler.every('missions-leaderboards', MISSIONS_JOB_MS, () => leaderboards.settleDue());
      scheduler.every('missions-raffles', MISSIONS_JOB_MS, () => raffles.drawDue());
    },
  };
}
export type MissionsModule = ReturnType<typeof createMissionsModule>;
