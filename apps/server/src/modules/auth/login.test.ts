import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '@platform/contract';
import type { member } from '../../db/schema.js';
import { authAudit } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { authRepository, type MemberRow } from './auth.repository.js';
import {
  bearer,
  knownCaptcha,
  nextAddress,
  okLogin,
  outboxCount,
  sentCode,
  setWhitelabel,
} from './auth-test-support.js';

let t: TestApp;
const hashes = new Map<string, string>();
let sequence = 0;
const HOUR = 3_600_000;

/** A member straight in the database; hashes are reused so the file stays fast. */
async function makeMember(
  fields: Partial<typeof member.$inferInsert> & { password?: string } = {},
): Promise<MemberRow> {
  sequence += 1;
  const { password = 'Secret123', ...columns } = fields;
  if (!hashes.has(password)) hashes.set(password, await t.services.passwords.hash(password));
  return authRepository.insertMember(t.handle.db, {
    publicId: `mbr_login${sequence}`,
    username: `Player${sequence}x`,
    account: `80000${String(sequence).padStart(5, '0')}`,
    referralCode: `LGN${String(sequence).padStart(5, '0')}`,
    passwordHash: hashes.get(password),
    passwordChangedAt: t.clock.now(),
    createdAt: t.clock.now(),
    contacts: {},
    ...columns,
  });
}

const login = (
  username: string,
  password: string,
  remoteAddress: string,
  extra: Record<string, unknown> = {},
) =>
  t.call<LoginResult>({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username, password, ...extra },
    remoteAddress,
  });
const loginV2 = (payload: Record<string, unknown>, remoteAddress: string) =>
  t.call<LoginResult>({ method: 'POST', url: '/wps/session/loginV2', payload, remoteAddress });
const loginSms = (mobileNo: string, remoteAddress: string) =>
  t.call<{ expiredMinutes: number }>({
    method: 'POST',
    url: '/wps/verification/sms/login',
    payload: { countryDialingCode: '880', mobileNo },
    headers: { language: 'en' },
    remoteAddress,
  });
