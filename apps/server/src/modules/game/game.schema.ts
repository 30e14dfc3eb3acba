import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The game module's tables (its repositories write them; others read them through db/schema.ts).
 */

/** A game provider shown as a tab in a lobby; games themselves arrive with the games issue. */
export const gameVendor = pgTable('game_vendor', {
  vassalage: text('vassalage').primaryKey(),
  category: text('category').notNull(),
  title: text('title').notNull(),
  isHot: boolean('is_hot').notNull().default(false),
  smallIcon: text('small_icon'),
  gameClassify: text('game_classify'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

// Game catalogue: the lobby's games, each member's favourites and recently played games

/** One game of a vendor; nodeId (vendor code, '-', the vendor's game code) is its public id. */
export const game = pgTable(
  'game',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    nodeId: text('node_id').notNull().unique(),
    vassalage: text('vassalage')
      .notNull()
      .references(() => gameVendor.vassalage, { onDelete: 'cascade' }),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    gameClassify: text('game_classify'),
    /** the smallest stake, minor units */
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    minLineNum: integer('min_line_num'),
    platforms: text('platforms').array().notNull(),
    imageUrl: text('image_url'),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_vendor_code_key').on(table.vassalage, table.gameCode),
    // The lobby reads enabled games in sort order, stopping at the page: no sort of the whole catalogue.
    index('game_order_idx')
      .on(table.sortOrder, table.id)
      .where(sql`${table.enabled}`),
    // A vendor's games, and the count of a category's (index-only).
    index('game_vendor_idx').on(table.vassalage, table.enabled),
    // Name search is "contains, any case": a trigram index answers it at 10,000 games and more.
    index('game_name_trgm_idx').using('gin', sql`lower(${table.gameName}) gin_trgm_ops`),
  ],
);

export const memberFavouriteGame = pgTable(
  'member_favourite_game',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('member_favourite_game_recent_idx').on(table.memberId, table.createdAt),
  ],
);

export const memberRecentGame = pgTable(
  'member_recent_game',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    playedAt: instant('played_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('member_recent_game_played_idx').on(table.memberId, table.playedAt),
  ],
);
