import { bigserial, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';

/**
 * The verification module's tables (its repositories write them; others read them through db/schema.ts).
 */

/** SMS codes, stored hashed. purpose: register, login, reset, verify_login. */
export const verificationCode = pgTable(
  'verification_code',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    purpose: text('purpose').notNull(),
    countryDialingCode: text('country_dialing_code').notNull(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    ip: text('ip'),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
  },
  (table) => [
    index('verification_code_mobile_idx').on(
      table.purpose,
      table.countryDialingCode,
      table.mobile,
      table.createdAt,
    ),
    index('verification_code_ip_idx').on(table.ip, table.createdAt),
  ],
);

/** A captcha answer lives until it is checked once, right or wrong, or until it expires. */
export const captchaChallenge = pgTable('captcha_challenge', {
  id: text('id').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
});

/** Every SMS and email, whichever provider sends it; the development outbox page reads this. */
export const outboxMessage = pgTable(
  'outbox_message',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('outbox_recipient_idx').on(table.recipient, table.createdAt)],
);
