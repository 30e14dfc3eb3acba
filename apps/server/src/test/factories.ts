import {
  accountTypes,
  parseMoney,
  type adminRoles,
  type LotteryGameInfo,
  type LotterySlip,
} from '@platform/contract';
import { captchaChallenge, member } from '../db/schema.js';
import { sha256 } from '../lib/tokens.js';
import { accountCodes } from '../modules/wallet/index.js';
import type { TestApp } from './harness.js';

/**
 * The one place tests of every module build what they need: a member with a session, money on a
 * wallet (through the ledger, as a real movement), an agent with downlines, an admin with a role and
 * a token, a captcha with a known answer. Each factory makes its own rows with unique names, so tests
 * never depend on one another's data.
 */

type MemberRow = typeof member.$inferSelect;
type AdminRole = (typeof adminRoles)[number];

export interface TestMember {
  row: MemberRow;
  /** a live session's token */
  token: string;
  password: string;
  auth: { authorization: string };
}

let sequence = 0;

/**
 * A member inserted straight into the database and logged in through the session service, so these
 * tests do not depend on the registration and login routes.
 */
export async function createMember(
  t: TestApp,
  fields: Partial<typeof member.$inferInsert> & { password?: string } = {},
): Promise<TestMember> {
  sequence += 1;
  const { password = 'Secret123', ...columns } = fields;
  // The time part is padded: unpadded, sequence 3 at second 8800 and sequence 38 at second 800 clashed.
  const suffix = `${sequence}${String(Math.floor(t.clock.now().getTime() / 1000) % 100000).padStart(5, '0')}`;
  const rows = await t.handle.db
    .insert(member)
    .values({
      publicId: `mbr_test${suffix}`,
      username: `player${suffix}`,
      account: `9${suffix.padStart(9, '0')}`,
      referralCode: `REF${suffix}`,
      passwordHash: await t.services.passwords.hash(password),
      createdAt: t.clock.now(),
      ...columns,
    })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('member insert returned no row');
  const token = await logIn(t, row.id);
  return { row, token, password, auth: { authorization: `Bearer ${token}` } };
}

