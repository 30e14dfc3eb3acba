import { parseMoney } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { AuditService } from '../audit/index.js';
import type { RoundsSource } from './turnover.service.js';
import type { SettingsService } from '../system/index.js';
import { agentOperatorCommands } from './agent.operator.js';
import { registerAgentRoutes } from './agent.routes.js';
import { HierarchyService } from './hierarchy.service.js';
import { TurnoverService } from './turnover.service.js';

export { TurnoverService, siteDayOf, type TurnoverInput, type TurnoverTotals } from './turnover.service.js';
export { HierarchyService } from './hierarchy.service.js';

/** How often settled seamless rounds are folded into the turnover aggregates. */
export const TURNOVER_FEED_JOB_MS = 60_000;

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
    /** the provider module's settled rounds after a cursor */
    rounds: RoundsSource;
  },
) {
  const turnover = new TurnoverService({ db: deps.db, clock: deps.clock, rounds: modules.rounds });
  const hierarchy = new HierarchyService({
    db: deps.db,
    clock: deps.clock,
    turnover,
    audit: modules.audit,
    activeMinValidBet: async () => parseMoney((await modules.settings.all())['agent.activeMinValidBet']),
    contractsOf: () => Promise.resolve(new Map()),
  });
  return {
    turnover,
    hierarchy,
    registerRoutes: (app: FastifyInstance) => {
      registerAgentRoutes(app, { hierarchy });
    },
    operatorCommands: agentOperatorCommands({ hierarchy }),
    /** every minute: settled seamless rounds folded into the turnover aggregates */
    schedule(scheduler: Pick<Scheduler, 'every'>): void {
      scheduler.every('agent-turnover-feed', TURNOVER_FEED_JOB_MS, () => turnover.feedFromRounds());
    },
  };
}
export type AgentModule = ReturnType<typeof createAgentModule>;