const verify = (payload: Record<string, unknown>, remoteAddress: string) =>
  t.call<LoginResult>({ method: 'POST', url: '/wps/session/verify', payload, remoteAddress });

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('login by password', () => {
  it('finds the member by username, account number or mobile number', async () => {
    const row = await makeMember({ countryDialingCode: '880', mobile: '1815000001' });
    const address = nextAddress();
    const first = okLogin((await login(row.username.toLowerCase(), 'Secret123', address)).body);
    expect(first.user.firstTimeLogin).toBe(true);
    expect(first.user.account).toBe(row.account);
    expect(okLogin((await login(row.account, 'Secret123', address)).body).user.firstTimeLogin).toBe(false);
    expect(okLogin((await login('8801815000001', 'Secret123', address)).body).user.id).toBe(row.publicId);
    const stamped = await authRepository.findById(t.handle.db, row.id);
    expect(stamped?.lastLoginIp).toBe(address);
    expect(stamped?.firstLoginAt).not.toBeNull();
  });

  it('answers a wrong password and an unknown name alike, and audits both', async () => {
    const row = await makeMember();
    const address = nextAddress();
    const wrong = await login(row.username, 'Wrong1234', address);
    const unknown = await login('nobody4242', 'Wrong1234', address);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS', details: { captchaRequired: false } });
    const failures = await t.handle.db
      .select()
      .from(authAudit)
      .where(and(eq(authAudit.event, 'login_failed'), eq(authAudit.ip, address)));
    expect(failures.map((entry) => entry.detail)).toEqual(
      expect.arrayContaining([{ reason: 'bad_password' }, { reason: 'unknown_user' }]),
    );
    expect(failures.every((entry) => entry.userAgent !== undefined && entry.at instanceof Date)).toBe(true);
  });

  it('asks for a captcha after auth.captchaAfterFailures failures', async () => {
    await t.services.settings.set('auth.captchaAfterFailures', 2);
    try {
      const row = await makeMember();
      const address = nextAddress();
      expect((await login(row.username, 'Wrong1234', address)).body).toMatchObject({
        details: { captchaRequired: false },
      });
      expect((await login(row.username, 'Wrong1234', address)).body).toMatchObject({
        details: { captchaRequired: true },
      });
      // Even the right password now needs the captcha, from this address and from any other.
      const without = await login(row.username, 'Secret123', address);
      expect(without.body).toMatchObject({ code: 'INVALID_CAPTCHA', details: { captchaRequired: true } });
      const { captchaId } = await knownCaptcha(t);
      const wrongCaptcha = await login(row.username, 'Secret123', nextAddress(), {
        captchaId,
        captcha: 'XXXX',
      });
      expect(wrongCaptcha.body).toMatchObject({ code: 'INVALID_CAPTCHA' });
      const ok = await login(row.username, 'Secret123', address, await knownCaptcha(t));
      expect(okLogin(ok.body).user.id).toBe(row.publicId);
    } finally {
      await t.services.settings.set('auth.captchaAfterFailures', 3);
    }
  });

  it('locks the account after auth.maxFailedLoginsPerHour failures, until the hour has passed', async () => {
    await t.services.settings.set('auth.maxFailedLoginsPerHour', 3);
    await t.services.settings.set('auth.captchaAfterFailures', 100);
    try {
      const row = await makeMember();
      // Spread over addresses: the lock is per account.
      for (let index = 0; index < 3; index += 1) {
        expect((await login(row.username, 'Wrong1234', nextAddress())).body).toMatchObject({
          code: 'INVALID_CREDENTIALS',
        });
        t.clock.advance(60_000);
      }
      const address = nextAddress();
      const locked = await login(row.username, 'Secret123', address);
      expect(locked.status).toBe(403);
      expect(locked.body).toMatchObject({ code: 'ACCOUNT_LOCKED' });
      const retry = locked.body.success ? 0 : Number(locked.body.details?.retryAfterSeconds);
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(3600);
      // Refused attempts during the lock do not extend it.
      await login(row.username, 'Secret123', address);
      t.clock.advance(retry * 1000);
      expect(okLogin((await login(row.username, 'Secret123', address)).body).user.id).toBe(row.publicId);
    } finally {
      await t.services.settings.set('auth.maxFailedLoginsPerHour', 100);
      await t.services.settings.set('auth.captchaAfterFailures', 3);
    }
  });

  it('refuses member_access false (MEMBER_NO_ENTER) and an operator-locked account', async () => {
    const barred = await makeMember({ memberAccess: false });
    const response = await login(barred.username, 'Secret123', nextAddress());
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'MEMBER_NO_ENTER' });
    const locked = await makeMember({ status: 'locked' });
    expect((await login(locked.username, 'Secret123', nextAddress())).body).toMatchObject({
      code: 'ACCOUNT_LOCKED',
    });
  });

  it('asks for a password change for the default password and for an expired one', async () => {
    const weak = await makeMember({ password: 'Aa123456' });
    const first = okLogin((await login(weak.username, 'Aa123456', nextAddress())).body);
    expect(first.mustChangePassword).toBe(true);
    expect(first.user.passwordExpired).toBe(false);

    await t.services.settings.set('auth.passwordMaxAgeDays', 30);
    try {
      const old = await makeMember({ passwordChangedAt: new Date(t.clock.now().getTime() - 31 * 24 * HOUR) });
      const expired = okLogin((await login(old.username, 'Secret123', nextAddress())).body);
      expect(expired).toMatchObject({ mustChangePassword: true, user: { passwordExpired: true } });
      const fresh = await makeMember();
      expect(okLogin((await login(fresh.username, 'Secret123', nextAddress())).body).mustChangePassword).toBe(
        false,
      );
      await setWhitelabel(t, { PWDEXPFORCECHANGE3: false });
      const notForced = okLogin((await login(old.username, 'Secret123', nextAddress())).body);
      expect(notForced).toMatchObject({ mustChangePassword: false, user: { passwordExpired: false } });
    } finally {
      await t.services.settings.set('auth.passwordMaxAgeDays', 0);
      await setWhitelabel(t, { PWDEXPFORCECHANGE3: true });
    }
  });

  it('needs username and password', async () => {
    const response = await login('  ', '', nextAddress());
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [
        { path: 'username', message: 'validation.required' },
        { path: 'password', message: 'validation.required' },
      ],
    });
  });
});

