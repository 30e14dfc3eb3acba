import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText, RoundDetail } from '@platform/contract';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Operator settings, one row per key; values are validated by the contract's settingDefinitions. */
export const setting = pgTable('setting', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What a content row keeps of its image's renditions (content_image_rendition): enough for a srcset. */
export interface StoredContentImage {
  id: string;
  width: number;
  height: number;
  widths: number[];
}

export const banner = pgTable(
  'banner',
  {
    id: text('id').primaryKey(),
    groupName: text('group_name').notNull(),
    imageUrl: text('image_url').notNull(),
    image: jsonb('image').$type<StoredContentImage>(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    subtitle: jsonb('subtitle').$type<LocalizedText>(),
    action: jsonb('action').$type<LocalizedText>(),
    linkageType: text('linkage_type').notNull(),
    linkage: text('linkage'),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [index('banner_group_idx').on(table.groupName, table.sortOrder)],
);

export const announcement = pgTable(
  'announcement',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    execution: text('execution').notNull().default('B'),
    platform: text('platform').notNull().default('W'),
    /** all: the public list; agent: only the agent centre (ADR 067) */
    audience: text('audience').notNull().default('all'),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    content: jsonb('content').$type<LocalizedText>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    index('announcement_published_idx').on(table.audience, table.publishedAt),
    check('announcement_audience', sql`${table.audience} IN ('all', 'agent')`),
  ],
);

export const promotion = pgTable('promotion', {
  id: text('id').primaryKey(),
  category: text('category').notNull(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  summary: jsonb('summary').$type<LocalizedText>().notNull(),
  content: jsonb('content').$type<LocalizedText>().notNull(),
  imageUrl: text('image_url').notNull(),
  image: jsonb('image').$type<StoredContentImage>(),
  action: jsonb('action').$type<LocalizedText>(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

export const helpSection = pgTable('help_section', {
  id: text('id').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const helpArticle = pgTable('help_article', {
  id: text('id').primaryKey(),
  sectionId: text('section_id')
    .notNull()
    .references(() => helpSection.id, { onDelete: 'cascade' }),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  content: jsonb('content').$type<LocalizedText>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** A game provider shown as a tab in a lobby; games themselves arrive with the games issue. */
export const gameVendor = pgTable('game_vendor', {
  vassalage: text('vassalage').primaryKey(),
  category: text('category').notNull(),
  title: text('title').notNull(),
  isHot: boolean('is_hot').notNull().default(false),
  smallIcon: text('small_icon'),
  gameClassify: text('game_classify'),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

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

/** Facts about the database itself, e.g. that the demo content was seeded once (so it never returns). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Accounts and sessions

const instant = (name: string) => timestamp(name, { withTimezone: true });
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * WebP renditions of banner and promotion images, made once when the content is added. image_id is a
 * hash of the source and the rendition settings, so a URL naming it can be cached for ever.
 */
export const contentImageRendition = pgTable(
  'content_image_rendition',
  {
    imageId: text('image_id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.imageId, table.width] })],
);

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
    status: text('status').notNull().default('active'),
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

export const memberAvatar = pgTable('member_avatar', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

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

/** Platform messages to one member; the messaging issue adds sending and reading. */
export const memberMessage = pgTable(
  'member_message',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    body: jsonb('body').$type<LocalizedText>().notNull(),
    createdAt: instant('created_at').notNull(),
    readAt: instant('read_at'),
    /** operator (sent by staff), system (sent by an event: a deposit credited), welcome */
    kind: text('kind').notNull().default('system'),
    /** who sent it: `admin:<name>`, `cli:<user>`, `event:<name>` */
    sentBy: text('sent_by'),
    /**
     * a system message's event (`<type>:<reference>`): an event delivered again (the cashier outbox
     * delivers at least once) adds no second message
     */
    eventKey: text('event_key'),
  },
  (table) => [
    index('member_message_member_idx').on(table.memberId, table.readAt),
    index('member_message_list_idx').on(table.memberId, table.id),
    uniqueIndex('member_message_event_key').on(table.memberId, table.eventKey),
  ],
);

/** Labels the operator puts on members to address messages to a segment (messaging module). */
export const memberTag = pgTable(
  'member_tag',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.tag] }),
    index('member_tag_tag_idx').on(table.tag),
  ],
);

/** Chat rooms (messaging module): the lobby, one per language, VIP rooms from a rank level. */
export const chatRoom = pgTable('chat_room', {
  code: text('code').primaryKey(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  /** the room's language; null: everyone's (the lobby) */
  language: text('language'),
  minRankLevel: smallint('min_rank_level').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/** What members said in a room; `text` after the word filter, shown by pages as text only. */
export const chatMessage = pgTable(
  'chat_message',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    room: text('room')
      .notNull()
      .references(() => chatRoom.code),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    sender: text('sender').notNull(),
    rankLevel: smallint('rank_level').notNull(),
    text: text('text').notNull(),
    createdAt: instant('created_at').notNull(),
    /** removed by a moderator: kept for the record, shown to nobody */
    deletedAt: instant('deleted_at'),
    deletedBy: text('deleted_by'),
  },
  (table) => [
    index('chat_message_room_idx').on(table.room, table.id),
    index('chat_message_member_idx').on(table.memberId, table.createdAt),
  ],
);

/** The last message a member read per room: unReadCount is what came after it. */
export const chatRead = pgTable(
  'chat_read',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    room: text('room').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.room] })],
);

/** A member a moderator silenced until a time. */
export const chatMute = pgTable('chat_mute', {
  memberId: bigint('member_id', { mode: 'bigint' })
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  until: instant('until').notNull(),
  reason: text('reason').notNull(),
  mutedBy: text('muted_by').notNull(),
});

/** The operator's word filter: each word is replaced by asterisks in new messages. */
export const chatWord = pgTable('chat_word', {
  word: text('word').primaryKey(),
});

/** What members tell the operator through the feedback form (SPEC section 7, PUT /wps/feedback). */
export const feedback = pgTable(
  'feedback',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    text: text('text').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('feedback_created_idx').on(table.createdAt)],
);

/** A feedback's images, re-encoded by the image intake (never the uploaded bytes). */
export const feedbackImage = pgTable(
  'feedback_image',
  {
    feedbackId: bigint('feedback_id', { mode: 'bigint' })
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.feedbackId, table.position] })],
);

/** A member's application for a promotion (rewards module): applying -> issued | rejected; issued -> claimed. */
export const promotionApplication = pgTable(
  'promotion_application',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    promotionId: text('promotion_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    status: text('status').notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }),
    turnoverRequired: bigint('turnover_required', { mode: 'bigint' }),
    reason: text('reason'),
    appliedAt: instant('applied_at').notNull(),
    decidedAt: instant('decided_at'),
    decidedBy: text('decided_by'),
    claimedAt: instant('claimed_at'),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
  },
  (table) => [
    // One open or granted application per member and promotion; a rejected one may be followed by another.
    uniqueIndex('promotion_application_once_key')
      .on(table.promotionId, table.memberId)
      .where(sql`${table.status} <> 'rejected'`),
    index('promotion_application_status_idx').on(table.status, table.id),
  ],
);

/**
 * An automatic bonus paid (rewards module): the first-deposit and reload bonuses and the daily rebate.
 * The unique key is the "exactly once per member and period" rule; the ledger's idempotency key
 * `reward:<kind>:<member>:<period>` is the second lock on the money.
 */
export const rewardGrant = pgTable(
  'reward_grant',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** first-deposit, reload or rebate */
    kind: text('kind').notNull(),
    /** 'once' (first deposit) or the site day (yyyy-MM-dd) it was earned */
    period: text('period').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** what earned it: the deposit, or the day's valid bet */
    basis: bigint('basis', { mode: 'bigint' }).notNull(),
    turnoverRequired: bigint('turnover_required', { mode: 'bigint' }).notNull(),
    /** the deposit that earned it (public id); null for a rebate */
    reference: text('reference'),
    transferId: bigint('transfer_id', { mode: 'bigint' }).notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('reward_grant_once_key').on(table.memberId, table.kind, table.period),
    index('reward_grant_member_idx').on(table.memberId, table.id),
  ],
);

export const promotionApplicationImage = pgTable(
  'promotion_application_image',
  {
    applicationId: bigint('application_id', { mode: 'bigint' })
      .notNull()
      .references(() => promotionApplication.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.applicationId, table.position] })],
);

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

// ---------------------------------------------------------------------------------------------
// Operators' staff and scheduled work

export const adminUser = pgTable('admin_user', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  /** owner, cashier, support */
  role: text('role').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: instant('created_at').notNull(),
  /** base32 TOTP secret; null while the admin has no second factor */
  totpSecret: text('totp_secret'),
  /** the last 30-second step a code was accepted for, so one code logs in once */
  totpLastStep: bigint('totp_last_step', { mode: 'bigint' }),
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
});

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

