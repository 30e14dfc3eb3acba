import { z } from 'zod';
import { call } from './call.js';
import { LOTTERY_FOLLOW_MAX_PERIODS } from './constants.js';
import { pageSchema } from './content.js';
import { inputText } from './input-text.js';
import { lotteryPrizeModes } from './settings.js';
import { positiveMoneySchema, requestIdSchema } from './wallet.js';

/**
 * The electronic lottery (issue 13): games drawn every few minutes, their periods, bets on a slip,
 * results with the proof of each draw (the seed's hash published at cut-off, the seed with the result:
 * lottery-draw.ts recomputes the draw). Paths follow SPEC section 7 (/lgw/games/game_menus,
 * /lgw/games/popular) and otherwise live under /wps/lottery.
 */
const money = z.string();
const gameCodeSchema = inputText(20).regex(/^[A-Z0-9-]{2,20}$/, 'a game code');
const periodNoSchema = inputText(13).regex(/^\d{8}-\d{4}$/, 'yyyyMMdd-nnnn');
const token = inputText(8).regex(/^[A-Za-z0-9]{1,8}$/, 'a selection token');

export const lotteryPeriodStatuses = ['open', 'closed', 'settled', 'cancelled'] as const;
/**
 * What the page shows: open (countdown), drawing (closed, at its time), delayed (late), awaiting (a
 * daily draw waiting for its operators' result), settled, cancelled.
 */
export const lotteryPeriodStates = [
  'open',
  'closed',
  'drawing',
  'delayed',
  'awaiting',
  'settled',
  'cancelled',
] as const;
export const lotteryBetStatuses = ['pending', 'win', 'lose', 'tie', 'cancelled', 'refunded'] as const;

export const lotteryDrawSpecSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('with-replacement'), count: z.number(), min: z.number(), max: z.number() }),
  z.object({ kind: z.literal('without-replacement'), count: z.number(), min: z.number(), max: z.number() }),
]);

export type LotteryDrawSpec = z.infer<typeof lotteryDrawSpecSchema>;

export const lotteryGameSchema = z.object({
  gameCode: z.string(),
  family: z.string(),
  /** ELOTT or LOTT */
  gameType: z.string(),
  gameName: z.string(),
  intervalSeconds: z.number().int(),
  cutoffSeconds: z.number().int(),
});
export type LotteryGame = z.infer<typeof lotteryGameSchema>;

export const lotteryMenusQuerySchema = z.object({
  prizeMode: z.enum(lotteryPrizeModes).optional(),
  device: inputText(10).optional(),
});
export const lotteryMenusSchema = z.object({
  prizeMode: z.enum(lotteryPrizeModes),
  menus: z.array(z.object({ gameType: z.string(), games: z.array(lotteryGameSchema) })),
});

export const lotteryPopularQuerySchema = z.object({
  count: z.coerce.number().int().min(1).max(100).default(20),
});

export const lotteryPeriodSchema = z.object({
  gameCode: z.string(),
  periodNo: z.string(),
  opensAt: z.string(),
  cutoffAt: z.string(),
  drawAt: z.string(),
  status: z.enum(lotteryPeriodStatuses),
  state: z.enum(lotteryPeriodStates),
  /** SHA-256 of the seed, from the cut-off on */
  seedHash: z.string().nullable(),
  /** the seed, once the result is out */
  seed: z.string().nullable(),
  committedAt: z.string().nullable(),
  draw: z.array(z.number().int()).nullable(),
  /** the draw as shown: groups and facts (sum, big/small ...) */
  groups: z.array(z.object({ name: z.string(), numbers: z.array(z.string()) })).nullable(),
  facts: z.record(z.string(), z.string()).nullable(),
  drawnAt: z.string().nullable(),
  late: z.boolean(),
  cancelReason: z.string().nullable(),
});
export type LotteryPeriod = z.infer<typeof lotteryPeriodSchema>;

export const lotteryBetTypeSchema = z.object({
  betType: z.string(),
  /** odds key ("" for one) -> decimal odds as text, e.g. "1.98" */
  odds: z.record(z.string(), z.string()),
});

export const lotteryGameParamsSchema = z.object({ gameCode: gameCodeSchema });
export const lotteryGameInfoSchema = z.object({
  game: lotteryGameSchema,
  drawSpec: lotteryDrawSpecSchema,
  betTypes: z.array(lotteryBetTypeSchema),
  minBet: money,
  maxBet: money,
  /** the period taking bets now, and the one before it (drawing or drawn) */
  current: lotteryPeriodSchema,
  previous: lotteryPeriodSchema.nullable(),
  serverTime: z.string(),
});
export type LotteryGameInfo = z.infer<typeof lotteryGameInfoSchema>;