describe('login from a new address', () => {
  it('asks for a mobile code, then remembers the address', async () => {
    const row = await makeMember({
      countryDialingCode: '880',
      mobile: '1816000001',
      payeeName: 'Rahim Uddin',
    });
    const home = nextAddress();
    okLogin((await login(row.username, 'Secret123', home)).body);
    const away = nextAddress();
    const challenged = await login(row.username, 'Secret123', away);
    expect(challenged.body).toMatchObject({
      success: true,
      value: {
        status: 'verify',
        methods: ['mobile', 'bankName'],
        maskedMobile: '880181****001',
        maskedEmail: null,
      },
    });
    if (!challenged.body.success || challenged.body.value.status !== 'verify')
      throw new Error('no challenge');
    const { challengeId } = challenged.body.value;

    const sms = await t.call({
      method: 'POST',
      url: '/wps/session/verify/sms',
      payload: { challengeId },
      headers: { language: 'en' },
      remoteAddress: away,
    });
    expect(sms.body).toMatchObject({ success: true, value: { expiredMinutes: 2 } });
    const code = await sentCode(t, '+8801816000001', 'confirm this login');
    const wrong = await verify(
      { challengeId, method: 'mobile', answer: code === '000000' ? '111111' : '000000' },
      away,
    );
    expect(wrong.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE', details: { attemptsLeft: 4 } });
    const result = okLogin((await verify({ challengeId, method: 'mobile', answer: code }, away)).body);
    expect(result.user.id).toBe(row.publicId);
    // Single use, and the address is known now.
    expect((await verify({ challengeId, method: 'mobile', answer: code }, away)).body).toMatchObject({
      code: 'INVALID_VERIFICATION_CODE',
    });
    expect(okLogin((await login(row.username, 'Secret123', away)).body).user.id).toBe(row.publicId);
    const events = (await t.handle.db.select().from(authAudit).where(eq(authAudit.memberId, row.id))).map(
      (entry) => entry.event,
    );
    expect(events).toEqual(expect.arrayContaining(['new_ip_challenge', 'new_ip_failed', 'new_ip_verified']));
  });

  it('accepts the bank account name in any case, and allows five tries', async () => {
    const row = await makeMember({ payeeName: 'Karim Ahmed' });
    okLogin((await login(row.username, 'Secret123', nextAddress())).body);
    const away = nextAddress();
    const challenge = async () => {
      const answer = await login(row.username, 'Secret123', away);
      if (!answer.body.success || answer.body.value.status !== 'verify') throw new Error('no challenge');
      expect(answer.body.value.methods).toEqual(['bankName']);
      return answer.body.value.challengeId;
    };
    const first = await challenge();
    expect(
      (await verify({ challengeId: first, method: 'mobile', answer: '123456' }, away)).body,
    ).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    for (let index = 1; index <= 5; index += 1) {
      const wrong = await verify({ challengeId: first, method: 'bankName', answer: 'Someone Else' }, away);
      expect(wrong.body).toMatchObject({
        code: 'INVALID_VERIFICATION_CODE',
        details: { attemptsLeft: 5 - index },
      });
    }
    const tooLate = await verify({ challengeId: first, method: 'bankName', answer: 'Karim Ahmed' }, away);
    expect(tooLate.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });

    const second = await challenge();
    const result = okLogin(
      (await verify({ challengeId: second, method: 'bankName', answer: '  karim   AHMED ' }, away)).body,
    );
    expect(result.user.id).toBe(row.publicId);
  });

  it('accepts an emailed code and an authenticator code; the challenge expires after 10 minutes', async () => {
    const secret = new OTPAuth.Secret({ size: 20 });
    const row = await makeMember({ email: 'player@example.com', totpSecret: secret.base32 });
    okLogin((await login(row.username, 'Secret123', nextAddress())).body);
    const away = nextAddress();
    const challenged = await login(row.username, 'Secret123', away);
    if (!challenged.body.success || challenged.body.value.status !== 'verify')
      throw new Error('no challenge');
    expect(challenged.body.value).toMatchObject({
      methods: ['email', 'totp'],
      maskedEmail: 'p****@example.com',
    });
    const emailed = await sentCode(t, 'player@example.com', '');
    okLogin(
      (
        await verify(
          { challengeId: challenged.body.value.challengeId, method: 'email', answer: emailed },
          away,
        )
      ).body,
    );

    const elsewhere = nextAddress();
    const again = await login(row.username, 'Secret123', elsewhere);
    if (!again.body.success || again.body.value.status !== 'verify') throw new Error('no challenge');
    const totp = new OTPAuth.TOTP({ secret });
    const token = totp.generate({ timestamp: t.clock.now().getTime() });
    okLogin(
      (await verify({ challengeId: again.body.value.challengeId, method: 'totp', answer: token }, elsewhere))
        .body,
    );

    const third = nextAddress();
    const late = await login(row.username, 'Secret123', third);
    if (!late.body.success || late.body.value.status !== 'verify') throw new Error('no challenge');
    t.clock.advance(11 * 60_000);
    const expired = await verify(
      {
        challengeId: late.body.value.challengeId,
        method: 'totp',
        answer: totp.generate({ timestamp: t.clock.now().getTime() }),
      },
      third,
    );
    expect(expired.body).toMatchObject({ code: 'VERIFICATION_CODE_EXPIRED' });
  });

  it('lets a member with no way to prove themselves through, and can be turned off', async () => {
    const row = await makeMember();
    okLogin((await login(row.username, 'Secret123', nextAddress())).body);
    okLogin((await login(row.username, 'Secret123', nextAddress())).body);
    const withPhone = await makeMember({ countryDialingCode: '880', mobile: '1817000001' });
    okLogin((await login(withPhone.username, 'Secret123', nextAddress())).body);
    await t.services.settings.set('auth.newIpVerification', false);
    okLogin((await login(withPhone.username, 'Secret123', nextAddress())).body);
    await t.services.settings.set('auth.newIpVerification', true);
  });
});