// ---------------------------------------------------------------------------------------------
// Seamless-wallet provider API (what game vendors call us)

/**
 * The wallet-API terms of a game vendor whose identity lives in game_vendor (vendor_code = its
 * vassalage). The signing secret is kept as given: verifying an HMAC needs the secret itself.
 */
export const providerVendor = pgTable('provider_vendor', {
  vendorCode: text('vendor_code').primaryKey(),
  walletModel: text('wallet_model').notNull().default('seamless'),
  currency: text('currency').notNull(),
  signingSecret: text('signing_secret').notNull(),
  /** trial accounts may play this vendor's games with their demo money */
  allowDemo: boolean('allow_demo').notNull().default(false),
  /** a round still open this long after its last call is closed by the round-timeout job */
  roundTimeoutSeconds: integer('round_timeout_seconds').notNull().default(3600),
  /** what that job does: 'lost' (settled, the bets stay) or 'refund' (the bets are rolled back) */
  roundTimeoutRule: text('round_timeout_rule').notNull().default('lost'),
  /**
   * Where a player's browser opens the vendor's game: a URL template with {token} (the launch token),
   * and optionally {game}, {language}, {currency}, {mode} (real or demo) and {lobby} (our page to go back
   * to). null: the vendor's games cannot be launched yet.
   */
  launchUrl: text('launch_url'),
  active: boolean('active').notNull().default(true),
  createdAt: instant('created_at').notNull().defaultNow(),
  /**
   * wallet_model 'transfer' (ADR 021): where the vendor's own wallet API answers (deposit, withdraw,
   * balance, status); null for a seamless vendor
   */
  transferApiUrl: text('transfer_api_url'),
  /** transfer vendors: the member's main balance moves in when one of its games opens */
  autoTransferIn: boolean('auto_transfer_in').notNull().default(false),
  /**
   * The vendor's RSA public key (PEM, SPKI). When set, every call must also carry an RSA-SHA256 signature
   * of `<timestamp>.<raw body>` made with the vendor's private key, besides the HMAC.
   */
  publicKey: text('public_key'),
  /**
   * PVP vendors: where the vendor lists its rooms and seats (GET, JSON; ADR 024). null: the vendor has no
   * rooms to list.
   */
  roomsUrl: text('rooms_url'),
  /**
   * Where the site opens the vendor's games: 'frame' (the /game page's iframe) or 'window' (a window of
   * their own, for a vendor whose pages refuse to be framed).
   */
  launchMode: text('launch_mode').notNull().default('frame'),
});

/** A launch token, kept only as its SHA-256; one authenticate call consumes it. */
export const providerLaunchToken = pgTable(
  'provider_launch_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    vendorCode: text('vendor_code').notNull(),
    gameCode: text('game_code').notNull(),
    /**
     * Until authenticate: the end of the 10 minutes it may come in. After: the end of the game session,
     * moved on by its bets (GAME_SESSION_IDLE_SECONDS; ADR 091).
     */
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    /** the authenticate call that used it: the same request repeated gets the same answer */
    usedByRequest: text('used_by_request'),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** the site session the game was opened from: its end ends the game session */
    sessionId: bigint('session_id', { mode: 'bigint' }).references(() => memberSession.id, {
      onDelete: 'cascade',
    }),
  },
  (table) => [index('provider_launch_token_expires_idx').on(table.expiresAt)],
);