export const lotteryResultsQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const lotteryPeriodParamsSchema = z.object({ gameCode: gameCodeSchema, periodNo: periodNoSchema });

export const lotterySlipBetSchema = z.object({
  betType: inputText(24).regex(/^[a-z0-9-]{1,24}$/, 'a bet type'),
  selection: z.array(token).min(1).max(10),
  /** per unit */
  stake: positiveMoneySchema,
});
export const lotterySlipBodySchema = z.object({
  gameCode: gameCodeSchema,
  /** the period the player saw; refused when it is no longer the one taking bets */
  periodNo: periodNoSchema,
  bets: z.array(lotterySlipBetSchema).min(1).max(20),
  requestId: requestIdSchema,
});
export type LotterySlipBody = z.infer<typeof lotterySlipBodySchema>;

export const lotteryBetSchema = z.object({
  betId: z.string(),
  gameCode: z.string(),
  periodNo: z.string(),
  betType: z.string(),
  selection: z.array(z.string()),
  odds: z.string(),
  units: z.number().int(),
  stake: money,
  /** what the bet cost: stake * units */
  amount: money,
  /** what it wins if it wins once */
  potentialWin: money,
  status: z.enum(lotteryBetStatuses),
  hits: z.number().int(),
  win: money,
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

export const lotterySlipSchema = z.object({
  bets: z.array(lotteryBetSchema),
  totalStake: money,
  /** the member's main balance after the slip */
  balance: money,
});
export type LotterySlip = z.infer<typeof lotterySlipSchema>;

export const lotteryBetsQuerySchema = z.object({
  gameCode: gameCodeSchema.optional(),
  periodNo: periodNoSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const lotteryBetParamsSchema = z.object({
  betId: inputText(40).regex(/^L_[0-9A-Za-z]{6,38}$/, 'a bet id'),
});
export const lotteryBetDetailSchema = z.object({ bet: lotteryBetSchema, period: lotteryPeriodSchema });
export type LotteryBetDetail = z.infer<typeof lotteryBetDetailSchema>;

export const lotteryExposureQuerySchema = z.object({ gameCode: gameCodeSchema, periodNo: periodNoSchema });
export const lotteryExposureSchema = z.object({
  gameCode: z.string(),
  periodNo: z.string(),
  potentialPayout: money,
  stakeTotal: money,
  numbers: z.array(
    z.object({ key: z.string(), bets: z.number().int(), stake: money, potentialPayout: money }),
  ),
});

export const lotteryVoidBodySchema = z.object({
  gameCode: gameCodeSchema,
  periodNo: periodNoSchema,
  reason: inputText(200).min(1),
});

/**
 * A follow (chained) bet (ADR 062): the same slip on the open period and the next ones, `periods` in all,
 * paid for at once; each period's slip is placed as the period opens. With stopOnWin the chain stops
 * after a period with a winning bet; the member may cancel it. What was never placed is refunded once.
 */
export const lotteryFollowStatuses = ['active', 'done', 'won', 'cancelled', 'stopped'] as const;
export const lotteryFollowBodySchema = lotterySlipBodySchema.extend({
  /** how many periods, the open one included */
  periods: z.number().int().min(2).max(LOTTERY_FOLLOW_MAX_PERIODS),
  stopOnWin: z.boolean(),
});
export type LotteryFollowBody = z.infer<typeof lotteryFollowBodySchema>;

export const lotteryFollowSchema = z.object({
  followId: z.string(),
  gameCode: z.string(),
  status: z.enum(lotteryFollowStatuses),
  periods: z.number().int(),
  /** periods whose slip has been placed */
  placed: z.number().int(),
  stopOnWin: z.boolean(),
  firstPeriodNo: z.string(),
  lastPeriodNo: z.string(),
  /** one period's slip */
  bets: z.array(z.object({ betType: z.string(), selection: z.array(z.string()), stake: money })),
  periodAmount: money,
  /** what the member paid: periods * periodAmount */
  totalAmount: money,
  /** what the chain's bets have won so far (ties and refunds included) */
  won: money,
  /** what an early end gave back */
  refunded: money,
  /** why a stopped chain stopped: the code of the refusal */
  endReason: z.string().nullable(),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type LotteryFollow = z.infer<typeof lotteryFollowSchema>;
export const lotteryFollowDetailSchema = z.object({
  follow: lotteryFollowSchema,
  /** the placed bets, latest period first */
  bets: z.array(lotteryBetSchema),
});
export type LotteryFollowDetail = z.infer<typeof lotteryFollowDetailSchema>;
export const lotteryFollowAnswerSchema = lotteryFollowDetailSchema.extend({
  /** the member's main balance after the call */
  balance: money,
});
export type LotteryFollowAnswer = z.infer<typeof lotteryFollowAnswerSchema>;
export const lotteryFollowParamsSchema = z.object({
  followId: inputText(40).regex(/^F_[0-9A-Za-z]{6,38}$/, 'a follow id'),
});
export const lotteryFollowsQuerySchema = z.object({
  gameCode: gameCodeSchema.optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const lotteryCalls = {
  lotteryMenus: call({
    method: 'GET',
    path: '/lgw/games/game_menus',
    access: 'public',
    query: lotteryMenusQuerySchema,
    response: lotteryMenusSchema,
  }),
  lotteryPopular: call({
    method: 'GET',
    path: '/lgw/games/popular',
    access: 'public',
    query: lotteryPopularQuerySchema,
    response: z.array(lotteryGameSchema),
  }),
  lotteryGameInfo: call({
    method: 'GET',
    path: '/wps/lottery/games/:gameCode',
    access: 'public',
    params: lotteryGameParamsSchema,
    response: lotteryGameInfoSchema,
  }),
  lotteryResults: call({
    method: 'GET',
    path: '/wps/lottery/games/:gameCode/results',
    access: 'public',
    params: lotteryGameParamsSchema,
    query: lotteryResultsQuerySchema,
    response: pageSchema(lotteryPeriodSchema),
  }),
  /** one period with its proof: what the verification page recomputes */
  lotteryPeriod: call({
    method: 'GET',
    path: '/wps/lottery/games/:gameCode/periods/:periodNo',
    access: 'public',
    params: lotteryPeriodParamsSchema,
    response: lotteryPeriodSchema,
  }),
  lotteryPlaceBets: call({
    method: 'POST',
    path: '/wps/lottery/bets',
    access: 'member-real',
    body: lotterySlipBodySchema,
    response: lotterySlipSchema,
  }),
  lotteryBets: call({
    method: 'GET',
    path: '/wps/lottery/bets',
    access: 'member-real',
    query: lotteryBetsQuerySchema,
    response: pageSchema(lotteryBetSchema),
  }),
  lotteryBetDetail: call({
    method: 'GET',
    path: '/wps/lottery/bets/:betId',
    access: 'member-real',
    params: lotteryBetParamsSchema,
    response: lotteryBetDetailSchema,
  }),
  lotteryFollowCreate: call({
    method: 'POST',
    path: '/wps/lottery/follows',
    access: 'member-real',
    body: lotteryFollowBodySchema,
    response: lotteryFollowAnswerSchema,
  }),
  lotteryFollows: call({
    method: 'GET',
    path: '/wps/lottery/follows',
    access: 'member-real',
    query: lotteryFollowsQuerySchema,
    response: pageSchema(lotteryFollowSchema),
  }),
  lotteryFollowDetail: call({
    method: 'GET',
    path: '/wps/lottery/follows/:followId',
    access: 'member-real',
    params: lotteryFollowParamsSchema,
    response: lotteryFollowDetailSchema,
  }),
  /** stops the chain: the periods not placed yet are refunded once; a second cancel is INVALID_STATE */
  lotteryFollowCancel: call({
    method: 'POST',
    path: '/wps/lottery/follows/:followId/cancel',
    access: 'member-real',
    params: lotteryFollowParamsSchema,
    response: lotteryFollowAnswerSchema,
  }),
  adminLotteryExposure: call({
    method: 'GET',
    path: '/wps/admin/lottery/exposure',
    access: { admin: ['owner', 'games'] },
    query: lotteryExposureQuerySchema,
    response: lotteryExposureSchema,
  }),
  adminLotteryVoid: call({
    method: 'POST',
    path: '/wps/admin/lottery/void',
    access: { admin: ['owner', 'games', 'finance'] },
    body: lotteryVoidBodySchema,
    response: lotteryPeriodSchema,
  }),
};
