import { z } from 'zod';
import { call } from './call.js';
import { inhouseGameCodes, SLOT_LINE_COUNT, slotRtpVariants } from './constants.js';
import { crashCalls, diceCalls, fairCalls } from './inhouse-fair.js';
import { positiveMoneySchema, requestIdSchema } from './wallet.js';

export const inhouseGameCodeSchema = z.enum(inhouseGameCodes);
export type InhouseGameCode = z.infer<typeof inhouseGameCodeSchema>;

export const inhouseGameInfoSchema = z.object({
  gameCode: inhouseGameCodeSchema,
  /** the catalogue's id (favourites, recent games, launch) */
  nodeId: z.string(),
  gameName: z.string(),
  /** the operator turned it off in the catalogue: the page says so instead of playing */
  enabled: z.boolean(),
});
export type InhouseGameInfo = z.infer<typeof inhouseGameInfoSchema>;

export const inhouseInfoSchema = z.object({
  /** free play with play money that never touches the ledger (the FREEPLAY3 whitelabel switch) */
  freePlay: z.boolean(),
  games: z.array(inhouseGameInfoSchema),
});
export type InhouseInfo = z.infer<typeof inhouseInfoSchema>;

// ---------------------------------------------------------------------------------------------------
// The slot (Royal Bengal Reels): 5 reels by 3 rows, 20 paylines, a wild, a scatter with free spins.

/** The slot's symbols by name, in the server's id order (its reel strips and paytable use these). */
export const slotSymbols = [
  'tiger',
  'lantern',
  'peacock',
  'elephant',
  'boat',
  'drum',
  'lotus',
  'mango',
  'fish',
  'kite',
] as const;
export const slotSymbolSchema = z.enum(slotSymbols);
export type SlotSymbolName = z.infer<typeof slotSymbolSchema>;

export const slotRtpVariantSchema = z.enum(slotRtpVariants);
export type SlotRtpVariant = z.infer<typeof slotRtpVariantSchema>;

const slotMoney = z.string();

export const slotLineWinSchema = z.object({
  /** numbered from 1, as the paytable page numbers the lines */
  line: z.number().int().min(1).max(SLOT_LINE_COUNT),
  symbol: slotSymbolSchema,
  /** symbols from the leftmost reel (wilds included) */
  count: z.number().int().min(3).max(5),
  /** the row (0 top) on each reel the line crosses, for drawing it */
  rows: z.array(z.number().int().min(0).max(2)).length(5),
  /** money, the free spins' multiplier applied */
  win: slotMoney,
});
export type SlotLineWin = z.infer<typeof slotLineWinSchema>;

export const slotSpinViewSchema = z.object({
  /** per reel, the strip position on the top row (with the variant, all it takes to replay the spin) */
  stops: z.array(z.number().int().nonnegative()).length(5),
  /** reels[reel][row], top to bottom */
  reels: z.array(z.array(slotSymbolSchema).length(3)).length(5),
  lines: z.array(slotLineWinSchema),
  /** scatters anywhere on the screen, what they paid, and the free spins they awarded */
  scatter: z.object({ count: z.number().int().min(0).max(15), win: slotMoney, freeSpins: z.number().int() }),
  /** lines and scatters of this spin, money */
  win: slotMoney,
});
export type SlotSpinView = z.infer<typeof slotSpinViewSchema>;

export const slotRoundSchema = z.object({
  /** the round's id (the betting record's round); null in free play */
  roundId: z.string().nullable(),
  /** play money off the ledger (FREEPLAY3): nothing was staked or paid */
  freePlay: z.boolean(),
  bet: slotMoney,
  /** everything the round paid: the paid spin and every free spin */
  win: slotMoney,
  spin: slotSpinViewSchema,
  /** the free spins the round played, retriggers included, in order; empty when none were won */
  freeSpins: z.array(slotSpinViewSchema),
  /** every free-spin win is multiplied by this */
  freeSpinMultiplier: z.number().int().positive(),
  /** the member's main balance after the round; null in free play */
  balance: slotMoney.nullable(),
});
export type SlotRound = z.infer<typeof slotRoundSchema>;