/** One game round of a vendor: open until the vendor closes it or the round-timeout job does. */
export const providerRound = pgTable(
  'provider_round',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    vendorCode: text('vendor_code').notNull(),
    roundId: text('round_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    gameCode: text('game_code').notNull(),
    /** the ledger currency of its money: REAL, or DEMO for a trial account */
    ledgerCurrency: text('ledger_currency').notNull(),
    /** open, settled or cancelled */
    status: text('status').notNull().default('open'),
    betTotal: bigint('bet_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    winTotal: bigint('win_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    refundTotal: bigint('refund_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    openedAt: instant('opened_at').notNull(),
    lastActivityAt: instant('last_activity_at').notNull(),
    closedAt: instant('closed_at'),
    /** vendor, timeout-lost or timeout-refund */
    closedBy: text('closed_by'),
    /** what happened, as the vendor last told it (the contract's roundDetailSchema) */
    detail: jsonb('detail').$type<RoundDetail>(),
  },
  (table) => [
    uniqueIndex('provider_round_vendor_round_key').on(table.vendorCode, table.roundId),
    // The big-win ticker: the latest settled rounds that paid, newest first.
    index('provider_round_paid_idx')
      .on(table.closedAt)
      .where(sql`${table.status} = 'settled' AND ${table.winTotal} > 0`),
    index('provider_round_open_idx')
      .on(table.vendorCode, table.lastActivityAt)
      .where(sql`${table.status} = 'open'`),
    index('provider_round_member_idx').on(table.memberId, table.openedAt),
    // The agents' turnover feed reads settled rounds in closing order from where it stopped (ADR 046).
    index('provider_round_closed_idx')
      .on(table.closedAt, table.id)
      .where(sql`${table.status} = 'settled'`),
  ],
);

/**
 * Every bet, win and rollback a vendor sent, unique on (vendor, transaction_uuid): the row is written
 * first in the call's transaction, so a concurrent copy waits on the index and then reads the result.
 * A rollback that arrives before its bet writes a 'bet' row with status 'tombstone' under the bet's id.
 * Kept at least four months (the aggregators' rule); created_at is indexed for the purge.
 */
export const providerTransaction = pgTable(
  'provider_transaction',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    vendorCode: text('vendor_code').notNull(),
    transactionUuid: text('transaction_uuid').notNull(),
    /** bet, win or rollback */
    kind: text('kind').notNull(),
    /** ok; a bet may become rolled_back; tombstone: a bet refused in advance by an early rollback */
    status: text('status').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    roundId: text('round_id').notNull(),
    referenceUuid: text('reference_uuid'),
    gameCode: text('game_code').notNull(),
    /** minor units; a tombstone has none */
    amount: bigint('amount', { mode: 'bigint' }),
    isFree: boolean('is_free').notNull().default(false),
    /** wins: normal, bonus, jackpot or promo */
    winKind: text('win_kind'),
    requestUuid: text('request_uuid').notNull(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'bigint' }),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('provider_transaction_vendor_uuid_key').on(table.vendorCode, table.transactionUuid),
    index('provider_transaction_reference_idx')
      .on(table.vendorCode, table.referenceUuid)
      .where(sql`${table.referenceUuid} IS NOT NULL`),
    index('provider_transaction_round_idx').on(table.vendorCode, table.roundId),
    index('provider_transaction_created_idx').on(table.createdAt),
  ],
);

// Game catalogue: the lobby's games, each member's favourites and recently played games

/** One game of a vendor; nodeId (vendor code, '-', the vendor's game code) is its public id. */
export const game = pgTable(
  'game',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    nodeId: text('node_id').notNull().unique(),
    vassalage: text('vassalage')
      .notNull()
      .references(() => gameVendor.vassalage, { onDelete: 'cascade' }),
    gameCode: text('game_code').notNull(),
    gameName: text('game_name').notNull(),
    gameClassify: text('game_classify'),
    /** the smallest stake, minor units */
    minBet: bigint('min_bet', { mode: 'bigint' }).notNull(),
    minLineNum: integer('min_line_num'),
    platforms: text('platforms').array().notNull(),
    imageUrl: text('image_url'),
    isHot: boolean('is_hot').notNull().default(false),
    isNew: boolean('is_new').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('game_vendor_code_key').on(table.vassalage, table.gameCode),
    // The lobby reads enabled games in sort order, stopping at the page: no sort of the whole catalogue.
    index('game_order_idx')
      .on(table.sortOrder, table.id)
      .where(sql`${table.enabled}`),
    // A vendor's games, and the count of a category's (index-only).
    index('game_vendor_idx').on(table.vassalage, table.enabled),
    // Name search is "contains, any case": a trigram index answers it at 10,000 games and more.
    index('game_name_trgm_idx').using('gin', sql`lower(${table.gameName}) gin_trgm_ops`),
  ],
);

export const memberFavouriteGame = pgTable(
  'member_favourite_game',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('member_favourite_game_recent_idx').on(table.memberId, table.createdAt),
  ],
);

export const memberRecentGame = pgTable(
  'member_recent_game',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    gameId: bigint('game_id', { mode: 'bigint' })
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    playedAt: instant('played_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.gameId] }),
    index('member_recent_game_played_idx').on(table.memberId, table.playedAt),
  ],
);

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

/**
 * One round of the in-house slot (modules/inhouse, ADR 026): the stops of its paid spin and of every free
 * spin it played (with the variant, all it takes to replay it), claimed under the member's request id
 * before any money moves, so a retried spin answers the same round instead of spinning again. Its money is
 * the seamless wallet's (provider_round `slot-<public id>`); this row is the game's own memory.
 */
export const inhouseSlotRound = pgTable(
  'inhouse_slot_round',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    requestId: text('request_id').notNull(),
    /** the RTP variant in play (its reel strips) */
    variant: text('variant').notNull(),
    /** minor units */
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' }).notNull(),
    /** per spin (the paid one first, then each free spin), the stop of each reel */
    stops: jsonb('stops').$type<number[][]>().notNull(),
    freeSpins: integer('free_spins').notNull(),
    /** open (money on its way), settled, or cancelled (the wallet refunded the bet) */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('inhouse_slot_round_public_id_key').on(table.publicId),
    uniqueIndex('inhouse_slot_round_member_request_key').on(table.memberId, table.requestId),
    index('inhouse_slot_round_member_idx').on(table.memberId, table.createdAt),
    check('inhouse_slot_round_bet_positive', sql`${table.bet} > 0`),
    check('inhouse_slot_round_win_not_negative', sql`${table.win} >= 0`),
    check('inhouse_slot_round_status', sql`${table.status} IN ('open', 'settled', 'cancelled')`),
  ],
);

/**
 * Provably fair dice (ADR 030): a member's seed pairs. One is active at a time: its server seed is secret
 * (the member sees its SHA-256), its nonce counts the bets made with it. Rotating reveals it and starts a
 * new pair; a revealed seed is public (anyone may verify the rounds it rolled).
 */
export const inhouseDiceSeed = pgTable(
  'inhouse_dice_seed',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    /** 64 hex digits from node:crypto, used as text (the HMAC's key) */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** the next bet's nonce: the bets made with this pair so far */
    nonce: integer('nonce').notNull(),
    /** active (secret) or revealed */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    revealedAt: instant('revealed_at'),
  },
  (table) => [
    uniqueIndex('inhouse_dice_seed_active_key')
      .on(table.memberId)
      .where(sql`${table.status} = 'active'`),
    uniqueIndex('inhouse_dice_seed_hash_key').on(table.serverSeedHash),
    check('inhouse_dice_seed_status', sql`${table.status} IN ('active', 'revealed')`),
    check('inhouse_dice_seed_nonce', sql`${table.nonce} >= 0`),
  ],
);

