import { bigint, bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';

/**
 * The players module's own table: staff notes on a member (issue 27). The member's id is tied to
 * member(id) with ON DELETE CASCADE by the migration (20261129071957_players_search), written there by
 * hand so that this file needs no other module's table.
 *
 * The search's indexes live on the tables it searches (member, member_bank_account, member_session),
 * which other modules own: they are written by hand in the same migration, which drizzle-kit does not
 * track, so a later `drizzle-kit generate` neither repeats nor drops them.
 */

export const playerNote = pgTable(
  'player_note',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    /** who wrote it: admin:<username> */
    author: text('author').notNull(),
    text: text('text').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('player_note_member_idx').on(table.memberId, table.id)],
);
