import { z } from 'zod';
import { errorCodes } from './constants.js';

/**
 * Stable machine codes. The web app translates `errors.<code>`; the server never sends prose a
 * user should read, only the code and a message key.
 */
export const errorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** HTTP status that goes with each code, so the status line is honest too. */
export const httpStatusOf: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  MAINTENANCE: 503,
  REGION_RESTRICTED: 403,
  MERCHANT_MISMATCH: 400,
  INTERNAL: 500,
  INVALID_CAPTCHA: 400,
  INVALID_CREDENTIALS: 401,
  INVALID_PASSWORD: 400,
  MEMBER_NO_ENTER: 403,
  ACCOUNT_LOCKED: 403,
  INVALID_VERIFICATION_CODE: 400,
  VERIFICATION_CODE_EXPIRED: 400,
  SMS_COOLDOWN: 429,
  DUPLICATE_USERNAME: 409,
  DUPLICATE_MOBILE: 409,
  INVALID_INVITATION_CODE: 400,
  NEED_REAL_ACCOUNT: 403,
  USER_EMAIL_NOT_FOUND: 404,
  RESET_LINK_INVALID: 400,
  FEATURE_DISABLED: 403,
  INSUFFICIENT_FUNDS: 409,
  IDEMPOTENCY_CONFLICT: 409,
  INVALID_PAYMENT_PASSWORD: 400,
  PAYMENT_PASSWORD_REQUIRED: 400,
  TURNOVER_NOT_MET: 409,
  AMOUNT_OUT_OF_RANGE: 400,
  CHANNEL_UNAVAILABLE: 409,
  INVALID_STATE: 409,
  INVALID_SIGNATURE: 401,
  PAYEE_NAME_MISMATCH: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  HANDOFF_INVALID: 401,
  TOTP_REQUIRED: 401,
  TOTP_INVALID: 401,
  TOTP_SETUP_REQUIRED: 403,
  /** a staff call or login from an address outside the staff allow-list (staff.allowedAddresses) */
  ADDRESS_NOT_ALLOWED: 403,
  VENDOR_REFUSED: 409,
  VENDOR_UNAVAILABLE: 503,
  CHAT_MUTED: 403,
  ALREADY_APPLIED: 409,
  ALREADY_CLAIMED: 409,
  INSUFFICIENT_POINTS: 409,
  OUT_OF_STOCK: 409,
  REDEEM_LIMIT_REACHED: 409,
  BONUS_TURNOVER_OPEN: 409,
  LOTTERY_CLOSED: 409,
  LOTTERY_BET_INVALID: 400,
  PAYOUT_CAP_REACHED: 409,
  BETTING_SUSPENDED: 403,
  WITHDRAWALS_SUSPENDED: 403,
};

/**
 * The facts a failure carries for the caller to act on, by code: `details` of a failure with that code
 * has exactly this shape, and a code not named here carries none. Server (AppError) and web agree on
 * them through this map.
 */
export const errorDetailsSchemas = {
  /** which bet of the slip (from 0) and why */
  LOTTERY_BET_INVALID: z.object({ index: z.number().int().min(0), reason: z.string() }),
  /** which bet of the slip (from 0) met which cap */
  PAYOUT_CAP_REACHED: z.object({ index: z.number().int().min(0), scope: z.enum(['number', 'period']) }),
  /** how long until the caller may try again */
  RATE_LIMITED: z.object({ secondsLeft: z.number().int().positive() }),
  /** until when the member may not send in the chat */
  CHAT_MUTED: z.object({ until: z.string() }),
  SMS_COOLDOWN: z.object({ secondsLeft: z.number().int().positive() }),
  ACCOUNT_LOCKED: z.object({ retryAfterSeconds: z.number().int().positive() }),
  /** the next login must answer a captcha */
  INVALID_CREDENTIALS: z.object({ captchaRequired: z.boolean() }),
  INVALID_CAPTCHA: z.object({ captchaRequired: z.literal(true) }),
  /** captchaRequired on an SMS login; attemptsLeft on a new-address confirmation */
  INVALID_VERIFICATION_CODE: z.object({
    captchaRequired: z.boolean().optional(),
    attemptsLeft: z.number().int().min(0).optional(),
  }),
  VERIFICATION_CODE_EXPIRED: z.object({
    captchaRequired: z.boolean().optional(),
    attemptsLeft: z.number().int().min(0).optional(),
  }),
  /** wrong payment passwords left before the lock */
  INVALID_PAYMENT_PASSWORD: z.object({ attemptsLeft: z.number().int().min(0) }),
  /** a staff login of a disabled admin */
  FORBIDDEN: z.object({ disabled: z.literal(true) }),
  /** the password was right: the secret to enrol (shown once); the next login gives a code from it */
  TOTP_SETUP_REQUIRED: z.object({ totpUri: z.string(), totpSecret: z.string() }),
  /** the limits, as money strings; a balance adjustment has only a maximum */
  AMOUNT_OUT_OF_RANGE: z.object({ min: z.string().optional(), max: z.string() }),
  /** the ledger account that would go below zero */
  INSUFFICIENT_FUNDS: z.object({ account: z.string() }),
  /** the most a member may have (bank accounts) */
  CONFLICT: z.object({ max: z.number().int().positive() }),
  /** the state the thing is in, e.g. a withdrawal already paid */
  INVALID_STATE: z.object({
    status: z.string(),
    /** a crash cash-out that came after the crash: the round's crash point ('2.67') */
    crashPoint: z.string().optional(),
    /** a result entered or confirmed before its period's draw time: that time (ISO 8601) */
    drawAt: z.string().optional(),
  }),
  /** what is still to wager, as a money string */
  TURNOVER_NOT_MET: z.object({ remaining: z.string() }),
  /** what the open bonuses still require, as a money string */
  BONUS_TURNOVER_OPEN: z.object({ remaining: z.string() }),
} as const satisfies Partial<Record<ErrorCode, z.ZodType<Record<string, string | number | boolean>>>>;
type DetailedCode = keyof typeof errorDetailsSchemas;
/** The details of a failure with code C; never for a code that carries none. */
export type ErrorDetails<C extends ErrorCode> = C extends DetailedCode
  ? z.infer<(typeof errorDetailsSchemas)[C]>
  : never;
/** Every code with the shape of its details (undefined: the code carries none). */
export type ErrorDetailsByCode = { [C in ErrorCode]: C extends DetailedCode ? ErrorDetails<C> : undefined };

export const issueSchema = z.object({
  path: z.string(),
  /** i18n key or plain text for developers */
  message: z.string(),
  /** values substituted into the message, e.g. { min: 6, max: 16 } */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type Issue = z.infer<typeof issueSchema>;

export const failureSchema = z.object({
  success: z.literal(false),
  code: errorCodeSchema,
  /** i18n key, e.g. errors.MAINTENANCE */
  message: z.string(),
  /** field-level problems for VALIDATION_FAILED */
  issues: z.array(issueSchema).optional(),
  /** facts the caller acts on, e.g. { captchaRequired: true } or { secondsLeft: 42 } */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type Failure = z.infer<typeof failureSchema>;

export const successSchema = <T extends z.ZodType>(value: T) => z.object({ success: z.literal(true), value });

export type Success<T> = { success: true; value: T };
export type Envelope<T> = Success<T> | Failure;

export const messageKeyOf = (code: ErrorCode): string => `errors.${code}`;
