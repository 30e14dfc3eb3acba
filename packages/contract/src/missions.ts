import { z } from 'zod';
import { call } from './call.js';
import { inputText } from './input-text.js';
import { localizedTextSchema } from './languages.js';
import { languageQuerySchema } from './system.js';
import { positiveMoneySchema } from './wallet.js';

/**
 * Missions, leaderboards and the reward centre with raffles (issue 15; SPEC section 2's
 * missionLeaderboard and rewardCenter). Progress and standings come from settled play (the turnover
 * aggregate) and credited deposits; every prize moves through the ledger once.
 */

/** daily: a site day; weekly: a site week from Monday; once: a single time ever */
export const missionKinds = ['daily', 'weekly', 'once'] as const;
export type MissionKind = (typeof missionKinds)[number];
/** valid_bet: amount staked (money); bets: games played; deposits: credited deposits; deposit_amount: money */
export const missionMetrics = ['valid_bet', 'bets', 'deposits', 'deposit_amount'] as const;
export type MissionMetric = (typeof missionMetrics)[number];
export const leaderboardMetrics = ['valid_bet', 'win_multiplier'] as const;
export type LeaderboardMetric = (typeof leaderboardMetrics)[number];
export const leaderboardPeriods = ['daily', 'weekly'] as const;
export type LeaderboardPeriod = (typeof leaderboardPeriods)[number];

/** A lobby category (SLOT, LIVE, LOTTERY, ...) as the turnover aggregate keeps it. */
export const missionCategorySchema = inputText(32)
  .regex(/^[A-Za-z0-9_-]{1,32}$/, 'letters, digits, _ or -')
  .transform((value) => value.toUpperCase());

/** A title in Bengali and English (other languages fall back to English). */
const titleSchema = z.object({ bn: inputText(80).trim().min(1), en: inputText(80).trim().min(1) });

/** a count (bets, deposits) or an amount (valid_bet, deposit_amount) as a decimal string */
const targetSchema = inputText(32).regex(/^\d{1,12}(\.\d{1,2})?$/, 'a positive number');

export const missionStatuses = ['in_progress', 'claimable', 'claimed'] as const;
export const missionSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(missionKinds),
  metric: z.enum(missionMetrics),
  category: z.string().nullable(),
  /** counts as whole numbers, money as a decimal string */
  target: z.string(),
  progress: z.string(),
  reward: z.string(),
  status: z.enum(missionStatuses),
  /** the period this progress counts in: a site day, the week's Monday, or "once" */
  period: z.string(),
  /** when the period ends (null for a one-off mission) */
  endsAt: z.string().nullable(),
});
export type Mission = z.infer<typeof missionSchema>;
export const missionsSchema = z.object({
  list: z.array(missionSchema),
  /** missions whose reward is ready to claim: the member centre's badge */
  open: z.number().int().min(0),
});
export type Missions = z.infer<typeof missionsSchema>;

export const missionIdSchema = inputText(40).regex(/^mis_[a-f0-9]{16}$/, 'a mission id');
export const missionParamsSchema = z.object({ id: missionIdSchema });

export const createMissionBodySchema = z
  .object({
    title: titleSchema,
    kind: z.enum(missionKinds),
    metric: z.enum(missionMetrics),
    category: missionCategorySchema.nullable().default(null),
    target: targetSchema,
    reward: positiveMoneySchema,
  })
  .refine((body) => !(body.metric === 'bets' || body.metric === 'deposits') || /^\d+$/.test(body.target), {
    path: ['target'],
    message: 'a count is a whole number',
  })
  .refine((body) => Number(body.target) > 0, { path: ['target'], message: 'must be above 0' })
  .refine((body) => body.category === null || body.metric === 'valid_bet' || body.metric === 'bets', {
    path: ['category'],
    message: 'only play counts per category',
  });
export type CreateMissionBody = z.input<typeof createMissionBodySchema>;
export const missionActiveBodySchema = z.object({ active: z.boolean() });
export const adminMissionSchema = z.object({
  id: z.string(),
  title: localizedTextSchema,
  kind: z.enum(missionKinds),
  metric: z.enum(missionMetrics),
  category: z.string().nullable(),
  target: z.string(),
  reward: z.string(),
  active: z.boolean(),
  claims: z.number().int(),
});

