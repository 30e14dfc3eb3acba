import type { FastifyInstance } from 'fastify';
import type { AppDeps, ServiceLogger } from '../../lib/deps.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { GameCatalogueService } from '../game/index.js';
import type { ProviderService } from '../provider/index.js';
import type { RealtimeService } from '../realtime/index.js';
import type { SettingsService } from '../system/index.js';
import { registerDiceRoutes } from './dice.routes.js';
import { DiceService } from './dice.service.js';
import { registerCrashRoutes } from './crash.routes.js';
import { CRASH_TICK_MS, CrashService, type CrashTiming } from './crash.service.js';
import { InhouseWallet } from './inhouse-wallet.js';
import { registerInhouseRoutes } from './inhouse.routes.js';
import { InhouseService } from './inhouse.service.js';
import { registerSlotRoutes } from './slot.routes.js';
import { SlotService } from './slot.service.js';

export { InhouseWallet } from './inhouse-wallet.js';
export type { InhouseMoneyCall, InhouseWinCall, InhouseRollbackCall } from './inhouse-wallet.js';

/**
 * Our own games (issue 12; ADR 040): the slot, dice and crash under the vendor code INHOUSE (migration
 * 0018). Every bet, win and rollback goes through `wallet`, the provider module's seamless-wallet service
 * called in process, so in-house rounds are vendor rounds in every way that matters.
 */
export function createInhouseModule(
  deps: AppDeps,
  modules: {
    settings: SettingsService;
    catalogue: Pick<GameCatalogueService, 'list' | 'playableGame'>;
    provider: Pick<ProviderService, 'bet' | 'win' | 'rollback' | 'vendorOf'>;
    realtime: Pick<RealtimeService, 'publishToAll'>;
    logger?: ServiceLogger;
  },
  options: { crashTiming?: Partial<CrashTiming> } = {},
) {
  const wallet = new InhouseWallet({ provider: modules.provider, rng: deps.rng });
  const inhouse = new InhouseService({ settings: modules.settings, catalogue: modules.catalogue });
  const slot = new SlotService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    settings: modules.settings,
    catalogue: modules.catalogue,
    wallet,
  });
  const dice = new DiceService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    settings: modules.settings,
    catalogue: modules.catalogue,
    wallet,
  });
  const crash = new CrashService(
    {
      db: deps.db,
      clock: deps.clock,
      rng: deps.rng,
      settings: modules.settings,
      catalogue: modules.catalogue,
      wallet,
      realtime: modules.realtime,
      logger: modules.logger,
    },
    options.crashTiming,
  );
  return {
    inhouse,
    wallet,
    slot,
    dice,
    crash,
    /** crash's rounds: opened, settled and announced once a second, by one instance (ADR 031) */
    schedule(scheduler: Pick<Scheduler, 'every'>): void {
      scheduler.every('inhouse-crash', CRASH_TICK_MS, () => crash.tick(), { catchUp: 1 });
    },
    registerRoutes: (app: FastifyInstance) => {
      registerInhouseRoutes(app, { inhouse });
      registerSlotRoutes(app, slot);
      registerDiceRoutes(app, dice);
      registerCrashRoutes(app, crash);
    },
  };
}
export type InhouseModule = ReturnType<typeof createInhouseModule>;