/** A dice bet: claimed under the member's request id with its seed pair and nonce, then settled. */
export const inhouseDiceRound = pgTable(
  'inhouse_dice_round',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    requestId: text('request_id').notNull(),
    seedId: bigint('seed_id', { mode: 'bigint' })
      .notNull()
      .references(() => inhouseDiceSeed.id),
    nonce: integer('nonce').notNull(),
    /** hundredths: 0 (0.00) to 10000 (100.00) */
    target: integer('target').notNull(),
    direction: text('direction').notNull(),
    roll: integer('roll').notNull(),
    /** the house edge in hundredths of a percent at the time of the bet */
    edge: integer('edge').notNull(),
    /** the payout multiplier in ten-thousandths */
    payout: bigint('payout', { mode: 'bigint' }).notNull(),
    /** minor units */
    bet: bigint('bet', { mode: 'bigint' }).notNull(),
    win: bigint('win', { mode: 'bigint' }).notNull(),
    /** open (money on its way), settled, or cancelled (the wallet refunded the bet) */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('inhouse_dice_round_public_id_key').on(table.publicId),
    uniqueIndex('inhouse_dice_round_member_request_key').on(table.memberId, table.requestId),
    uniqueIndex('inhouse_dice_round_seed_nonce_key').on(table.seedId, table.nonce),
    index('inhouse_dice_round_member_idx').on(table.memberId, table.createdAt),
    check('inhouse_dice_round_bet_positive', sql`${table.bet} > 0`),
    check('inhouse_dice_round_win_not_negative', sql`${table.win} >= 0`),
    check('inhouse_dice_round_direction', sql`${table.direction} IN ('over', 'under')`),
    check('inhouse_dice_round_status', sql`${table.status} IN ('open', 'settled', 'cancelled')`),
  ],
);

/**
 * Crash's hash chains (ADR 031): each made in advance from a secret origin, its commitment (the SHA-256 of
 * the first round's seed) and salt published before the chain's first round.
 */
export const inhouseCrashChain = pgTable(
  'inhouse_crash_chain',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    /** SHA-256 of seed 1: published before the first round */
    commitment: text('commitment').notNull(),
    salt: text('salt').notNull(),
    length: integer('length').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [uniqueIndex('inhouse_crash_chain_commitment_key').on(table.commitment)],
);

/** A chain's seeds in playing order (position 1 first); a seed is shown once its round crashed. */
export const inhouseCrashSeed = pgTable(
  'inhouse_crash_seed',
  {
    chainId: bigint('chain_id', { mode: 'bigint' })
      .notNull()
      .references(() => inhouseCrashChain.id),
    position: integer('position').notNull(),
    /** 64 hex digits */
    seed: text('seed').notNull(),
  },
  (table) => [primaryKey({ columns: [table.chainId, table.position] })],
);

/**
 * A crash round: betting until betting_ends_at, then the multiplier rises from 1.00× and the round crashes
 * at crashes_at (when the rise reaches the crash point). One round is open at a time.
 */
export const inhouseCrashRound = pgTable(
  'inhouse_crash_round',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    chainId: bigint('chain_id', { mode: 'bigint' })
      .notNull()
      .references(() => inhouseCrashChain.id),
    position: integer('position').notNull(),
    /** hundredths: 267 = 2.67× */
    crashPoint: bigint('crash_point', { mode: 'bigint' }).notNull(),
    /** hundredths: the highest multiplier paid (the operator's setting when the round opened) */
    paysUpTo: bigint('pays_up_to', { mode: 'bigint' }).notNull(),
    bettingEndsAt: instant('betting_ends_at').notNull(),
    crashesAt: instant('crashes_at').notNull(),
    /** open (betting or rising) or settled (every bet paid, lost or refunded) */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('inhouse_crash_round_public_id_key').on(table.publicId),
    uniqueIndex('inhouse_crash_round_chain_position_key').on(table.chainId, table.position),
    uniqueIndex('inhouse_crash_round_open_key')
      .on(table.status)
      .where(sql`${table.status} = 'open'`),
    index('inhouse_crash_round_created_idx').on(table.createdAt),
    check('inhouse_crash_round_status', sql`${table.status} IN ('open', 'settled')`),
    check('inhouse_crash_round_point', sql`${table.crashPoint} >= 100`),
  ],
);

/** A player's bet in a crash round: one per player and round. */
export const inhouseCrashBet = pgTable(
  'inhouse_crash_bet',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    roundId: bigint('round_id', { mode: 'bigint' })
      .notNull()
      .references(() => inhouseCrashRound.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    /** the member's public id and name as the round's list shows them */
    playerId: text('player_id').notNull(),
    playerName: text('player_name').notNull(),
    requestId: text('request_id').notNull(),
    /** minor units */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** hundredths; null: cash out by hand */
    autoCashOut: bigint('auto_cash_out', { mode: 'bigint' }),
    /** hundredths: the multiplier a cash-out by hand got, decided by the server's clock */
    cashedOutAt: bigint('cashed_out_at', { mode: 'bigint' }),
    /** minor units paid; null until known */
    win: bigint('win', { mode: 'bigint' }),
    /** pending (the wallet's bet on its way), placed, won, lost, refunded */
    status: text('status').notNull(),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('inhouse_crash_bet_public_id_key').on(table.publicId),
    uniqueIndex('inhouse_crash_bet_round_member_key').on(table.roundId, table.memberId),
    uniqueIndex('inhouse_crash_bet_member_request_key').on(table.memberId, table.requestId),
    check('inhouse_crash_bet_stake_positive', sql`${table.stake} > 0`),
    check(
      'inhouse_crash_bet_status',
      sql`${table.status} IN ('pending', 'placed', 'won', 'lost', 'refunded')`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Agents (modules/agent, ADRs 045-047)

/**
 * The agent tree as a closure table: one row per (ancestor, descendant) with the levels between them,
 * 0 for a member's own row. Kept by triggers on member.upline_id (migration 0040), so every way a member
 * is made (registration, trial accounts, seeds, tests) or moved keeps it true. "X's whole team" is one
 * index range: ancestor_id = X (ADR 045).
 */
export const agentTree = pgTable(
  'agent_tree',
  {
    ancestorId: bigint('ancestor_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    descendantId: bigint('descendant_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    depth: integer('depth').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ancestorId, table.descendantId] }),
    index('agent_tree_descendant_idx').on(table.descendantId, table.depth),
    index('agent_tree_ancestor_depth_idx').on(table.ancestorId, table.depth),
  ],
);

/**
 * Turnover per member, site day and game category: valid bet and payout (minor units) of settled rounds
 * and lottery tickets. Fed by the agent module's recordTurnover (ADR 046); rebates, points, missions and
 * agent contracts read it.
 */
export const memberTurnoverDaily = pgTable(
  'member_turnover_daily',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bets: integer('bets').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.day, table.category] }),
    // A day's bettors (active members of a team, the lobby's daily reports).
    index('member_turnover_daily_day_idx').on(table.day, table.memberId),
  ],
);

/**
 * The same totals rolled up to every ancestor at the time the turnover was recorded (the member's own
 * row included): an agent's team totals for any range of days are one short index range, however big
 * the team. A member moved later keeps its past days with the old upline (ADR 045).
 */
export const teamTurnoverDaily = pgTable(
  'team_turnover_daily',
  {
    agentId: bigint('agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payout: bigint('payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    bets: integer('bets').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.day, table.category] })],
);

/** Where each turnover feed has read up to (the provider rounds' feed: closed_at and id of the last). */
/**
 * Per agent and site day, how many members of its team (all levels) joined that day: kept by triggers on
 * agent_tree (migration agent_team_aggregates), so team size and new members are a short index range
 * instead of a scan of the closure table (issue 14's overview at 100,000 members).
 */
