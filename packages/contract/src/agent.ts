import { z } from 'zod';
import { call } from './call.js';
import { agentContractKinds, agentContractStatuses, agentCycles, teamTransactionKinds } from './constants.js';
import { pageSchema } from './content.js';
import { inputText } from './input-text.js';
import { moneyStringSchema } from './money.js';
import { positiveMoneySchema, requestIdSchema } from './wallet.js';
import { daysInRange, RECORDS_MAX_DAYS } from './records-range.js';

/**
 * The agent centre (SPEC section 2; issue 14): the team, contracts with the upline and downlines, and
 * the income they paid. Every call is `agent` access: 401 for a visitor, 403 for a member who is not an
 * agent. Money: decimal strings in major units. Days: yyyy-MM-dd in the site's time zone.
 */

/** SPEC sections 3 and 4: the contract kinds, each switched on by its setting (agent.contracts.<kind>). */
export type AgentContractKind = (typeof agentContractKinds)[number];
export const agentContractKindSchema = z.enum(agentContractKinds);

/** SPEC section 9's periods; a dividend chooses one, wages are daily, salaries hourly or every 5 minutes. */
export type AgentCycle = (typeof agentCycles)[number];
export const agentCycleSchema = z.enum(agentCycles);

export type AgentContractStatus = (typeof agentContractStatuses)[number];

/** The most a rate may be, in basis points (100 bp = 1%). */
export const AGENT_MAX_RATE_BP = 10_000;
export const AGENT_MAX_TIERS = 10;

/** One tier: reached when the period's team figure is at least `min` and active members at least `minActive`. */
export const agentTierSchema = z.object({
  /** team valid bet (wages, salaries) or team net loss (dividend) the period must reach, major units */
  min: moneyStringSchema.refine((text) => !text.startsWith('-'), 'must not be negative'),
  minActive: z.number().int().min(0).max(1_000_000),
  /** basis points of the team figure paid: 100 = 1% */
  rateBp: z.number().int().min(1).max(AGENT_MAX_RATE_BP),
});
export type AgentTier = z.infer<typeof agentTierSchema>;

const isoDate = inputText(10).check(z.iso.date());
const dateRange = { from: isoDate, to: isoDate };
const checkRange = (range: { from: string; to: string }, context: z.core.$RefinementCtx): void => {
  const days = daysInRange(range.from, range.to);
  if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
  else if (days > RECORDS_MAX_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: `at most ${RECORDS_MAX_DAYS} days` });
  }
};
const paging = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const publicIdSchema = inputText(40).regex(/^[A-Za-z0-9_-]{1,40}$/, 'an id');

/** Team figures of a span of days (today, this period, last period). */
export const teamFiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  newMembers: z.number().int(),
  activeMembers: z.number().int(),
  validBet: z.string(),
  payout: z.string(),
  /** the team's result: payout - valid bet (negative: the team lost, the house won) */
  profit: z.string(),
  bets: z.number().int(),
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

