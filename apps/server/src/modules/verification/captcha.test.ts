import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Captcha } from '@platform/contract';
import { captchaChallenge } from '../../db/schema.js';
import { sha256 } from '../../lib/tokens.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { CAPTCHA_ALPHABET } from './captcha-image.js';
import { scriptedRng } from './test-rng.js';
import { CAPTCHA_RATE_LIMIT } from './verification.routes.js';

let t: TestApp;
const rng = scriptedRng();

/** The next captcha will read `answer`. */
function nextAnswer(answer: string): void {
  rng.queue.push(...[...answer].map((character) => CAPTCHA_ALPHABET.indexOf(character)));
}

async function newCaptcha(answer?: string): Promise<Captcha> {
  if (answer) nextAnswer(answer);
  const { status, body } = await t.call<Captcha>({ method: 'GET', url: '/wps/captcha' });
  expect(status).toBe(200);
  if (!body.success) throw new Error(body.code);
  return body.value;
}

const check = (captchaId: string | undefined, answer: string | undefined) =>
  t.services.captcha.check(captchaId, answer);

beforeAll(async () => {
  t = await createTestApp({ rng });
});
afterAll(async () => {
  await t.close();
});

describe('GET /wps/captcha', () => {
  it('answers a 120x40 PNG as plain base64, never cached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/captcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { value } = response.json<{ success: true; value: Captcha }>();
    expect(value.image).not.toMatch(/^data:/);
    const png = Buffer.from(value.image, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(120);
    expect(png.readUInt32BE(20)).toBe(40);
    // Something was drawn: a blank 120x40 PNG compresses to well under this.
    expect(png.length).toBeGreaterThan(1000);
  });

  it('keeps only a hash of the answer, for five minutes', async () => {
    const before = t.clock.now().getTime();
    const captcha = await newCaptcha('K7PX');
    const [row] = await t.handle.db
      .select()
      .from(captchaChallenge)
      .where(eq(captchaChallenge.id, captcha.captchaId));
    expect(row?.answerHash).toBe(sha256('K7PX'));
    expect(row?.expiresAt.getTime()).toBe(before + 5 * 60_000);
  });

  it('draws a different image and id each time', async () => {
    const first = await newCaptcha('AAAA');
    const second = await newCaptcha('AAAA');
    expect(first.captchaId).not.toBe(second.captchaId);
    // Same text, yet the jitter and the noise differ.
    expect(first.image).not.toBe(second.image);
  });
});

describe('checking a captcha', () => {
  it('accepts the right answer once', async () => {
    const { captchaId } = await newCaptcha('H4WN');
    await check(captchaId, 'H4WN');
    await expect(check(captchaId, 'H4WN')).rejects.toMatchObject({ code: 'INVALID_CAPTCHA' });
  });

  it('ignores case and surrounding spaces', async () => {
    const { captchaId } = await newCaptcha('BXR9');
    await check(captchaId, ' bxR9 ');
  });

  it('forgets the challenge after a wrong answer', async () => {
    const { captchaId } = await newCaptcha('M3TE');
    await expect(check(captchaId, 'M3TF')).rejects.toMatchObject({
      code: 'INVALID_CAPTCHA',
      issues: [{ path: 'captcha' }],
    });
    await expect(check(captchaId, 'M3TE')).rejects.toMatchObject({ code: 'INVALID_CAPTCHA' });
  });

  it('refuses an answer after five minutes', async () => {
    const { captchaId } = await newCaptcha('Y8DC');
    t.clock.advance(5 * 60_000);
    await expect(check(captchaId, 'Y8DC')).rejects.toMatchObject({ code: 'INVALID_CAPTCHA' });
  });

  it('accepts an answer just inside five minutes', async () => {
    const { captchaId } = await newCaptcha('Y8DC');
    t.clock.advance(5 * 60_000 - 1000);
    await check(captchaId, 'y8dc');
  });

  it('refuses an unknown id, a missing id or a missing answer', async () => {
    await expect(check('no-such-captcha', 'ABCD')).rejects.toMatchObject({ code: 'INVALID_CAPTCHA' });
    await expect(check(undefined, 'ABCD')).rejects.toMatchObject({ code: 'INVALID_CAPTCHA' });
    await expect(check('x'.repeat(65), 'ABCD')).rejects.toMatchObject({ code: 'INVALID_CAPTCHA' });
    const { captchaId } = await newCaptcha('P2P2');
    await expect(check(captchaId, undefined)).rejects.toMatchObject({ code: 'INVALID_CAPTCHA' });
    await expect(check(captchaId, 'P2P2')).rejects.toMatchObject({ code: 'INVALID_CAPTCHA' });
  });

  it('clears expired challenges when a new one is made', async () => {
    await newCaptcha();
    t.clock.advance(6 * 60_000);
    const fresh = await newCaptcha();
    const rows = await t.handle.db.select({ id: captchaChallenge.id }).from(captchaChallenge);
    expect(rows).toEqual([{ id: fresh.captchaId }]);
  });

  it('draws its text only from the unambiguous alphabet', () => {
    expect(CAPTCHA_ALPHABET).not.toMatch(/[01IOQ]/);
    expect(new Set(CAPTCHA_ALPHABET).size).toBe(CAPTCHA_ALPHABET.length);
  });
});

describe('GET /wps/captcha under a flood', () => {
  it('answers RATE_LIMITED past the per-address limit, and stores no more challenges', async () => {
    const other = await createTestApp();
    try {
      const ask = () => other.call<Captcha>({ method: 'GET', url: '/wps/captcha' });
      for (let index = 0; index < CAPTCHA_RATE_LIMIT.max; index += 1) expect((await ask()).status).toBe(200);
      const stored = (await other.handle.db.select().from(captchaChallenge)).length;
      const refused = await ask();
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      expect((await other.handle.db.select().from(captchaChallenge)).length).toBe(stored);
    } finally {
      await other.close();
    }
  });
});
