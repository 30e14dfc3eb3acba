import { z } from 'zod';
import { call } from './call.js';
import { staffApprovalSchema } from './admin.js';
import { inputText } from './input-text.js';
import { moneyStringSchema } from './money.js';
import { requestIdSchema } from './wallet.js';

/**
 * The back office's Players section (issue 27): search by any of a member's identifiers, the player
 * 360 (everything the operator knows of one member, each section capped with its total), staff notes
 * and tags. Read by every staff role but content and games; notes and tags are audited.
 */

const playerReaders = ['owner', 'finance', 'risk', 'support', 'agents', 'analyst'] as const;
const playerWriters = ['owner', 'finance', 'risk', 'support'] as const;

/** Which identifier of the member matched the query. */
export const playerMatchFields = [
  'account',
  'username',
  'mobile',
  'email',
  'realName',
  'bankAccount',
  'ip',
  'device',
] as const;
export type PlayerMatchField = (typeof playerMatchFields)[number];

/**
 * A device: the first 16 hex digits of the SHA-256 of the User-Agent a session was opened with (the
 * 360 shows it beside each session; searching by it is exact).
 */
export const deviceIdPattern = /^[0-9a-f]{16}$/;

export const PLAYER_SEARCH_MAX = 64;
export const playerSearchQuerySchema = z.object({
  /**
   * an account number, username, mobile, email, real name, bank account number, IP address or device;
   * without it, the newest members (present but blank is refused)
   */
  q: inputText(PLAYER_SEARCH_MAX).trim().min(1, 'type what to search for').optional(),
  page: z.coerce.number().int().min(1).max(50).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PlayerSearchQuery = z.input<typeof playerSearchQuerySchema>;

export const playerStatusSchema = z.string();

export const playerSearchItemSchema = z.object({
  account: z.string(),
  username: z.string(),
  /** real name (the payee name the member gave) */
  realName: z.string().nullable(),
  /** the mobile, its middle masked */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  status: playerStatusSchema,
  /** SPEC section 6's account type: 0 member, 1/2/41/42 agents, 4 trial */
  type: z.number().int(),
  createdAt: z.string(),
  /** the identifiers that matched the query, best first (none when listing without a query) */
  matchedOn: z.array(z.enum(playerMatchFields)),
  /** the matching value as stored (a bank account or an address the row itself does not show) */
  matchedValue: z.string().nullable(),
});
export type PlayerSearchItem = z.infer<typeof playerSearchItemSchema>;

export const playerSearchSchema = z.object({
  items: z.array(playerSearchItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** matches found (members, without a query), counted up to `PLAYER_SEARCH_COUNT_CAP` */
  total: z.number().int(),
  /** true when there are more than `total` matches (a very short query) */
  totalCapped: z.boolean(),
  totalPages: z.number().int(),
});
export type PlayerSearch = z.infer<typeof playerSearchSchema>;
/** A search counts its matches up to this many (each field), so a one-letter query stays fast. */
export const PLAYER_SEARCH_COUNT_CAP = 200;

export const playerAccountParamsSchema = z.object({
  account: inputText(20).regex(/^\d{6,20}$/, 'an account number: 6 to 20 digits'),
});

/** One section of the 360: the newest rows (up to its cap) and how many there are in all. */
const section = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

const moneySchema = z.string();

export const playerLedgerLineSchema = z.object({
  at: z.string(),
  kind: z.string(),
  /** main, bonus, held */
  wallet: z.string(),
  amount: moneySchema,
  /** the wallet's balance after this line */
  balanceAfter: moneySchema.nullable(),
  reference: z.string().nullable(),
  memo: z.string().nullable(),
  actor: z.string(),
});
export const playerDepositSchema = z.object({
  id: z.string(),
  at: z.string(),
  channel: z.string(),
  amount: moneySchema,
  status: z.string(),
  reference: z.string(),
  decidedBy: z.string().nullable(),
});
export const playerWithdrawalSchema = z.object({
  id: z.string(),
  at: z.string(),
  amount: moneySchema,
  status: z.string(),
  bankName: z.string(),
  /** masked but for the last 4 digits */
  accountNumber: z.string(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export const playerBonusSchema = z.object({
  at: z.string(),
  /** deposit or bonus */
  source: z.string(),
  /** the money that made the requirement (a bonus's amount, a deposit's amount) */
  amount: moneySchema.nullable(),
  reference: z.string().nullable(),
  required: moneySchema,
  forfeited: z.boolean(),
});
export const playerBetSchema = z.object({
  /** seamless: a vendor's round (in-house games included, vendor INHOUSE); lottery: a lottery bet */
  source: z.enum(['seamless', 'lottery']),
  vendor: z.string(),
  game: z.string(),
  /** the vendor's round id, or the lottery bet's id */
  roundId: z.string(),
  /** the lottery period, when a lottery bet */
  period: z.string().nullable(),
  at: z.string(),
  stake: moneySchema,
  win: moneySchema,
  status: z.string(),
  demo: z.boolean(),
});
export const playerSessionSchema = z.object({
  at: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  device: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** live, ended (logout, password change, expiry) */
  state: z.enum(['live', 'ended']),
  endedReason: z.string().nullable(),
});
export const playerLoginSchema = z.object({
  at: z.string(),
  event: z.string(),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  device: z.string().nullable(),
});
export const playerLinkSchema = z.object({
  account: z.string(),
  username: z.string(),
  status: z.string(),
  /** what the two members share */
  via: z.array(z.enum(['device', 'ip', 'bankAccount', 'mobile'])).min(1),
  /** the shared value (the first, when several) */
  value: z.string(),
});
export const playerNoteSchema = z.object({
  id: z.string(),
  at: z.string(),
  author: z.string(),
  text: z.string(),
});
export type PlayerNote = z.infer<typeof playerNoteSchema>;
export const playerMemberRefSchema = z.object({
  account: z.string(),
  username: z.string(),
  type: z.number().int(),
});

export const player360Schema = z.object({
  profile: z.object({
    account: z.string(),
    username: z.string(),
    nickname: z.string().nullable(),
    realName: z.string().nullable(),
    countryDialingCode: z.string().nullable(),
    mobile: z.string().nullable(),
    mobileVerified: z.boolean(),
    email: z.string().nullable(),
    type: z.number().int(),
    status: z.string(),
    loginAllowed: z.boolean(),
    /** staff locked the login (status locked; Players -> Actions) */
    locked: z.boolean(),
    /** staff suspended betting: every new bet is refused */
    bettingSuspended: z.boolean(),
    /** staff suspended withdrawals: every new withdrawal is refused */
    withdrawalsSuspended: z.boolean(),
    hasPaymentPassword: z.boolean(),
    twoFactor: z.boolean(),
    createdAt: z.string(),
    registerIp: z.string().nullable(),
    registerCountry: z.string().nullable(),
    registerDomain: z.string().nullable(),
    firstLoginAt: z.string().nullable(),
    lastLoginAt: z.string().nullable(),
    lastLoginIp: z.string().nullable(),
  }),
  balances: z.object({
    main: moneySchema,
    bonus: moneySchema,
    /** withdrawals waiting for their payout */
    held: moneySchema,
    /** trial accounts' play money */
    demo: moneySchema,
    /** money at transfer-model vendors, as last refreshed */
    subWallets: z.array(
      z.object({ vendor: z.string(), balance: moneySchema, refreshedAt: z.string().nullable() }),
    ),
  }),
  statement: section(playerLedgerLineSchema),
  deposits: section(playerDepositSchema).extend({ creditedTotal: moneySchema }),
  withdrawals: section(playerWithdrawalSchema).extend({ paidTotal: moneySchema }),
  bonuses: section(playerBonusSchema).extend({
    /** turnover still required before a withdrawal (unforfeited requirements less valid bets since) */
    requiredTotal: moneySchema,
  }),
  bets: section(playerBetSchema),
  loyalty: z.object({ points: z.string(), rankLevel: z.number().int() }),
  agent: z.object({
    /** the upline chain, nearest first */
    uplines: z.array(playerMemberRefSchema),
    /** direct downlines (agents only) */
    downlines: z.number().int(),
    team: z.number().int(),
  }),
  referral: z.object({
    code: z.string(),
    referredBy: playerMemberRefSchema.nullable(),
    friends: z.number().int(),
    rewardsPaid: moneySchema,
  }),
  sessions: section(playerSessionSchema),
  logins: section(playerLoginSchema),
  linked: section(playerLinkSchema),
  notes: section(playerNoteSchema),
  tags: z.array(z.string()),
});
export type Player360 = z.infer<typeof player360Schema>;

export const PLAYER_NOTE_MAX = 2_000;
export const playerNoteBodySchema = z.object({
  text: inputText(PLAYER_NOTE_MAX, { multiline: true }).trim().min(1, 'write the note'),
});
/** the messaging module's tags (member_tag): a tag also addresses messages to its members */
const playerTagSchema = inputText(32).regex(
  /^[a-z0-9][a-z0-9_-]{0,31}$/,
  'lowercase letters, digits, _ or -',
);
/** why a tag is added or removed, kept in the audit */
const tagReasonSchema = inputText(200).trim().min(1).optional();
export const playerTagParamsSchema = playerAccountParamsSchema.extend({ tag: playerTagSchema });
export const playerTagBodySchema = z.object({ tag: playerTagSchema, reason: tagReasonSchema });
export const playerTagRemoveQuerySchema = z.object({ reason: tagReasonSchema });
export const playerTagsSchema = z.object({ tags: z.array(z.string()) });

/**
 * Players -> Actions: each takes the staff member's reason, kept in the audit with the state before and
 * after; the roles are each call's own.
 */
export const playerActionReasonSchema = inputText(500, { multiline: true }).trim().min(2, 'say why');
export const playerActionBodySchema = z.object({ reason: playerActionReasonSchema });
/** What the login lock and the suspensions leave the member in. */
export const playerStandingSchema = z.object({
  account: z.string(),
  /** active, locked (by staff), or another status the member was disabled with */
  status: z.string(),
  locked: z.boolean(),
  bettingSuspended: z.boolean(),
  withdrawalsSuspended: z.boolean(),
  /** sessions this action ended (the lock ends every live session of the member) */
  endedSessions: z.number().int(),
});
export type PlayerStanding = z.infer<typeof playerStandingSchema>;
export const playerLogoutSchema = z.object({ endedSessions: z.number().int() });
/** the way the reset reached the member: a link by email, else an SMS code to the mobile */
export const playerPasswordResetSchema = z.object({ channel: z.enum(['email', 'sms']) });
export const PLAYER_BONUS_MAX_MULTIPLE = 100;
export const playerBonusGrantBodySchema = z.object({
  /** major units, more than zero */
  amount: moneyStringSchema.refine(
    (text) => !text.startsWith('-') && !/^0(\.0{1,2})?$/.test(text),
    'a bonus is more than zero',
  ),
  /** the valid bets required before a withdrawal, as a multiple of the amount (0: none) */
  turnoverMultiple: z.number().min(0).max(PLAYER_BONUS_MAX_MULTIPLE),
  reason: playerActionReasonSchema,
  /** the caller's id for this grant: the same id grants (or asks) once */
  requestId: requestIdSchema,
});
export const playerBonusGrantSchema = z.object({
  amount: moneySchema,
  /** the turnover the bonus requires */
  turnoverRequired: moneySchema,
  /** true: in the member's bonus wallet now; false: waiting for a second member of staff (approval) */
  granted: z.boolean(),
  /** set above staff.fourEyes.bonus: nothing moved yet, a second member of staff confirms */
  approval: staffApprovalSchema.nullable(),
});
export const playerMoveBodySchema = z.object({
  /** the new upline's account number (an agent), or null for no upline */
  upline: playerAccountParamsSchema.shape.account.nullable(),
  reason: playerActionReasonSchema,
});
export const playerMoveSchema = z.object({
  /** usernames */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** contracts ended because their rate is now above the new upline's */
  endedContracts: z.array(z.string()),
});

const lockers = ['owner', 'risk', 'support'] as const;
const riskers = ['owner', 'risk'] as const;
const withdrawalStaff = ['owner', 'risk', 'finance'] as const;
const resetters = ['owner', 'support'] as const;
const bonusGranters = ['owner', 'finance'] as const;
const movers = ['owner', 'agents'] as const;

export const playerActionCalls = {
  /** ends every live session of the member; login refused (ACCOUNT_LOCKED) until unlocked */
  adminPlayerLock: call({
    method: 'POST',
    path: '/wps/admin/players/:account/lock',
    access: { admin: lockers },
    params: playerAccountParamsSchema,
    body: playerActionBodySchema,
    response: playerStandingSchema,
  }),
  adminPlayerUnlock: call({
    method: 'POST',
    path: '/wps/admin/players/:account/unlock',
    access: { admin: lockers },
    params: playerAccountParamsSchema,
    body: playerActionBodySchema,
    response: playerStandingSchema,
  }),
  /** every new bet refused (seamless, in-house, lottery, transfer in); wins, rollbacks, settlement go on */
  adminPlayerBettingSuspend: call({
    method: 'POST',
    path: '/wps/admin/players/:account/betting/suspend',
    access: { admin: riskers },
    params: playerAccountParamsSchema,
    body: playerActionBodySchema,
    response: playerStandingSchema,
  }),
  adminPlayerBettingResume: call({
    method: 'POST',
    path: '/wps/admin/players/:account/betting/resume',
    access: { admin: riskers },
    params: playerAccountParamsSchema,
    body: playerActionBodySchema,
    response: playerStandingSchema,
  }),
  /** every new withdrawal refused (WITHDRAWALS_SUSPENDED) */
  adminPlayerWithdrawalsSuspend: call({
    method: 'POST',
    path: '/wps/admin/players/:account/withdrawals/suspend',
    access: { admin: withdrawalStaff },
    params: playerAccountParamsSchema,
    body: playerActionBodySchema,
    response: playerStandingSchema,
  }),
  adminPlayerWithdrawalsResume: call({
    method: 'POST',
    path: '/wps/admin/players/:account/withdrawals/resume',
    access: { admin: withdrawalStaff },
    params: playerAccountParamsSchema,
    body: playerActionBodySchema,
    response: playerStandingSchema,
  }),
  /** ends every session of the member */
  adminPlayerLogout: call({
    method: 'POST',
    path: '/wps/admin/players/:account/logout',
    access: { admin: lockers },
    params: playerAccountParamsSchema,
    body: playerActionBodySchema,
    response: playerLogoutSchema,
  }),
  /** a reset link by email, else an SMS code; staff never see either */
  adminPlayerPasswordReset: call({
    method: 'POST',
    path: '/wps/admin/players/:account/password-reset',
    access: { admin: resetters },
    params: playerAccountParamsSchema,
    body: playerActionBodySchema,
    response: playerPasswordResetSchema,
  }),
  /** through the rewards module, above staff.fourEyes.bonus as an approval */
  adminPlayerBonus: call({
    method: 'POST',
    path: '/wps/admin/players/:account/bonus',
    access: { admin: bonusGranters },
    params: playerAccountParamsSchema,
    body: playerBonusGrantBodySchema,
    response: playerBonusGrantSchema,
  }),
  /** the agent module's hierarchy move (settled periods are never rewritten) */
  adminPlayerMove: call({
    method: 'POST',
    path: '/wps/admin/players/:account/upline',
    access: { admin: movers },
    params: playerAccountParamsSchema,
    body: playerMoveBodySchema,
    response: playerMoveSchema,
  }),
};

export const playersCalls = {
  adminPlayerSearch: call({
    method: 'GET',
    path: '/wps/admin/players',
    access: { admin: playerReaders },
    query: playerSearchQuerySchema,
    response: playerSearchSchema,
  }),
  adminPlayer: call({
    method: 'GET',
    path: '/wps/admin/players/:account',
    access: { admin: playerReaders },
    params: playerAccountParamsSchema,
    response: player360Schema,
  }),
  adminPlayerNoteAdd: call({
    method: 'POST',
    path: '/wps/admin/players/:account/notes',
    access: { admin: playerWriters },
    params: playerAccountParamsSchema,
    body: playerNoteBodySchema,
    response: playerNoteSchema,
  }),
  adminPlayerTagAdd: call({
    method: 'POST',
    path: '/wps/admin/players/:account/tags',
    access: { admin: playerWriters },
    params: playerAccountParamsSchema,
    body: playerTagBodySchema,
    response: playerTagsSchema,
  }),
  adminPlayerTagRemove: call({
    method: 'DELETE',
    path: '/wps/admin/players/:account/tags/:tag',
    access: { admin: playerWriters },
    params: playerTagParamsSchema,
    query: playerTagRemoveQuerySchema,
    response: playerTagsSchema,
  }),
  ...playerActionCalls,
};
