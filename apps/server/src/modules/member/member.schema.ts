import { bigint, bigserial, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The member module's tables (its repositories write them; others read them through db/schema.ts).
 */

export const memberAvatar = pgTable('member_avatar', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

export const passwordResetToken = pgTable('password_reset_token', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' })
    .notNull()
    .references(() => member.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});
