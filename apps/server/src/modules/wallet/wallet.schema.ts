import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The wallet module's tables (its repositories write them; others read them through db/schema.ts).
 */

// ---------------------------------------------------------------------------------------------
// Ledger: double entry. Every transfer's entries sum to zero. Player accounts keep their balance in a
// column changed only in the transaction that writes their entries, and never below zero; system
// accounts (house, clearing, payment channels) do not keep one — their balance is the sum of their
// entries — so they are never a hot row that every bet must lock.

/** REAL money, or DEMO money of trial accounts: the two never meet in one transfer. */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** e.g. member:42:main, house, cashier:clearing, channel:bank-1, withdrawal:held */
    code: text('code').notNull().unique(),
    /** player_main, player_bonus, player_demo, house, house_demo, cashier_clearing, payment_channel, withdrawal_held, ... */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }).references(() => member.id),
    /** true: balance is kept in the column and may not go below zero */
    tracksBalance: boolean('tracks_balance').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('ledger_account_member_idx').on(table.memberId),
    check('ledger_account_balance_not_negative', sql`NOT ${table.tracksBalance} OR ${table.balance} >= 0`),
  ],
);

export const ledgerTransfer = pgTable(
  'ledger_transfer',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** unique: a repeat of the same key returns the first result and moves nothing */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** deposit, withdrawal_hold, withdrawal_release, withdrawal_payout, adjustment, bonus, demo_grant, bet, win, ... */
    kind: text('kind').notNull(),
    currency: text('currency').notNull(),
    /** what the member sees as the reference, e.g. the deposit's public id */
    reference: text('reference'),
    memo: text('memo'),
    /** who caused it: member:<publicId>, admin:<username>, system:<job>, cli:<user> */
    actor: text('actor').notNull(),
    /** a fingerprint of the request, so a repeat with other amounts is refused rather than silently answered */
    requestHash: text('request_hash').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('ledger_transfer_created_idx').on(table.createdAt)],
);

export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    transferId: bigint('transfer_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerTransfer.id),
    accountId: bigint('account_id', { mode: 'bigint' })
      .notNull()
      .references(() => ledgerAccount.id),
    /** minor units, signed: credit positive, debit negative */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** the account's balance after this entry, for accounts that keep one */
    balanceAfter: bigint('balance_after', { mode: 'bigint' }),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    index('ledger_entry_account_idx').on(table.accountId, table.id),
    index('ledger_entry_transfer_idx').on(table.transferId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Cashier

/** Deposits and bonuses must be wagered a multiple of their amount before money can be withdrawn. */
export const turnoverRequirement = pgTable(
  'turnover_requirement',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    /** deposit or bonus */
    source: text('source').notNull(),
    transferId: bigint('transfer_id', { mode: 'bigint' }).references(() => ledgerTransfer.id),
    required: bigint('required', { mode: 'bigint' }).notNull(),
    createdAt: instant('created_at').notNull(),
    /** a bonus given up by a withdrawal under the operator's 'forfeit' rule: no longer required */
    forfeitedAt: instant('forfeited_at'),
  },
  (table) => [index('turnover_requirement_member_idx').on(table.memberId)],
);
