import type { FastifyInstance } from 'fastify';
import type { AppDeps, ServiceLogger } from '../../lib/deps.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { AuditService } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import type { RealtimeService } from '../realtime/index.js';
import type { SettingsService } from '../system/index.js';
import type { LedgerService } from '../wallet/index.js';
import { LotteryFollowService } from './follow/follow.service.js';
import { LotteryEngine } from './lottery.engine.js';
import { lotteryOperatorCommands } from './lottery.operator.js';
import { registerLotteryRoutes } from './lottery.routes.js';
import { LotteryService } from './lottery.service.js';
import { registerVnLotteryRoutes } from './vn/vn.routes.js';
import { VnResultsService } from './vn/vn-results.service.js';
import { VnLotteryService } from './vn/vn.service.js';

export { LotteryEngine } from './lottery.engine.js';
export { LotteryService } from './lottery.service.js';
export { LotteryFollowService } from './follow/follow.service.js';
export { lotteryRecordSource } from './lottery.records.js';
export { REHEARSAL_GAME, seedLotteryDemo } from './lottery.seed.js';
export { VnResultsService } from './vn/vn-results.service.js';
export type { LotteryFamily } from './families/family.js';

/** The engine looks at what is due every second: a 1-minute game's draw is never more than a second late. */
export const LOTTERY_TICK_MS = 1_000;

/**
 * The lottery (issue 13; ADR 035): games drawn on a schedule from committed seeds, bets on slips,
 * set-based settlement through the ledger, results pushed over the WebSocket.
 */
export function createLotteryModule(
  deps: AppDeps,
  modules: {
    settings: SettingsService;
    ledger: LedgerService;
    audit: Pick<AuditService, 'record'>;
    realtime: Pick<RealtimeService, 'publishToAll'>;
    logger: ServiceLogger;
    /** refuses a new bet of a member whose betting staff suspended */
    members: Pick<MemberService, 'assertMayBet'>;
  },
) {
  const engine = new LotteryEngine({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    settings: modules.settings,
    ledger: modules.ledger,
    announcer: () => ({
      announce: (event) => modules.realtime.publishToAll({ type: 'lottery', ...event }),
    }),
    logger: modules.logger,
  });
  const lottery = new LotteryService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    settings: modules.settings,
    ledger: modules.ledger,
    engine,
    members: modules.members,
  });
  const follows = new LotteryFollowService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    ledger: modules.ledger,
    lottery,
    logger: modules.logger,
  });
  modules.ledger.checkHolding(follows.heldStakeCheck());
  const vnResults = new VnResultsService({
    db: deps.db,
    clock: deps.clock,
    ledger: modules.ledger,
    engine,
    settings: modules.settings,
  });
  return {
    engine,
    lottery,
    follows,
    vnResults,
    registerRoutes: (app: FastifyInstance) => {
      registerLotteryRoutes(app, { lottery, follows, audit: modules.audit });
      registerVnLotteryRoutes(app, new VnLotteryService({ db: deps.db, lottery }), vnResults, modules.audit);
    },
    operatorCommands: lotteryOperatorCommands({ lottery, vnResults, db: deps.db }),
    schedule(scheduler: Scheduler): void {
      // Only the latest second matters: each tick does everything due by then (catch-up included).
      scheduler.every('lottery-engine', LOTTERY_TICK_MS, async () => ({ ...(await engine.tick()) }), {
        catchUp: 1,
      });
      // A daily draw with no result for too long is cancelled and refunded (ADR 063); hours, not seconds.
      scheduler.every(
        'lottery-vn-overdue',
        60_000,
        async () => ({ cancelled: await vnResults.voidOverdue() }),
        {
          catchUp: 1,
        },
      );
      // Follow bets (ADR 062) on their own job: a chain's next slip is placed as its period opens.
      scheduler.every('lottery-follow', LOTTERY_TICK_MS, async () => ({ ...(await follows.tick()) }), {
        catchUp: 1,
      });
    },
  };
}
export type LotteryModule = ReturnType<typeof createLotteryModule>;