export const teamMemberDaily = pgTable(
  'team_member_daily',
  {
    agentId: bigint('agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    joined: integer('joined').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.day] })],
);

/**
 * A member's valid bet per activity period ('d:yyyy-MM-dd' a site day, 'm:yyyy-MM' a calendar month),
 * rolled up with the turnover: the row lock of its upsert makes exactly one writer see the member cross
 * the period's active threshold.
 */
export const memberActivity = pgTable(
  'member_activity',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.period] })],
);

/** The active-member threshold each activity period is counted with (the setting when it began). */
export const activityPeriod = pgTable('activity_period', {
  period: text('period').primaryKey(),
  minValidBet: bigint('min_valid_bet', { mode: 'bigint' }).notNull(),
});

/** Per agent and activity period: members of the team who crossed the period's threshold (ADR 046). */
export const teamActive = pgTable(
  'team_active',
  {
    agentId: bigint('agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    active: integer('active').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.period] })],
);

export const turnoverFeed = pgTable('turnover_feed', {
  source: text('source').primaryKey(),
  cursorAt: instant('cursor_at').notNull(),
  cursorId: bigint('cursor_id', { mode: 'bigint' }).notNull(),
  updatedAt: instant('updated_at').notNull(),
});

/**
 * A contract between an upline agent (null: the operator) and a downline agent (SPEC sections 3, 4):
 * offered, then active or rejected, and at last terminated. Tiers: [{ min, minActive, rateBp }] with
 * min the period's team valid bet (wages, salaries) or net loss (dividend), minor units as text.
 */
export const agentContract = pgTable(
  'agent_contract',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    uplineId: bigint('upline_id', { mode: 'bigint' }).references(() => member.id),
    downlineId: bigint('downline_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    /** dividend, daily_wage, hourly_salary, realtime_salary */
    kind: text('kind').notNull(),
    /** dividend: daily, weekly, semimonthly, monthly; the others: their kind's fixed period */
    cycle: text('cycle').notNull(),
    tiers: jsonb('tiers').$type<{ min: string; minActive: number; rateBp: number }[]>().notNull(),
    /** offered, active, rejected, terminated */
    status: text('status').notNull(),
    offeredBy: text('offered_by').notNull(),
    offeredAt: instant('offered_at').notNull(),
    respondedBy: text('responded_by'),
    respondedAt: instant('responded_at'),
    /** the start of the first whole period after acceptance */
    effectiveFrom: instant('effective_from'),
    terminatedBy: text('terminated_by'),
    terminatedAt: instant('terminated_at'),
    terminationReason: text('termination_reason'),
    /**
     * hourly and real-time salaries pay on turnover recorded since their last settlement: the team's
     * valid bet from `day` on, as counted then (ADR 047)
     */
    basis: jsonb('basis').$type<{ day: string; validBet: string }>(),
  },
  (table) => [
    // At most one live contract of a kind per downline, and one pending offer.
    uniqueIndex('agent_contract_active_key')
      .on(table.downlineId, table.kind)
      .where(sql`${table.status} = 'active'`),
    uniqueIndex('agent_contract_offered_key')
      .on(table.downlineId, table.kind)
      .where(sql`${table.status} = 'offered'`),
    index('agent_contract_upline_idx').on(table.uplineId, table.kind, table.status),
    index('agent_contract_kind_status_idx').on(table.kind, table.status),
    check(
      'agent_contract_kind',
      sql`${table.kind} IN ('dividend', 'daily_wage', 'hourly_salary', 'realtime_salary')`,
    ),
    check('agent_contract_status', sql`${table.status} IN ('offered', 'active', 'rejected', 'terminated')`),
  ],
);

/**
 * One settled period of one contract, unique on (contract, period): claimed in the paying transaction,
 * so two servers never pay a period twice. The figures that produced the amount are kept with it.
 */
export const agentSettlement = pgTable(
  'agent_settlement',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    contractId: bigint('contract_id', { mode: 'bigint' })
      .notNull()
      .references(() => agentContract.id),
    agentId: bigint('agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    kind: text('kind').notNull(),
    periodKey: text('period_key').notNull(),
    periodStart: instant('period_start').notNull(),
    periodEnd: instant('period_end').notNull(),
    /** minor units paid (0: nothing was due) */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** paid, zero, pending_approval, rejected */
    status: text('status').notNull(),
    figures: jsonb('figures').$type<Record<string, string | number | null>>().notNull(),
    settledAt: instant('settled_at').notNull(),
    decidedBy: text('decided_by'),
  },
  (table) => [
    uniqueIndex('agent_settlement_period_key').on(table.contractId, table.periodKey),
    index('agent_settlement_agent_idx').on(table.agentId, table.periodStart),
    // A period's settled rows of a kind: the deductions of a batch and the repair read them (ADR 093).
    index('agent_settlement_kind_period_idx').on(table.kind, table.periodStart, table.periodEnd),
  ],
);

/**
 * A correction of a settled agent period recomputed under rules fixed later (issue 26, ADR 093): the
 * difference between what the period computed then and what the rules compute now, paid (positive) or
 * clawed back (negative) through the ledger under key agent-repair:<settlement id>. The settled row is
 * never rewritten; one correction per settled row.
 */
export const agentSettlementCorrection = pgTable('agent_settlement_correction', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  settlementId: bigint('settlement_id', { mode: 'bigint' })
    .notNull()
    .unique()
    .references(() => agentSettlement.id),
  agentId: bigint('agent_id', { mode: 'bigint' })
    .notNull()
    .references(() => member.id),
  /** the amount the period computed when it was settled, minor units */
  computed: bigint('computed', { mode: 'bigint' }).notNull(),
  /** the amount the rules compute now */
  recomputed: bigint('recomputed', { mode: 'bigint' }).notNull(),
  /** recomputed - computed: moved to (positive) or from (negative) the agent */
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  reason: text('reason').notNull(),
  actor: text('actor').notNull(),
  createdAt: instant('created_at').notNull(),
});

/**
 * An agent's invite link (registerCenter): its code is typed or carried as the registration's
 * affiliateCode; the account it makes is a player or an agent, and an agent may be offered a contract on
 * sign-up (`offer`: kind, cycle, tiers with min in minor units as text).
 */
export const agentInviteLink = pgTable(
  'agent_invite_link',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    agentId: bigint('agent_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    code: text('code').notNull(),
    /** player or agent */
    accountType: text('account_type').notNull(),
    offer: jsonb('offer').$type<{
      kind: string;
      cycle: string | null;
      tiers: { min: string; minActive: number; rateBp: number }[];
    }>(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('agent_invite_link_code_key').on(sql`lower(${table.code})`),
    index('agent_invite_link_agent_idx').on(table.agentId, table.createdAt),
    check('agent_invite_link_type', sql`${table.accountType} IN ('player', 'agent')`),
  ],
);

/** Who registered through which invite link (each member at most once): the link's sign-ups. */
export const agentInviteSignup = pgTable(
  'agent_invite_signup',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => member.id, { onDelete: 'cascade' }),
    linkId: bigint('link_id', { mode: 'bigint' })
      .notNull()
      .references(() => agentInviteLink.id),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('agent_invite_signup_link_idx').on(table.linkId)],
);

