import { z } from 'zod';
import { inputText } from './input-text.js';
import { formatMoney, MINOR_PER_MAJOR } from './money-math.js';

/**
 * The seamless-wallet API that game vendors call: POST /provider/v1/<vendor code>/<call>, JSON, signed
 * with the vendor's secret. It follows the aggregators' conventions (Hub88-style status codes, snake_case
 * fields, money as decimal strings), not the /wps envelope, so that a vendor's existing integration
 * plugs in. docs/provider-api.md is the vendors' documentation of this file.
 */

export const PROVIDER_PATH_PREFIX = '/provider/v1';
export const providerCalls = ['authenticate', 'balance', 'bet', 'win', 'rollback'] as const;
export type ProviderCall = (typeof providerCalls)[number];

export const providerHeaders = {
  /** hex HMAC-SHA256 of `<timestamp>.<raw body>` with the vendor's secret */
  signature: 'x-provider-signature',
  /** Unix time in whole seconds when the vendor sent the request */
  timestamp: 'x-provider-timestamp',
  /**
   * only for a vendor that registered an RSA public key: base64 RSA-SHA256 (PKCS#1 v1.5) signature of
   * `<timestamp>.<raw body>` with its private key, required besides the HMAC
   */
  rsaSignature: 'x-provider-rsa-signature',
} as const;

/** How far the timestamp header may be from our clock, either way; older requests are replays. */
export const PROVIDER_CLOCK_SKEW_SECONDS = 120;
/** How long a launch token may wait for its authenticate call. */
export const LAUNCH_TOKEN_TTL_SECONDS = 600;
/**
 * Once authenticated, the launch token is the game session's token, which every bet carries (ADR 091): the
 * session ends with the player's site session (logout, password change, its expiry) or after this long
 * without a bet.
 */
export const GAME_SESSION_IDLE_SECONDS = 3600;
/** The ledger keeps 2 minor digits (money-math.ts): an amount with more is refused, never rounded. */
export const PROVIDER_MINOR_DIGITS = 2;
/** The largest amount one call may carry, in major units: anything above is a vendor's bug. */
export const PROVIDER_MAX_AMOUNT_MAJOR = 100_000_000n;

export const winKinds = ['normal', 'bonus', 'jackpot', 'promo'] as const;
export const roundTimeoutRules = ['lost', 'refund'] as const;
export type RoundTimeoutRule = (typeof roundTimeoutRules)[number];

/**
 * Every status a call answers, with its HTTP status (the body's `status` is the authority; the HTTP
 * status says the same for proxies and logs). `retry`: whether the vendor should send the same request
 * again later (same transaction_uuid).
 */
export const providerStatuses = {
  RS_OK: { http: 200, retry: false },
  RS_ERROR_INVALID_SIGNATURE: { http: 401, retry: false },
  RS_ERROR_STALE_REQUEST: { http: 401, retry: false },
  RS_ERROR_UNKNOWN_VENDOR: { http: 404, retry: false },
  RS_ERROR_VALIDATION: { http: 400, retry: false },
  RS_ERROR_INVALID_AMOUNT: { http: 400, retry: false },
  RS_ERROR_WRONG_CURRENCY: { http: 400, retry: false },
  RS_ERROR_INVALID_TOKEN: { http: 401, retry: false },
  RS_ERROR_UNKNOWN_PLAYER: { http: 404, retry: false },
  RS_ERROR_PLAYER_BLOCKED: { http: 403, retry: false },
  RS_ERROR_DEMO_NOT_ALLOWED: { http: 403, retry: false },
  RS_ERROR_NOT_ENOUGH_MONEY: { http: 409, retry: false },
  RS_ERROR_DUPLICATE_TRANSACTION: { http: 409, retry: false },
  RS_ERROR_TRANSACTION_ROLLED_BACK: { http: 409, retry: false },
  RS_ERROR_TRANSACTION_DOES_NOT_EXIST: { http: 404, retry: true },
  RS_ERROR_REFERENCE_MISMATCH: { http: 409, retry: false },
  RS_ERROR_ROUND_CLOSED: { http: 409, retry: false },
  RS_ERROR_BET_SETTLED: { http: 409, retry: false },
  RS_ERROR_INTERNAL: { http: 500, retry: true },
} as const satisfies Record<string, { http: number; retry: boolean }>;
export type ProviderStatus = keyof typeof providerStatuses;
export type ProviderErrorCode = Exclude<ProviderStatus, 'RS_OK'>;