describe('login by SMS code', () => {
  it('sends a code only to a registered number, logs in once per code, never forces a password change', async () => {
    const row = await makeMember({ countryDialingCode: '880', mobile: '1818000001', password: 'Aa123456' });
    const address = nextAddress();
    const unknown = await loginSms('01818999999', address);
    expect(unknown.body).toEqual({ success: true, value: { expiredMinutes: 2 } });
    expect(await outboxCount(t, '+8801818999999')).toBe(0);
    expect((await loginSms('01818000001', address)).body).toEqual({
      success: true,
      value: { expiredMinutes: 2 },
    });
    const code = await sentCode(t, '+8801818000001', 'login code');

    const payload = { type: 'sms', mobileNum: '01818000001', countryDialingCode: '880', code };
    const result = okLogin((await loginV2(payload, address)).body);
    expect(result).toMatchObject({
      mustChangePassword: false,
      user: { id: row.publicId, passwordExpired: false },
    });
    const reused = await loginV2(payload, address);
    expect(reused.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    const noCodeSent = await loginV2({ ...payload, mobileNum: '01818999999' }, address);
    expect(noCodeSent.body).toMatchObject({ code: 'INVALID_VERIFICATION_CODE' });
    // loginV2 by username is the password login.
    okLogin(
      (await loginV2({ type: 'username', username: row.username, password: 'Aa123456' }, address)).body,
    );
  });

  it('is refused when MOBILEVERCODELOGIN3 is off', async () => {
    await setWhitelabel(t, { MOBILEVERCODELOGIN3: false });
    const address = nextAddress();
    expect((await loginSms('01818000002', address)).body).toMatchObject({ code: 'FEATURE_DISABLED' });
    const response = await loginV2(
      { type: 'sms', mobileNum: '01818000002', countryDialingCode: '880', code: '123456' },
      address,
    );
    expect(response.body).toMatchObject({ code: 'FEATURE_DISABLED' });
    await setWhitelabel(t, { MOBILEVERCODELOGIN3: true });
  });
});

describe('free play', () => {
  it('creates a trial account and logs it in; real-money guards refuse it', async () => {
    const response = await t.call<LoginResult>({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: nextAddress(),
    });
    const result = okLogin(response.body);
    expect(result.user.type).toBe(4);
    expect(result.user.userName).toMatch(/^guest\d{8}$/);
    const session = await t.services.sessions.resolve(result.token);
    expect(session?.type).toBe(4);
    // A real-money call (declared member-real in the contract) refuses it before reading the body.
    const refused = await t.call({
      method: 'POST',
      url: '/wps/cashier/bank-accounts',
      headers: { authorization: `Bearer ${result.token}` },
      payload: { bankName: 'Trial Bank', accountName: 'Guest', accountNumber: '12345678' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'NEED_REAL_ACCOUNT' });
  });

  it('is refused when FREEPLAY3 is off', async () => {
    await setWhitelabel(t, { FREEPLAY3: false });
    const response = await t.call({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: nextAddress(),
    });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: 'FEATURE_DISABLED' });
    await setWhitelabel(t, { FREEPLAY3: true });
  });
});

