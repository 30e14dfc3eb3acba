import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
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
 * The transfer module's tables (its repositories write them; others read them through db/schema.ts).
 */

/**
 * A member's sub-wallet at a transfer-model vendor (ADR 021): the balance the vendor last told us.
 * The vendor's own books are the authority; this row is what "my wallet" shows, and the lock that
 * keeps one member's transfers with one vendor in order.
 */
export const vendorWallet = pgTable(
  'vendor_wallet',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    vendorCode: text('vendor_code').notNull(),
    /** minor units, as the vendor last answered */
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    refreshedAt: instant('refreshed_at'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.vendorCode] })],
);

/**
 * One transfer between a member's main wallet and a transfer vendor (ADR 021). `public_id` is the id
 * the vendor is idempotent on. pending until the vendor confirmed or refused it, or reconciliation
 * asked; then succeeded or failed, once (resolved_at set).
 */
export const vendorTransfer = pgTable(
  'vendor_transfer',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    vendorCode: text('vendor_code').notNull(),
    /** in: main to vendor; out: vendor to main */
    direction: text('direction').notNull(),
    /** minor units, > 0 */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency').notNull(),
    /** pending, succeeded or failed */
    status: text('status').notNull(),
    /** the client's request id (or one derived from it): a repeat answers this transfer */
    requestId: text('request_id').notNull(),
    /** who asked: member:<publicId>, system:auto-transfer-in */
    actor: text('actor').notNull(),
    /** the vendor's refusal code, or why the transfer is still pending (timeout, http 502, ...) */
    lastError: text('last_error'),
    /** call (the vendor answered), reconcile (the job asked), or operator */
    resolvedBy: text('resolved_by'),
    /** status calls made by reconciliation */
    checks: integer('checks').notNull().default(0),
    createdAt: instant('created_at').notNull(),
    resolvedAt: instant('resolved_at'),
  },
  (table) => [
    uniqueIndex('vendor_transfer_public_id_key').on(table.publicId),
    uniqueIndex('vendor_transfer_member_request_key').on(table.memberId, table.requestId),
    index('vendor_transfer_member_idx').on(table.memberId, table.createdAt),
    index('vendor_transfer_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    check('vendor_transfer_amount_positive', sql`${table.amount} > 0`),
    check('vendor_transfer_direction', sql`${table.direction} IN ('in', 'out')`),
    check('vendor_transfer_status', sql`${table.status} IN ('pending', 'succeeded', 'failed')`),
  ],
);