/**
 * The operator's referral reward, one row per invited friend (the primary key is what pays once): a share
 * of the friend's first credited deposit, paid to the member who invited them through the ledger.
 */
export const referralReward = pgTable(
  'referral_reward',
  {
    friendId: bigint('friend_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => member.id),
    referrerId: bigint('referrer_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    depositId: bigint('deposit_id', { mode: 'bigint' }).notNull(),
    deposit: bigint('deposit', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paidAt: instant('paid_at').notNull(),
  },
  (table) => [index('referral_reward_referrer_idx').on(table.referrerId, table.paidAt)],
);

// ---------------------------------------------------------------------------------------------
// Lottery (issue 13): games with a draw schedule, their periods, bets, and exposure per number.

export const lotteryGame = pgTable(
  'lottery_game',
  {
    /** e.g. SSC-1: the family and the minutes between draws */
    code: text('code').primaryKey(),
    /** the game family's code (modules/lottery/families/registry.ts) */
    family: text('family').notNull(),
    /** ELOTT or LOTT (SPEC's game categories) */
    category: text('category').notNull(),
    name: text('name').notNull(),
    /** seconds between draws: a period opens as the previous one draws */
    intervalSeconds: integer('interval_seconds').notNull(),
    /** betting closes this many seconds before the draw */
    cutoffSeconds: integer('cutoff_seconds').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /**
     * seconds after the site's midnight at which the day's periods are aligned (0 for the fast games):
     * the daily Vietnamese draws open and draw at their state lottery's time (ADR 060)
     */
    drawOffsetSeconds: integer('draw_offset_seconds').notNull().default(0),
    /** the result is entered by an operator and confirmed by a second one, never drawn from a seed */
    enteredResults: boolean('entered_results').notNull().default(false),
  },
  (table) => [
    check(
      'lottery_game_offset',
      sql`${table.drawOffsetSeconds} >= 0 AND ${table.drawOffsetSeconds} < ${table.intervalSeconds} AND ${table.drawOffsetSeconds} % 60 = 0`,
    ),
    check('lottery_game_interval', sql`${table.intervalSeconds} >= 60 AND ${table.intervalSeconds} % 60 = 0`),
    check(
      'lottery_game_cutoff',
      sql`${table.cutoffSeconds} >= 1 AND ${table.cutoffSeconds} < ${table.intervalSeconds}`,
    ),
  ],
);

export const lotteryPeriod = pgTable(
  'lottery_period',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    gameCode: text('game_code')
      .notNull()
      .references(() => lotteryGame.code),
    /** the site day and the period's number in it, e.g. 20261123-0481 */
    periodNo: text('period_no').notNull(),
    opensAt: instant('opens_at').notNull(),
    cutoffAt: instant('cutoff_at').notNull(),
    drawAt: instant('draw_at').notNull(),
    /** open (taking bets), closed (seed committed), settled, cancelled (every bet refunded) */
    status: text('status').notNull(),
    /** SHA-256 of the seed, published at cut-off */
    seedHash: text('seed_hash'),
    /** the seed: kept secret until the result is published with it */
    seed: text('seed'),
    committedAt: instant('committed_at'),
    /** the raw numbers drawn from the seed by the family's draw spec */
    draw: jsonb('draw').$type<number[]>(),
    drawnAt: instant('drawn_at'),
    /** drawn or cancelled after its draw time because no server ran then (the catch-up rule) */
    late: boolean('late').notNull().default(false),
    /** void (operator) or late (the catch-up rule) when cancelled */
    cancelReason: text('cancel_reason'),
    /** what the bets of this period may win at most, summed as they are placed (the period's payout cap) */
    potentialPayout: bigint('potential_payout', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    betCount: integer('bet_count').notNull().default(0),
    stakeTotal: bigint('stake_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    payoutTotal: bigint('payout_total', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (table) => [
    uniqueIndex('lottery_period_game_no_key').on(table.gameCode, table.periodNo),
    index('lottery_period_game_draw_idx').on(table.gameCode, table.drawAt),
    index('lottery_period_due_idx')
      .on(table.drawAt)
      .where(sql`${table.status} IN ('open', 'closed')`),
    check('lottery_period_status', sql`${table.status} IN ('open', 'closed', 'settled', 'cancelled')`),
  ],
);

export const lotteryBet = pgTable(
  'lottery_bet',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    periodId: bigint('period_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryPeriod.id),
    gameCode: text('game_code').notNull(),
    /** the slip's request id: the bets of one slip are placed, and paid for, together */
    requestId: text('request_id').notNull(),
    /** its place on the slip */
    slipIndex: smallint('slip_index').notNull(),
    betType: text('bet_type').notNull(),
    /** the family's canonical selection, tokens joined by "," */
    selection: text('selection').notNull(),
    /** milli-odds locked when the bet was placed */
    odds: integer('odds').notNull(),
    units: integer('units').notNull(),
    /** minor units per unit; the bet cost stake * units */
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    exposureKey: text('exposure_key').notNull(),
    /** pending, then one of win, lose, tie (stake back), cancelled (period voided), refunded (system) */
    status: text('status').notNull(),
    hits: integer('hits').notNull().default(0),
    /** what the settlement credited (the stake on a tie, cancel or refund) */
    win: bigint('win', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: instant('created_at').notNull(),
    settledAt: instant('settled_at'),
  },
  (table) => [
    uniqueIndex('lottery_bet_public_id_key').on(table.publicId),
    uniqueIndex('lottery_bet_slip_key').on(table.memberId, table.requestId, table.slipIndex),
    // Settlement walks a period's bets in id ranges (chunks); migration 20261126083052_lottery_settle_chunks
    // also gives the table fillfactor 50, so settling a bet (status, hits, win, settled_at: no indexed
    // column) is a HOT update that writes no index entries (ADR 065).
    index('lottery_bet_period_id_idx').on(table.periodId, table.id),
    index('lottery_bet_member_idx').on(table.memberId, table.createdAt),
    check('lottery_bet_stake_positive', sql`${table.stake} > 0 AND ${table.units} >= 1`),
    check(
      'lottery_bet_status',
      sql`${table.status} IN ('pending', 'win', 'lose', 'tie', 'cancelled', 'refunded')`,
    ),
  ],
);

/**
 * A result of a daily draw as an operator entered it (ADR 060): revision 0 is the first result, each
 * later revision a correction of a settled one. An entry settles (or re-settles) its period only when a
 * second operator confirms it; an unconfirmed entry may be entered again over.
 */
export const lotteryVnResult = pgTable(
  'lottery_vn_result',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    periodId: bigint('period_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryPeriod.id),
    revision: integer('revision').notNull(),
    /** the tiers as entered, special prize first */
    tiers: jsonb('tiers').$type<string[][]>().notNull(),
    /** the same result as the engine stores a draw: its digits in printed order */
    digits: jsonb('digits').$type<number[]>().notNull(),
    /** admin:<username> or cli:<user> */
    enteredBy: text('entered_by').notNull(),
    enteredAt: instant('entered_at').notNull(),
    confirmedBy: text('confirmed_by'),
    confirmedAt: instant('confirmed_at'),
    /** a correction: what it credited and debited, and what it could not take back (members' balances) */
    credited: bigint('credited', { mode: 'bigint' }),
    debited: bigint('debited', { mode: 'bigint' }),
    shortfall: bigint('shortfall', { mode: 'bigint' }),
  },
  (table) => [
    uniqueIndex('lottery_vn_result_revision_key').on(table.periodId, table.revision),
    check(
      'lottery_vn_result_two_operators',
      sql`${table.confirmedBy} IS NULL OR ${table.confirmedBy} <> ${table.enteredBy}`,
    ),
  ],
);

export const lotteryExposure = pgTable(
  'lottery_exposure',
  {
    periodId: bigint('period_id', { mode: 'bigint' })
      .notNull()
      .references(() => lotteryPeriod.id),
    /** the bet type and selection (or what the family counts it under) */
    exposureKey: text('exposure_key').notNull(),
    betCount: integer('bet_count').notNull(),
    stakeTotal: bigint('stake_total', { mode: 'bigint' }).notNull(),
    /** what the house pays if this number wins: the cap per number applies to it */
    potentialPayout: bigint('potential_payout', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.periodId, table.exposureKey] })],
);

/**
 * A follow (chained) bet (ADR 062): one slip placed on each of `periods` consecutive periods of a game,
 * paid for in full when the member makes it; each period's bets are placed as that period opens
 * (request id follow:<public id>:<period>), and what was never placed is refunded once when the chain
 * ends early (cancelled by the member, stopped after a win, or stopped because a bet was refused).
 */
export const lotteryFollow = pgTable(
  'lottery_follow',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id),
    gameCode: text('game_code')
      .notNull()
      .references(() => lotteryGame.code),
    /** the member's request id: a repeated request answers the first chain */
    requestId: text('request_id').notNull(),
    /** the slip placed each period, as the member sent it (checked again when each period is placed) */
    bets: jsonb('bets').$type<{ betType: string; selection: string[]; stake: string }[]>().notNull(),
    /** what one period's slip costs, minor units; the member paid periods * this */
    periodAmount: bigint('period_amount', { mode: 'bigint' }).notNull(),
    periods: integer('periods').notNull(),
    placed: integer('placed').notNull(),
    stopOnWin: boolean('stop_on_win').notNull(),
    /** active, then done (all placed), won (stopped after a win), cancelled (member), stopped (refused) */
    status: text('status').notNull(),
    firstPeriodNo: text('first_period_no').notNull(),
    /** the period of the latest placed slip */
    lastPeriodNo: text('last_period_no').notNull(),
    /** what the early end gave back: (periods - placed) * period_amount */
    refunded: bigint('refunded', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /**
     * true: the unplaced periods' stake waits in lottery:follow-held and each placement moves one
     * period's stake to the house (ADR 089). false: a chain made before that, paid wholly to the house.
     */
    stakeHeld: boolean('stake_held').notNull().default(false),
    /** why a stopped chain stopped (the refusal's code) */
    endReason: text('end_reason'),
    createdAt: instant('created_at').notNull(),
    endedAt: instant('ended_at'),
  },
  (table) => [
    uniqueIndex('lottery_follow_public_id_key').on(table.publicId),
    uniqueIndex('lottery_follow_request_key').on(table.memberId, table.requestId),
    index('lottery_follow_member_idx').on(table.memberId, table.createdAt),
    index('lottery_follow_active_idx')
      .on(table.gameCode)
      .where(sql`${table.status} = 'active'`),
    check(
      'lottery_follow_periods',
      sql`${table.periods} BETWEEN 2 AND 50 AND ${table.placed} BETWEEN 1 AND ${table.periods}`,
    ),
    check('lottery_follow_status', sql`${table.status} IN ('active', 'done', 'won', 'cancelled', 'stopped')`),
  ],
);

/** A member's loyalty points (issue 15): whole points, never negative, never expiring. */
export const loyaltyPointsAccount = pgTable(
  'loyalty_points_account',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .primaryKey()
      .references(() => member.id, { onDelete: 'cascade' }),
    balance: bigint('balance', { mode: 'bigint' }).notNull(),
  },
  (table) => [check('loyalty_points_balance_not_negative', sql`${table.balance} >= 0`)],
);

/**
 * Every change of a member's points, with the balance after it. The idempotency key names the source
 * (a deposit, a day's bets in a category, a conversion, a redeem), so each source moves points once.
 */
export const loyaltyPointsEntry = pgTable(
  'loyalty_points_entry',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind').notNull(),
    changed: bigint('changed', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    reference: text('reference').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('loyalty_points_entry_member_idx').on(table.memberId, table.id)],
);

/** The valid bet of a member's day and category that has already earned points (the bets' accrual). */
export const loyaltyBetAccrual = pgTable(
  'loyalty_bet_accrual',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    category: text('category').notNull(),
    validBet: bigint('valid_bet', { mode: 'bigint' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.day, table.category] })],
);