/** Ids the vendor makes (request, transaction, round, game, player): printable, at most 100 characters. */
const providerId = inputText(100).regex(/^[A-Za-z0-9._:-]+$/, 'letters, digits and . _ : - only');
const currencyCode = inputText(8).regex(/^[A-Z]{3,8}$/, 'an ISO 4217 code in capitals');

const AMOUNT_PATTERN = /^(0|[1-9]\d{0,17})(\.\d{1,18})?$/;

/**
 * A provider amount in minor units, or why it is refused: not a plain non-negative decimal, more
 * decimals than the currency has (never rounded), or more than PROVIDER_MAX_AMOUNT_MAJOR.
 */
export function parseProviderAmount(
  text: string,
): { ok: true; minor: bigint } | { ok: false; reason: string } {
  if (!AMOUNT_PATTERN.test(text)) return { ok: false, reason: 'not a non-negative decimal string' };
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length > PROVIDER_MINOR_DIGITS) {
    return { ok: false, reason: `more than ${PROVIDER_MINOR_DIGITS} decimals` };
  }
  const minor = BigInt(whole) * MINOR_PER_MAJOR + BigInt(fraction.padEnd(PROVIDER_MINOR_DIGITS, '0'));
  if (minor > PROVIDER_MAX_AMOUNT_MAJOR * MINOR_PER_MAJOR) return { ok: false, reason: 'too large' };
  return { ok: true, minor };
}

/** Minor units as the decimal string the vendor receives. */
export const providerMoney = (minor: bigint): string => formatMoney(minor);

const amountText = inputText(40).refine((text) => parseProviderAmount(text).ok, {
  message: 'amount must be a non-negative decimal string with at most 2 decimals',
});

/**
 * What happened in a round, as the vendor tells it, so the betting record can recall it (reels, ball,
 * cards, catches, fixtures, dice, crash point) with the fairness proof where the game has one. Optional
 * on every money call; the latest one sent replaces the round's. Bounded, so a round's record stays small.
 */
const detailText = (max: number) => inputText(max);
const decimalText = inputText(40).regex(/^\d{1,18}(\.\d{1,8})?$/, 'a non-negative decimal');
export const fairnessProofSchema = z.strictObject({
  /** SHA-256 of the server seed, shown before the round */
  server_seed_hash: inputText(128).regex(/^[0-9a-f]{64}$/, '64 lowercase hex digits'),
  /** revealed once the seed is retired; until then the player has the hash only */
  server_seed: inputText(128)
    .regex(/^[0-9a-f]{16,128}$/, 'lowercase hex')
    .optional(),
  client_seed: detailText(64),
  nonce: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});
export const roundDetailSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('slot'),
    /** the symbols as they stopped, one array per reel, top to bottom */
    reels: z
      .array(z.array(detailText(24)).min(1).max(10))
      .min(1)
      .max(10),
    lines: z
      .array(
        z.strictObject({
          line: z.number().int().min(0).max(1000),
          symbols: detailText(120),
          pays: decimalText,
        }),
      )
      .max(100)
      .optional(),
    /** scatters anywhere on the screen and what they paid */
    scatter: z.strictObject({ count: z.number().int().min(0).max(100), pays: decimalText }).optional(),
    /**
     * free spins the round played after the paid spin (retriggers included): how many, their multiplier,
     * their total, and each spin's reels and paying lines (the first 100 spins; `played` counts all)
     */
    free_spins: z
      .strictObject({
        played: z.number().int().min(1).max(1_000_000),
        multiplier: z.number().int().min(1).max(1000),
        pays: decimalText,
        spins: z
          .array(
            z.strictObject({
              reels: z
                .array(z.array(detailText(24)).min(1).max(10))
                .min(1)
                .max(10),
              lines: z
                .array(
                  z.strictObject({
                    line: z.number().int().min(0).max(1000),
                    symbols: detailText(120),
                    pays: decimalText,
                  }),
                )
                .max(100),
              pays: decimalText,
            }),
          )
          .max(100),
      })
      .optional(),
    fairness: fairnessProofSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal('roulette'),
    number: z.number().int().min(0).max(36),
    bets: z.array(z.strictObject({ spot: detailText(40), amount: decimalText, pays: decimalText })).max(200),
  }),
  z.strictObject({
    kind: z.literal('cards'),
    /** e.g. player and banker, or every seat at a table; cards as rank and suit: 'AS', '10H', 'QD' */
    hands: z
      .array(
        z.strictObject({
          name: detailText(40),
          cards: z.array(inputText(3).regex(/^(A|[2-9]|10|J|Q|K)[SHDC]$/, 'rank and suit')).max(20),
          score: detailText(20).optional(),
          won: z.boolean().optional(),
        }),
      )
      .min(1)
      .max(12),
    outcome: detailText(80).optional(),
  }),
  z.strictObject({
    kind: z.literal('fish'),
    shots: z.number().int().nonnegative().max(1_000_000),
    catches: z.array(z.strictObject({ target: detailText(40), multiplier: decimalText })).max(500),
  }),
  z.strictObject({
    kind: z.literal('sports'),
    bet_type: z.enum(['single', 'accumulator']),
    selections: z
      .array(
        z.strictObject({
          event: detailText(120),
          market: detailText(60),
          pick: detailText(60),
          odds: decimalText,
          outcome: z.enum(['won', 'lost', 'void', 'pending']),
          result: detailText(40).optional(),
        }),
      )
      .min(1)
      .max(30),
  }),
  z.strictObject({
    kind: z.literal('dice'),
    roll: decimalText,
    target: decimalText,
    direction: z.enum(['over', 'under']),
    fairness: fairnessProofSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal('crash'),
    crash_point: decimalText,
    /** null: the player did not cash out before the crash */
    cashed_out_at: decimalText.nullable(),
    fairness: fairnessProofSchema.optional(),
  }),
  z.strictObject({
    kind: z.literal('text'),
    lines: z
      .array(z.strictObject({ label: detailText(60), value: detailText(200) }))
      .min(1)
      .max(40),
  }),
]);
export type RoundDetail = z.infer<typeof roundDetailSchema>;

