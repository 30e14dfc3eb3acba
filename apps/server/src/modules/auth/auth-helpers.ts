import type { Issue, Settings } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import type { AppDeps } from '../../lib/deps.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { CaptchaService, MessageService, VerificationCodeService } from '../verification/index.js';
import type { SettingsService } from '../system/index.js';
import type { AuthAuditService } from './auth-audit.service.js';
import type { SessionService } from './session.service.js';
import { AppError } from '../../lib/errors.js';
import type { Rng } from '../../lib/rng.js';
import type { ClubLabels } from './club-label.js';

/** What the auth services use, of their own module and of the others. */
export interface AuthServices {
  deps: AppDeps;
  settings: SettingsService;
  passwords: PasswordHasher;
  audit: AuthAuditService;
  sessions: SessionService;
  captcha: CaptchaService;
  codes: VerificationCodeService;
  messages: MessageService;
  /** the club label of a rank level (the operator's ranks once the loyalty module is composed) */
  clubLabels: Pick<ClubLabels, 'of'>;
  /** the wallet module's grant of demo money to a new trial account, inside its transaction */
  grantTrialDemoMoney(
    tx: Executor,
    memberId: bigint,
    settings: Pick<Settings, 'trial.demoBalance'>,
  ): Promise<void>;
}

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** Unambiguous upper-case letters and digits: codes people read aloud or type from a screenshot. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A member's own invitation code: 8 characters, about 40 bits. */
export function newReferralCode(rng: Rng): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += CODE_ALPHABET[rng.int(0, CODE_ALPHABET.length)];
  return code;
}

/** A 10-digit account number; never starts with 0, so it keeps its length wherever it is shown. */
export function newAccountNumber(rng: Rng): string {
  let account = String(rng.int(1, 10));
  for (let index = 1; index < 10; index += 1) account += String(rng.int(0, 10));
  return account;
}

export const required = (path: string): Issue => ({ path, message: 'validation.required' });

/** The unique constraint a database error broke, if it is a unique violation (PostgreSQL and PGlite). */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505')
      return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    current = candidate.cause;
  }
  return null;
}

/** Maps a unique violation on member to the failure a caller understands; null for other errors. */
export function duplicateFailure(error: unknown): AppError | null {
  const constraint = uniqueViolation(error);
  if (constraint === 'member_username_key') return new AppError('DUPLICATE_USERNAME', 'username taken');
  if (constraint === 'member_mobile_key') return new AppError('DUPLICATE_MOBILE', 'mobile number taken');
  return null;
}

/** Names on bank accounts are compared without regard to case or repeated spaces. */
export const normalizeName = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();
