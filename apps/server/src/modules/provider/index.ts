import type { FastifyInstance } from 'fastify';
import type { AppDeps, ServiceLogger } from '../../lib/deps.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { GameService } from '../game/index.js';
import type { MemberService } from '../member/index.js';
import type { LedgerService } from '../wallet/index.js';
import { providerOperatorCommands } from './provider.operator.js';
import { registerProviderRoutes } from './provider.routes.js';
import { ProviderService } from './provider.service.js';

export { ProviderService, ProviderFailure, providerSignature } from './provider.service.js';

/** How often open rounds are checked against their vendor's timeout. */
export const ROUND_TIMEOUT_JOB_MS = 60_000;

/**
 * The seamless-wallet API that game vendors call (authenticate, balance, bet, win, rollback), the
 * launch tokens the game module hands them, and the job that closes rounds vendors left open.
 */
export function createProviderModule(
  deps: AppDeps,
  modules: {
    ledger: LedgerService;
    members: Pick<MemberService, 'playerOf'>;
    game: Pick<GameService, 'listVendors'>;
    logger: ServiceLogger;
  },
) {
  const provider = new ProviderService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    ledger: modules.ledger,
    members: modules.members,
    vendorExists: async (vendorCode) =>
      (await modules.game.listVendors()).some((vendor) => vendor.vassalage === vendorCode),
    logger: modules.logger,
  });
  return {
    provider,
    registerRoutes: (app: FastifyInstance) => registerProviderRoutes(app, { provider }),
    operatorCommands: providerOperatorCommands({ provider }),
    /** every minute: rounds past their vendor's timeout closed by its rule, expired launch tokens removed */
    schedule(scheduler: Pick<Scheduler, 'every'>): void {
      scheduler.every('provider-round-timeout', ROUND_TIMEOUT_JOB_MS, async () => {
        const now = deps.clock.now();
        const rounds = await provider.closeStaleRounds(now);
        return { ...rounds, launchTokensPurged: await provider.purgeLaunchTokens(now) };
      });
    },
  };
}
export type ProviderModule = ReturnType<typeof createProviderModule>;
