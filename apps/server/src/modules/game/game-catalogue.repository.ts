import { and, asc, count, desc, eq, inArray, lte, gte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { game, memberFavouriteGame, memberRecentGame } from './game.schema.js';

export type GameRow = typeof game.$inferSelect;
export type NewGameRow = typeof game.$inferInsert;

/**
 * Games one statement of the import writes. CPU time of 100,000 games on PGlite: 7.6 s at 500 a
 * statement, 5.6 s at 2,000, 5.0 s at 5,000, 6.6 s at 20,000.
 */
const UPSERT_BATCH = 5_000;

/** A game row as jsonb_to_recordset reads it (the column names; bigint as text, JSON has no bigint). */
function recordOf(row: NewGameRow) {
  return {
    node_id: row.nodeId,
    vassalage: row.vassalage,
    game_code: row.gameCode,
    game_name: row.gameName,
    game_classify: row.gameClassify ?? null,
    min_bet: row.minBet.toString(),
    min_line_num: row.minLineNum ?? null,
    platforms: row.platforms,
    image_url: row.imageUrl ?? null,
    is_hot: row.isHot ?? false,
    is_new: row.isNew ?? false,
    enabled: row.enabled ?? true,
    sort_order: row.sortOrder ?? 0,
  };
}

/** What the lobby may ask of the catalogue; null: no condition. */
export interface GameFilter {
  /** the vendors to look in (a category's vendors, or one vendor); always given, never empty */
  vassalages: string[];
  classify: string | null;
  /** lower-case part of the name */
  nameContains: string | null;
  maxMinBet: bigint | null;
  minLines: number | null;
  /** a game runs on at least one of these */
  platforms: string[] | null;
  hotOnly: boolean;
  newOnly: boolean;
}

export interface GamePage {
  rows: GameRow[];
  totalCount: number;
}

/** LIKE's wildcards in what a player typed are letters, not patterns. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function conditionsOf(filter: GameFilter): SQL {
  const conditions: SQL[] = [inArray(game.vassalage, filter.vassalages), eq(game.enabled, true)];
  if (filter.classify !== null) conditions.push(eq(game.gameClassify, filter.classify));
  if (filter.nameContains !== null)
    conditions.push(sql`lower(${game.gameName}) like ${likeContains(filter.nameContains)}`);
  if (filter.maxMinBet !== null) conditions.push(lte(game.minBet, filter.maxMinBet));
  if (filter.minLines !== null) conditions.push(gte(game.minLineNum, filter.minLines));
  if (filter.platforms !== null)
    conditions.push(sql`${game.platforms} && ${`{${filter.platforms.join(',')}}`}::text[]`);
  if (filter.hotOnly) conditions.push(eq(game.isHot, true));
  if (filter.newOnly) conditions.push(eq(game.isNew, true));
  return and(...conditions) as SQL;
}

export const gameCatalogueRepository = {
  /**
   * One page in lobby order (the games' sort order, then age) and the total. The page walks the order
   * index and stops once it has the page; the total counts on the vendor index.
   */
  async page(db: Executor, filter: GameFilter, limit: number, offset: number): Promise<GamePage> {
    const where = conditionsOf(filter);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(game)
        .where(where)
        .orderBy(asc(game.sortOrder), asc(game.id))
        .limit(limit)
        .offset(offset),
      db.select({ value: count() }).from(game).where(where),
    ]);
    return { rows, totalCount: total[0]?.value ?? 0 };
  },

  async byNodeId(db: Executor, nodeId: string): Promise<GameRow | null> {
    const rows = await db.select().from(game).where(eq(game.nodeId, nodeId)).limit(1);
    return rows[0] ?? null;
  },

  async list(db: Executor, vassalage: string | null): Promise<GameRow[]> {
    return db
      .select()
      .from(game)
      .where(vassalage === null ? undefined : eq(game.vassalage, vassalage))
      .orderBy(asc(game.vassalage), asc(game.sortOrder), asc(game.id));
  },

  /**
   * Adds new games and updates the ones a vendor already has (by vendor and game code), UPSERT_BATCH rows
   * a statement. Each batch is one JSON parameter read by jsonb_to_recordset: a VALUES list of bound
   * parameters (13 a row) passed the 65,535 parameters a statement may have at 5,042 games, and at 10,000
   * overflowed the query builder's stack (drizzle's mergeQueries). Call it inside a transaction for all or
   * none.
   */
  async upsert(db: Executor, rows: NewGameRow[]): Promise<{ added: number; updated: number }> {
    let added = 0;
    let updated = 0;
    for (let start = 0; start < rows.length; start += UPSERT_BATCH) {
      const batch = rows.slice(start, start + UPSERT_BATCH).map(recordOf);
      const [counted] = (
        (await db.execute(sql`
          with upserted as (
            insert into game (node_id, vassalage, game_code, game_name, game_classify, min_bet, min_line_num,
              platforms, image_url, is_hot, is_new, enabled, sort_order)
            select node_id, vassalage, game_code, game_name, game_classify, min_bet, min_line_num,
              platforms, image_url, is_hot, is_new, enabled, sort_order
            from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(node_id text, vassalage text,
              game_code text, game_name text, game_classify text, min_bet bigint, min_line_num integer,
              platforms text[], image_url text, is_hot boolean, is_new boolean, enabled boolean,
              sort_order integer)
            on conflict (vassalage, game_code) do update set
              game_name = excluded.game_name,
              game_classify = excluded.game_classify,
              min_bet = excluded.min_bet,
              min_line_num = excluded.min_line_num,
              platforms = excluded.platforms,
              image_url = excluded.image_url,
              is_hot = excluded.is_hot,
              is_new = excluded.is_new,
              enabled = excluded.enabled,
              sort_order = excluded.sort_order
            -- xmax is 0 for a row this statement inserted, the old transaction id for one it updated.
            returning (xmax = 0) as inserted
          )
          select count(*) filter (where inserted)::int as added, count(*)::int as total from upserted`)) as unknown as {
          rows: { added: number; total: number }[];
        }
      ).rows;
      added += counted?.added ?? 0;
      updated += (counted?.total ?? 0) - (counted?.added ?? 0);
    }
    return { added, updated };
  },

  async update(
    db: Executor,
    nodeId: string,
    changes: Partial<Pick<GameRow, 'enabled' | 'isHot' | 'isNew' | 'sortOrder'>>,
  ): Promise<GameRow | null> {
    const rows = await db.update(game).set(changes).where(eq(game.nodeId, nodeId)).returning();
    return rows[0] ?? null;
  },

  // A member's games -----------------------------------------------------------------------------

  async favourites(
    db: Executor,
    memberId: bigint,
    vassalages: string[],
    limit: number,
    offset: number,
  ): Promise<GamePage> {
    const where = and(
      eq(memberFavouriteGame.memberId, memberId),
      inArray(game.vassalage, vassalages),
      eq(game.enabled, true),
    );
    const rows = await db
      .select({ game, totalCount: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(memberFavouriteGame)
      .innerJoin(game, eq(game.id, memberFavouriteGame.gameId))
      .where(where)
      .orderBy(desc(memberFavouriteGame.createdAt), desc(game.id))
      .limit(limit)
      .offset(offset);
    return { rows: rows.map((row) => row.game), totalCount: rows[0]?.totalCount ?? 0 };
  },

  async favouriteNodeIds(db: Executor, memberId: bigint): Promise<string[]> {
    const rows = await db
      .select({ nodeId: game.nodeId })
      .from(memberFavouriteGame)
      .innerJoin(game, eq(game.id, memberFavouriteGame.gameId))
      .where(eq(memberFavouriteGame.memberId, memberId))
      .orderBy(desc(memberFavouriteGame.createdAt), desc(game.id));
    return rows.map((row) => row.nodeId);
  },

  async addFavourite(db: Executor, memberId: bigint, gameId: bigint, at: Date): Promise<void> {
    await db.insert(memberFavouriteGame).values({ memberId, gameId, createdAt: at }).onConflictDoNothing();
  },

  async removeFavourite(db: Executor, memberId: bigint, gameId: bigint): Promise<void> {
    await db
      .delete(memberFavouriteGame)
      .where(and(eq(memberFavouriteGame.memberId, memberId), eq(memberFavouriteGame.gameId, gameId)));
  },

  async favouriteCount(db: Executor, memberId: bigint): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(memberFavouriteGame)
      .where(eq(memberFavouriteGame.memberId, memberId));
    return row?.value ?? 0;
  },

  async recent(
    db: Executor,
    memberId: bigint,
    vassalages: string[],
    limit: number,
    offset: number,
  ): Promise<GamePage> {
    const rows = await db
      .select({ game, totalCount: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(memberRecentGame)
      .innerJoin(game, eq(game.id, memberRecentGame.gameId))
      .where(
        and(
          eq(memberRecentGame.memberId, memberId),
          inArray(game.vassalage, vassalages),
          eq(game.enabled, true),
        ),
      )
      .orderBy(desc(memberRecentGame.playedAt), desc(game.id))
      .limit(limit)
      .offset(offset);
    return { rows: rows.map((row) => row.game), totalCount: rows[0]?.totalCount ?? 0 };
  },

  /** The member played this game now; the list keeps each game once, at its last play. */
  async recordPlayed(db: Executor, memberId: bigint, gameId: bigint, at: Date): Promise<void> {
    await db
      .insert(memberRecentGame)
      .values({ memberId, gameId, playedAt: at })
      .onConflictDoUpdate({
        target: [memberRecentGame.memberId, memberRecentGame.gameId],
        set: { playedAt: at },
      });
  },
};
