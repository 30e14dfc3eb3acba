import { z } from 'zod';
import { call } from './call.js';
import { inputText } from './input-text.js';
import { positiveMoneySchema, requestIdSchema } from './wallet.js';

/**
 * Provably fair dice and crash (issue 12, ADR 030): the seeds a player checks, the bets, and the public
 * verification that recomputes any round from its seeds.
 */

const money = z.string();
const hex64 = inputText(64).regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits');
/** A percentage or a multiplier as the player reads it: '49.50', '100.00', '2.35' */
const hundredths = z.string().regex(/^\d{1,16}\.\d{2}$/);

/**
 * A client seed: 1 to 64 letters, digits, '_', '-' or '.'. No ':' (it separates the HMAC message's
 * parts) and no spaces, so what the player types is what the HMAC sees.
 */
export const clientSeedSchema = inputText(64).regex(
  /^[A-Za-z0-9_.-]{1,64}$/,
  '1 to 64 letters, digits, _, - or .',
);

/** A dice target, 0.00 to 100.00 with at most two decimals. */
export const diceTargetSchema = inputText(6).regex(
  /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/,
  'from 0.00 to 100.00, two decimals at most',
);

export const diceDirectionSchema = z.enum(['over', 'under']);
export type DiceDirectionName = z.infer<typeof diceDirectionSchema>;

export const diceInfoSchema = z.object({
  /** the house edge in percent, the operator's setting: the payout is (100 − edge) / win chance */
  edge: hundredths,
  minBet: money,
  maxBet: money,
  /** a bet whose win could exceed this is refused */
  maxWin: money,
  /** the win chances a bet may have, percent */
  minChance: hundredths,
  maxChance: hundredths,
  freePlay: z.boolean(),
  freePlayBalance: money,
});
export type DiceInfo = z.infer<typeof diceInfoSchema>;

/** The seed pair in play: the server seed's SHA-256 (the seed stays secret until rotated). */
export const diceSeedPairSchema = z.object({
  serverSeedHash: hex64,
  clientSeed: z.string(),
  /** the next bet's nonce: bets made with this pair so far */
  nonce: z.number().int().nonnegative(),
});
export type DiceSeedPair = z.infer<typeof diceSeedPairSchema>;

export const diceRotateBodySchema = z.object({
  /** the new pair's client seed; omitted: the server picks one */
  clientSeed: clientSeedSchema.optional(),
});

export const diceRotationSchema = z.object({
  /** the pair retired: its server seed revealed (its SHA-256 is the hash shown before) */
  revealed: diceSeedPairSchema.extend({ serverSeed: z.string() }),
  current: diceSeedPairSchema,
});
export type DiceRotation = z.infer<typeof diceRotationSchema>;

export const diceBetBodySchema = z.object({
  bet: positiveMoneySchema,
  target: diceTargetSchema,
  direction: diceDirectionSchema,
  /** made once per bet: a retried request answers the same round and moves money once */
  requestId: requestIdSchema,
});
export type DiceBetBody = z.infer<typeof diceBetBodySchema>;

export const diceFreeBetBodySchema = z.object({
  bet: positiveMoneySchema,
  target: diceTargetSchema,
  direction: diceDirectionSchema,
  clientSeed: clientSeedSchema.optional(),
});
export type DiceFreeBetBody = z.infer<typeof diceFreeBetBodySchema>;

export const diceRoundSchema = z.object({
  /** the betting record's round; null in free play */
  roundId: z.string().nullable(),
  /** play money off the ledger (FREEPLAY3): nothing was staked or paid */
  freePlay: z.boolean(),
  bet: money,
  target: hundredths,
  direction: diceDirectionSchema,
  /** 0.00 to 100.00 */
  roll: hundredths,
  won: z.boolean(),
  /** percent */
  chance: hundredths,
  /** the payout multiplier, four decimals: '1.9801' */
  payout: z.string(),
  /** what the round paid (the stake included); 0.00 when lost */
  win: money,
  serverSeedHash: hex64,
  /** revealed at once in free play (a seed of its own per roll); a member's when they rotate */
  serverSeed: hex64.nullable(),
  clientSeed: z.string(),
  nonce: z.number().int().nonnegative(),
  /** the member's main balance after the round; null in free play */
  balance: money.nullable(),
  playedAt: z.string(),
});
export type DiceRound = z.infer<typeof diceRoundSchema>;

/** How many of a member's last dice rounds the page lists. */
export const DICE_RECENT_ROUNDS = 20;

