import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authAudit, member } from '../../db/schema.js';
import { defaultFieldRules } from '../system/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { bearer, createMember, logIn, type TestMember } from '../../test/factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setPassword = (who: TestMember, payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: '/wps/cashier/payment-password', headers: who.auth, payload });
const storedHash = async (who: TestMember) =>
  (await t.handle.db.select().from(member).where(eq(member.id, who.row.id)))[0]?.paymentPasswordHash ?? null;
const hasPaymentPassword = async (who: TestMember) => {
  const info = await t.call<{ hasPaymentPassword: boolean }>({
    method: 'GET',
    url: '/wps/cashier/withdraw-info',
    headers: who.auth,
  });
  return info.body.success ? info.body.value.hasPaymentPassword : null;
};
const body = (who: TestMember, password = '246810') => ({
  loginPassword: who.password,
  newPaymentPassword: password,
  confirmPaymentPassword: password,
});

describe('POST /wps/cashier/payment-password', () => {
  it('sets a payment password (argon2id), and changes it with the login password again', async () => {
    const who = await createMember(t);
    expect(await hasPaymentPassword(who)).toBe(false);
    const set = await setPassword(who, body(who));
    expect(set).toEqual({ status: 200, body: { success: true, value: {} } });
    const first = await storedHash(who);
    expect(first).toMatch(/^\$argon2id\$/);
    expect(await t.services.passwords.verify(first as string, '246810')).toBe(true);
    expect(await hasPaymentPassword(who)).toBe(true);

    expect((await setPassword(who, body(who, '135790'))).status).toBe(200);
    const second = await storedHash(who);
    expect(await t.services.passwords.verify(second as string, '135790')).toBe(true);
    const events = await t.handle.db.select().from(authAudit).where(eq(authAudit.memberId, who.row.id));
    expect(events.filter((row) => row.event === 'payment_password_set')).toHaveLength(2);
  });

  it('refuses a wrong login password and keeps the old payment password', async () => {
    const who = await createMember(t);
    await setPassword(who, body(who));
    const before = await storedHash(who);
    const refused = await setPassword(who, { ...body(who, '111222'), loginPassword: 'Wrong12345' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'INVALID_PASSWORD' });
    expect(await storedHash(who)).toBe(before);
  });

  it('locks the set call after 5 wrong login passwords in an hour', async () => {
    const who = await createMember(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await setPassword(who, { ...body(who), loginPassword: `Wrong${attempt}xyz` });
      expect(wrong.body).toMatchObject({ code: 'INVALID_PASSWORD' });
    }
    const locked = await setPassword(who, body(who));
    expect(locked.status).toBe(403);
    expect(locked.body).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
    expect(await storedHash(who)).toBeNull();
    t.clock.advance(61 * 60_000);
    // The idle session ended meanwhile; the member logs in again.
    const again = { ...who, auth: bearer(await logIn(t, who.row.id)) };
    expect((await setPassword(again, body(who))).status).toBe(200);
  });

  it.each([
    ['letters', 'abcdef'],
    ['5 digits', '12345'],
    ['7 digits', '1234567'],
    ['an empty value', ''],
  ])('refuses %s under the default rule (6 digits)', async (_label, password) => {
    const who = await createMember(t);
    const refused = await setPassword(who, body(who, password));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    if (!refused.body.success) expect(refused.body.issues?.[0]?.path).toBe('newPaymentPassword');
    expect(await storedHash(who)).toBeNull();
  });

  it('refuses a confirmation that differs, under confirmPaymentPassword', async () => {
    const who = await createMember(t);
    const refused = await setPassword(who, { ...body(who), confirmPaymentPassword: '246811' });
    expect(refused.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'confirmPaymentPassword', message: 'validation.mismatch' }],
    });
    expect(await storedHash(who)).toBeNull();
  });

  it('refuses a missing login password and non-string fields', async () => {
    const who = await createMember(t);
    const empty = await setPassword(who, { ...body(who), loginPassword: '' });
    expect(empty.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'loginPassword', message: 'validation.required' }],
    });
    const numeric = await setPassword(who, { ...body(who), newPaymentPassword: 246810 });
    expect(numeric.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await setPassword(who, {})).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await storedHash(who)).toBeNull();
  });

  it("follows the operator's paymentPassword rule when it is enabled", async () => {
    await t.services.settings.set('register.fields', {
      ...defaultFieldRules,
      paymentPassword: {
        enabled: true,
        required: true,
        acceptedPattern: '^[A-Za-z0-9]+$',
        patternId: 'LETTERS_OR_DIGITS',
        minLength: 8,
        maxLength: 12,
      },
    });
    try {
      const who = await createMember(t);
      const short = await setPassword(who, body(who, '123456'));
      expect(short.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'newPaymentPassword', message: 'patterns.LETTERS_OR_DIGITS' }],
      });
      expect((await setPassword(who, body(who, 'pay2win88'))).status).toBe(200);
    } finally {
      await t.services.settings.set('register.fields', defaultFieldRules);
    }
  });

  it('refuses a payment password equal to the login password', async () => {
    const who = await createMember(t, { password: '12345678' });
    await t.services.settings.set('register.fields', {
      ...defaultFieldRules,
      paymentPassword: { ...defaultFieldRules.paymentPassword, enabled: true, minLength: 6, maxLength: 12 },
    });
    try {
      const refused = await setPassword(who, body(who, '12345678'));
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'newPaymentPassword', message: 'validation.sameAsLoginPassword' }],
      });
      expect(await storedHash(who)).toBeNull();
    } finally {
      await t.services.settings.set('register.fields', defaultFieldRules);
    }
  });

  it('refuses a member without a login password (registered by mobile only)', async () => {
    const who = await createMember(t);
    await t.handle.db.update(member).set({ passwordHash: null }).where(eq(member.id, who.row.id));
    const refused = await setPassword(who, body(who));
    expect(refused.body).toMatchObject({ code: 'INVALID_PASSWORD' });
  });

  it('refuses trial accounts and callers without a session', async () => {
    const trial = await createMember(t, { type: 4 });
    const refused = await setPassword(trial, body(trial));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NEED_REAL_ACCOUNT' });
    const anonymous = await t.call({
      method: 'POST',
      url: '/wps/cashier/payment-password',
      payload: body(trial),
    });
    expect(anonymous.status).toBe(401);
  });
});
