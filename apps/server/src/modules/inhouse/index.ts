import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { GameCatalogueService } from '../game/index.js';
import type { ProviderService } from '../provider/index.js';
import type { SettingsService } from '../system/index.js';
import { InhouseWallet } from './inhouse-wallet.js';
import { registerInhouseRoutes } from './inhouse.routes.js';
import { InhouseService } from './inhouse.service.js';

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
    catalogue: Pick<GameCatalogueService, 'list'>;
    provider: Pick<ProviderService, 'bet' | 'win' | 'rollback' | 'vendorOf'>;
  },
) {
  const wallet = new InhouseWallet({ provider: modules.provider, rng: deps.rng });
  const inhouse = new InhouseService({ settings: modules.settings, catalogue: modules.catalogue });
  return {
    inhouse,
    wallet,
    registerRoutes: (app: FastifyInstance) => registerInhouseRoutes(app, { inhouse }),
  };
}
export type InhouseModule = ReturnType<typeof createInhouseModule>;
