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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The lottery module's tables (its repositories write them; others read them through db/schema.ts).
 */

export const lotteryGame = pgTable(
  'lottery_game',
  {
    /** e.g. SSC-1: the family and the minutes between draws */
    code: text('code').primaryKey(),
    /** the game family's code (modules/lottery/families/registry.ts) */
    family: text('family').notNull(),
    /** ELOTT or LOTT (SPEC's game categories) */
    category: text('category').notNull(),
    name: text('name').notNull(),
    /** seconds between draws: a period opens as the previous one draws */
    intervalSeconds: integer('interval_seconds').notNull(),
    /** betting closes this many seconds before the draw */
    cutoffSeconds: integer('cutoff_seconds').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * seconds after the site's midnight at which the day's periods are aligned (0 for the fast games):
     * the daily Vietnamese draws open and draw at their state lottery's time (ADR 060)
     */
    drawOffsetSeconds: integer('draw_offset_seconds').notNull().default(0),
    /** the result is entered by an operator and confirmed by a second one, never drawn from a seed */
    enteredResults: boolean('entered_results').notNull().default(false),
  },
  (table) => [
    check(
      'lottery_game_offset',
      sql`${table.drawOffsetSeconds} >= 0 AND ${table.drawOffsetSeconds} < ${table.intervalSeconds} AND ${table.drawOffsetSeconds} % 60 = 0`,
    ),
    check('lottery_game_interval', sql`${table.intervalSeconds} >= 60 AND ${table.intervalSeconds} % 60 = 0`),
    check(
      'lottery_game_cutoff',
      sql`${table.cutoffSeconds} >= 1 AND ${table.cutoffSeconds} < ${table.intervalSeconds}`,
    ),
  ],
);

