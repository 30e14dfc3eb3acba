import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/database.js';
import type { AppDeps, ServiceLogger } from '../../lib/deps.js';
import type { Scheduler } from '../../lib/scheduler.js';
import type { GameCatalogueService, GameService } from '../game/index.js';
import type { MemberService } from '../member/index.js';
import { siteDayEnd, siteDayStart, SITE_UTC_OFFSET_MINUTES, type LedgerService } from '../wallet/index.js';
import { registerBigWinsRoutes } from './big-wins.routes.js';
import { BigWinsService } from './big-wins.service.js';
import { GameLaunchService } from './game-launch.service.js';
import { providerOperatorCommands } from './provider.operator.js';
import { providerRepository } from './provider.repository.js';
import { registerProviderRoutes } from './provider.routes.js';
import { registerPvpRoomsRoutes } from './pvp-rooms.routes.js';
import { PvpRoomsService } from './pvp-rooms.service.js';
import { ProviderService } from './provider.service.js';
import { registerRoundRecordsRoutes } from './round-records.routes.js';
import { recordVendorsOf, RoundRecordsService, type RecordSourceView } from './round-records.service.js';
import { settledRoundsAfter } from './turnover-feed.repository.js';
import { bestMultipliers, multiplierStanding } from './win-multipliers.repository.js';

export { ProviderService, ProviderFailure, providerSignature } from './provider.service.js';
export { GameLaunchService } from './game-launch.service.js';
export { RoundRecordsService, type RecordSourceView } from './round-records.service.js';
export type { UnionRecordRow } from './round-records.repository.js';
export { seedProviderDemo } from './provider.seed.js';
export { DEMO_VENDOR_SECRET } from './demo-vendor.js';
export type { ProviderVendorRow } from './provider.repository.js';
export type { SettledRoundTurnover } from './turnover-feed.repository.js';
export type { BestMultiplierRow } from './win-multipliers.repository.js';

/** How often open rounds are checked against their vendor's timeout. */
export const ROUND_TIMEOUT_JOB_MS = 60_000;

/**
 * The seamless-wallet API that game vendors call (authenticate, balance, bet, win, rollback), the game
 * launch that hands players to vendors with a launch token, and the job that closes rounds vendors left
 * open.
 */
export function createProviderModule(
  deps: AppDeps,
  modules: {
    ledger: LedgerService;
    members: Pick<MemberService, 'playerOf' | 'summariesOf'>;
    game: Pick<GameService, 'listVendors' | 'lobbyCategories'>;
    catalogue: Pick<GameCatalogueService, 'playableGame' | 'recordPlayed' | 'list'>;
    logger: ServiceLogger;
    /** other modules' bets shown in the betting record (the lottery's, ADR 061) */
    recordSources?: readonly RecordSourceView[];
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
    vendorCacheMs: deps.config.SETTINGS_CACHE_MS,
  });
  const launches = new GameLaunchService({
    db: deps.db,
    provider,
    catalogue: modules.catalogue,
    publicUrl: deps.config.PUBLIC_URL,
  });
  const pvpRooms = new PvpRoomsService({
    db: deps.db,
    clock: deps.clock,
    categories: () => modules.game.lobbyCategories(),
    games: async (vassalage) =>
      (await modules.catalogue.list({ gameType: 'PVP', vassalage, pageNo: 1, pageSize: 100 })).games,
    logger: modules.logger,
  });
  const records = new RoundRecordsService({
    db: deps.db,
    vendors: async () => {
      const [rows, lobby] = await Promise.all([modules.game.listVendors(), modules.game.lobbyCategories()]);
      return recordVendorsOf(rows, lobby);
    },
    siteDayStart,
    siteDayEnd,
    siteUtcOffsetMinutes: SITE_UTC_OFFSET_MINUTES,
    sources: modules.recordSources ?? [],
  });
  const bigWins = new BigWinsService({ db: deps.db, clock: deps.clock, members: modules.members });
  // Every page asks (its CSP): one read per settings window, not one per page.
  let origins: { at: number; value: Promise<string[]> } | undefined;
  return {
    provider,
    launches,
    /** every vendor's wallet terms (the transfer module reads its vendors' API address and secret) */
    vendorTerms: {
      of: (vendorCode: string) => providerRepository.vendor(deps.db, vendorCode),
      all: () => providerRepository.vendors(deps.db),
    },
    records,
    /** settled real-money rounds in closing order after a cursor: the agents' turnover feed (ADR 046) */
    settledRoundsAfter: (db: Executor, after: { at: Date; id: bigint }, until: Date, limit: number) =>
      settledRoundsAfter(db, after, until, limit),
    /** each member's best win multiplier of a span, best first: the multiplier leaderboards */
    bestMultipliers: (from: Date, until: Date, limit: number, db: Executor = deps.db) =>
      bestMultipliers(db, from, until, limit),
    /** one member's place in bestMultipliers' order (a leaderboard shows it below its top ten) */
    multiplierStanding: (memberId: bigint, from: Date, until: Date) =>
      multiplierStanding(deps.db, memberId, from, until),
    /** the origins of active seamless vendors' launch URLs: the page CSP lets the /game frame show them */
    launchOrigins: (): Promise<string[]> => {
      const now = deps.clock.now().getTime();
      if (!origins || now - origins.at >= deps.config.SETTINGS_CACHE_MS) {
        const value = readLaunchOrigins(deps.db).catch((error: unknown) => {
          origins = undefined;
          throw error;
        });
        origins = { at: now, value };
      }
      return origins.value;
    },
    registerRoutes: async (app: FastifyInstance) => {
      await registerProviderRoutes(app, { provider, launches });
      registerPvpRoomsRoutes(app, pvpRooms);
      registerBigWinsRoutes(app, bigWins);
      registerRoundRecordsRoutes(app, records);
    },
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
async function readLaunchOrigins(db: Executor): Promise<string[]> {
  const found = new Set<string>();
  for (const vendor of await providerRepository.vendors(db)) {
    if (!vendor.active || !vendor.launchUrl) continue;
    const url = URL.parse(vendor.launchUrl.replaceAll(/\{[a-z]+\}/g, 'x'));
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) found.add(url.origin);
  }
  return [...found];
}

export type ProviderModule = ReturnType<typeof createProviderModule>;