export const fairGameSchema = z.enum(['dice', 'crash']);
export type FairGame = z.infer<typeof fairGameSchema>;

/** Both games' inputs in one query: dice takes serverSeed, clientSeed, nonce; crash takes seed and salt. */
export const fairVerifyQuerySchema = z.object({
  game: fairGameSchema,
  serverSeed: inputText(128).optional(),
  clientSeed: inputText(64).optional(),
  nonce: inputText(15)
    .regex(/^\d{1,15}$/, 'a whole number')
    .optional(),
  seed: inputText(128).optional(),
  salt: inputText(128).optional(),
});
export type FairVerifyQuery = z.infer<typeof fairVerifyQuerySchema>;

export const fairVerificationSchema = z.object({
  game: fairGameSchema,
  /** the roll (0.00 to 100.00) or the crash point ('2.67') */
  result: hundredths,
  /** each step of the computation, as the verification page shows it */
  steps: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type FairVerification = z.infer<typeof fairVerificationSchema>;

export const fairSeedQuerySchema = z.object({ hash: hex64 });
export const fairRevealedSeedSchema = z.object({
  serverSeedHash: hex64,
  /** null while the seed is in play (or unknown): it is revealed when its pair is rotated */
  serverSeed: hex64.nullable(),
});
export type FairRevealedSeed = z.infer<typeof fairRevealedSeedSchema>;

export const diceCalls = {
  inhouseDiceInfo: call({
    method: 'GET',
    path: '/wps/inhouse/dice/info',
    access: 'public',
    response: diceInfoSchema,
  }),
  inhouseDiceSeed: call({
    method: 'GET',
    path: '/wps/inhouse/dice/seed',
    access: 'member-real',
    response: diceSeedPairSchema,
  }),
  /** reveals the pair's server seed and starts a new pair (the client seed given, or a new one) */
  inhouseDiceRotate: call({
    method: 'POST',
    path: '/wps/inhouse/dice/seed/rotate',
    access: 'member-real',
    body: diceRotateBodySchema,
    response: diceRotationSchema,
  }),
  /** real money: the bet and its win through the seamless wallet, one round in the betting record */
  inhouseDiceBet: call({
    method: 'POST',
    path: '/wps/inhouse/dice/bet',
    access: 'member-real',
    body: diceBetBodySchema,
    response: diceRoundSchema,
  }),
  /** free play (FREEPLAY3): a seed of its own, revealed at once; nothing is written */
  inhouseDiceFreeBet: call({
    method: 'POST',
    path: '/wps/inhouse/dice/free-bet',
    access: 'public',
    body: diceFreeBetBodySchema,
    response: diceRoundSchema,
  }),
  inhouseDiceRounds: call({
    method: 'GET',
    path: '/wps/inhouse/dice/rounds',
    access: 'member-real',
    response: z.array(diceRoundSchema),
  }),
};

export const fairCalls = {
  /** recomputes a round from its seeds, no login: the same computation the verification page makes */
  inhouseFairVerify: call({
    method: 'GET',
    path: '/wps/inhouse/fair/verify',
    access: 'public',
    query: fairVerifyQuerySchema,
    response: fairVerificationSchema,
  }),
  /** a dice server seed by its hash, once revealed (a revealed seed is public) */
  inhouseFairSeed: call({
    method: 'GET',
    path: '/wps/inhouse/fair/seed',
    access: 'public',
    query: fairSeedQuerySchema,
    response: fairRevealedSeedSchema,
  }),
};

// ---------------------------------------------------------------------------------------------------
// Crash: multi-player rounds from a hash chain (ADR 031).

export const crashPhaseSchema = z.enum(['betting', 'running', 'crashed']);
export type CrashPhase = z.infer<typeof crashPhaseSchema>;

/** A multiplier as the player sets it: '2.00' (1.01 and up, two decimals). */
export const crashMultiplierSchema = inputText(10).regex(
  /^[1-9]\d{0,6}\.\d{2}$/,
  'a multiplier such as 2.00',
);

export const crashBetViewSchema = z.object({
  /** the bet's id */
  betId: z.string(),
  /** the player's name, partly hidden: 'ra***' */
  player: z.string(),
  stake: money,
  /** the multiplier the bet was cashed out at (by hand or automatically); null while in or when lost */
  cashedOutAt: hundredths.nullable(),
  /** paid (stake included); null while in */
  win: money.nullable(),
  /** the caller's own bet */
  mine: z.boolean(),
});
export type CrashBetView = z.infer<typeof crashBetViewSchema>;

export const crashRoundViewSchema = z.object({
  roundId: z.string(),
  phase: crashPhaseSchema,
  /** when betting closes and the multiplier starts rising, ISO 8601 */
  bettingEndsAt: z.string(),
  /** the multiplier now by the server's clock (1.00 while betting) */
  multiplier: hundredths,
  /** shown once the round crashed */
  crashPoint: hundredths.nullable(),
  /** the round's seed from the chain, shown once it crashed */
  seed: hex64.nullable(),
  bets: z.array(crashBetViewSchema),
  /** the caller's own bet's automatic cash-out, if they set one */
  myAutoCashOut: hundredths.nullable(),
});
export type CrashRoundView = z.infer<typeof crashRoundViewSchema>;

export const crashHistoryItemSchema = z.object({
  roundId: z.string(),
  crashPoint: hundredths,
  seed: hex64,
  salt: z.string(),
});
export type CrashHistoryItem = z.infer<typeof crashHistoryItemSchema>;

export const crashStateSchema = z.object({
  round: crashRoundViewSchema.nullable(),
  /** the server's clock now, ISO 8601: the page animates the rise from bettingEndsAt by it */
  serverTime: z.string(),
  /** the rise: multiplier = e^(growthPerMs × ms since betting closed) */
  growthPerMs: z.number(),
  /** the chain in play: its commitment (published before its first round) and salt */
  commitment: hex64.nullable(),
  salt: z.string().nullable(),
  /** the last rounds, newest first, each verifiable */
  history: z.array(crashHistoryItemSchema),
  minBet: money,
  maxBet: money,
  maxMultiplier: hundredths,
  freePlay: z.boolean(),
  freePlayBalance: money,
});
export type CrashState = z.infer<typeof crashStateSchema>;

export const crashBetBodySchema = z.object({
  roundId: inputText(40),
  stake: positiveMoneySchema,
  /** cash out automatically at this multiplier; omitted: by hand */
  autoCashOut: crashMultiplierSchema.optional(),
  requestId: requestIdSchema,
});
export type CrashBetBody = z.infer<typeof crashBetBodySchema>;

export const crashBetAnswerSchema = z.object({
  roundId: z.string(),
  betId: z.string(),
  stake: money,
  autoCashOut: hundredths.nullable(),
  /** the member's main balance after the bet */
  balance: money,
});
export type CrashBetAnswer = z.infer<typeof crashBetAnswerSchema>;

export const crashCashOutBodySchema = z.object({ roundId: inputText(40) });

export const crashCashOutAnswerSchema = z.object({
  roundId: z.string(),
  multiplier: hundredths,
  win: money,
  /** the member's main balance after the win; null in free play */
  balance: money.nullable(),
});
export type CrashCashOutAnswer = z.infer<typeof crashCashOutAnswerSchema>;

export const crashFreeBetBodySchema = z.object({
  roundId: inputText(40),
  stake: positiveMoneySchema,
  autoCashOut: crashMultiplierSchema.optional(),
});

export const crashCalls = {
  /** the round in play (its bets and cash-outs), the last rounds and the chain: public, for the page to poll */
  inhouseCrashState: call({
    method: 'GET',
    path: '/wps/inhouse/crash/state',
    access: 'public',
    response: crashStateSchema,
  }),
  /** real money, during the betting phase only */
  inhouseCrashBet: call({
    method: 'POST',
    path: '/wps/inhouse/crash/bet',
    access: 'member-real',
    body: crashBetBodySchema,
    response: crashBetAnswerSchema,
  }),
  /** decided by the server's clock: after the crash it is refused with the crash point */
  inhouseCrashCashOut: call({
    method: 'POST',
    path: '/wps/inhouse/crash/cash-out',
    access: 'member-real',
    body: crashCashOutBodySchema,
    response: crashCashOutAnswerSchema,
  }),
  /** free play (FREEPLAY3): the betting phase checked, nothing written; the page keeps the play money */
  inhouseCrashFreeBet: call({
    method: 'POST',
    path: '/wps/inhouse/crash/free-bet',
    access: 'public',
    body: crashFreeBetBodySchema,
    response: z.object({ roundId: z.string(), accepted: z.literal(true) }),
  }),
  /** free play: the multiplier now by the server's clock, or refused with the crash point */
  inhouseCrashFreeCashOut: call({
    method: 'POST',
    path: '/wps/inhouse/crash/free-cash-out',
    access: 'public',
    body: crashCashOutBodySchema,
    response: z.object({ roundId: z.string(), multiplier: hundredths }),
  }),
};
