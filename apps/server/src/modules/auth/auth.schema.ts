import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';

/**
 * The auth module's tables (its repositories write them; others read them through db/schema.ts).
 */

/** Optional contact and identity fields a registration may carry (SPEC section 3). */
export interface MemberContacts {
  qqNum?: string;
  line?: string;
  whatsapp?: string;
  zalo?: string;
  facebook?: string;
  wechat?: string;
  idNumber?: string;
  recommenderId?: string;
}

export const member = pgTable(
  'member',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** the id callers see; internal ids never leave the server */
    publicId: text('public_id').notNull().unique(),
    /** as typed; unique without regard to case */
    username: text('username').notNull(),
    /** generated account number, also a login name */
    account: text('account').notNull().unique(),
    countryDialingCode: text('country_dialing_code'),
    mobile: text('mobile'),
    mobileVerifiedAt: instant('mobile_verified_at'),
    email: text('email'),
    /** null for a mobile registration without a password (logs in by SMS code) and for trial accounts */
    passwordHash: text('password_hash'),
    passwordChangedAt: instant('password_changed_at'),
    paymentPasswordHash: text('payment_password_hash'),
    /** SPEC section 6: 0 member, 1 and 2 agents, 41 and 42 agents who also play, 4 trial */
    type: smallint('type').notNull().default(0),
    /** false: refused at the member site's login (member_no_enter) */
    memberAccess: boolean('member_access').notNull().default(true),
    /** active; locked: refused at login, its sessions ended (staff, Players -> Actions); others: disabled */
    status: text('status').notNull().default('active'),
    /** staff's suspension: every new bet refused (a bet already taken, its wins and rollbacks still go through) */
    bettingSuspended: boolean('betting_suspended').notNull().default(false),
    /** staff's suspension: every new withdrawal refused (WITHDRAWALS_SUSPENDED) */
    withdrawalsSuspended: boolean('withdrawals_suspended').notNull().default(false),
    nickname: text('nickname'),
    /** real name; a withdrawal's payee must match it when the operator requires */
    payeeName: text('payee_name'),
    contacts: jsonb('contacts').$type<MemberContacts>().notNull().default({}),
    /** this member's own invitation code (agents: affiliate code) */
    referralCode: text('referral_code').notNull().unique(),
    uplineId: bigint('upline_id', { mode: 'bigint' }),
    referredById: bigint('referred_by_id', { mode: 'bigint' }),
    rankLevel: smallint('rank_level').notNull().default(0),
    totpSecret: text('totp_secret'),
    firstLoginAt: instant('first_login_at'),
    lastLoginAt: instant('last_login_at'),
    lastLoginIp: text('last_login_ip'),
    registerIp: text('register_ip'),
    registerDomain: text('register_domain'),
    registerUrl: text('register_url'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('member_username_key').on(sql`lower(${table.username})`),
    uniqueIndex('member_mobile_key').on(table.countryDialingCode, table.mobile),
    index('member_upline_idx').on(table.uplineId),
    index('member_referred_by_idx').on(table.referredById),
  ],
);

/** A session token is stored only as its SHA-256; the token itself exists only in the client. */
export const memberSession = pgTable(
  'member_session',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: instant('created_at').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
    /** absolute expiry; idle expiry is lastSeenAt plus the idle setting */
    expiresAt: instant('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    revokedAt: instant('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (table) => [index('member_session_member_idx').on(table.memberId)],
);

/**
 * A one-time code that carries a session into another browser tab or app (`/?token=<code>`): kept as
 * its SHA-256, good for 60 seconds and once, and exchanged for a new session of its own.
 */
export const sessionHandoff = pgTable('session_handoff', {
  codeHash: text('code_hash').primaryKey(),
  sessionId: bigint('session_id', { mode: 'bigint' })
    .notNull()
    .references(() => memberSession.id, { onDelete: 'cascade' }),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  usedAt: instant('used_at'),
});

/** Addresses a member has logged in from; a login from any other asks for one more proof. */
export const memberKnownIp = pgTable(
  'member_known_ip',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    firstSeenAt: instant('first_seen_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.ip] })],
);

/** A login from an unknown address waiting for its extra proof (SPEC section 4). */
export const loginChallenge = pgTable('login_challenge', {
  id: text('id').primaryKey(),
  memberId: bigint('member_id', { mode: 'bigint' })
    .notNull()
    .references(() => member.id, { onDelete: 'cascade' }),
  ip: text('ip').notNull(),
  userAgent: text('user_agent'),
  methods: jsonb('methods').$type<string[]>().notNull(),
  /** SHA-256 of the code emailed for this challenge, when the member has an email */
  emailCodeHash: text('email_code_hash'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: instant('created_at').notNull(),
  expiresAt: instant('expires_at').notNull(),
  consumedAt: instant('consumed_at'),
});

/** Logins, failures, password changes, new-address verifications: time, address, user agent. */
export const authAudit = pgTable(
  'auth_audit',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    at: instant('at').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' }),
    /** what was typed, for failures against no account */
    username: text('username'),
    event: text('event').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: jsonb('detail').notNull().default({}),
  },
  (table) => [
    index('auth_audit_member_idx').on(table.memberId, table.event, table.at),
    index('auth_audit_username_idx').on(table.username, table.event, table.at),
    index('auth_audit_ip_idx').on(table.ip, table.event, table.at),
  ],
);
