import type {
  favouriteBodySchema,
  gameListQuerySchema,
  hotGamesQuerySchema,
  memberGamesQuerySchema,
} from '@platform/contract';
import {
  formatMoney,
  newGameSchema,
  parseMoney,
  type GameCategory,
  type GameItem,
  type GameList,
  type NewGame,
} from '@platform/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/deps.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import { AppError, notFound } from '../../lib/errors.js';
import { parseInput } from '../../lib/validation.js';
import { WindowCache } from '../../lib/window-cache.js';
import {
  gameCatalogueRepository,
  type GameFilter,
  type GamePage,
  type GameRow,
  type NewGameRow,
} from './game-catalogue.repository.js';
import type { GameService } from './game.service.js';

/** A member keeps at most this many favourites: the list is a shortcut, not a second catalogue. */
export const MAX_FAVOURITES = 500;

type GameListQuery = z.output<typeof gameListQuerySchema>;
type HotGamesQuery = z.output<typeof hotGamesQuerySchema>;
type MemberGamesQuery = z.output<typeof memberGamesQuerySchema>;
type FavouriteBody = z.output<typeof favouriteBodySchema>;

export interface GameChanges {
  enabled?: boolean;
  isHot?: boolean;
  isNew?: boolean;
  sortOrder?: number;
}

/**
 * The lobby's games: pages with the SPEC's filters, hot games, and each member's favourites and recent
 * games. A game shows only while it is enabled and its vendor is active; its gameType is the category
 * its vendor shows under (SPORTS vendors named in site.esportsVendors answer ESPORTS).
 */
export class GameCatalogueService {
  /**
   * Lobby pages, reused for one settings window: thousands of players open the same first page of /rng,
   * and a page changes only when an operator changes the catalogue (through this service: dropped at
   * once; on another server: seen within the window). Members' own lists are never shared.
   */
  private readonly pages: WindowCache<string, GamePage, 'catalogue'>;

  constructor(
    private readonly deps: AppDeps,
    private readonly vendors: Pick<GameService, 'lobbyCategories'>,
  ) {
    this.pages = new WindowCache({
      clock: deps.clock,
      windowMs: deps.config.SETTINGS_CACHE_MS,
      ownerOf: () => 'catalogue',
      maxEntries: 2000,
    });
  }

  /** One page of the catalogue; the filter names the vendors, so a vendor change asks anew. */
  private async pageOf(filter: GameFilter, limit: number, offset: number): Promise<GamePage> {
    const key = JSON.stringify([filter, limit, offset], (_name, value: unknown) =>
      typeof value === 'bigint' ? value.toString() : value,
    );
    const page = await this.pages.read(key, () =>
      gameCatalogueRepository.page(this.deps.db, filter, limit, offset),
    );
    return page ?? { rows: [], totalCount: 0 };
  }

  async list(query: GameListQuery): Promise<GameList> {
    const categories = await this.vendors.lobbyCategories();
    const vassalages = vendorsAsked(categories, query.gameType, query.vassalage);
    const filter: GameFilter = {
      vassalages,
      classify: query.gameClassify ?? null,
      nameContains: query.gameName?.trim() ? query.gameName.trim().toLowerCase() : null,
      maxMinBet: query.minBet === undefined ? null : parseMoney(query.minBet),
      minLines: query.minLineNum ?? null,
      platforms: query.platform && query.platform.length > 0 ? query.platform : null,
      hotOnly: query.isHot ?? false,
      newOnly: query.isNew ?? false,
    };
    const offset = (query.pageNo - 1) * query.pageSize;
    const page: GamePage =
      vassalages.length === 0
        ? { rows: [], totalCount: 0 }
        : await this.pageOf(filter, query.pageSize, offset);
    return {
      games: page.rows.map((row) => itemOf(row, categories)),
      pageNo: query.pageNo,
      pageSize: query.pageSize,
      totalCount: page.totalCount,
      totalPages: Math.ceil(page.totalCount / query.pageSize),
    };
  }

