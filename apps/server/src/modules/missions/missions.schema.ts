import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@platform/contract';
import { instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The missions module's tables (its repositories write them; others read them through db/schema.ts).
 */

// Missions, leaderboards and raffles (missions module, issue 15; ADR 075)

/** A mission the operator configured: reach `target` of `metric` in a period, then claim `reward`. */
export const mission = pgTable(
  'mission',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** daily, weekly, once */
    kind: text('kind').notNull(),
    /** valid_bet, bets, deposits, deposit_amount */
    metric: text('metric').notNull(),
    /** a lobby category for play metrics; null: every category */
    category: text('category'),
    /** minor units for money metrics, a count otherwise */
    target: bigint('target', { mode: 'bigint' }).notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    check('mission_amounts_positive', sql`${table.target} > 0 AND ${table.reward} > 0`),
    check('mission_kind', sql`${table.kind} IN ('daily', 'weekly', 'once')`),
  ],
);

/** A claimed reward: the row is the claim, so a (mission, member, period) pays once. */
export const missionClaim = pgTable(
  'mission_claim',
  {
    missionId: bigint('mission_id', { mode: 'bigint' })
      .notNull()
      .references(() => mission.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** the site day, the week's Monday, or "once" */
    period: text('period').notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
    claimedAt: instant('claimed_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.missionId, table.memberId, table.period] }),
    index('mission_claim_member_idx').on(table.memberId, table.claimedAt),
  ],
);

export const leaderboard = pgTable('leaderboard', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  publicId: text('public_id').notNull().unique(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  /** valid_bet, win_multiplier */
  metric: text('metric').notNull(),
  /** daily, weekly */
  period: text('period').notNull(),
  /** prize by rank in minor units, as decimal strings */
  prizes: jsonb('prizes').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: instant('created_at').notNull(),
  /** when the operator disabled it: periods that ended before are still paid, the rest never */
  disabledAt: instant('disabled_at'),
});

/** One board's period, claimed by insert in the transaction that pays its prizes: paid once. */
export const leaderboardSettlement = pgTable(
  'leaderboard_settlement',
  {
    leaderboardId: bigint('leaderboard_id', { mode: 'bigint' })
      .notNull()
      .references(() => leaderboard.id),
    periodKey: text('period_key').notNull(),
    settledAt: instant('settled_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.leaderboardId, table.periodKey] })],
);

export const leaderboardPrize = pgTable(
  'leaderboard_prize',
  {
    leaderboardId: bigint('leaderboard_id', { mode: 'bigint' })
      .notNull()
      .references(() => leaderboard.id),
    periodKey: text('period_key').notNull(),
    rank: smallint('rank').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** as shown: money or a multiplier */
    score: text('score').notNull(),
    gameName: text('game_name'),
    prize: bigint('prize', { mode: 'bigint' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
    paidAt: instant('paid_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.leaderboardId, table.periodKey, table.rank] }),
    index('leaderboard_prize_paid_idx').on(table.paidAt),
  ],
);

/** A raffle: tickets earned by valid bets between starts_at and ends_at, drawn from a committed seed. */
export const raffle = pgTable(
  'raffle',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    ticketPer: bigint('ticket_per', { mode: 'bigint' }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    prizes: jsonb('prizes').$type<string[]>().notNull(),
    /** secret until the draw; its SHA-256 is published from the start */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** open, drawn, cancelled (by the operator before its draw: never drawn) */
    status: text('status').notNull(),
    /** the tickets the draw used, in member order: [memberId, tickets][] */
    entries: jsonb('entries').$type<[string, number][]>(),
    drawnAt: instant('drawn_at'),
    cancelledAt: instant('cancelled_at'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('raffle_status_idx').on(table.status, table.endsAt)],
);

export const raffleWinner = pgTable(
  'raffle_winner',
  {
    raffleId: bigint('raffle_id', { mode: 'bigint' })
      .notNull()
      .references(() => raffle.id),
    rank: smallint('rank').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    ticket: integer('ticket').notNull(),
    prize: bigint('prize', { mode: 'bigint' }).notNull(),
    claimedAt: instant('claimed_at'),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
  },
  (table) => [
    primaryKey({ columns: [table.raffleId, table.rank] }),
    index('raffle_winner_member_idx').on(table.memberId),
  ],
);
