import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns.js';

/**
 * The shared layer's tables (lib/): the scheduler's job_run, the shared rate-limit counter, and app_meta
 * (facts about the database itself, such as the demo marker the demo seed claims).
 */

/** Facts about the database itself, e.g. that the demo content was seeded once (so it never returns). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Accounts and sessions

// ---------------------------------------------------------------------------------------------
// Operators' staff and scheduled work

/**
 * A shared request counter (rate limits) when there is no Redis: every server instance counts in the
 * same row, so a limit of N per window allows N in all, not N per instance. Expired rows are deleted by
 * a scheduled job.
 */
export const rateLimitCounter = pgTable('rate_limit_counter', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: instant('reset_at').notNull(),
});

/**
 * A scheduled job's period (e.g. withdrawal-auto-receipt:2026-11-21T08:05): inserted by whichever
 * server claims it first, so N servers run each period once and a restarted server catches up.
 */
export const jobRun = pgTable(
  'job_run',
  {
    job: text('job').notNull(),
    periodKey: text('period_key').notNull(),
    claimedBy: text('claimed_by').notNull(),
    claimedAt: instant('claimed_at').notNull(),
    finishedAt: instant('finished_at'),
    outcome: jsonb('outcome'),
  },
  (table) => [primaryKey({ columns: [table.job, table.periodKey] })],
);
