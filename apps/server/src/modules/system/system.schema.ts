import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The system module's tables (its repositories write them; others read them through db/schema.ts).
 */

/** Operator settings, one row per key; values are validated by the contract's settingDefinitions. */
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