/** Deposits the loyalty module heard of (cashier's deposit-credited): points and the rank's window. */
export const loyaltyDeposit = pgTable(
  'loyalty_deposit',
  {
    reference: text('reference').primaryKey(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    creditedAt: instant('credited_at').notNull(),
  },
  (table) => [index('loyalty_deposit_member_idx').on(table.memberId, table.creditedAt)],
);

/** The point mall's items: physical goods or a bonus credited once the redeem is approved. */
export const mallItem = pgTable(
  'mall_item',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    kind: text('kind').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    imageUrl: text('image_url'),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    bonus: bigint('bonus', { mode: 'bigint' }),
    stock: integer('stock').notNull(),
    perMemberLimit: integer('per_member_limit').notNull(),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [
    check('mall_item_stock_not_negative', sql`${table.stock} >= 0`),
    check('mall_item_kind', sql`${table.kind} IN ('physical', 'bonus')`),
    check('mall_item_points_positive', sql`${table.points} > 0 AND ${table.perMemberLimit} > 0`),
  ],
);

/** A member's redeem of a mall item: process -> approved | rejected (a rejection refunds the points). */
export const mallRedeem = pgTable(
  'mall_redeem',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    reference: text('reference').notNull().unique(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'bigint' })
      .notNull()
      .references(() => mallItem.id),
    quantity: integer('quantity').notNull(),
    points: bigint('points', { mode: 'bigint' }).notNull(),
    /**
     * A bonus item's money for the whole redeem, as the item said when the member redeemed: the
     * approval pays this, not the item's bonus at approval time (the operator may have edited it).
     * Null for a physical item, and on redeems made before the column existed.
     */
    bonus: bigint('bonus', { mode: 'bigint' }),
    /** the member's request id: a retried or doubled redeem answers the first (null before it existed) */
    requestId: text('request_id'),
    status: text('status').notNull(),
    reason: text('reason'),
    appliedAt: instant('applied_at').notNull(),
    decidedAt: instant('decided_at'),
    decidedBy: text('decided_by'),
  },
  (table) => [
    index('mall_redeem_member_idx').on(table.memberId, table.id),
    uniqueIndex('mall_redeem_request_key').on(table.memberId, table.requestId),
    index('mall_redeem_item_member_idx').on(table.itemId, table.memberId),
    index('mall_redeem_status_idx').on(table.status, table.id),
    check('mall_redeem_status', sql`${table.status} IN ('process', 'rejected', 'approved')`),
  ],
);

