import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The dashboard's rollups (ADR 096): per site day, written only by the reports-rollup job, which folds
 * the ledger's movements and the new members in id order from a cursor moved in the same transaction.
 */

const instant = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`);

/** Where each source of the rollup has folded up to: the id of the last row counted. */
export const reportFeed = pgTable('report_feed', {
  /** 'ledger' (ledger_transfer ids) or 'members' (member ids) */
  source: text('source').primaryKey(),
  cursorId: bigint('cursor_id', { mode: 'bigint' }).notNull(),
  /** the created_at of the last row counted: the figures are complete up to here */
  cursorAt: instant('cursor_at'),
  updatedAt: instant('updated_at').notNull(),
});

/** The site's figures of one day that have no game category (minor units). */
export const reportDay = pgTable('report_day', {
  day: date('day', { mode: 'string' }).primaryKey(),
  registrations: integer('registrations').notNull().default(0),
  firstDeposits: integer('first_deposits').notNull().default(0),
  firstDepositAmount: money('first_deposit_amount'),
  deposits: integer('deposits').notNull().default(0),
  depositAmount: money('deposit_amount'),
  withdrawals: integer('withdrawals').notNull().default(0),
  withdrawalAmount: money('withdrawal_amount'),
  bonuses: money('bonuses'),
  commissions: money('commissions'),
  /** members who bet that day (the rows of report_member_day added for it) */
  activePlayers: integer('active_players').notNull().default(0),
  /** members with a credited deposit that day */
  depositors: integer('depositors').notNull().default(0),
});

/** Real-money play of one day in one report category: stakes net of refunds and wins, as the ledger moved them. */
export const reportDayCategory = pgTable(
  'report_day_category',
  {
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    bets: bigint('bets', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    stakes: money('stakes'),
    wins: money('wins'),
  },
  (table) => [primaryKey({ columns: [table.day, table.category] })],
);

/**
 * One row per member, activity (1 bet, 2 deposit) and site day the member had it, with the member's
 * previous day of that activity: the members active in [from, to] are the rows of those days whose
 * previous day is before `from` (or none), so a distinct count is one index range, never a hash of members.
 */
export const reportMemberDay = pgTable(
  'report_member_day',
  {
    activity: smallint('activity').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    prevDay: date('prev_day', { mode: 'string' }),
  },
  (table) => [
    primaryKey({ columns: [table.activity, table.memberId, table.day] }),
    index('report_member_day_day_idx').on(table.activity, table.day, table.prevDay),
  ],
);

/** Each member's first credited deposit (the first deposits of a day are the rows of that day). */
export const reportFirstDeposit = pgTable('report_first_deposit', {
  memberId: bigint('member_id', { mode: 'bigint' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
});
