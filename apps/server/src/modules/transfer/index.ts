import type { FastifyInstance } from 'fastify';
import type { AppDeps, ServiceLogger } from '../../lib/deps.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { GameService } from '../game/index.js';
import type { MemberService } from '../member/index.js';
import type { ProviderModule } from '../provider/index.js';
import type { LedgerService } from '../wallet/index.js';
import { transferOperatorCommands } from './transfer.operator.js';
import { registerTransferRoutes } from './transfer.routes.js';
import { TransferService } from './transfer.service.js';
import { fetchTransport, VendorClient } from './vendor-client.js';

export { TransferService, RECONCILE_AFTER_MS } from './transfer.service.js';
export type { VendorTransport } from './vendor-client.js';

/** How often pending transfers are asked about. */
export const TRANSFER_RECONCILE_JOB_MS = 60_000;

/**
 * The transfer wallet model (ADR 021): members' sub-wallets at vendors that keep their own wallet,
 * transfers in and out through the vendors' signed wallet API, consolidation, the automatic transfer
 * in when a game opens, and the job that resolves transfers a vendor left unanswered.
 */
export function createTransferModule(
  deps: AppDeps,
  modules: {
    ledger: LedgerService;
    members: Pick<MemberService, 'playerOf' | 'assertMayBet'>;
    game: Pick<GameService, 'listVendors'>;
    provider: Pick<ProviderModule, 'vendorTerms' | 'launches'>;
    logger: ServiceLogger;
  },
) {
  const transfers = new TransferService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    ledger: modules.ledger,
    vendorTerms: modules.provider.vendorTerms,
    vendorTitles: async () =>
      new Map((await modules.game.listVendors()).map((vendor) => [vendor.vassalage, vendor.title])),
    members: modules.members,
    client: new VendorClient({ clock: deps.clock, transport: fetchTransport }),
    logger: modules.logger,
  });
  modules.ledger.checkHolding(transfers.inTransitCheck());
  // The launch asks us before a transfer vendor's game opens (auto-transfer-in).
  modules.provider.launches.useTransferLaunch((member, vendorCode) =>
    transfers.autoTransferIn(member, vendorCode),
  );
  return {
    transfers,
    registerRoutes: (app: FastifyInstance) => registerTransferRoutes(app, { transfers }),
    operatorCommands: transferOperatorCommands({ transfers }),
    /** every minute: pending transfers older than RECONCILE_AFTER_MS asked about and resolved once */
    schedule(scheduler: Pick<Scheduler, 'every'>): void {
      scheduler.every('vendor-transfer-reconcile', TRANSFER_RECONCILE_JOB_MS, () =>
        transfers.reconcile(deps.clock.now()),
      );
    },
  };
}

export type TransferModule = ReturnType<typeof createTransferModule>;
