import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessage, verificationCode } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { CodePurpose } from './verification-code.service.js';

let t: TestApp;
const MINUTE = 60_000;
const IP = '198.51.100.7';
let numberSeq = 0;
/** A number no other test has used, so tests do not share cooldowns or daily caps. */
const freshMobile = () => `0171${String(1_000_000 + (numberSeq += 1)).slice(1)}`;
const international = (mobile: string) => `+880${mobile.replace(/^0/, '')}`;

async function lastSms(mobile: string): Promise<string> {
  const rows = await t.handle.db
    .select({ body: outboxMessage.body, createdAt: outboxMessage.createdAt })
    .from(outboxMessage)
    .where(eq(outboxMessage.recipient, international(mobile)));
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const body = rows[0]?.body;
  if (!body) throw new Error(`no SMS to ${mobile}`);
  return body;
}
const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

async function sendAndRead(purpose: CodePurpose, mobile: string, ip: string | null = IP): Promise<string> {
  await t.services.codes.send(purpose, '880', mobile, ip);
  return codeIn(await lastSms(mobile));
}
const consume = (purpose: CodePurpose, mobile: string, code: string) =>
  t.services.codes.consume(t.handle.db, purpose, '880', mobile, code);
const codeRows = (mobile: string) =>
  t.handle.db
    .select()
    .from(verificationCode)
    .where(
      and(
        eq(verificationCode.countryDialingCode, '880'),
        eq(verificationCode.mobile, mobile.replace(/^0/, '')),
      ),
    );

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  // Every test starts well past every window the previous one left behind.
  t.clock.advance(2 * 24 * 60 * MINUTE);
});

describe('sending a code', () => {
  it('sends six digits by SMS, keeps only their hash, and says how long the code lives', async () => {
    const mobile = freshMobile();
    const answer = await t.services.codes.send('register', '880', mobile, IP, 'en');
    expect(answer).toEqual({ expiredMinutes: 2 });
    const text = await lastSms(mobile);
    expect(text).toMatch(/^Khela: your registration code is \d{6}\. It expires in 2 minutes\.$/);
    const [row] = await codeRows(mobile);
    expect(row).toMatchObject({ purpose: 'register', mobile: mobile.slice(1), ip: IP, attempts: 0 });
    expect(row?.codeHash).not.toContain(codeIn(text));
    expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 2 * MINUTE);
  });

  it("writes in the site's default language (Bengali) unless asked for another", async () => {
    const mobile = freshMobile();
    await t.services.codes.send('login', '880', mobile, IP);
    const text = await lastSms(mobile);
    expect(text).toContain('লগইন কোড');
    expect(text).toContain('২ মিনিটে');
    expect(codeIn(text)).toMatch(/^\d{6}$/);
  });

  it('holds a second send to the same number and purpose for 60 s per minute of the code', async () => {
    const mobile = freshMobile();
    await sendAndRead('register', mobile);
    t.clock.advance(30_000);
    await expect(t.services.codes.send('register', '880', mobile, IP)).rejects.toMatchObject({
      code: 'SMS_COOLDOWN',
      details: { secondsLeft: 90 },
    });
    // Another purpose has a countdown of its own.
    await t.services.codes.send('reset', '880', mobile, IP);
    t.clock.advance(90_000);
    const second = await sendAndRead('register', mobile);
    expect(second).toMatch(/^\d{6}$/);
    expect(await codeRows(mobile)).toHaveLength(3);
  });

  it('follows sms.codeMinutes for both the lifetime and the countdown', async () => {
    await t.services.settings.set('sms.codeMinutes', 5);
    try {
      const mobile = freshMobile();
      expect(await t.services.codes.send('register', '880', mobile, IP)).toEqual({ expiredMinutes: 5 });
      t.clock.advance(4 * MINUTE);
      await expect(t.services.codes.send('register', '880', mobile, IP)).rejects.toMatchObject({
        code: 'SMS_COOLDOWN',
        details: { secondsLeft: 60 },
      });
    } finally {
      await t.services.settings.reset('sms.codeMinutes');
    }
  });

  it('refuses more than sms.maxPerNumberPerDay codes to one number in a day, whatever the purpose', async () => {
    await t.services.settings.set('sms.maxPerNumberPerDay', 3);
    try {
      const mobile = freshMobile();
      await t.services.codes.send('register', '880', mobile, IP);
      await t.services.codes.send('login', '880', mobile, '198.51.100.8');
      t.clock.advance(2 * MINUTE);
      await t.services.codes.send('register', '880', mobile, '198.51.100.9');
      t.clock.advance(2 * MINUTE);
      await expect(t.services.codes.send('register', '880', mobile, IP)).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        details: { secondsLeft: 24 * 3600 - 4 * 60 },
      });
      expect(await codeRows(mobile)).toHaveLength(3);
      t.clock.advance(24 * 60 * MINUTE - 4 * MINUTE + 1000);
      await t.services.codes.send('register', '880', mobile, IP);
    } finally {
      await t.services.settings.reset('sms.maxPerNumberPerDay');
    }
  });

  it('refuses more than sms.maxPerIpPerHour codes from one address in an hour', async () => {
    await t.services.settings.set('sms.maxPerIpPerHour', 2);
    try {
      const ip = '203.0.113.50';
      await t.services.codes.send('register', '880', freshMobile(), ip);
      await t.services.codes.send('register', '880', freshMobile(), ip);
      const refused = freshMobile();
      await expect(t.services.codes.send('register', '880', refused, ip)).rejects.toMatchObject({
        code: 'RATE_LIMITED',
        details: { secondsLeft: 3600 },
      });
      expect(await codeRows(refused)).toHaveLength(0);
      await expect(lastSms(refused)).rejects.toThrow('no SMS');
      // Another address is not held up by this one.
      await t.services.codes.send('register', '880', refused, '203.0.113.51');
      t.clock.advance(60 * MINUTE + 1000);
      await t.services.codes.send('register', '880', freshMobile(), ip);
    } finally {
      await t.services.settings.reset('sms.maxPerIpPerHour');
    }
  });

  it('refuses a bad number or dialing code before anything is written', async () => {
    await expect(t.services.codes.send('register', '880', '12-34', IP)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'mobileNum', message: 'validation.mobile' }],
    });
    await expect(t.services.codes.send('register', '88a', '1712345678', IP)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'countryDialingCode' }],
    });
    expect(
      await t.handle.db.select().from(verificationCode).where(eq(verificationCode.mobile, '1234')),
    ).toEqual([]);
    expect(
      await t.handle.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, '+88a1712345678')),
    ).toEqual([]);
  });
});