/** The player ranks (VIP): thresholds over the rolling window, the club label, and the gifts. */
export const loyaltyRank = pgTable('loyalty_rank', {
  level: smallint('level').primaryKey(),
  labelName: text('label_name').notNull(),
  color: text('color').notNull(),
  color2: text('color2').notNull(),
  minDeposit: bigint('min_deposit', { mode: 'bigint' }).notNull(),
  minValidBet: bigint('min_valid_bet', { mode: 'bigint' }).notNull(),
  upgradeGift: bigint('upgrade_gift', { mode: 'bigint' }).notNull(),
  monthlyGift: bigint('monthly_gift', { mode: 'bigint' }).notNull(),
});

/** Rank gifts paid: one row per key (upgrade:<level> once ever, monthly:<yyyy-MM> once a month). */
export const loyaltyRankGift = pgTable(
  'loyalty_rank_gift',
  {
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    giftKey: text('gift_key').notNull(),
    level: smallint('level').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paidAt: instant('paid_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.memberId, table.giftKey] })],
);

// Missions, leaderboards and raffles (missions module, issue 15; ADR 075)

/** A mission the operator configured: reach `target` of `metric` in a period, then claim `reward`. */
export const mission = pgTable(
  'mission',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    /** daily, weekly, once */
    kind: text('kind').notNull(),
    /** valid_bet, bets, deposits, deposit_amount */
    metric: text('metric').notNull(),
    /** a lobby category for play metrics; null: every category */
    category: text('category'),
    /** minor units for money metrics, a count otherwise */
    target: bigint('target', { mode: 'bigint' }).notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [
    check('mission_amounts_positive', sql`${table.target} > 0 AND ${table.reward} > 0`),
    check('mission_kind', sql`${table.kind} IN ('daily', 'weekly', 'once')`),
  ],
);

/** A claimed reward: the row is the claim, so a (mission, member, period) pays once. */
export const missionClaim = pgTable(
  'mission_claim',
  {
    missionId: bigint('mission_id', { mode: 'bigint' })
      .notNull()
      .references(() => mission.id),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** the site day, the week's Monday, or "once" */
    period: text('period').notNull(),
    reward: bigint('reward', { mode: 'bigint' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
    claimedAt: instant('claimed_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.missionId, table.memberId, table.period] }),
    index('mission_claim_member_idx').on(table.memberId, table.claimedAt),
  ],
);

export const leaderboard = pgTable('leaderboard', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  publicId: text('public_id').notNull().unique(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  /** valid_bet, win_multiplier */
  metric: text('metric').notNull(),
  /** daily, weekly */
  period: text('period').notNull(),
  /** prize by rank in minor units, as decimal strings */
  prizes: jsonb('prizes').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: instant('created_at').notNull(),
  /** when the operator disabled it: periods that ended before are still paid, the rest never */
  disabledAt: instant('disabled_at'),
});

/** One board's period, claimed by insert in the transaction that pays its prizes: paid once. */
export const leaderboardSettlement = pgTable(
  'leaderboard_settlement',
  {
    leaderboardId: bigint('leaderboard_id', { mode: 'bigint' })
      .notNull()
      .references(() => leaderboard.id),
    periodKey: text('period_key').notNull(),
    settledAt: instant('settled_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.leaderboardId, table.periodKey] })],
);

export const leaderboardPrize = pgTable(
  'leaderboard_prize',
  {
    leaderboardId: bigint('leaderboard_id', { mode: 'bigint' })
      .notNull()
      .references(() => leaderboard.id),
    periodKey: text('period_key').notNull(),
    rank: smallint('rank').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    /** as shown: money or a multiplier */
    score: text('score').notNull(),
    gameName: text('game_name'),
    prize: bigint('prize', { mode: 'bigint' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
    paidAt: instant('paid_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.leaderboardId, table.periodKey, table.rank] }),
    index('leaderboard_prize_paid_idx').on(table.paidAt),
  ],
);

/** A raffle: tickets earned by valid bets between starts_at and ends_at, drawn from a committed seed. */
export const raffle = pgTable(
  'raffle',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    publicId: text('public_id').notNull().unique(),
    title: jsonb('title').$type<LocalizedText>().notNull(),
    ticketPer: bigint('ticket_per', { mode: 'bigint' }).notNull(),
    startsAt: instant('starts_at').notNull(),
    endsAt: instant('ends_at').notNull(),
    prizes: jsonb('prizes').$type<string[]>().notNull(),
    /** secret until the draw; its SHA-256 is published from the start */
    seed: text('seed').notNull(),
    seedHash: text('seed_hash').notNull(),
    /** open, drawn, cancelled (by the operator before its draw: never drawn) */
    status: text('status').notNull(),
    /** the tickets the draw used, in member order: [memberId, tickets][] */
    entries: jsonb('entries').$type<[string, number][]>(),
    drawnAt: instant('drawn_at'),
    cancelledAt: instant('cancelled_at'),
    createdAt: instant('created_at').notNull(),
  },
  (table) => [index('raffle_status_idx').on(table.status, table.endsAt)],
);

export const raffleWinner = pgTable(
  'raffle_winner',
  {
    raffleId: bigint('raffle_id', { mode: 'bigint' })
      .notNull()
      .references(() => raffle.id),
    rank: smallint('rank').notNull(),
    memberId: bigint('member_id', { mode: 'bigint' })
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    ticket: integer('ticket').notNull(),
    prize: bigint('prize', { mode: 'bigint' }).notNull(),
    claimedAt: instant('claimed_at'),
    transferId: bigint('transfer_id', { mode: 'bigint' }),
  },
  (table) => [
    primaryKey({ columns: [table.raffleId, table.rank] }),
    index('raffle_winner_member_idx').on(table.memberId),
  ],
);
export * from '../modules/reports/reports.schema.js';