/** Another session for the same member, as a second device would have. */
export async function logIn(t: TestApp, memberId: bigint): Promise<string> {
  return t.services.sessions.issue(t.handle.db, memberId, { ip: '127.0.0.1', userAgent: 'vitest' });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

let grants = 0;

/**
 * Real money on the member's main wallet, from the house through the ledger, as an operator's
 * adjustment would give it. The idempotency key is unique per call unless one is given.
 */
export async function fundWallet(
  t: TestApp,
  who: TestMember | bigint,
  amount: string,
  idempotencyKey = `test-grant:${typeof who === 'bigint' ? who : who.row.id}:${(grants += 1)}`,
): Promise<void> {
  const memberId = typeof who === 'bigint' ? who : who.row.id;
  await t.services.ledger.transferNow({
    idempotencyKey,
    kind: 'adjustment',
    currency: 'REAL',
    legs: [
      { account: accountCodes.house, amount: -parseMoney(amount) },
      { account: accountCodes.memberMain(memberId), amount: parseMoney(amount) },
    ],
    actor: 'system:test',
  });
}

/**
 * Moves money from the house into any account with no record behind it, as a bug would: a test sees
 * the reconciliation name that account. A negative amount moves it back.
 */
export async function strayHouseMoney(
  t: TestApp,
  key: string,
  account: string,
  amount: bigint,
): Promise<void> {
  await t.services.ledger.transfer(t.handle.db, {
    idempotencyKey: key,
    kind: 'adjustment',
    currency: 'REAL',
    legs: [
      { account: accountCodes.house, amount: -amount },
      { account, amount },
    ],
    actor: 'test',
  });
}

/** A funded member: createMember, then fundWallet. */
export async function createFundedMember(
  t: TestApp,
  amount: string,
  fields: Parameters<typeof createMember>[1] = {},
): Promise<TestMember> {
  const who = await createMember(t, fields);
  await fundWallet(t, who, amount);
  return who;
}

/**
 * An agent (a member of agent type; there is no agent table yet) and `downlines` members whose
 * upline it is, each with a session.
 */
export async function createAgent(
  t: TestApp,
  options: { downlines?: number } = {},
): Promise<{ agent: TestMember; downlines: TestMember[] }> {
  const agent = await createMember(t, { type: accountTypes.agent });
  const downlines: TestMember[] = [];
  for (let index = 0; index < (options.downlines ?? 0); index += 1) {
    downlines.push(await createMember(t, { uplineId: agent.row.id }));
  }
  return { agent, downlines };
}

export interface TestAdmin {
  username: string;
  role: AdminRole;
  password: string;
  /** a live admin session */
  token: string;
  /** the header that carries it */
  headers: Record<string, string>;
}

let admins = 0;

/** An admin of the given role, created through the admin service and logged in. */
export async function createAdmin(t: TestApp, role: AdminRole = 'finance'): Promise<TestAdmin> {
  admins += 1;
  const username = `staff${admins}${role}`;
  const password = 'staff-password-123';
  await t.services.admin.create({ username, roles: [role], password });
  const session = await t.services.admin.login(
    { username, password },
    { ip: '127.0.0.1', userAgent: 'vitest' },
  );
  return { username, role, password, token: session.token, headers: { 'x-admin-token': session.token } };
}

/**
 * A bank-transfer deposit the member asks for over HTTP and a cashier confirms, credited as a real one
 * is (the cashier's events fire). Its public id, for what the test checks of it.
 */
export async function creditDeposit(
  t: TestApp,
  who: TestMember,
  amount: string,
  requestId: string,
): Promise<string> {
  const channel = await t.services.channels.add({
    kind: 'bank_transfer',
    name: 'Bank',
    min: '10',
    max: '5000',
    bankName: 'Sonali Bank',
    accountName: 'Payments Ltd',
    accountNumber: '0011223344',
  });
  const created = await t.call<{ deposit: { id: string } }>({
    method: 'POST',
    url: '/wps/cashier/deposits',
    headers: who.auth,
    payload: { requestId, channelId: channel.id, amount },
  });
  if (!created.body.success) throw new Error(JSON.stringify(created.body));
  const cashier = await createAdmin(t, 'finance');
  const confirmed = await t.call({
    method: 'POST',
    url: `/wps/admin/deposits/${created.body.value.deposit.id}/confirm`,
    headers: cashier.headers,
  });
  if (confirmed.status !== 200) throw new Error(`deposit not confirmed: ${JSON.stringify(confirmed.body)}`);
  return created.body.value.deposit.id;
}

/** A captcha whose answer the test knows, stored the way CaptchaService stores one. */
export async function knownCaptcha(t: TestApp): Promise<{ captchaId: string; captcha: string }> {
  const captchaId = `cap${Math.random().toString(36).slice(2)}${Date.now()}`;
  const now = t.clock.now();
  await t.handle.db.insert(captchaChallenge).values({
    id: captchaId,
    answerHash: sha256('AB12'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 5 * 60_000),
  });
  return { captchaId, captcha: 'ab12' };
}

let slips = 0;

/** The period of a lottery game taking bets now, by the test's clock. */
export async function lotteryPeriodNow(t: TestApp, gameCode: string): Promise<string> {
  const { body } = await t.call<LotteryGameInfo>({ method: 'GET', url: `/wps/lottery/games/${gameCode}` });
  if (!body.success) throw new Error(`no lottery game ${gameCode}`);
  return body.value.current.periodNo;
}

/**
 * A lottery slip placed through POST /wps/lottery/bets, on the period taking bets now unless one is
 * given. Answers the call's status and envelope, so a test can expect a refusal as well.
 */
export async function placeLotterySlip(
  t: TestApp,
  who: TestMember,
  gameCode: string,
  bets: { betType: string; selection: string[]; stake: string }[],
  options: { requestId?: string; periodNo?: string } = {},
) {
  const periodNo = options.periodNo ?? (await lotteryPeriodNow(t, gameCode));
  slips += 1;
  return t.call<LotterySlip>({
    method: 'POST',
    url: '/wps/lottery/bets',
    headers: who.auth,
    payload: { gameCode, periodNo, bets, requestId: options.requestId ?? `slip-${slips}-${Date.now()}` },
  });
}
