import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTypes, type AdminRole, type Balance } from '@platform/contract';
import * as OTPAuth from 'otpauth';
import { adminUser, ledgerTransfer, operatorAudit } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMember, knownCaptcha } from '../../test/factories.js';
import { accountCodes } from '../wallet/index.js';
import { ADMIN_TOKEN_HEADER } from './admin-guard.js';
import { ADMIN_CAPTCHA_AFTER } from './admin.service.js';

/** the default staff.shiftHours */
const ADMIN_SESSION_HOURS = 8;

const PASSWORD = 'correct-horse-battery';
let t: TestApp;
let address = 0;
/** each test its own address, so the login rate limit of one never touches another */
const nextAddress = () => `198.51.100.${(address += 1)}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const operator = (...args: string[]) => t.services.operator.run(args, 'cli:tester');

async function createAdmin(username: string, role: AdminRole): Promise<void> {
  const result = await operator('admin', 'create', username, '--role', role, '--password', PASSWORD);
  expect(result, result.output).toMatchObject({ exitCode: 0 });
}

async function login(username: string, password = PASSWORD, remoteAddress = nextAddress()) {
  return t.call<{ token: string; username: string; roles: string[] }>({
    method: 'POST',
    url: '/wps/admin/session/login',
    payload: { username, password },
    remoteAddress,
  });
}

async function tokenOf(username: string): Promise<string> {
  const { body } = await login(username);
  if (!body.success) throw new Error(`login of ${username} failed: ${body.code}`);
  return body.value.token;
}

function adjust(account: string, body: Record<string, unknown>, token?: string) {
  return t.call<Balance>({
    method: 'POST',
    url: `/wps/admin/members/${account}/adjust`,
    payload: body,
    headers: token ? { [ADMIN_TOKEN_HEADER]: token } : {},
  });
}

async function transferCount(): Promise<number> {
  const [row] = await t.handle.db.select({ n: count() }).from(ledgerTransfer);
  return row?.n ?? 0;
}

const mainBalance = (memberId: bigint) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(memberId));

let requestSequence = 0;
const requestId = () => `req-test-${(requestSequence += 1).toString().padStart(4, '0')}`;

describe('admin users (operator tool)', () => {
  it('creates, lists, disables and enables admins', async () => {
    await createAdmin('Lister', 'support');
    const list = await operator('admin', 'list');
    expect(list.output).toMatch(/lister\s+support\s+active/);
    const disabled = await operator('admin', 'disable', 'lister');
    expect(disabled.exitCode).toBe(0);
    expect((await operator('admin', 'list')).output).toMatch(/lister\s+support\s+disabled/);
    expect((await operator('admin', 'enable', 'lister')).exitCode).toBe(0);
    const [audit] = await t.handle.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1);
    expect(audit).toMatchObject({ actor: 'cli:tester', command: 'admin enable' });
  });

  it('refuses a short password, an unknown role, a taken name and a missing flag', async () => {
    const short = await operator('admin', 'create', 'shorty', '--role', 'owner', '--password', '123456789');
    expect(short.exitCode).toBe(1);
    expect(short.output).toContain('INVALID_PASSWORD');
    const role = await operator('admin', 'create', 'roley', '--role', 'king', '--password', PASSWORD);
    expect(role.exitCode).toBe(1);
    expect(role.output).toContain('owner, finance, risk, support, content, games, agents, analyst');
    await createAdmin('taken', 'finance');
    const again = await operator('admin', 'create', 'TAKEN', '--role', 'finance', '--password', PASSWORD);
    expect(again.output).toContain('DUPLICATE_USERNAME');
    const missing = await operator('admin', 'create', 'nopass', '--role', 'finance');
    expect(missing.exitCode).toBe(2);
    expect((await operator('admin', 'list')).output).not.toMatch(/shorty|roley|nopass/);
  });
});

describe('POST /wps/admin/session/login', () => {
  it('answers a token, the name and the role, and audits the login', async () => {
    await createAdmin('alice', 'owner');
    const { status, body } = await login('  Alice ');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, value: { username: 'alice', roles: ['owner'] } });
    if (!body.success) return;
    expect(body.value.token.length).toBeGreaterThanOrEqual(40);
    const [audit] = await t.handle.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1);
    expect(audit).toMatchObject({ actor: 'admin:alice', command: 'admin login' });
  });

  it('refuses a wrong password and an unknown name alike', async () => {
    await createAdmin('bob', 'finance');
    for (const [username, password] of [
      ['bob', 'wrong-password-1'],
      ['nobody', PASSWORD],
    ] as const) {
      const { status, body } = await login(username, password);
      expect(status).toBe(401);
      expect(body).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });
    }
    const audits = await t.handle.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.command, 'admin login failed'));
    expect(audits.map((row) => row.actor)).toEqual(expect.arrayContaining(['admin:bob', 'admin:(unknown)']));
  });

  it('refuses a disabled admin, and disabling ends the sessions it had', async () => {
    await createAdmin('carol', 'finance');
    const token = await tokenOf('carol');
    await operator('admin', 'disable', 'carol');
    const { status, body } = await login('carol');
    expect(status).toBe(403);
    expect(body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const member = await createMember(t);
    expect(
      (await adjust(member.row.account, { amount: '1.00', reason: 'test', requestId: requestId() }, token))
        .status,
    ).toBe(401);
  });

  it('a new password ends the sessions and the new password works', async () => {
    await createAdmin('dave', 'finance');
    const token = await tokenOf('dave');
    const changed = await operator('admin', 'password', 'dave', '--password', 'another-long-password');
    expect(changed.output).toContain('1 session(s) ended');
    const member = await createMember(t);
    expect(
      (await adjust(member.row.account, { amount: '1.00', reason: 'test', requestId: requestId() }, token))
        .status,
    ).toBe(401);
    expect((await login('dave')).status).toBe(401);
    expect((await login('dave', 'another-long-password')).status).toBe(200);
  });

  it(`a session ends after ${ADMIN_SESSION_HOURS} hours`, async () => {
    await createAdmin('erin', 'owner');
    const token = await tokenOf('erin');
    const member = await createMember(t);
    const ok = await adjust(
      member.row.account,
      { amount: '1.00', reason: 'test', requestId: requestId() },
      token,
    );
    expect(ok.status).toBe(200);
    t.clock.advance(ADMIN_SESSION_HOURS * 3_600_000);
    const late = await adjust(
      member.row.account,
      { amount: '1.00', reason: 'test', requestId: requestId() },
      token,
    );
    expect(late.status).toBe(401);
  });

  it('limits login attempts per address to 10 a minute, after the address lockout', async () => {
    const from = '203.0.113.77';
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { status } = await login(`guess${attempt}`, 'wrong-password-1', from);
      expect(status).toBe(attempt < 5 ? 401 : 403);
    }
    const { status, body } = await login('nobody', 'wrong-password-1', from);
    expect(status).toBe(429);
    expect(body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await login('someone-else', 'wrong-password-1')).status).toBe(401);
  });

  it('validates the body', async () => {
    const { status, body } = await t.call({
      method: 'POST',
      url: '/wps/admin/session/login',
      payload: { username: 'x' },
      remoteAddress: nextAddress(),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('POST /wps/admin/members/:account/adjust', () => {
  let cashier: string;
  beforeAll(async () => {
    await createAdmin('cashier1', 'finance');
    await createAdmin('support1', 'support');
    cashier = await tokenOf('cashier1');
  });

  it('answers 401 without a token or with an unknown one, and 403 for a role not allowed', async () => {
    const member = await createMember(t);
    const body = { amount: '5.00', reason: 'goodwill', requestId: requestId() };
    const none = await adjust(member.row.account, body);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    // A member's session token is not an admin token.
    const memberToken = await adjust(member.row.account, body, member.token);
    expect(memberToken.status).toBe(401);
    const support = await adjust(member.row.account, body, await tokenOf('support1'));
    expect(support.status).toBe(403);
    expect(support.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await mainBalance(member.row.id)).toBe(0n);
  });

  it('credits from the house and debits back, with kind, memo, reference, actor and an audit row', async () => {
    const member = await createMember(t);
    const credit = await adjust(
      member.row.account,
      { amount: '150.50', reason: 'missing deposit', requestId: 'credit-0001' },
      cashier,
    );
    expect(credit).toMatchObject({
      status: 200,
      body: { success: true, value: { sumBalance: '150.50', demo: false } },
    });
    const debit = await adjust(
      member.row.account,
      { amount: '-50.25', reason: 'double credit', requestId: 'debit-0001' },
      cashier,
    );
    expect(debit.body).toMatchObject({ success: true, value: { sumBalance: '100.25', demo: false } });
    expect(await mainBalance(member.row.id)).toBe(10_025n);
    expect(await t.services.ledger.balanceOf(t.handle.db, accountCodes.house)).toBeLessThanOrEqual(-10_025n);

    const [transfer] = await t.handle.db
      .select()
      .from(ledgerTransfer)
      .where(eq(ledgerTransfer.idempotencyKey, 'adjust:credit-0001'));
    expect(transfer).toMatchObject({
      kind: 'adjustment',
      memo: 'missing deposit',
      reference: 'credit-0001',
      actor: 'admin:cashier1',
      currency: 'REAL',
    });
    const audits = await t.handle.db.select().from(operatorAudit).where(eq(operatorAudit.command, 'adjust'));
    expect(
      audits.find((row) => (row.detail as { requestId?: string }).requestId === 'debit-0001'),
    ).toMatchObject({
      actor: 'admin:cashier1',
      detail: { account: member.row.account, amount: '-50.25', reason: 'double credit' },
    });
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('refuses a debit larger than the balance and moves nothing', async () => {
    const member = await createMember(t);
    await adjust(member.row.account, { amount: '10.00', reason: 'start', requestId: requestId() }, cashier);
    const before = await transferCount();
    const { status, body } = await adjust(
      member.row.account,
      { amount: '-10.01', reason: 'too much', requestId: requestId() },
      cashier,
    );
    expect(status).toBe(409);
    expect(body).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await mainBalance(member.row.id)).toBe(1_000n);
    expect(await transferCount()).toBe(before);
  });

  it('answers 404 for an unknown account and refuses trial accounts', async () => {
    const unknown = await adjust(
      '99999999999',
      { amount: '1.00', reason: 'x1', requestId: requestId() },
      cashier,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const trial = await createMember(t, { type: accountTypes.trial });
    const refused = await adjust(
      trial.row.account,
      { amount: '1.00', reason: 'x1', requestId: requestId() },
      cashier,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'NEED_REAL_ACCOUNT' });
    expect(await mainBalance(trial.row.id)).toBe(0n);
  });

  it.each([
    ['zero', '0', 400, 'VALIDATION_FAILED'],
    ['zero with decimals', '-0.00', 400, 'VALIDATION_FAILED'],
    ['three decimals', '1.234', 400, 'VALIDATION_FAILED'],
    ['not a number', 'abc', 400, 'VALIDATION_FAILED'],
    ['a number, not text', 12, 400, 'VALIDATION_FAILED'],
    ['seventeen digits', '12345678901234567', 400, 'VALIDATION_FAILED'],
    ['beyond the adjustment limit', '100000000.01', 400, 'AMOUNT_OUT_OF_RANGE'],
    ['a huge debit', '-9999999999999999.99', 400, 'AMOUNT_OUT_OF_RANGE'],
  ])('refuses an amount that is %s and moves nothing', async (_name, amount, status, code) => {
    const member = await createMember(t);
    const before = await transferCount();
    const answer = await adjust(
      member.row.account,
      { amount, reason: 'bad amount', requestId: requestId() },
      cashier,
    );
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ success: false, code });
    expect(await transferCount()).toBe(before);
    expect(await mainBalance(member.row.id)).toBe(0n);
  });

  it('refuses a missing reason and a malformed request id', async () => {
    const member = await createMember(t);
    for (const body of [
      { amount: '1.00', reason: ' ', requestId: requestId() },
      { amount: '1.00', reason: 'ok reason', requestId: 'short' },
      { amount: '1.00', reason: 'ok reason' },
    ]) {
      const answer = await adjust(member.row.account, body, cashier);
      expect(answer.status).toBe(400);
    }
    const badAccount = await adjust(
      'abc',
      { amount: '1.00', reason: 'ok reason', requestId: requestId() },
      cashier,
    );
    expect(badAccount.status).toBe(400);
    expect(await mainBalance(member.row.id)).toBe(0n);
  });

  it('answers a repeated request id with the same balance and moves money once', async () => {
    const member = await createMember(t);
    const body = { amount: '20.00', reason: 'retry me', requestId: 'repeat-0001' };
    const first = await adjust(member.row.account, body, cashier);
    const before = await transferCount();
    const second = await adjust(member.row.account, body, cashier);
    expect(second.body).toEqual(first.body);
    expect(await transferCount()).toBe(before);
    expect(await mainBalance(member.row.id)).toBe(2_000n);
    const audits = await t.handle.db.select().from(operatorAudit).where(eq(operatorAudit.command, 'adjust'));
    expect(
      audits.filter((row) => (row.detail as { requestId?: string }).requestId === 'repeat-0001'),
    ).toHaveLength(1);
    // The same id for another amount is a conflict, not a second movement.
    const other = await adjust(member.row.account, { ...body, amount: '30.00' }, cashier);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_CONFLICT' });
    expect(await mainBalance(member.row.id)).toBe(2_000n);
  });
});

describe('adjust (operator tool)', () => {
  it('credits and debits with the cli actor, and explains mistakes', async () => {
    const member = await createMember(t);
    const credit = await operator(
      'adjust',
      member.row.account,
      '75.00',
      '--reason',
      'promo credit',
      '--request-id',
      'cli-req-0001',
    );
    expect(credit.exitCode).toBe(0);
    expect(credit.output).toContain('75.00');
    const debit = await operator('adjust', member.row.account, '-25', '--reason', 'correction');
    expect(debit.output).toContain('50.00');
    expect(await mainBalance(member.row.id)).toBe(5_000n);
    const [transfer] = await t.handle.db
      .select()
      .from(ledgerTransfer)
      .where(eq(ledgerTransfer.idempotencyKey, 'adjust:cli-req-0001'));
    expect(transfer).toMatchObject({ actor: 'cli:tester', memo: 'promo credit', kind: 'adjustment' });
    const [audit] = await t.handle.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1);
    expect(audit).toMatchObject({ actor: 'cli:tester', command: 'adjust' });

    const repeat = await operator(
      'adjust',
      member.row.account,
      '75.00',
      '--reason',
      'promo credit',
      '--request-id',
      'cli-req-0001',
    );
    expect(repeat.output).toContain('already done');
    expect((await operator('adjust', member.row.account, '-1000', '--reason', 'too much')).output).toContain(
      'INSUFFICIENT_FUNDS',
    );
    expect((await operator('adjust', member.row.account, '1.005', '--reason', 'x1')).exitCode).toBe(1);
    expect((await operator('adjust', member.row.account, '10')).exitCode).toBe(2);
    expect((await operator('adjust', 'nobody', '10', '--reason', 'x1')).exitCode).toBe(2);
    expect(await mainBalance(member.row.id)).toBe(5_000n);
  });
});

describe('staff login: an address is locked out, an account asks for a captcha', () => {
  const attempt = (
    username: string,
    remoteAddress: string,
    fields: { password?: string; otp?: string; captchaId?: string; captcha?: string } = {},
  ) =>
    t.call<{ token: string; username: string; roles: string[] }>({
      method: 'POST',
      url: '/wps/admin/session/login',
      payload: { username, password: PASSWORD, ...fields },
      remoteAddress,
    });
  const sessionsOf = async (username: string) => {
    const rows = await t.handle.db.execute(
      sql`select count(*)::int as n from admin_session s join admin_user u on u.id = s.admin_id where u.username = ${username}`,
    );
    return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  };

  it('five wrong passwords from one address lock that address only: the right password and TOTP get in from another with a captcha', async () => {
    await createAdmin('target', 'owner');
    const enabled = await operator('admin', 'totp-enable', 'target');
    const totp = OTPAuth.URI.parse(enabled.output.split('\n')[1] ?? '') as OTPAuth.TOTP;
    const code = () => totp.generate({ timestamp: t.clock.now().getTime() });
    const a = '203.0.113.10';
    const b = '203.0.113.20';

    for (let tries = 0; tries < 5; tries += 1) {
      const wrong = await attempt('target', a, {
        password: 'wrong-password-1',
        ...(tries >= 3 ? await knownCaptcha(t) : {}),
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({
        success: false,
        code: 'INVALID_CREDENTIALS',
        details: { captchaRequired: tries + 1 >= ADMIN_CAPTCHA_AFTER },
      });
    }
    // Address A is locked out, even with the right password, the code and a captcha.
    const fromA = await attempt('target', a, { otp: code(), ...(await knownCaptcha(t)) });
    expect(fromA.status).toBe(403);
    expect(fromA.body).toMatchObject({ code: 'ACCOUNT_LOCKED', details: { retryAfterSeconds: 300 } });

    // From B the account asks for a captcha: none, or a wrong one, is refused before the password is
    // looked at, and no session is opened.
    const before = await sessionsOf('target');
    const none = await attempt('target', b, { otp: code() });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'INVALID_CAPTCHA', details: { captchaRequired: true } });
    const { captchaId } = await knownCaptcha(t);
    const wrongAnswer = await attempt('target', b, { otp: code(), captchaId, captcha: 'zz99' });
    expect(wrongAnswer.body).toMatchObject({ code: 'INVALID_CAPTCHA', details: { captchaRequired: true } });
    // A captcha is good once, right or wrong.
    const reused = await attempt('target', b, { otp: code(), captchaId, captcha: 'ab12' });
    expect(reused.body).toMatchObject({ code: 'INVALID_CAPTCHA' });
    expect(await sessionsOf('target')).toBe(before);

    // The wrong password still fails with a captcha; the right one with the code gets in.
    const wrongFromB = await attempt('target', b, {
      password: 'wrong-password-1',
      otp: code(),
      ...(await knownCaptcha(t)),
    });
    expect(wrongFromB.body).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      details: { captchaRequired: true },
    });
    expect(await sessionsOf('target')).toBe(before);
    // The same TOTP code as the refused attempts: none of them used up its step.
    const right = await attempt('target', b, { otp: code(), ...(await knownCaptcha(t)) });
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ success: true, value: { username: 'target', roles: ['owner'] } });
    expect(await sessionsOf('target')).toBe(before + 1);

    // Address A stays locked out; the good login from B cleared the account, so elsewhere needs no captcha.
    expect((await attempt('target', a, { otp: code() })).body).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    t.clock.advance(30_000);
    expect((await attempt('target', '203.0.113.30', { otp: code() })).status).toBe(200);
  });

  it('an address that keeps failing waits 5 minutes, then twice as long', async () => {
    await createAdmin('locky', 'finance');
    const from = '203.0.113.40';
    const fail5 = async () => {
      for (let tries = 0; tries < 5; tries += 1)
        await attempt('locky', from, { password: 'wrong-password-1', ...(await knownCaptcha(t)) });
    };
    await fail5();
    expect((await attempt('locky', from)).body).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      details: { retryAfterSeconds: 300 },
    });
    t.clock.advance(5 * 60_000);
    await fail5();
    expect((await attempt('locky', from)).body).toMatchObject({
      code: 'ACCOUNT_LOCKED',
      details: { retryAfterSeconds: 600 },
    });
    // The account never waits: from elsewhere, with a captcha, the right password gets in at once.
    expect((await attempt('locky', '203.0.113.41', await knownCaptcha(t))).status).toBe(200);
  });

  it(`checks at most ${ADMIN_CAPTCHA_AFTER} of 20 parallel guesses without a captcha; the rest are refused unchecked`, async () => {
    await createAdmin('racer', 'finance');
    const answers = await Promise.all(Array.from({ length: 20 }, () => login('racer', 'wrong-password-1')));
    const codes = answers.map(({ body }) => (body.success ? 'success' : body.code));
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS').length).toBeLessThanOrEqual(
      ADMIN_CAPTCHA_AFTER,
    );
    expect(codes.every((code) => code === 'INVALID_CREDENTIALS' || code === 'INVALID_CAPTCHA')).toBe(true);
    const failed = await t.handle.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.command, 'admin login failed'));
    expect(failed.filter((row) => row.actor === 'admin:racer').length).toBeLessThanOrEqual(
      ADMIN_CAPTCHA_AFTER,
    );
  });

  it('locks an address that guesses at many accounts', async () => {
    const from = '203.0.113.99';
    for (let attempt = 0; attempt < 5; attempt += 1) await login(`spray${attempt}`, 'wrong-password-1', from);
    await createAdmin('innocent', 'support');
    expect((await login('innocent', PASSWORD, from)).body).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    // The account itself is fine from anywhere else.
    expect((await login('innocent')).status).toBe(200);
  });
});

describe('second factor (TOTP)', () => {
  const codeFor = (uri: string, at = t.clock.now()) =>
    (OTPAuth.URI.parse(uri) as OTPAuth.TOTP).generate({ timestamp: at.getTime() });
  const loginWithOtp = (username: string, otp?: string) =>
    t.call({
      method: 'POST',
      url: '/wps/admin/session/login',
      payload: { username, password: PASSWORD, ...(otp === undefined ? {} : { otp }) },
      remoteAddress: nextAddress(),
    });

  it('asks for the code, refuses a wrong or reused one, and accepts the current one once', async () => {
    await createAdmin('totpuser', 'finance');
    const enabled = await operator('admin', 'totp-enable', 'totpuser');
    const uri = enabled.output.split('\n')[1] ?? '';
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect((await loginWithOtp('totpuser')).body).toMatchObject({ code: 'TOTP_REQUIRED' });
    expect((await loginWithOtp('totpuser', '000000')).body).toMatchObject({ code: 'TOTP_INVALID' });
    const code = codeFor(uri);
    expect((await loginWithOtp('totpuser', code)).status).toBe(200);
    expect((await loginWithOtp('totpuser', code)).body).toMatchObject({ code: 'TOTP_INVALID' });
    t.clock.advance(30_000);
    expect((await loginWithOtp('totpuser', codeFor(uri))).status).toBe(200);
    await operator('admin', 'totp-disable', 'totpuser');
    expect((await loginWithOtp('totpuser')).status).toBe(200);
  });

  it('refuses an owner without a second factor in production, and lets one with it in', async () => {
    const production = await createTestApp({ config: { NODE_ENV: 'production' } });
    try {
      const run = (...args: string[]) => production.services.operator.run(args, 'cli:tester');
      const created = await run('owner:create', 'boss');
      expect(created.exitCode).toBe(0);
      const password = created.output.split('\n')[1]?.trim() ?? '';
      const uri = created.output.split('\n')[3]?.trim() ?? '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect(uri).toMatch(/^otpauth:\/\/totp\//);
      const attempt = (otp?: string) =>
        production.call({
          method: 'POST',
          url: '/wps/admin/session/login',
          payload: { username: 'boss', password, ...(otp ? { otp } : {}) },
          remoteAddress: nextAddress(),
        });
      expect((await attempt()).body).toMatchObject({ code: 'TOTP_REQUIRED' });
      const code = (OTPAuth.URI.parse(uri) as OTPAuth.TOTP).generate({
        timestamp: production.clock.now().getTime(),
      });
      expect((await attempt(code)).status).toBe(200);
      // Without the factor an owner may not log in at all.
      await run('admin', 'totp-disable', 'boss');
      expect((await attempt()).body).toMatchObject({ code: 'TOTP_SETUP_REQUIRED' });
      // The command makes the first owner only.
      const again = await run('owner:create', 'second');
      expect(again.exitCode).not.toBe(0);
      expect((await production.handle.db.select().from(adminUser)).map((row) => row.username)).toEqual([
        'boss',
      ]);
    } finally {
      await production.close();
    }
  });
});
