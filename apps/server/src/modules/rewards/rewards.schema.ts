import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The rewards module's tables (its repositories write them; others read them through db/schema.ts).
 */

/** A member's application for a promotion (rewards module): applying -> issued | rejected; issued -> claimed. */
export const promotionApplication = pgTable(
  'promotion_application',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    promotionId: text('promotion_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    status: text('status').notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }),
    turnoverRequired: bigint('turnover_required', { mode: 'bigint' }),
    reason: text('reason'),
    appliedAt: instant('applied_at').notNull(),
    decidedAt: instant('decided_at'),
    decidedBy: text('decided_by'),
    claimedAt: instant('claimed_at'),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
  },
  (table) => [
    // One open or granted application per member and promotion; a rejected one may be followed by another.
    uniqueIndex('promotion_application_once_key')
      .on(table.promotionId, table.memberId)
      .where(sql`${table.status} <> 'rejected'`),
    index('promotion_application_status_idx').on(table.status, table.id),
  ],
);

/**
 * An automatic bonus paid (rewards module): the first-deposit and reload bonuses and the daily rebate.
 * The unique key is the "exactly once per member and period" rule; the ledger's idempotency key
 * `reward:<kind>:<member>:<period>` is the second lock on the money.
 */
export const rewardGrant = pgTable(
  'reward_grant',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** first-deposit, reload or rebate */
    kind: text('kind').notNull(),
    /** 'once' (first deposit) or the site day (yyyy-MM-dd) it was earned */
    period: text('period').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** what earned it: the deposit, or the day's valid bet */
    basis: bigint('basis', { mode: 'bigint' }).notNull(),
    turnoverRequired: bigint('turnover_required', { mode: 'bigint' }).notNull(),
    /** the deposit that earned it (public id); null for a rebate */
    reference: text('reference'),
    transferId: bigint('transfer_id', { mode: 'bigint' }).notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('reward_grant_once_key').on(table.memberId, table.kind, table.period),
    index('reward_grant_member_idx').on(table.memberId, table.id),
  ],
);

export const promotionApplicationImage = pgTable(
  'promotion_application_image',
  {
    applicationId: bigint('application_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotionApplication.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.position] })],
);