  async hot(query: HotGamesQuery): Promise<{ list: GameItem[] }> {
    const categories = await this.vendors.lobbyCategories();
    const vassalages = vendorsAsked(categories, query.gameType, query.vassalage);
    if (vassalages.length === 0) return { list: [] };
    const page = await this.pageOf(
      {
        vassalages,
        classify: null,
        nameContains: null,
        maxMinBet: null,
        minLines: null,
        platforms: query.platform && query.platform.length > 0 ? query.platform : null,
        hotOnly: true,
        newOnly: false,
      },
      query.limit,
      0,
    );
    return { list: page.rows.map((row) => itemOf(row, categories)) };
  }

  async recent(
    member: AuthenticatedMember,
    query: MemberGamesQuery,
  ): Promise<{ list: GameItem[]; totalPages: number }> {
    const { items, totalPages } = await this.memberPage(member, query, gameCatalogueRepository.recent);
    return { list: items, totalPages };
  }

  async favourites(
    member: AuthenticatedMember,
    query: MemberGamesQuery,
  ): Promise<{ content: GameItem[]; totalPages: number }> {
    const { items, totalPages } = await this.memberPage(member, query, gameCatalogueRepository.favourites);
    return { content: items, totalPages };
  }

  async favouriteIds(member: AuthenticatedMember): Promise<{ ids: string[] }> {
    return { ids: await gameCatalogueRepository.favouriteNodeIds(this.deps.db, member.id) };
  }

  /** Adding a favourite twice keeps one; a game switched off cannot be added. */
  async addFavourite(
    member: AuthenticatedMember,
    body: FavouriteBody,
  ): Promise<{ nodeId: string; favourite: boolean }> {
    const row = await this.playableGame(body.nodeId);
    const favourites = await gameCatalogueRepository.favouriteNodeIds(this.deps.db, member.id);
    if (!favourites.includes(row.nodeId) && favourites.length >= MAX_FAVOURITES) {
      throw new AppError('VALIDATION_FAILED', `at most ${MAX_FAVOURITES} favourite games`);
    }
    await gameCatalogueRepository.addFavourite(this.deps.db, member.id, row.id, this.deps.clock.now());
    return { nodeId: row.nodeId, favourite: true };
  }

  /** Removing a game that is not a favourite is not an error: the member's wish holds either way. */
  async removeFavourite(
    member: AuthenticatedMember,
    nodeId: string,
  ): Promise<{ nodeId: string; favourite: boolean }> {
    const row = await gameCatalogueRepository.byNodeId(this.deps.db, nodeId);
    if (!row) throw notFound(`game ${nodeId}`);
    await gameCatalogueRepository.removeFavourite(this.deps.db, member.id, row.id);
    return { nodeId: row.nodeId, favourite: false };
  }

  /** The member opened this game (the launch records it): it leads the recent list. */
  async recordPlayed(memberId: bigint, nodeId: string): Promise<void> {
    const row = await this.playableGame(nodeId);
    await gameCatalogueRepository.recordPlayed(this.deps.db, memberId, row.id, this.deps.clock.now());
  }

  /** A game a player may open now: it exists, it is enabled and its vendor is active. */
  async playableGame(nodeId: string): Promise<GameRow> {
    const [row, categories] = await Promise.all([
      gameCatalogueRepository.byNodeId(this.deps.db, nodeId),
      this.vendors.lobbyCategories(),
    ]);
    if (!row || !row.enabled || !categories.has(row.vassalage)) throw notFound(`game ${nodeId}`);
    return row;
  }

  // Operator side ---------------------------------------------------------------------------------

