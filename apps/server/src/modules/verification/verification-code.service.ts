import type { Language } from '@platform/contract';
import { outsideTransaction, type Database, type Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Rng } from '../../lib/rng.js';
import { numericCode, sha256 } from '../../lib/tokens.js';
import type { SettingsService } from '../system/index.js';
import { codeSmsText, type CodePurpose } from './message-templates.js';
import type { MessageSender } from './message-sender.js';
import { internationalNumber, normalizeMobile } from './mobile.js';
import { codeRepository, type WindowCount } from './verification.repository.js';

export type { CodePurpose };

/** Wrong tries after which a code is dead even for the right answer. */
export const MAX_CODE_ATTEMPTS = 5;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * SMS verification codes: six digits, kept only as a hash, used once. Sending is limited three ways:
 * a cooldown per purpose and number (the countdown the site shows: 60 s per minute the code lives),
 * a daily cap per number and an hourly cap per address, so the site cannot be used to flood a phone
 * or to run up the SMS bill.
 */
export class VerificationCodeService {
  /** wrong tries counted outside a caller's transaction, still being written (see consume) */
  private pendingAttempts: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly rng: Rng,
    private readonly settings: SettingsService,
    private readonly messages: MessageSender,
  ) {}

  /**
   * Sends a code by SMS. Throws SMS_COOLDOWN (details.secondsLeft) during the countdown, RATE_LIMITED
   * (details.secondsLeft) past the daily cap per number or the hourly cap per address, VALIDATION_FAILED
   * for a bad number, INTERNAL when the SMS provider fails (the code is then forgotten, so a retry is
   * not held up by a countdown for a code that never arrived). `language` is the request's
   * (requestLanguage(request.headers.language)); without it the text is in site.defaultLanguage.
   * Runs its own transaction: do not call it inside one of yours. With `deliver: false` the code is
   * recorded (countdown and caps count it) but not sent.
   */
  async send(
    purpose: CodePurpose,
    countryDialingCode: string,
    mobile: string,
    ip: string | null,
    language?: Language,
    options: { deliver?: boolean } = {},
  ): Promise<{ expiredMinutes: number }> {
    const dialingCode = checkDialingCode(countryDialingCode);
    const number = normalizeMobile(dialingCode, mobile);
    const settings = await this.settings.all();
    const minutes = settings['sms.codeMinutes'];
    const code = numericCode(this.rng, 6);
    await this.pendingAttempts;

    const codeId = await this.db.transaction(async (tx) => {
      await codeRepository.lockNumber(tx, `sms:${dialingCode}:${number}`);
      const now = this.clock.now();
      const previous = await codeRepository.latest(tx, purpose, dialingCode, number);
      if (previous) {
        const waitMs = previous.createdAt.getTime() + minutes * MINUTE - now.getTime();
        if (waitMs > 0) {
          throw new AppError('SMS_COOLDOWN', 'a code was sent moments ago', undefined, {
            secondsLeft: Math.ceil(waitMs / 1000),
          });
        }
      }
      const perNumber = await codeRepository.countForNumberSince(
        tx,
        dialingCode,
        number,
        new Date(now.getTime() - DAY),
      );
      enforceCap(
        perNumber,
        settings['sms.maxPerNumberPerDay'],
        DAY,
        now,
        'too many codes to this number today',
      );
      if (ip) {
        const perIp = await codeRepository.countForIpSince(tx, ip, new Date(now.getTime() - HOUR));
        enforceCap(perIp, settings['sms.maxPerIpPerHour'], HOUR, now, 'too many codes from this address');
      }
      // Rows older than any window are of no further use.
      await codeRepository.deleteOlderThan(tx, new Date(now.getTime() - 2 * DAY));
      return codeRepository.insert(tx, {
        purpose,
        countryDialingCode: dialingCode,
        mobile: number,
        codeHash: hashCode(purpose, dialingCode, number, code),
        ip,
        createdAt: now,
        expiresAt: new Date(now.getTime() + minutes * MINUTE),
      });
    });

    const text = codeSmsText(
      purpose,
      language ?? settings['site.defaultLanguage'],
      settings['site.name'],
      code,
      minutes,
    );
    // A form that must not tell registered numbers from others (the password reset) keeps the same
    // countdown and caps for a number no member has, and sends nothing to it.
    if (options.deliver === false) return { expiredMinutes: minutes };
    try {
      await this.messages.sms(internationalNumber(dialingCode, number), text);
    } catch (error) {
      await codeRepository.remove(this.db, codeId);
      throw error;
    }
    return { expiredMinutes: minutes };
  }

  /**
   * Uses the newest code sent for this purpose to this number, once. Throws INVALID_VERIFICATION_CODE
   * (wrong, unknown, already used, or after MAX_CODE_ATTEMPTS wrong tries) or VERIFICATION_CODE_EXPIRED.
   * Pass a transaction to consume together with the caller's writes: the code is marked used in it.
   * A wrong try is counted outside that transaction, so the caller's rollback does not forgive it.
   */
  async consume(
    db: Executor,
    purpose: CodePurpose,
    countryDialingCode: string,
    mobile: string,
    code: string,
  ): Promise<void> {
    const dialingCode = checkDialingCode(countryDialingCode);
    const number = normalizeMobile(dialingCode, mobile);
    const typed = code.trim();
    if (db === this.db) await this.pendingAttempts;
    const row = await codeRepository.latest(db, purpose, dialingCode, number);
    if (!row || row.consumedAt || row.attempts >= MAX_CODE_ATTEMPTS) throw invalidCode();
    const now = this.clock.now();
    if (row.expiresAt.getTime() <= now.getTime()) {
      throw new AppError('VERIFICATION_CODE_EXPIRED', 'the code has expired; send a new one');
    }
    const hash = hashCode(purpose, dialingCode, number, typed);
    if (/^\d{6}$/.test(typed) && (await codeRepository.consume(db, row.id, hash, now, MAX_CODE_ATTEMPTS))) {
      return;
    }
    if (row.codeHash !== hash) await this.countWrongTry(db, row.id);
    throw invalidCode();
  }

  private async countWrongTry(db: Executor, id: bigint): Promise<void> {
    if (db === this.db) {
      await codeRepository.countAttempt(this.db, id);
      return;
    }
    // Inside the caller's transaction a write there would be rolled back with it, and a second
    // connection cannot be awaited here (embedded PGlite has one, held by that transaction). So the
    // try is written once the transaction lets go, and the next send or consume waits for it.
    const write = this.pendingAttempts.then(() =>
      outsideTransaction(() => codeRepository.countAttempt(this.db, id)),
    );
    this.pendingAttempts = write.catch(() => undefined);
  }
}

function invalidCode(): AppError {
  return new AppError('INVALID_VERIFICATION_CODE', 'wrong or unknown verification code', [
    { path: 'verificationCode', message: 'validation.verificationCode' },
  ]);
}

function checkDialingCode(countryDialingCode: string): string {
  const trimmed = countryDialingCode.trim().replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(trimmed)) {
    throw new AppError('VALIDATION_FAILED', 'invalid dialing code', [
      { path: 'countryDialingCode', message: 'validation.countryDialingCode' },
    ]);
  }
  return trimmed;
}

function hashCode(purpose: CodePurpose, countryDialingCode: string, mobile: string, code: string): string {
  return sha256(`${purpose}:${countryDialingCode}:${mobile}:${code}`);
}

function enforceCap(window: WindowCount, cap: number, windowMs: number, now: Date, message: string): void {
  if (window.count < cap) return;
  const freesAt = (window.oldest?.getTime() ?? now.getTime()) + windowMs;
  throw new AppError('RATE_LIMITED', message, undefined, {
    secondsLeft: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)),
  });
}
