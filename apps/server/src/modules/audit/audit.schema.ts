import { sql } from 'drizzle-orm';
import { bigint, bigserial, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The audit module's tables (its repositories write them; others read them through db/schema.ts).
 */

/**
 * Every staff action, whoever ran it and how: append-only (triggers refuse UPDATE, DELETE and TRUNCATE)
 * and hash-chained, each row carrying the hash of the one before it by seq (ADR 094).
 */
export const operatorAudit = pgTable('operator_audit', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  at: timestamp('at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  actor: text('actor').notNull(),
  command: text('command').notNull(),
  detail: jsonb('detail').notNull(),
  role: text('role'),
  ip: text('ip'),
  target: jsonb('target'),
  before: jsonb('before'),
  after: jsonb('after'),
  reason: text('reason'),
  /** 1, 2, 3, ... in chain order, with no gaps; assigned under the append lock */
  seq: bigint('seq', { mode: 'bigint' }).notNull().unique(),
  /** the previous row's hash (64 zeros for seq 1): unique, so two appends can never share a parent */
  prevHash: text('prev_hash').notNull().unique(),
  /** SHA-256 (hex) of this row's canonical form, prev_hash included */
  hash: text('hash').notNull(),
});
