import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant } from '../../db/columns.js';
import { member } from '../auth/auth.schema.js';

/**
 * The agent module's tables (its repositories write them; others read them through db/schema.ts).
 */

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