// Leaderboards
export const leaderboardEntrySchema = z.object({
  rank: z.number().int().min(1),
  player: z.string(),
  /** valid bet as money, or the best multiplier with one decimal ("12.5") */
  score: z.string(),
  gameName: z.string().nullable(),
  prize: z.string().nullable(),
  mine: z.boolean(),
});
export const leaderboardSchema = z.object({
  id: z.string(),
  title: z.string(),
  metric: z.enum(leaderboardMetrics),
  period: z.enum(leaderboardPeriods),
  periodKey: z.string(),
  endsAt: z.string(),
  prizes: z.array(z.string()),
  /** the top ten; the member's own row is marked `mine` */
  top: z.array(leaderboardEntrySchema),
  /** the member's own place when outside the top ten (null inside it, or with no score yet) */
  me: z.object({ rank: z.number().int().positive(), score: z.string() }).nullable(),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;
export const leaderboardWinnerSchema = z.object({
  board: z.string(),
  periodKey: z.string(),
  rank: z.number().int(),
  player: z.string(),
  gameName: z.string().nullable(),
  score: z.string(),
  prize: z.string(),
  paidAt: z.string(),
});
export type LeaderboardWinner = z.infer<typeof leaderboardWinnerSchema>;
export const leaderboardIdSchema = inputText(40).regex(/^lb_[a-f0-9]{16}$/, 'a leaderboard id');
export const createLeaderboardBodySchema = z.object({
  title: titleSchema,
  metric: z.enum(leaderboardMetrics),
  period: z.enum(leaderboardPeriods),
  /** prize by rank, first place first */
  prizes: z.array(positiveMoneySchema).min(1).max(20),
});
export type CreateLeaderboardBody = z.input<typeof createLeaderboardBodySchema>;
export const adminLeaderboardSchema = z.object({
  id: z.string(),
  title: localizedTextSchema,
  metric: z.enum(leaderboardMetrics),
  period: z.enum(leaderboardPeriods),
  prizes: z.array(z.string()),
  active: z.boolean(),
  /** when the operator disabled it (periods that ended before are still paid) */
  disabledAt: z.string().nullable(),
});
export const leaderboardParamsSchema = z.object({ id: leaderboardIdSchema });

// Raffles
export const raffleStatuses = ['open', 'drawn', 'cancelled'] as const;
export const raffleIdSchema = inputText(40).regex(/^rf_[a-f0-9]{16}$/, 'a raffle id');
export const raffleParamsSchema = z.object({ id: raffleIdSchema });
export const raffleWinnerSchema = z.object({
  rank: z.number().int(),
  player: z.string(),
  /** the winning ticket's number (0-based, over every ticket in member order) */
  ticket: z.number().int(),
  prize: z.string(),
});
export const raffleSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** valid bet that earns one ticket */
  ticketPer: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  prizes: z.array(z.string()),
  status: z.enum(raffleStatuses),
  /** SHA-256 of the secret seed, published before the draw */
  seedHash: z.string(),
  /** the seed, revealed after the draw */
  seed: z.string().nullable(),
  myTickets: z.number().int(),
  winners: z.array(raffleWinnerSchema),
});
export type Raffle = z.infer<typeof raffleSchema>;
/** Everything needed to redo a draw: entries in member order, each a range of ticket numbers. */
export const raffleDrawSchema = z.object({
  id: z.string(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  totalTickets: z.number().int(),
  entries: z.array(z.object({ player: z.string(), from: z.number().int(), tickets: z.number().int() })),
  winners: z.array(raffleWinnerSchema),
  /** how each winner is computed, in words */
  method: z.string(),
});
export type RaffleDraw = z.infer<typeof raffleDrawSchema>;
const siteDaySchema = inputText(10)
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as yyyy-MM-dd')
  .refine((day) => {
    const at = Date.parse(`${day}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().startsWith(day);
  }, 'not a calendar day');
/** Tickets are earned by the valid bets of the site days fromDay to toDay; the draw follows toDay's end. */
export const createRaffleBodySchema = z
  .object({
    title: titleSchema,
    ticketPer: positiveMoneySchema,
    fromDay: siteDaySchema,
    toDay: siteDaySchema,
    prizes: z.array(positiveMoneySchema).min(1).max(20),
  })
  .refine((body) => body.toDay >= body.fromDay, { path: ['toDay'], message: 'must not be before fromDay' });
export type CreateRaffleBody = z.input<typeof createRaffleBodySchema>;

// Reward centre
/** rank-up: the gift paid on reaching a rank; rank-monthly: a rank's gift claimed once a month */
export const rewardSources = [
  'mission',
  'leaderboard',
  'raffle',
  'promotion',
  'rank-up',
  'rank-monthly',
] as const;
export const rewardStatuses = ['claimable', 'claimed', 'pending'] as const;
export const rewardSchema = z.object({
  source: z.enum(rewardSources),
  /** what to claim with: the mission, raffle or promotion application's id (a rank gift: its key) */
  id: z.string(),
  /** the mission's, board's, raffle's title; the promotion's id; a rank gift's rank label */
  title: z.string(),
  amount: z.string().nullable(),
  status: z.enum(rewardStatuses),
  at: z.string().nullable(),
});
export type Reward = z.infer<typeof rewardSchema>;
export const rewardCentreSchema = z.object({
  rewards: z.array(rewardSchema),
  raffles: z.array(raffleSchema),
});
export type RewardCentre = z.infer<typeof rewardCentreSchema>;

const operators = { admin: ['owner'] } as const;

export const missionsCalls = {
  missions: call({
    method: 'GET',
    path: '/wps/missions',
    access: 'member',
    query: languageQuerySchema,
    response: missionsSchema,
  }),
  claimMission: call({
    method: 'POST',
    path: '/wps/missions/:id/claim',
    access: 'member-real',
    params: missionParamsSchema,
    query: languageQuerySchema,
    response: missionSchema,
  }),
  leaderboards: call({
    method: 'GET',
    path: '/wps/leaderboards',
    access: 'member',
    query: languageQuerySchema,
    response: z.array(leaderboardSchema),
  }),
  leaderboardWinners: call({
    method: 'GET',
    path: '/wps/leaderboards/winners',
    access: 'public',
    query: languageQuerySchema,
    response: z.array(leaderboardWinnerSchema),
  }),
  rewardCentre: call({
    method: 'GET',
    path: '/wps/rewards',
    access: 'member',
    query: languageQuerySchema,
    response: rewardCentreSchema,
  }),
  claimRaffle: call({
    method: 'POST',
    path: '/wps/raffles/:id/claim',
    access: 'member-real',
    params: raffleParamsSchema,
    query: languageQuerySchema,
    response: raffleSchema,
  }),
  raffleDraw: call({
    method: 'GET',
    path: '/wps/raffles/:id/draw',
    access: 'public',
    params: raffleParamsSchema,
    response: raffleDrawSchema,
  }),
  adminMissions: call({
    method: 'GET',
    path: '/wps/admin/missions',
    access: operators,
    response: z.array(adminMissionSchema),
  }),
  adminCreateMission: call({
    method: 'POST',
    path: '/wps/admin/missions',
    access: operators,
    body: createMissionBodySchema,
    response: adminMissionSchema,
  }),
  adminSetMissionActive: call({
    method: 'POST',
    path: '/wps/admin/missions/:id/active',
    access: operators,
    params: missionParamsSchema,
    body: missionActiveBodySchema,
    response: adminMissionSchema,
  }),
  adminLeaderboards: call({
    method: 'GET',
    path: '/wps/admin/leaderboards',
    access: operators,
    response: z.array(adminLeaderboardSchema),
  }),
  adminRaffles: call({
    method: 'GET',
    path: '/wps/admin/raffles',
    access: operators,
    response: z.array(raffleSchema),
  }),
  adminCreateLeaderboard: call({
    method: 'POST',
    path: '/wps/admin/leaderboards',
    access: operators,
    body: createLeaderboardBodySchema,
    response: adminLeaderboardSchema,
  }),
  adminCreateRaffle: call({
    method: 'POST',
    path: '/wps/admin/raffles',
    access: operators,
    body: createRaffleBodySchema,
    response: raffleSchema,
  }),
  adminDisableLeaderboard: call({
    method: 'POST',
    path: '/wps/admin/leaderboards/:id/disable',
    access: operators,
    params: leaderboardParamsSchema,
    response: adminLeaderboardSchema,
  }),
  adminCancelRaffle: call({
    method: 'POST',
    path: '/wps/admin/raffles/:id/cancel',
    access: operators,
    params: raffleParamsSchema,
    response: raffleSchema,
  }),
};
