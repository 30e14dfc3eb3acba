import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';

/** Operator staff, their login guard and their sessions: the admin module's tables. */

export const adminUser = pgTable('admin_user', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** the staff member's roles (contract adminRoles); several may be held */
  roles: text('roles').array().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: instant('created_at').notNull(),
  /** base32 TOTP secret; null while the admin has no second factor */
  totpSecret: text('totp_secret'),
  /** the last 30-second step a code was accepted for, so one code logs in once */
  totpLastStep: bigint('totp_last_step', { mode: 'bigint' }),
  /** a secret shown for enrolment, made the second factor by the first code given from it */
  totpPendingSecret: text('totp_pending_secret'),
});

/**
 * Failed staff logins per subject (`account:<username>` or `address:<ip>`). `pending` counts logins
 * being checked right now, reserved before the password is, so parallel guesses cannot all see room.
 */
export const adminLoginGuard = pgTable('admin_login_guard', {
  subject: text('subject').primaryKey(),
  failures: integer('failures').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  lastAttemptAt: instant('last_attempt_at').notNull(),
  lastFailureAt: instant('last_failure_at'),
  lockedUntil: instant('locked_until'),
  /** lockouts so far: each one is twice as long as the one before */
  lockouts: integer('lockouts').notNull().default(0),
});

export const adminSession = pgTable('admin_session', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  adminId: bigint('admin_id', { mode: 'bigint' })
    .notNull()
    .references(() => adminUser.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  revokedAt: instant('revoked_at'),
  /** the last call made with it: a session unused for the idle setting ends (staff.sessionIdleMinutes) */
  lastSeenAt: instant('last_seen_at').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
});

/**
 * Four-eyes (issue 27): a staff decision above its setting's amount (staff.fourEyes) waits here until a
 * second, different member of staff confirms it; both names are kept. `request_id` is the first
 * request's idempotency key, so a repeated request makes no second approval.
 */
export const staffApproval = pgTable(
  'staff_approval',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    /** adjustment, bonus (payload: { turnoverMultiple }) */
    kind: text('kind').notNull(),
    requestId: text('request_id').notNull().unique(),
    /** the member's account the decision is about */
    subject: text('subject').notNull(),
    /** signed minor units */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    payload: jsonb('payload').notNull(),
    requestedBy: text('requested_by').notNull(),
    requestedAt: instant('requested_at').notNull(),
    /** pending, confirmed, rejected */
    state: text('state').notNull(),
    decidedBy: text('decided_by'),
    decidedAt: instant('decided_at'),
    decisionReason: text('decision_reason'),
  },
  (table) => [index('staff_approval_state_idx').on(table.state, table.requestedAt)],
);