/** A bet is one of the operator's bet steps within the operator's limits. */
export const slotSpinBodySchema = z.object({
  bet: positiveMoneySchema,
  /** made once per spin: a retried request answers the same round and moves money once */
  requestId: requestIdSchema,
});
export type SlotSpinBody = z.infer<typeof slotSpinBodySchema>;

export const slotFreeSpinBodySchema = z.object({ bet: positiveMoneySchema });

export const slotInfoSchema = z.object({
  /** the stated return to player of the variant in play, percent with two decimals: '96.00' */
  statedRtp: z.string(),
  rtpVariant: slotRtpVariantSchema,
  /** the bets a player may choose: the operator's bet steps within the operator's limits, ascending */
  betSteps: z.array(slotMoney).min(1),
  minBet: slotMoney,
  maxBet: slotMoney,
  /** each line's row (0 top) on reels 1 to 5, numbered from 1 in this order */
  paylines: z.array(z.array(z.number().int().min(0).max(2)).length(5)).length(SLOT_LINE_COUNT),
  /** line pays in line bets (the bet divided by 20) for 3, 4 and 5 of a kind */
  linePays: z.array(z.object({ symbol: slotSymbolSchema, pays: z.array(z.number().int()).length(3) })),
  wild: slotSymbolSchema,
  scatter: slotSymbolSchema,
  /** scatter pays in total bets for 3, 4 and 5 anywhere */
  scatterPays: z.array(z.number().int()).length(3),
  /** free spins for 3, 4 and 5 scatters; a free spin can win more */
  freeSpinAwards: z.array(z.number().int()).length(3),
  freeSpinMultiplier: z.number().int().positive(),
  /** free play (FREEPLAY3) is on, and the play money a visitor or trial account starts with */
  freePlay: z.boolean(),
  freePlayBalance: slotMoney,
});
export type SlotInfo = z.infer<typeof slotInfoSchema>;

export const slotRecentRoundSchema = z.object({
  roundId: z.string(),
  bet: slotMoney,
  win: slotMoney,
  freeSpins: z.number().int().nonnegative(),
  playedAt: z.string(),
});
export type SlotRecentRound = z.infer<typeof slotRecentRoundSchema>;

/** How many of a member's last rounds the slot's side list shows. */
export const SLOT_RECENT_ROUNDS = 10;

export const slotCalls = {
  inhouseSlotInfo: call({
    method: 'GET',
    path: '/wps/inhouse/slot/info',
    access: 'public',
    response: slotInfoSchema,
  }),
  /** real money: the bet and the round's win through the seamless wallet, one round in the betting record */
  inhouseSlotSpin: call({
    method: 'POST',
    path: '/wps/inhouse/slot/spin',
    access: 'member-real',
    body: slotSpinBodySchema,
    response: slotRoundSchema,
  }),
  /** free play (FREEPLAY3): the same game with play money the page keeps; nothing is written */
  inhouseSlotFreeSpin: call({
    method: 'POST',
    path: '/wps/inhouse/slot/free-spin',
    access: 'public',
    body: slotFreeSpinBodySchema,
    response: slotRoundSchema,
  }),
  inhouseSlotRounds: call({
    method: 'GET',
    path: '/wps/inhouse/slot/rounds',
    access: 'member-real',
    response: z.array(slotRecentRoundSchema),
  }),
};

/** Our own games (slot, dice, crash): they place their bets on the seamless wallet in process. */
export const inhouseCalls = {
  inhouseInfo: call({
    method: 'GET',
    path: '/wps/inhouse/info',
    access: 'public',
    response: inhouseInfoSchema,
  }),
  ...slotCalls,
  ...diceCalls,
  ...fairCalls,
  ...crashCalls,
};
