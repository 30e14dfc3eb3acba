import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@platform/contract';
import { bytea, instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';
import { ledgerTransfer } from '../wallet/wallet.schema.js';

/**
 * The cashier module's tables (its repositories write them; others read them through db/schema.ts).
 */

export const paymentChannel = pgTable('payment_channel', {
  id: text('id').primaryKey(),
  /** bank_transfer or gateway */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  /** the name in each language the operator gave ({ bn, en }); null: `name` in every language */
  names: jsonb('names').$type<LocalizedText>(),
  currency: text('currency').notNull(),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
  maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** bank_transfer: {bankName, accountName, accountNumber, branch?}; gateway: {provider, merchantId, secret, ...} */
  details: jsonb('details').$type<Record<string, string>>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: instant('created_at').notNull().defaultNow(),
});

export const deposit = pgTable(
  'deposit',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    channelId: text('channel_id')
      .notNull()
      .references(() => paymentChannel.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** pending, credited, rejected, expired */
    status: text('status').notNull(),
    /** what the member writes on the bank transfer so the operator can match it */
    reference: text('reference').notNull(),
    /** the gateway's order id; unique so a callback is applied once */
    gatewayOrderId: text('gateway_order_id').unique(),
    proofContentType: text('proof_content_type'),
    proof: bytea('proof'),
    transferId: bigint('transfer_id', { mode: 'bigint' }).references(() => ledgerTransfer.id),
    decidedBy: text('decided_by'),
    reason: text('reason'),
    createdAt: instant('created_at').notNull(),
    decidedAt: instant('decided_at'),
    expiresAt: instant('expires_at').notNull(),
  },
  (table) => [
    index('deposit_member_idx').on(table.memberId, table.createdAt),
    index('deposit_status_idx').on(table.status),
  ],
);

/**
 * The cashier's events (deposit credited, withdrawal paid), written in the money's own transaction
 * (ADR 082): the listeners hear them after the commit and, when a crash or a failure came in between,
 * from the outbox job, which delivers what a consumer has not acknowledged.
 */
export const cashierEvent = pgTable(
  'cashier_event',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** deposit-credited or withdrawal-paid */
    type: text('type').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** the deposit's or withdrawal's public id: one event of a type per money movement */
    reference: text('reference').notNull(),
    occurredAt: instant('occurred_at').notNull(),
  },
  (table) => [
    uniqueIndex('cashier_event_type_reference_key').on(table.type, table.reference),
    index('cashier_event_occurred_idx').on(table.occurredAt),
  ],
);

/** Which consumer (points, rewards, messages) has handled which cashier event. */
export const cashierEventDelivery = pgTable(
  'cashier_event_delivery',
  {
    eventId: bigint('event_id', { mode: 'bigint' })
      .notNull()
      .references(() => cashierEvent.id, { onDelete: 'cascade' }),
    consumer: text('consumer').notNull(),
    deliveredAt: instant('delivered_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.eventId, table.consumer] })],
);

/** Every gateway callback as it arrived, valid or not, so a dispute can be traced. */
export const gatewayCallback = pgTable('gateway_callback', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  provider: text('provider').notNull(),
  orderId: text('order_id'),
  signatureValid: boolean('signature_valid').notNull(),
  payload: jsonb('payload').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: instant('received_at').notNull(),
  ip: text('ip'),
});

export const memberBankAccount = pgTable(
  'member_bank_account',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    bankName: text('bank_name').notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: text('account_number').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('member_bank_account_unique').on(table.memberId, table.bankName, table.accountNumber),
  ],
);

export const withdrawal = pgTable(
  'withdrawal',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    bankAccountId: bigint('bank_account_id', { mode: 'bigint' })
      .notNull()
      .references(() => memberBankAccount.id),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** pending, rejected, paid, received, not_received, auto_received */
    status: text('status').notNull(),
    holdTransferId: bigint('hold_transfer_id', { mode: 'bigint' }).references(() => ledgerTransfer.id),
    settleTransferId: bigint('settle_transfer_id', { mode: 'bigint' }).references(() => ledgerTransfer.id),
    payoutReference: text('payout_reference'),
    reason: text('reason'),
    decidedBy: text('decided_by'),
    /** the member's proof that the money did not arrive */
    proofContentType: text('proof_content_type'),
    proof: bytea('proof'),
    /** received because nobody answered in time, not because the member said so */
    forcedReceipt: boolean('forced_receipt').notNull().default(false),
    /**
     * Four-eyes (issue 27): above staff.fourEyes.withdrawal the first approval is recorded here and the
     * withdrawal stays pending until another member of staff approves it (decided_by then names them).
     */
    firstApprovedBy: text('first_approved_by'),
    firstApprovedAt: instant('first_approved_at'),
    firstPayoutReference: text('first_payout_reference'),
    /** held for review by risk: nobody may approve it until released (it stays pending) */
    heldBy: text('held_by'),
    heldAt: instant('held_at'),
    holdReason: text('hold_reason'),
    createdAt: instant('created_at').notNull(),
    decidedAt: instant('decided_at'),
    paidAt: instant('paid_at'),
    confirmedAt: instant('confirmed_at'),
  },
  (table) => [
    index('withdrawal_member_idx').on(table.memberId, table.createdAt),
    index('withdrawal_status_idx').on(table.status, table.paidAt),
  ],
);
