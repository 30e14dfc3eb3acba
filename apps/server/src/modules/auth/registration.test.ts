import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, LoginResult } from '@platform/contract';
import { authAudit, member, memberMessage } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  bearer,
  knownCaptcha,
  memberByUsername,
  memberCount,
  nextAddress,
  okLogin,
  outboxCount,
  sentCode,
  setFields,
  setWhitelabel,
} from './auth-test-support.js';

let t: TestApp;

const base = {
  password: 'Secret123',
  confirmPassword: 'Secret123',
  agreed: true,
  ageConfirmed: true,
};

const register = (payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  t.call<LoginResult>({ method: 'PUT', url: '/wps/member/register', payload, remoteAddress });
const registerMobile = (payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  t.call<LoginResult>({ method: 'PUT', url: '/wps/member/register/mobile', payload, remoteAddress });
const sendRegisterSms = (mobileNo: string, remoteAddress = nextAddress()) =>
  t.call<{ expiredMinutes: number }>({
    method: 'POST',
    url: '/wps/verification/sms/register',
    payload: { countryDialingCode: '880', mobileNo },
    headers: { language: 'en' },
    remoteAddress,
  });

beforeAll(async () => {
  t = await createTestApp();
  // Most cases here are about the username tab alone; the mobile cases switch these back on.
  await t.services.settings.set('register.captchaEnabled', false);
  await setFields(t, { mobileNum: { enabled: false } });
});
afterAll(async () => {
  await t.close();
});

describe('registration by username', () => {
  it('creates the member, logs in at once, and the session dies at logout', async () => {
    const address = nextAddress();
    const response = await register({ ...base, username: 'Rahim01' }, address);
    expect(response.status).toBe(200);
    const result = okLogin(response.body);
    expect(result.user.userName).toBe('Rahim01');
    expect(result.user.account).toMatch(/^[1-9]\d{9}$/);
    expect(result.user.firstTimeLogin).toBe(true);
    expect(result.user.type).toBe(0);
    expect(result.mustChangePassword).toBe(false);

    const row = await memberByUsername(t, 'rahim01');
    expect(row?.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.registerIp).toBe(address);
    const messages = await t.handle.db
      .select()
      .from(memberMessage)
      .where(eq(memberMessage.memberId, row!.id));
    expect(messages).toHaveLength(1);
    expect(messages[0]?.title.en).toContain('Welcome');
    expect(messages[0]?.body.bn).toContain(result.user.account);
    const events = (await t.handle.db.select().from(authAudit).where(eq(authAudit.memberId, row!.id))).map(
      (entry) => entry.event,
    );
    expect(events).toEqual(expect.arrayContaining(['register', 'login']));

    const info = await t.call({
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(result.token),
      remoteAddress: address,
    });
    expect(info.status).toBe(200);

    // The login name is matched without regard to case; the first login was the registration itself.
    const again = okLogin(
      (
        await t.call<LoginResult>({
          method: 'POST',
          url: '/wps/session/login',
          payload: { username: '  RAHIM01 ', password: 'Secret123' },
          remoteAddress: address,
        })
      ).body,
    );
    expect(again.user.firstTimeLogin).toBe(false);
    expect(again.token).not.toBe(result.token);

    const logout = await t.call({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: bearer(again.token),
      remoteAddress: address,
    });
    expect(logout.body).toEqual({ success: true, value: {} });
    const after = await t.call({
      method: 'GET',
      url: '/wps/member/info',
      headers: bearer(again.token),
      remoteAddress: address,
    });
    expect(after.status).toBe(401);
    expect(await t.services.sessions.resolve(again.token)).toBeNull();
    // The registration's own session is still live: logout ends only its own session.
    expect(await t.services.sessions.resolve(result.token)).not.toBeNull();
    const logouts = await t.handle.db.select().from(authAudit).where(eq(authAudit.event, 'logout'));
    expect(logouts.some((entry) => entry.memberId === row!.id)).toBe(true);
  });

  it('refuses a taken username in any case, and a taken mobile number', async () => {
    await register({ ...base, username: 'Karim001' });
    const before = await memberCount(t);
    const duplicate = await register({ ...base, username: 'kARIM001' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ success: false, code: 'DUPLICATE_USERNAME' });
    expect(await memberCount(t)).toBe(before);
  });

  const cases: [string, Record<string, unknown>, number, string, { path: string; message: string }?][] = [
    [
      'missing username',
      { username: '' },
      400,
      'VALIDATION_FAILED',
      { path: 'username', message: 'validation.required' },
    ],
    [
      'too short username',
      { username: 'ab1' },
      400,
      'VALIDATION_FAILED',
      { path: 'username', message: 'patterns.LETTER_FIRST_ALNUM' },
    ],
    [
      'too long username',
      { username: 'a'.repeat(17) },
      400,
      'VALIDATION_FAILED',
      { path: 'username', message: 'patterns.LETTER_FIRST_ALNUM' },
    ],
    [
      'username not starting with a letter',
      { username: '1abcdef' },
      400,
      'VALIDATION_FAILED',
      { path: 'username', message: 'patterns.LETTER_FIRST_ALNUM' },
    ],
    [
      'SQL in the username',
      { username: "' OR 1=1 --" },
      400,
      'VALIDATION_FAILED',
      { path: 'username', message: 'patterns.LETTER_FIRST_ALNUM' },
    ],
    [
      'script in the username',
      { username: '<script>alert(1)</script>' },
      400,
      'VALIDATION_FAILED',
      { path: 'username', message: 'patterns.LETTER_FIRST_ALNUM' },
    ],
    [
      'missing password',
      { username: 'Valid001', password: '', confirmPassword: '' },
      400,
      'VALIDATION_FAILED',
      { path: 'password', message: 'validation.required' },
    ],
    [
      'short password',
      { username: 'Valid001', password: 'ab1', confirmPassword: 'ab1' },
      400,
      'VALIDATION_FAILED',
      { path: 'password', message: 'patterns.LETTERS_AND_DIGITS' },
    ],
    [
      'password without digits',
      { username: 'Valid001', password: 'abcdefghij', confirmPassword: 'abcdefghij' },
      400,
      'VALIDATION_FAILED',
      { path: 'password', message: 'patterns.LETTERS_AND_DIGITS' },
    ],
    [
      'mismatched confirmation',
      { username: 'Valid001', confirmPassword: 'Secret124' },
      400,
      'VALIDATION_FAILED',
      { path: 'confirmPassword', message: 'validation.mismatch' },
    ],
    [
      'missing confirmation',
      { username: 'Valid001', confirmPassword: '' },
      400,
      'VALIDATION_FAILED',
      { path: 'confirmPassword', message: 'validation.required' },
    ],
    [
      'terms not agreed',
      { username: 'Valid001', agreed: false },
      400,
      'VALIDATION_FAILED',
      { path: 'agreed', message: 'validation.agree' },
    ],
    [
      'age not confirmed',
      { username: 'Valid001', ageConfirmed: false },
      400,
      'VALIDATION_FAILED',
      { path: 'ageConfirmed', message: 'validation.age' },
    ],
    [
      'a 100 KB username',
      { username: 'a'.repeat(100_000) },
      400,
      'VALIDATION_FAILED',
      { path: 'username', message: expect.any(String) as unknown as string },
    ],
    [
      'a wrong type',
      { username: 12345 },
      400,
      'VALIDATION_FAILED',
      { path: 'username', message: expect.any(String) as unknown as string },
    ],
    [
      'unknown invitation code',
      { username: 'Valid001', affiliateCode: 'NOPE1234' },
      400,
      'INVALID_INVITATION_CODE',
    ],
  ];
  it.each(cases)('%s: a clear error and no member', async (_name, changes, status, code, issue) => {
    const before = await memberCount(t);
    const response = await register({ ...base, ...changes });
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ success: false, code });
    if (issue && !response.body.success)
      expect(response.body.issues).toContainEqual(expect.objectContaining(issue));
    expect(await memberCount(t)).toBe(before);
  });

  it('says the minimum age in the age issue', async () => {
    await t.services.settings.set('register.minimumAge', 21);
    const response = await register({ ...base, username: 'Valid002', ageConfirmed: false });
    expect(response.body).toMatchObject({
      issues: [{ path: 'ageConfirmed', message: 'validation.age', params: { age: 21 } }],
    });
    await t.services.settings.set('register.minimumAge', 18);
  });

  it('checks the captcha when the operator turns it on', async () => {
    await t.services.settings.set('register.captchaEnabled', true);
    try {
      const before = await memberCount(t);
      const missing = await register({ ...base, username: 'Captcha01' });
      expect(missing.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'captcha' }] });
      const { captchaId } = await knownCaptcha(t);
      const wrong = await register({ ...base, username: 'Captcha01', captchaId, captcha: 'ZZ99' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: 'INVALID_CAPTCHA' });
      expect(await memberCount(t)).toBe(before);
      const right = await register({ ...base, username: 'Captcha01', ...(await knownCaptcha(t)) });
      expect(okLogin(right.body).user.userName).toBe('Captcha01');
    } finally {
      await t.services.settings.set('register.captchaEnabled', false);
    }
  });

  it('links the upline agent by affiliate code and the inviter by referral code', async () => {
    const agent = okLogin((await register({ ...base, username: 'Agent0001' })).body);
    await t.handle.db.update(member).set({ type: 1 }).where(eq(member.publicId, agent.user.id));
    const agentRow = await memberByUsername(t, 'Agent0001');
    const inviter = await memberByUsername(t, 'Rahim01');

    const joined = okLogin(
      (
        await register({
          ...base,
          username: 'Downline01',
          affiliateCode: agentRow!.referralCode.toLowerCase(),
          referralCode: inviter!.referralCode,
        })
      ).body,
    );
    expect(joined.user.toUpline).toBe(agent.user.account);
    const row = await memberByUsername(t, 'Downline01');
    expect(row?.uplineId).toBe(agentRow!.id);
    expect(row?.referredById).toBe(inviter!.id);

    // A plain member's code is no invitation code; an unknown referral code is simply ignored.
    const notAgent = await register({
      ...base,
      username: 'Downline02',
      affiliateCode: inviter!.referralCode,
    });
    expect(notAgent.body).toMatchObject({ code: 'INVALID_INVITATION_CODE' });
    const unknownReferral = okLogin(
      (await register({ ...base, username: 'Downline03', referralCode: 'ZZZZZZZZ' })).body,
    );
    expect(unknownReferral.user.toUpline).toBeNull();
    expect((await memberByUsername(t, 'Downline03'))?.referredById).toBeNull();

    await t.services.settings.set('register.affiliateRequired', true);
    const without = await register({ ...base, username: 'Downline04' });
    expect(without.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'affiliateCode' }] });
    await t.services.settings.set('register.affiliateRequired', false);
  });

  it('is refused when the operator turns username registration off', async () => {
    await setWhitelabel(t, { USERNAMEREG3: false });
    const response = await register({ ...base, username: 'Switched01' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'FEATURE_DISABLED' });
    await setWhitelabel(t, { USERNAMEREG3: true });
  });

  it('needs a verified mobile number when the operator asks for one (REGMOBVERF3)', async () => {
    await setFields(t, { mobileNum: { enabled: true } });
    try {
      const missingMobile = await register({ ...base, username: 'Phone0001' });
      expect(missingMobile.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'mobileNum' }],
      });
      const missingCode = await register({
        ...base,
        username: 'Phone0001',
        mobileNum: '01711000001',
        countryDialingCode: '880',
      });
      expect(missingCode.body).toMatchObject({
        issues: [{ path: 'verificationCode', message: 'validation.required' }],
      });

      expect((await sendRegisterSms('01711000001')).body).toMatchObject({
        success: true,
        value: { expiredMinutes: 2 },
      });
      const code = await sentCode(t, '+8801711000001', 'registration');
      const wrong = await register({
        ...base,
        username: 'Phone0001',
        mobileNum: '01711000001',
        countryDialingCode: '880',
        verificationCode: code === '000000' ? '111111' : '000000',
      });
      expect(wrong.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
      const right = okLogin(
        (
          await register({
            ...base,
            username: 'Phone0001',
            mobileNum: '01711000001',
            countryDialingCode: '880',
            verificationCode: code,
          })
        ).body,
      );
      const row = await memberByUsername(t, 'Phone0001');
      expect(row).toMatchObject({ mobile: '1711000001', countryDialingCode: '880' });
      expect(row?.mobileVerifiedAt).not.toBeNull();
      expect(right.user.userName).toBe('Phone0001');
    } finally {
      await setFields(t, { mobileNum: { enabled: false } });
    }
  });
});

