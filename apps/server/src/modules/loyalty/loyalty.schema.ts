import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@platform/contract';
import { instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The loyalty module's tables (its repositories write them; others read them through db/schema.ts).
 */

/** A member's loyalty points (issue 15): whole points, never negative, never expiring. */
export const loyaltyPointsAccount = pgTable(
  'loyalty_points_account',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => member.id, { onDelete: 'cascade' }),
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
  },
  (table) => [check('loyalty_points_balance_not_negative', sql`${table.balance} >= 0`)],
);

/**
 * Every change of a member's points, with the balance after it. The idempotency key names the source
 * (a deposit, a day's bets in a category, a conversion, a redeem), so each source moves points once.
 */
export const loyaltyPointsEntry = pgTable(
  'loyalty_points_entry',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    changed: bigint('changed', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    reference: text('reference').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('loyalty_points_entry_member_idx').on(table.memberId, table.id)],
);

/** The valid bet of a member's day and category that has already earned points (the bets' accrual). */
export const loyaltyBetAccrual = pgTable(
  'loyalty_bet_accrual',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.day, table.category] })],
);

/** Deposits the loyalty module heard of (cashier's deposit-credited): points and the rank's window. */
export const loyaltyDeposit = pgTable(
  'loyalty_deposit',
  {
    reference: text('reference').primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    creditedAt: instant('credited_at').notNull(),
  },
  (table) => [index('loyalty_deposit_member_idx').on(table.memberId, table.creditedAt)],
);

/** The point mall's items: physical goods or a bonus credited once the redeem is approved. */
export const mallItem = pgTable(
  'mall_item',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    kind: text('kind').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url'),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }),
    stock: integer('stock').notNull(),
    perMemberLimit: integer('per_member_limit').notNull(),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [
    check('mall_item_stock_not_negative', sql`${table.stock} >= 0`),
    check('mall_item_kind', sql`${table.kind} IN ('physical', 'bonus')`),
    check('mall_item_points_positive', sql`${table.points} > 0 AND ${table.perMemberLimit} > 0`),
  ],
);

/** A member's redeem of a mall item: process -> approved | rejected (a rejection refunds the points). */
export const mallRedeem = pgTable(
  'mall_redeem',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    reference: text('reference').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'bigint' })
      .notNull()
      .references(() => mallItem.id),
    quantity: integer('quantity').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    /**
     * A bonus item's money for the whole redeem, as the item said when the member redeemed: the
     * approval pays this, not the item's bonus at approval time (the operator may have edited it).
     * Null for a physical item, and on redeems made before the column existed.
     */
    bonus: bigint('bonus', { mode: 'bigint' }),
    /** the member's request id: a retried or doubled redeem answers the first (null before it existed) */
    requestId: text('request_id'),
    status: text('status').notNull(),
    reason: text('reason'),
    appliedAt: instant('applied_at').notNull(),
    decidedAt: instant('decided_at'),
    decidedBy: text('decided_by'),
  },
  (table) => [
    index('mall_redeem_member_idx').on(table.memberId, table.id),
    uniqueIndex('mall_redeem_request_key').on(table.memberId, table.requestId),
    index('mall_redeem_item_member_idx').on(table.itemId, table.memberId),
    index('mall_redeem_status_idx').on(table.status, table.id),
    check('mall_redeem_status', sql`${table.status} IN ('process', 'rejected', 'approved')`),
  ],
);

/** The player ranks (VIP): thresholds over the rolling window, the club label, and the gifts. */
export const loyaltyRank = pgTable('loyalty_rank', {
  level: smallint('level').primaryKey(),
  labelName: text('label_name').notNull(),
  color: text('color').notNull(),
  color2: text('color2').notNull(),
  minDeposit: bigint('min_deposit', { mode: 'bigint' }).notNull(),
  minValidBet: bigint('min_valid_bet', { mode: 'bigint' }).notNull(),
  upgradeGift: bigint('upgrade_gift', { mode: 'bigint' }).notNull(),
  monthlyGift: bigint('monthly_gift', { mode: 'bigint' }).notNull(),
});

/** Rank gifts paid: one row per key (upgrade:<level> once ever, monthly:<yyyy-MM> once a month). */
export const loyaltyRankGift = pgTable(
  'loyalty_rank_gift',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    giftKey: text('gift_key').notNull(),
    level: smallint('level').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paidAt: instant('paid_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.giftKey] })],
);
