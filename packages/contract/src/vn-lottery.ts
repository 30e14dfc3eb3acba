import { z } from 'zod';
import { call } from './call.js';
import { inputText } from './input-text.js';
import { vnRegions } from './vn-lottery-rules.js';

/**
 * The Vietnamese lottery (/vnlottery, issue 13; ADR 043): the menu of VN games by region, the game
 * open now with its period and odds, and the latest results (SPEC section 7: /lgw/vn/games/game_menu,
 * /lgw/vn/numeros/opened/game, numbers with count 100). Bets go on the lottery's slip
 * (lotteryPlaceBets); results of the daily regional draws are entered by one operator and confirmed by
 * a second before they settle.
 */
const gameCode = inputText(20).regex(/^[A-Z0-9-]{2,20}$/, 'a game code');
const periodNo = inputText(13).regex(/^\d{8}-\d{4}$/, 'yyyyMMdd-nnnn');
const money = z.string();

export const vnRegionSchema = z.enum(vnRegions);
/** fast: house-drawn every 1 to 5 minutes; daily: the regional state draw, entered by the operator */
export const vnGameKinds = ['fast', 'daily'] as const;

export const vnGameSchema = z.object({
  gameCode: z.string(),
  gameName: z.string(),
  region: vnRegionSchema,
  kind: z.enum(vnGameKinds),
  intervalSeconds: z.number().int(),
  /** the daily draw's time of day in Vietnam (HH:mm, UTC+7); null for fast games */
  drawTime: z.string().nullable(),
});
export type VnGame = z.infer<typeof vnGameSchema>;

export const vnGameMenuQuerySchema = z.object({ device: inputText(10).optional() });
export const vnGameMenuSchema = z.object({
  regions: z.array(z.object({ region: vnRegionSchema, games: z.array(vnGameSchema) })),
});
export type VnGameMenu = z.infer<typeof vnGameMenuSchema>;

/** open (countdown), closed or drawing (waiting for the result), delayed, settled, cancelled */
export const vnPeriodStates = [
  'open',
  'closed',
  'drawing',
  'delayed',
  /** a daily draw past its time whose result the operators have not confirmed yet */
  'awaiting',
  'settled',
  'cancelled',
] as const;

export const vnResultRowSchema = z.object({
  periodNo: z.string(),
  drawAt: z.string(),
  state: z.enum(vnPeriodStates),
  /** the result's tiers, special prize first; null until drawn (and for a cancelled period) */
  tiers: z.array(z.array(z.string())).nullable(),
});
export type VnResultRow = z.infer<typeof vnResultRowSchema>;

export const vnOpenedGameQuerySchema = z.object({ gameCode });
export const vnOpenedGameSchema = z.object({
  game: vnGameSchema,
  /** the period taking bets (or the next to, while a daily draw waits for its result) */
  period: z.object({
    periodNo: z.string(),
    state: z.enum(vnPeriodStates),
    cutoffAt: z.string(),
    drawAt: z.string(),
  }),
  /** bet type -> odds key ("" for one; "4", "8", "10" for lô trượt) -> decimal odds, e.g. "95.000" */
  odds: z.record(z.string(), z.record(z.string(), z.string())),
  minBet: money,
  maxBet: money,
  last: vnResultRowSchema.nullable(),
  serverTime: z.string(),
});
export type VnOpenedGame = z.infer<typeof vnOpenedGameSchema>;

export const vnNumbersQuerySchema = z.object({
  gameCode,
  count: z.coerce.number().int().min(1).max(100).default(100),
});

const tierNumbers = z.array(inputText(6).regex(/^\d{1,6}$/, 'digits')).max(7);
export const vnResultEntryBodySchema = z.object({
  gameCode,
  periodNo,
  /** special prize first; checked against the region's structure */
  tiers: z.array(tierNumbers).min(1).max(9),
});
export const vnResultConfirmBodySchema = z.object({ gameCode, periodNo });

/** entered: waiting for a second operator; confirmed: settled (revision 0) or re-settled (a correction) */
export const vnResultEntryStates = ['entered', 'confirmed'] as const;
export const vnResultEntrySchema = z.object({
  gameCode: z.string(),
  periodNo: z.string(),
  /** 0: the result; 1 and up: corrections of it after it settled */
  revision: z.number().int(),
  tiers: z.array(z.array(z.string())),
  state: z.enum(vnResultEntryStates),
  /** admin:<username> or cli:<user> */
  enteredBy: z.string(),
  enteredAt: z.string(),
  confirmedBy: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** a confirmed correction: what its re-settlement credited and debited, and what it could not take back */
  correction: z.object({ credited: money, debited: money, shortfall: money }).nullable(),
});
export type VnResultEntry = z.infer<typeof vnResultEntrySchema>;
export const vnResultEntriesQuerySchema = z.object({ gameCode, periodNo });

export const vnLotteryCalls = {
  vnGameMenu: call({
    method: 'GET',
    path: '/lgw/vn/games/game_menu',
    access: 'public',
    query: vnGameMenuQuerySchema,
    response: vnGameMenuSchema,
  }),
  vnOpenedGame: call({
    method: 'GET',
    path: '/lgw/vn/numeros/opened/game',
    access: 'public',
    query: vnOpenedGameQuerySchema,
    response: vnOpenedGameSchema,
  }),
  /** the latest results, newest first (count 100 by default, as SPEC section 9 says) */
  vnNumbers: call({
    method: 'GET',
    path: '/lgw/vn/numeros',
    access: 'public',
    query: vnNumbersQuerySchema,
    response: z.array(vnResultRowSchema),
  }),
  /** one operator enters a daily draw's result (or a correction of a settled one) */
  adminVnResultEnter: call({
    method: 'POST',
    path: '/wps/admin/lottery/vn/results',
    access: { admin: ['owner', 'games'] },
    body: vnResultEntryBodySchema,
    response: vnResultEntrySchema,
  }),
  /** a second operator confirms it: the period settles, or a correction re-settles by difference */
  adminVnResultConfirm: call({
    method: 'POST',
    path: '/wps/admin/lottery/vn/results/confirm',
    access: { admin: ['owner', 'games'] },
    body: vnResultConfirmBodySchema,
    response: vnResultEntrySchema,
  }),
  adminVnResults: call({
    method: 'GET',
    path: '/wps/admin/lottery/vn/results',
    access: { admin: ['owner', 'games'] },
    query: vnResultEntriesQuerySchema,
    response: z.array(vnResultEntrySchema),
  }),
};