describe('sessions', () => {
  it('end after the idle time and after the absolute lifetime', async () => {
    const row = await makeMember();
    const address = nextAddress();
    const idle = okLogin((await login(row.username, 'Secret123', address)).body);
    t.clock.advance(59 * 60_000);
    expect(await t.services.sessions.resolve(idle.token)).not.toBeNull();
    t.clock.advance(60 * 60_000 + 1);
    expect(await t.services.sessions.resolve(idle.token)).toBeNull();
    const logout = await t.call({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: bearer(idle.token),
      remoteAddress: address,
    });
    expect(logout.status).toBe(401);

    const busy = okLogin((await login(row.username, 'Secret123', address)).body);
    // Used every 50 minutes, it still dies 24 hours after login.
    for (let elapsed = 0; elapsed < 23 * 60; elapsed += 50) {
      t.clock.advance(50 * 60_000);
      expect(await t.services.sessions.resolve(busy.token)).not.toBeNull();
    }
    t.clock.advance(70 * 60_000);
    expect(await t.services.sessions.resolve(busy.token)).toBeNull();
  });

  it('answers the 31st login in a minute from one address with RATE_LIMITED', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1) statuses.push((await login('', '', address)).status);
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('parallel guesses', () => {
  it('checks at most auth.captchaAfterFailures of 50 parallel wrong passwords; the rest need a captcha', async () => {
    await t.services.settings.set('auth.captchaAfterFailures', 3);
    try {
      const target = await makeMember();
      const burst = await Promise.all(
        Array.from({ length: 50 }, () => login(target.username, 'Wrong-guess-1', nextAddress())),
      );
      const codes = burst.map(({ body }) => (body.success ? 'success' : body.code));
      const checked = codes.filter((code) => code === 'INVALID_CREDENTIALS').length;
      expect(checked).toBeLessThanOrEqual(3);
      expect(codes.filter((code) => code !== 'INVALID_CREDENTIALS')).toEqual(
        Array.from({ length: 50 - checked }, () => 'INVALID_CAPTCHA'),
      );
      // Guessing on one at a time, the captcha comes after exactly 3 checked guesses in all.
      let more = 0;
      while ((await login(target.username, 'Wrong-guess-1', nextAddress())).body.success === false) {
        const last = await t.handle.db.select().from(authAudit).where(eq(authAudit.memberId, target.id));
        more = last.filter((row) => (row.detail as { reason?: string }).reason === 'bad_password').length;
        if (more >= 3 || last.length > 60) break;
      }
      expect(more).toBe(3);
      const right = await login(target.username, 'Secret123', nextAddress());
      expect(right.body).toMatchObject({ success: false, code: 'INVALID_CAPTCHA' });
      const captcha = await knownCaptcha(t);
      const withCaptcha = await login(target.username, 'Secret123', nextAddress(), captcha);
      expect(withCaptcha.body.success).toBe(true);
    } finally {
      await t.services.settings.set('auth.captchaAfterFailures', 100);
    }
  });

  it('locks after auth.maxFailedLoginsPerHour however many guesses arrive at once', async () => {
    await t.services.settings.set('auth.maxFailedLoginsPerHour', 5);
    await t.services.settings.set('auth.captchaAfterFailures', 100);
    try {
      const target = await makeMember();
      const checkedGuesses = async () =>
        (await t.handle.db.select().from(authAudit).where(eq(authAudit.memberId, target.id))).filter(
          (row) => (row.detail as { reason?: string }).reason === 'bad_password',
        ).length;
      for (let round = 0; round < 4; round += 1) {
        const burst = await Promise.all(
          Array.from({ length: 25 }, () => login(target.username, 'Wrong-guess-1', nextAddress())),
        );
        for (const { body } of burst) {
          expect(body.success ? 'success' : body.code).toMatch(/^(INVALID_CREDENTIALS|ACCOUNT_LOCKED)$/);
        }
        // However the bursts interleave, no more than 5 passwords were ever checked.
        expect(await checkedGuesses()).toBeLessThanOrEqual(5);
      }
      while ((await checkedGuesses()) < 5) await login(target.username, 'Wrong-guess-1', nextAddress());
      const right = await login(target.username, 'Secret123', nextAddress());
      expect(right.body).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
    } finally {
      await t.services.settings.reset('auth.maxFailedLoginsPerHour');
    }
  });

  it('counts parallel guesses from one address across different accounts', async () => {
    await t.services.settings.set('auth.captchaAfterFailures', 3);
    try {
      const address = nextAddress();
      const attempts = await Promise.all(
        Array.from({ length: 30 }, (_, index) => login(`nobody${index}here`, 'Wrong-guess-1', address)),
      );
      const checked = attempts.filter(({ body }) => !body.success && body.code === 'INVALID_CREDENTIALS');
      expect(checked.length).toBeLessThanOrEqual(3);
    } finally {
      await t.services.settings.set('auth.captchaAfterFailures', 100);
    }
  });
});