export const teamOverviewSchema = z.object({
  /** every member below the agent, all levels */
  teamSize: z.number().int(),
  directDownlines: z.number().int(),
  /** the agent's own invitation (affiliate) code: /register?affiliateCode=<code> */
  affiliateCode: z.string(),
  today: teamFiguresSchema,
  thisPeriod: teamFiguresSchema,
  lastPeriod: teamFiguresSchema,
  /** the last 14 days, oldest first */
  chart: z.array(z.object({ day: z.string(), validBet: z.string(), profit: z.string() })),
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

export const teamMembersQuerySchema = z.object({
  /** a downline in the agent's team whose direct downlines to list (drill down); the agent's own when absent */
  parent: publicIdSchema.optional(),
  /** part of a username, any case */
  username: inputText(40).optional(),
  ...paging,
});
export type TeamMembersQuery = z.input<typeof teamMembersQuerySchema>;

export const teamMemberSchema = z.object({
  publicId: z.string(),
  username: z.string(),
  /** SPEC section 6's type: 0 member, 1, 2, 41, 42 agents */
  type: z.number().int(),
  isAgent: z.boolean(),
  /** members below this one, all levels */
  teamSize: z.number().int(),
  joinedAt: z.string(),
  status: z.string(),
  /** the live or offered contracts this member holds */
  contracts: z.array(z.object({ kind: agentContractKindSchema, status: z.enum(agentContractStatuses) })),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMembersSchema = pageSchema(teamMemberSchema).extend({
  /** from the agent down to the listed parent, for the breadcrumb */
  breadcrumb: z.array(z.object({ publicId: z.string(), username: z.string() })),
});

export const teamBetsQuerySchema = z.object({ ...dateRange, ...paging }).superRefine(checkRange);
export type TeamBetsQuery = z.input<typeof teamBetsQuerySchema>;

export const teamBetsSchema = pageSchema(
  z.object({
    publicId: z.string(),
    username: z.string(),
    validBet: z.string(),
    payout: z.string(),
    profit: z.string(),
    bets: z.number().int(),
  }),
).extend({
  byCategory: z.array(
    z.object({ category: z.string(), validBet: z.string(), payout: z.string(), profit: z.string() }),
  ),
  total: z.object({ validBet: z.string(), payout: z.string(), profit: z.string(), bets: z.number().int() }),
});

export const agentContractSchema = z.object({
  id: z.string(),
  kind: agentContractKindSchema,
  cycle: agentCycleSchema,
  tiers: z.array(agentTierSchema),
  status: z.enum(agentContractStatuses),
  /** null: the operator */
  upline: z.string().nullable(),
  downline: z.string(),
  offeredAt: z.string(),
  respondedAt: z.string().nullable(),
  effectiveFrom: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  terminationReason: z.string().nullable(),
});
export type AgentContract = z.infer<typeof agentContractSchema>;

export const agentContractsQuerySchema = z.object({ kind: agentContractKindSchema.optional() });

export const agentContractsSchema = z.object({
  /** the kinds the operator switched on (the centre shows a page for each) */
  enabledKinds: z.array(agentContractKindSchema),
  /** contracts this agent holds with its upline (or the operator) */
  asDownline: z.array(agentContractSchema),
  /** contracts this agent offered its downlines */
  asUpline: z.array(agentContractSchema),
});

export const offerContractSchema = z.object({
  /** a direct downline agent */
  downline: publicIdSchema,
  kind: agentContractKindSchema,
  /** dividend: daily, weekly, semimonthly or monthly; the others take their own (daily, hourly, five_minutes) */
  cycle: agentCycleSchema.optional(),
  tiers: z.array(agentTierSchema).min(1).max(AGENT_MAX_TIERS),
});
export type OfferContract = z.input<typeof offerContractSchema>;

export const contractParamsSchema = z.object({ id: publicIdSchema });

export const contractDecisionSchema = z.object({
  contract: agentContractSchema,
  /** accepting ended these contracts of the agent's downlines (their rate was above the new one) */
  terminatedDownlineContracts: z.array(z.string()),
});

export const contractPreviewSchema = z.object({
  /** the downline contracts that would end if this offer were accepted (rate above the new one) */
  wouldTerminate: z.array(agentContractSchema),
});

export const incomeQuerySchema = z
  .object({ ...dateRange, kind: agentContractKindSchema.optional(), ...paging })
  .superRefine(checkRange);
export type IncomeQuery = z.input<typeof incomeQuerySchema>;

export const settlementFiguresSchema = z.record(z.string(), z.union([z.string(), z.number(), z.null()]));

export const incomeRowSchema = z.object({
  id: z.string(),
  contract: z.string(),
  kind: agentContractKindSchema,
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amount: z.string(),
  /** paid, zero (nothing was due), pending_approval, rejected */
  status: z.string(),
  /** what produced the amount: team valid bet or net loss, active members, tier, rate, deductions */
  figures: settlementFiguresSchema,
  settledAt: z.string(),
});
export type IncomeRow = z.infer<typeof incomeRowSchema>;

export const incomeSchema = pageSchema(incomeRowSchema).extend({
  totals: z.array(z.object({ kind: agentContractKindSchema, amount: z.string() })),
});

/** transferUpline (member centre) and an agent's transfer to a direct downline. */
export const agentTransferSchema = z.object({
  amount: positiveMoneySchema,
  paymentPassword: inputText(64),
  /** made once per attempt: a retried click never moves money twice */
  requestId: requestIdSchema,
});
export const downlineTransferSchema = agentTransferSchema.extend({ downline: publicIdSchema });
export type AgentTransfer = z.input<typeof downlineTransferSchema>;

/** What the transfer forms show: the upline (null: none) and the operator's limits. */
export const agentTransferInfoSchema = z.object({
  upline: z.string().nullable(),
  min: z.string(),
  max: z.string(),
});
export type AgentTransferInfo = z.infer<typeof agentTransferInfoSchema>;

export const agentTransferResultSchema = z.object({
  /** to whom (the upline's or the downline's username) */
  to: z.string(),
  amount: z.string(),
  /** the sender's balance after */
  balance: z.string(),
});

/** registerCenter: the account an agent makes directly, or that an invite link makes. */
export const downlineAccountTypes = ['player', 'agent'] as const;
export type DownlineAccountType = (typeof downlineAccountTypes)[number];

/** registerCenter: an agent makes a downline account (username and password follow the field rules). */
export const createDownlineSchema = z.object({
  username: inputText(255),
  password: inputText(255),
  type: z.enum(downlineAccountTypes),
});
export type CreateDownline = z.input<typeof createDownlineSchema>;

export const createdDownlineSchema = z.object({
  publicId: z.string(),
  username: z.string(),
  type: z.number().int(),
});

/** The contract an invite link offers every agent who registers through it. */
export const inviteOfferSchema = z.object({
  kind: agentContractKindSchema,
  cycle: agentCycleSchema.optional(),
  tiers: z.array(agentTierSchema).min(1).max(AGENT_MAX_TIERS),
});
export type InviteOffer = z.input<typeof inviteOfferSchema>;

export const createInviteLinkSchema = z.object({
  type: z.enum(downlineAccountTypes),
  /** only for links that make agents */
  offer: inviteOfferSchema.optional(),
});
export type CreateInviteLink = z.input<typeof createInviteLinkSchema>;

export const inviteLinkSchema = z.object({
  id: z.string(),
  /** the affiliate code of this link: /register?affiliateCode=<code> */
  code: z.string(),
  type: z.enum(downlineAccountTypes),
  offer: z
    .object({ kind: agentContractKindSchema, cycle: agentCycleSchema, tiers: z.array(agentTierSchema) })
    .nullable(),
  createdAt: z.string(),
  /** members who registered through the link */
  signups: z.number().int(),
  /** of those, the ones who made a first (credited) deposit */
  conversions: z.number().int(),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;

export const inviteLinksSchema = z.object({ list: z.array(inviteLinkSchema) });

/** Downline transaction details: the team's deposits, withdrawals and transfers. */
export const teamTransactionsQuerySchema = z
  .object({
    ...dateRange,
    kind: z.enum(teamTransactionKinds).optional(),
    /** part of a username, any case */
    username: inputText(40).optional(),
    ...paging,
  })
  .superRefine(checkRange);
export type TeamTransactionsQuery = z.input<typeof teamTransactionsQuerySchema>;

export const teamTransactionSchema = z.object({
  id: z.string(),
  kind: z.enum(teamTransactionKinds),
  username: z.string(),
  amount: z.string(),
  /** deposit and withdrawal: pending, credited, paid, rejected ...; transfer: to or from whom */
  status: z.string(),
  detail: z.string().nullable(),
  at: z.string(),
});
export type TeamTransaction = z.infer<typeof teamTransactionSchema>;
export const teamTransactionsSchema = pageSchema(teamTransactionSchema);

/** The member centre's invited friends with what the referral reward paid for each. */
export const referralFriendsQuerySchema = z.object({ ...paging });
export const referralFriendSchema = z.object({
  username: z.string(),
  joinedAt: z.string(),
  /** the friend's first credited deposit; null while there is none */
  firstDeposit: z.string().nullable(),
  /** what the reward paid the inviting member (null: not paid) */
  reward: z.string().nullable(),
  rewardedAt: z.string().nullable(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;
export const referralFriendsSchema = pageSchema(referralFriendSchema).extend({
  /** the operator's reward: basis points of the first deposit, and its cap */
  rateBp: z.number().int(),
  max: z.string(),
  totalReward: z.string(),
});

export const agentCalls = {
  agentTeamOverview: call({
    method: 'GET',
    path: '/wps/agent/team/overview',
    access: 'agent',
    response: teamOverviewSchema,
  }),
  agentTeamMembers: call({
    method: 'GET',
    path: '/wps/agent/team/members',
    access: 'agent',
    query: teamMembersQuerySchema,
    response: teamMembersSchema,
  }),
  agentTeamBets: call({
    method: 'GET',
    path: '/wps/agent/team/bets',
    access: 'agent',
    query: teamBetsQuerySchema,
    response: teamBetsSchema,
  }),
  agentContracts: call({
    method: 'GET',
    path: '/wps/agent/contracts',
    access: 'agent',
    query: agentContractsQuerySchema,
    response: agentContractsSchema,
  }),
  agentOfferContract: call({
    method: 'POST',
    path: '/wps/agent/contracts',
    access: 'agent',
    body: offerContractSchema,
    response: agentContractSchema,
  }),
  agentContractPreview: call({
    method: 'GET',
    path: '/wps/agent/contracts/:id/preview',
    access: 'agent',
    params: contractParamsSchema,
    response: contractPreviewSchema,
  }),
  agentAcceptContract: call({
    method: 'POST',
    path: '/wps/agent/contracts/:id/accept',
    access: 'agent',
    params: contractParamsSchema,
    response: contractDecisionSchema,
  }),
  agentRejectContract: call({
    method: 'POST',
    path: '/wps/agent/contracts/:id/reject',
    access: 'agent',
    params: contractParamsSchema,
    response: agentContractSchema,
  }),
  agentTerminateContract: call({
    method: 'POST',
    path: '/wps/agent/contracts/:id/terminate',
    access: 'agent',
    params: contractParamsSchema,
    response: agentContractSchema,
  }),
  agentTransferInfo: call({
    method: 'GET',
    path: '/wps/agent/transfer/upline',
    access: 'member-real',
    response: agentTransferInfoSchema,
  }),
  agentTransferUpline: call({
    method: 'POST',
    path: '/wps/agent/transfer/upline',
    access: 'member-real',
    body: agentTransferSchema,
    response: agentTransferResultSchema,
  }),
  agentTransferDownline: call({
    method: 'POST',
    path: '/wps/agent/transfer/downline',
    access: 'agent',
    body: downlineTransferSchema,
    response: agentTransferResultSchema,
  }),
  agentCreateDownline: call({
    method: 'POST',
    path: '/wps/agent/register/accounts',
    access: 'agent',
    body: createDownlineSchema,
    response: createdDownlineSchema,
  }),
  agentInviteLinks: call({
    method: 'GET',
    path: '/wps/agent/register/links',
    access: 'agent',
    response: inviteLinksSchema,
  }),
  agentCreateInviteLink: call({
    method: 'POST',
    path: '/wps/agent/register/links',
    access: 'agent',
    body: createInviteLinkSchema,
    response: inviteLinkSchema,
  }),
  agentTeamTransactions: call({
    method: 'GET',
    path: '/wps/agent/team/transactions',
    access: 'agent',
    query: teamTransactionsQuerySchema,
    response: teamTransactionsSchema,
  }),
  referralFriends: call({
    method: 'GET',
    path: '/wps/member/referral/friends',
    access: 'member',
    query: referralFriendsQuerySchema,
    response: referralFriendsSchema,
  }),
  agentIncome: call({
    method: 'GET',
    path: '/wps/agent/income',
    access: 'agent',
    query: incomeQuerySchema,
    response: incomeSchema,
  }),
};