describe('consuming a code', () => {
  it('accepts the right code once, however the number is written', async () => {
    const mobile = freshMobile();
    const code = await sendAndRead('register', mobile);
    await consume('register', `+880${mobile.slice(1)}`, code);
    await expect(consume('register', mobile, code)).rejects.toMatchObject({
      code: 'INVALID_VERIFICATION_CODE',
    });
  });

  it('refuses a code sent for another purpose, or to another number', async () => {
    const mobile = freshMobile();
    const code = await sendAndRead('reset', mobile);
    await expect(consume('login', mobile, code)).rejects.toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    await expect(consume('reset', freshMobile(), code)).rejects.toMatchObject({
      code: 'INVALID_VERIFICATION_CODE',
    });
    await consume('reset', mobile, code);
  });

  it('burns the code after five wrong tries, even for the right one', async () => {
    const mobile = freshMobile();
    const code = await sendAndRead('login', mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(consume('login', mobile, wrong)).rejects.toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
      });
    }
    await expect(consume('login', mobile, code)).rejects.toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    expect((await codeRows(mobile))[0]).toMatchObject({ attempts: 5, consumedAt: null });
  });

  it('accepts the right code after fewer than five wrong tries', async () => {
    const mobile = freshMobile();
    const code = await sendAndRead('login', mobile);
    for (const wrong of ['12345', 'abcdef', code === '999999' ? '888888' : '999999']) {
      await expect(consume('login', mobile, wrong)).rejects.toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
      });
    }
    await consume('login', mobile, ` ${code} `);
  });

  it('answers VERIFICATION_CODE_EXPIRED once sms.codeMinutes have passed', async () => {
    const mobile = freshMobile();
    const code = await sendAndRead('register', mobile);
    t.clock.advance(2 * MINUTE);
    await expect(consume('register', mobile, code)).rejects.toMatchObject({
      code: 'VERIFICATION_CODE_EXPIRED',
    });
  });

  it('only the newest code counts once another is sent', async () => {
    const mobile = freshMobile();
    const first = await sendAndRead('register', mobile);
    t.clock.advance(2 * MINUTE);
    const second = await sendAndRead('register', mobile);
    if (first !== second) {
      await expect(consume('register', mobile, first)).rejects.toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
      });
    }
    await consume('register', mobile, second);
  });

  it('refuses a number no code was sent to', async () => {
    await expect(consume('register', freshMobile(), '123456')).rejects.toMatchObject({
      code: 'INVALID_VERIFICATION_CODE',
    });
  });

  it("is undone with the caller's transaction, but a wrong try inside one still counts", async () => {
    const mobile = freshMobile();
    const code = await sendAndRead('register', mobile);
    await expect(
      t.handle.db.transaction(async (tx) => {
        await t.services.codes.consume(tx, 'register', '880', mobile, code);
        throw new Error('the registration failed after the code was used');
      }),
    ).rejects.toThrow('registration failed');
    expect((await codeRows(mobile))[0]?.consumedAt).toBeNull();

    const wrong = code === '000000' ? '111111' : '000000';
    await expect(
      t.handle.db.transaction((tx) => t.services.codes.consume(tx, 'register', '880', mobile, wrong)),
    ).rejects.toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    // consume without a transaction waits for the counted try before it reads
    await consume('register', mobile, code);
    expect((await codeRows(mobile))[0]).toMatchObject({ attempts: 1 });
    expect((await codeRows(mobile))[0]?.consumedAt).not.toBeNull();
  });
});