/** Fields every money call carries (bet, win, rollback). */
const moneyCallFields = {
  request_uuid: providerId,
  player_id: providerId,
  transaction_uuid: providerId,
  round: providerId,
  round_closed: z.boolean(),
  game_code: providerId,
  currency: currencyCode,
  is_free: z.boolean().default(false),
  round_detail: roundDetailSchema.optional(),
  /**
   * The game session's token: the launch token the vendor exchanged at authenticate. A bet without a live
   * one is refused (RS_ERROR_INVALID_TOKEN); on a win or rollback it is accepted and never checked, so a
   * round can always close.
   */
  token: inputText(200).optional(),
};

export const providerRequestSchemas = {
  authenticate: z.strictObject({
    request_uuid: providerId,
    token: inputText(200),
    game_code: providerId.optional(),
  }),
  balance: z.strictObject({
    request_uuid: providerId,
    player_id: providerId,
    currency: currencyCode,
    game_code: providerId.optional(),
  }),
  bet: z.strictObject({
    ...moneyCallFields,
    amount: amountText,
    reference_transaction_uuid: providerId.nullish(),
  }),
  win: z.strictObject({
    ...moneyCallFields,
    amount: amountText,
    /** the bet this win pays */
    reference_transaction_uuid: providerId,
    kind: z.enum(winKinds).default('normal'),
  }),
  rollback: z.strictObject({
    ...moneyCallFields,
    /** optional; when given it must equal the bet's amount */
    amount: amountText.optional(),
    /** the bet this rollback refunds */
    reference_transaction_uuid: providerId,
  }),
} as const satisfies Record<ProviderCall, z.ZodType>;

export type ProviderRequest<C extends ProviderCall> = z.infer<(typeof providerRequestSchemas)[C]>;

const money = z.string().regex(/^\d+\.\d{2}$/);

/** The answer of every successful call. */
export const providerSuccessSchema = z.object({
  status: z.literal('RS_OK'),
  request_uuid: z.string(),
  player_id: z.string(),
  currency: z.string(),
  /** the player's balance after the call (for a repeated transaction: the balance now) */
  balance: money,
  /** true: a trial account playing with demo money */
  demo: z.boolean(),
  /** money calls: the vendor's transaction id, echoed */
  transaction_uuid: z.string().optional(),
});
export type ProviderSuccess = z.infer<typeof providerSuccessSchema>;

/** The answer of every refused call. */
export const providerErrorSchema = z.object({
  status: z.enum(Object.keys(providerStatuses).filter((key) => key !== 'RS_OK') as [ProviderErrorCode]),
  request_uuid: z.string().nullable(),
  message: z.string(),
  /** RS_ERROR_NOT_ENOUGH_MONEY: the balance the bet did not fit in */
  balance: money.optional(),
});
export type ProviderError = z.infer<typeof providerErrorSchema>;

export const providerResponseSchema = z.union([providerSuccessSchema, providerErrorSchema]);
export type ProviderResponse = z.infer<typeof providerResponseSchema>;
