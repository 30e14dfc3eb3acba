import type { Captcha } from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Rng } from '../../lib/rng.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import { captchaPng, captchaText } from './captcha-image.js';
import { captchaRepository } from './verification.repository.js';

const CAPTCHA_LIFETIME_MS = 5 * 60_000;

const answerHash = (answer: string): string => sha256(answer.trim().toUpperCase());

/**
 * Image captchas. Only a hash of the answer is stored, and a challenge is checked once: right or wrong
 * it is gone afterwards, so an answer cannot be guessed at by retrying the same image.
 */
export class CaptchaService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly rng: Rng,
  ) {}

  async create(): Promise<Captcha> {
    const now = this.clock.now();
    const text = captchaText(this.rng);
    const image = captchaPng(text, this.rng).toString('base64');
    const captchaId = newToken(this.rng);
    await captchaRepository.deleteExpired(this.db, now);
    await captchaRepository.insert(this.db, {
      id: captchaId,
      answerHash: answerHash(text),
      createdAt: now,
      expiresAt: new Date(now.getTime() + CAPTCHA_LIFETIME_MS),
    });
    return { captchaId, image };
  }

  /**
   * The rule of every SMS send (registration, login, password reset): a captcha the form shows is
   * checked, and a wrong one sends nothing.
   */
  async checkIfGiven(input: { captchaId?: string; captcha?: string }): Promise<void> {
    if (input.captchaId !== undefined || input.captcha !== undefined) {
      await this.check(input.captchaId, input.captcha);
    }
  }

  /** Checks once and forgets it, right or wrong; throws INVALID_CAPTCHA. */
  async check(captchaId: string | undefined, answer: string | undefined): Promise<void> {
    if (!captchaId || captchaId.length > 64) throw invalidCaptcha();
    const challenge = await captchaRepository.take(this.db, captchaId);
    if (!challenge || !answer) throw invalidCaptcha();
    if (challenge.expiresAt.getTime() <= this.clock.now().getTime()) throw invalidCaptcha();
    if (challenge.answerHash !== answerHash(answer)) throw invalidCaptcha();
  }
}

function invalidCaptcha(): AppError {
  return new AppError('INVALID_CAPTCHA', 'wrong, used or expired captcha', [
    { path: 'captcha', message: 'validation.captcha' },
  ]);
}