  /**
   * Adds or updates games (by vendor and game code), all or none: a bad row names its number and field
   * and nothing is imported. Every vendor named must exist.
   */
  async importGames(
    rows: (NewGame | Record<string, unknown>)[],
    knownVendors: ReadonlySet<string>,
  ): Promise<{ added: number; updated: number }> {
    const parsed = rows.map((row, index) => {
      const game = parseInput(newGameSchema, row, `game ${index + 1}`);
      if (!knownVendors.has(game.vassalage)) {
        throw new AppError('VALIDATION_FAILED', `game ${index + 1}: no vendor ${game.vassalage}`);
      }
      return game;
    });
    const seen = new Set<string>();
    for (const [index, game] of parsed.entries()) {
      const key = `${game.vassalage}-${game.gameCode}`;
      if (seen.has(key)) throw new AppError('VALIDATION_FAILED', `game ${index + 1}: ${key} appears twice`);
      seen.add(key);
    }
    // Dropped before (a page read meanwhile is not kept) and after (the import may outlast a window).
    this.pages.forget(['catalogue']);
    try {
      return await this.deps.db.transaction((tx) =>
        gameCatalogueRepository.upsert(tx, parsed.map(gameRowOf)),
      );
    } finally {
      this.pages.forget(['catalogue']);
    }
  }

  listGames(vassalage: string | null): Promise<GameRow[]> {
    return gameCatalogueRepository.list(this.deps.db, vassalage);
  }

  async changeGame(nodeId: string, changes: GameChanges): Promise<GameRow> {
    if (Object.keys(changes).length === 0) throw new AppError('VALIDATION_FAILED', 'nothing to change');
    this.pages.forget(['catalogue']);
    const row = await gameCatalogueRepository.update(this.deps.db, nodeId, changes);
    if (!row) throw notFound(`game ${nodeId}`);
    return row;
  }

  /** One page of a member's own list (recent or favourite games) within the lobby query's vendors. */
  private async memberPage(
    member: AuthenticatedMember,
    query: MemberGamesQuery,
    read: (
      db: AppDeps['db'],
      memberId: bigint,
      vassalages: string[],
      limit: number,
      offset: number,
    ) => Promise<GamePage>,
  ): Promise<{ items: GameItem[]; totalPages: number }> {
    const categories = await this.vendors.lobbyCategories();
    const vassalages = vendorsAsked(categories, query.gameType, query.vassalage);
    const page =
      vassalages.length === 0
        ? { rows: [], totalCount: 0 }
        : await read(
            this.deps.db,
            member.id,
            vassalages,
            query.pageSize,
            (query.pageNo - 1) * query.pageSize,
          );
    return {
      items: page.rows.map((row) => itemOf(row, categories)),
      totalPages: Math.ceil(page.totalCount / query.pageSize),
    };
  }
}

/** The active vendors a lobby query covers: one vendor, a category's vendors, or all of them. */
function vendorsAsked(
  categories: ReadonlyMap<string, GameCategory>,
  gameType: GameCategory | undefined,
  vassalage: string | undefined,
): string[] {
  return [...categories]
    .filter(
      ([code, category]) =>
        (gameType === undefined || category === gameType) && (vassalage === undefined || code === vassalage),
    )
    .map(([code]) => code);
}

function itemOf(row: GameRow, categories: ReadonlyMap<string, GameCategory>): GameItem {
  return {
    nodeId: row.nodeId,
    vassalage: row.vassalage,
    gameType: categories.get(row.vassalage) ?? 'RNG',
    gameCode: row.gameCode,
    gameName: row.gameName,
    gameClassify: row.gameClassify,
    minBet: formatMoney(row.minBet),
    minLineNum: row.minLineNum,
    platform: row.platforms.filter((platform): platform is GameItem['platform'][number] =>
      ['html5-desktop', 'html5', 'flash'].includes(platform),
    ),
    imageUrl: row.imageUrl,
    isHot: row.isHot,
    isNew: row.isNew,
  };
}

/** A checked game (newGameSchema's output) as its catalogue row; the import and the demo seed share it. */
export function gameRowOf(game: z.output<typeof newGameSchema>): NewGameRow {
  return {
    nodeId: `${game.vassalage}-${game.gameCode}`,
    vassalage: game.vassalage,
    gameCode: game.gameCode,
    gameName: game.gameName,
    gameClassify: game.gameClassify,
    minBet: parseMoney(game.minBet),
    minLineNum: game.minLineNum,
    platforms: game.platform,
    imageUrl: game.imageUrl,
    isHot: game.isHot,
    isNew: game.isNew,
    enabled: game.enabled,
    sortOrder: game.sortOrder,
  };
}