export const lotteryPeriod = pgTable(
  'lottery_period',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    gameCode: text('game_code')
      .notNull()
      .references(() => lotteryGame.code),
    /** the site day and the period's number in it, e.g. 20261123-0481 */
    periodNo: text('period_no').notNull(),
    opensAt: instant('opens_at').notNull(),
    cutoffAt: instant('cutoff_at').notNull(),
    drawAt: instant('draw_at').notNull(),
    /** open (taking bets), closed (seed committed), settled, cancelled (every bet refunded) */
    status: text('status').notNull(),
    /** SHA-256 of the seed, published at cut-off */
    seedHash: text('seed_hash'),
    /** the seed: kept secret until the result is published with it */
    seed: text('seed'),
    committedAt: instant('committed_at'),
    /** the raw numbers drawn from the seed by the family's draw spec */
    draw: jsonb('draw').$type<number[]>(),
    drawnAt: instant('drawn_at'),
    /** drawn or cancelled after its draw time because no server ran then (the catch-up rule) */
    late: boolean('late').notNull().default(false),
    /** void (operator) or late (the catch-up rule) when cancelled */
    cancelReason: text('cancel_reason'),
    /** what the bets of this period may win at most, summed as they are placed (the period's payout cap) */
    potentialPayout: bigint('potential_payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    betCount: integer('bet_count').notNull().default(0),
    stakeTotal: bigint('stake_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payoutTotal: bigint('payout_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    uniqueIndex('lottery_period_game_no_key').on(table.gameCode, table.periodNo),
    index('lottery_period_game_draw_idx').on(table.gameCode, table.drawAt),
    index('lottery_period_due_idx')
      .on(table.drawAt)
      .where(sql`${table.status} IN ('open', 'closed')`),
    check('lottery_period_status', sql`${table.status} IN ('open', 'closed', 'settled', 'cancelled')`),
  ],
);

export const lotteryBet = pgTable(
  'lottery_bet',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    periodId: bigint('period_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryPeriod.id),
    gameCode: text('game_code').notNull(),
    /** the slip's request id: the bets of one slip are placed, and paid for, together */
    requestId: text('request_id').notNull(),
    /** its place on the slip */
    slipIndex: smallint('slip_index').notNull(),
    betType: text('bet_type').notNull(),
    /** the family's canonical selection, tokens joined by "," */
    selection: text('selection').notNull(),
    /** milli-odds locked when the bet was placed */
    odds: integer('odds').notNull(),
    units: integer('units').notNull(),
    /** minor units per unit; the bet cost stake * units */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    exposureKey: text('exposure_key').notNull(),
    /** pending, then one of win, lose, tie (stake back), cancelled (period voided), refunded (system) */
    status: text('status').notNull(),
    hits: integer('hits').notNull().default(0),
    /** what the settlement credited (the stake on a tie, cancel or refund) */
    win: bigint('win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('lottery_bet_public_id_key').on(table.publicId),
    uniqueIndex('lottery_bet_slip_key').on(table.memberId, table.requestId, table.slipIndex),
    // Settlement walks a period's bets in id ranges (chunks); migration 20261126083052_lottery_settle_chunks
    // also gives the table fillfactor 50, so settling a bet (status, hits, win, settled_at: no indexed
    // column) is a HOT update that writes no index entries (ADR 065).
    index('lottery_bet_period_id_idx').on(table.periodId, table.id),
    index('lottery_bet_member_idx').on(table.memberId, table.createdAt),
    check('lottery_bet_stake_positive', sql`${table.stake} > 0 AND ${table.units} >= 1`),
    check(
      'lottery_bet_status',
      sql`${table.status} IN ('pending', 'win', 'lose', 'tie', 'cancelled', 'refunded')`,
    ),
  ],
);

/**
 * A result of a daily draw as an operator entered it (ADR 060): revision 0 is the first result, each
 * later revision a correction of a settled one. An entry settles (or re-settles) its period only when a
 * second operator confirms it; an unconfirmed entry may be entered again over.
 */
export const lotteryVnResult = pgTable(
  'lottery_vn_result',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    periodId: bigint('period_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryPeriod.id),
    revision: integer('revision').notNull(),
    /** the tiers as entered, special prize first */
    tiers: jsonb('tiers').$type<string[][]>().notNull(),
    /** the same result as the engine stores a draw: its digits in printed order */
    digits: jsonb('digits').$type<number[]>().notNull(),
    /** admin:<username> or cli:<user> */
    enteredBy: text('entered_by').notNull(),
    enteredAt: instant('entered_at').notNull(),
    confirmedBy: text('confirmed_by'),
    confirmedAt: instant('confirmed_at'),
    /** a correction: what it credited and debited, and what it could not take back (members' balances) */
    credited: bigint('credited', { mode: 'bigint' }),
    debited: bigint('debited', { mode: 'bigint' }),
    shortfall: bigint('shortfall', { mode: 'bigint' }),
  },
  (table) => [
    uniqueIndex('lottery_vn_result_revision_key').on(table.periodId, table.revision),
    check(
      'lottery_vn_result_two_operators',
      sql`${table.confirmedBy} IS NULL OR ${table.confirmedBy} <> ${table.enteredBy}`,
    ),
  ],
);

export const lotteryExposure = pgTable(
  'lottery_exposure',
  {
    periodId: bigint('period_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryPeriod.id),
    /** the bet type and selection (or what the family counts it under) */
    exposureKey: text('exposure_key').notNull(),
    betCount: integer('bet_count').notNull(),
    stakeTotal: bigint('stake_total', { mode: 'bigint' }).notNull(),
    /** what the house pays if this number wins: the cap per number applies to it */
    potentialPayout: bigint('potential_payout', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.periodId, table.exposureKey] })],
);

/**
 * A follow (chained) bet (ADR 062): one slip placed on each of `periods` consecutive periods of a game,
 * paid for in full when the member makes it; each period's bets are placed as that period opens
 * (request id follow:<public id>:<period>), and what was never placed is refunded once when the chain
 * ends early (cancelled by the member, stopped after a win, or stopped because a bet was refused).
 */
export const lotteryFollow = pgTable(
  'lottery_follow',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    gameCode: text('game_code')
      .notNull()
      .references(() => lotteryGame.code),
    /** the member's request id: a repeated request answers the first chain */
    requestId: text('request_id').notNull(),
    /** the slip placed each period, as the member sent it (checked again when each period is placed) */
    bets: jsonb('bets').$type<{ betType: string; selection: string[]; stake: string }[]>().notNull(),
    /** what one period's slip costs, minor units; the member paid periods * this */
    periodAmount: bigint('period_amount', { mode: 'bigint' }).notNull(),
    periods: integer('periods').notNull(),
    placed: integer('placed').notNull(),
    stopOnWin: boolean('stop_on_win').notNull(),
    /** active, then done (all placed), won (stopped after a win), cancelled (member), stopped (refused) */
    status: text('status').notNull(),
    firstPeriodNo: text('first_period_no').notNull(),
    /** the period of the latest placed slip */
    lastPeriodNo: text('last_period_no').notNull(),
    /** what the early end gave back: (periods - placed) * period_amount */
    refunded: bigint('refunded', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * true: the unplaced periods' stake waits in lottery:follow-held and each placement moves one
     * period's stake to the house (ADR 089). false: a chain made before that, paid wholly to the house.
     */
    stakeHeld: boolean('stake_held').notNull().default(false),
    /** why a stopped chain stopped (the refusal's code) */
    endReason: text('end_reason'),
    createdAt: instant('created_at').notNull(),
    endedAt: instant('ended_at'),
  },
  (table) => [
    uniqueIndex('lottery_follow_public_id_key').on(table.publicId),
    uniqueIndex('lottery_follow_request_key').on(table.memberId, table.requestId),
    index('lottery_follow_member_idx').on(table.memberId, table.createdAt),
    index('lottery_follow_active_idx')
      .on(table.gameCode)
      .where(sql`${table.status} = 'active'`),
    check(
      'lottery_follow_periods',
      sql`${table.periods} BETWEEN 2 AND 50 AND ${table.placed} BETWEEN 1 AND ${table.periods}`,
    ),
    check('lottery_follow_status', sql`${table.status} IN ('active', 'done', 'won', 'cancelled', 'stopped')`),
  ],
);