describe('registration by mobile number', () => {
  it('registers with the SMS code from the outbox; the username is the full number', async () => {
    expect((await sendRegisterSms('01712345678')).status).toBe(200);
    const code = await sentCode(t, '+8801712345678', 'registration');
    const response = await registerMobile({
      ...base,
      mobileNum: '01712345678',
      countryDialingCode: '880',
      verificationCode: code,
    });
    const result = okLogin(response.body);
    expect(result.user.userName).toBe('8801712345678');
    expect(result.user.account).toMatch(/^\d{10}$/);
    expect(result.user.account).not.toBe(result.user.userName);

    // The number now has an account: no second code, no second member.
    const again = await sendRegisterSms('1712345678');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE_MOBILE' });
    expect(await outboxCount(t, '+8801712345678')).toBe(1);
    const before = await memberCount(t);
    const duplicate = await registerMobile({
      ...base,
      mobileNum: '1712345678',
      countryDialingCode: '880',
      verificationCode: code,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'DUPLICATE_MOBILE' });
    expect(await memberCount(t)).toBe(before);
  });

  it('refuses an expired code and creates nothing', async () => {
    await sendRegisterSms('01712000002');
    const code = await sentCode(t, '+8801712000002', 'registration');
    t.clock.advance(3 * 60_000);
    const before = await memberCount(t);
    const response = await registerMobile({
      ...base,
      mobileNum: '01712000002',
      countryDialingCode: '880',
      verificationCode: code,
    });
    expect(response.body).toMatchObject({ success: false, code: 'VERIFICATION_CODE_EXPIRED' });
    expect(await memberCount(t)).toBe(before);
  });

  it('bad mobile input: a clear error and no member', async () => {
    const before = await memberCount(t);
    const noCode = await registerMobile({
      ...base,
      mobileNum: '01712000003',
      countryDialingCode: '880',
      verificationCode: '',
    });
    expect(noCode.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'verificationCode' }] });
    const letters = await registerMobile({
      ...base,
      mobileNum: 'abc<script>',
      countryDialingCode: '880',
      verificationCode: '123456',
    });
    expect(letters.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'mobileNum' }] });
    const badSms = await sendRegisterSms("1' OR 1=1 --");
    expect(badSms.body).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'mobileNum' }] });
    expect(await memberCount(t)).toBe(before);
  });

  it('takes no password when MOBILENUMPASSREG3 is off; the member logs in by SMS code', async () => {
    await setWhitelabel(t, { MOBILENUMPASSREG3: false });
    try {
      await sendRegisterSms('01713000004');
      const code = await sentCode(t, '+8801713000004', 'registration');
      const withPassword = await registerMobile({
        ...base,
        mobileNum: '01713000004',
        countryDialingCode: '880',
        verificationCode: code,
      });
      expect(withPassword.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(withPassword.body.success ? [] : withPassword.body.issues).toContainEqual({
        path: 'password',
        message: 'validation.notAllowed',
      });
      const result = okLogin(
        (
          await registerMobile({
            agreed: true,
            ageConfirmed: true,
            mobileNum: '01713000004',
            countryDialingCode: '880',
            verificationCode: code,
          })
        ).body,
      );
      expect(result.user.userName).toBe('8801713000004');
      expect((await memberByUsername(t, '8801713000004'))?.passwordHash).toBeNull();
    } finally {
      await setWhitelabel(t, { MOBILENUMPASSREG3: true });
    }
  });

  it('is refused when the operator turns mobile registration off', async () => {
    await setWhitelabel(t, { MOBILENUMREG3: false, REGMOBVERF3: false });
    const response = await registerMobile({
      ...base,
      mobileNum: '01714000005',
      countryDialingCode: '880',
      verificationCode: '123456',
    });
    expect(response.body).toMatchObject({ code: 'FEATURE_DISABLED' });
    const sms = await sendRegisterSms('01714000005');
    expect(sms.body).toMatchObject({ code: 'FEATURE_DISABLED' });
    await setWhitelabel(t, { MOBILENUMREG3: true, REGMOBVERF3: true });
  });
});

describe('per-address limits', () => {
  it('answers the eleventh registration in a minute with the RATE_LIMITED envelope', async () => {
    const address = nextAddress();
    const answers: { status: number; body: Envelope<LoginResult> }[] = [];
    // Bad input on purpose: cheap, and the limit counts requests, not successes.
    for (let index = 0; index < 11; index += 1)
      answers.push(await register({ ...base, username: '' }, address));
    expect(answers.slice(0, 10).every((answer) => answer.status === 400)).toBe(true);
    expect(answers[10]?.status).toBe(429);
    expect(answers[10]?.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'errors.RATE_LIMITED',
    });
    // Another address is not held up.
    expect((await register({ ...base, username: '' })).status).toBe(400);
  });
});
