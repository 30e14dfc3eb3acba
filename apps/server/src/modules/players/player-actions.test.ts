import { randomUUID } from 'node:crypto';
import type { Player360 } from '@platform/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberSession,
  operatorAudit,
  outboxMessage,
  rewardGrant,
  turnoverRequirement,
} from '../../db/schema.js';
import { databaseDigest } from '../../test/database-digest.js';
import {
  createAgent,
  createAdmin,
  createMember,
  fundWallet,
  logIn,
  placeLotterySlip,
  type TestAdmin,
  type TestMember,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

/**
 * The back office's Players -> Actions (issue 27), through HTTP as staff and the player meet them: each
 * action's effect as the player notices it, its audit (reason, before, after), the roles, and every bad
 * input refused with nothing changed.
 */

let t: TestApp;
let owner: TestAdmin;
let risk: TestAdmin;
let support: TestAdmin;
let finance: TestAdmin;
let agents: TestAdmin;
let analyst: TestAdmin;
let sequence = 0;
const requestId = () => `grant-${Date.now().toString(36)}-${(sequence += 1)}`;

beforeAll(async () => {
  t = await createTestApp();
  [owner, risk, support, finance, agents, analyst] = [
    await createAdmin(t, 'owner'),
    await createAdmin(t, 'risk'),
    await createAdmin(t, 'support'),
    await createAdmin(t, 'finance'),
    await createAdmin(t, 'agents'),
    await createAdmin(t, 'analyst'),
  ];
  await t.services.settings.set('staff.fourEyes', { withdrawal: null, adjustment: null, bonus: '100' });
}, 60_000);
afterAll(() => t.close());

const act = <T = unknown>(
  account: string,
  path: string,
  headers: Record<string, string>,
  payload: Record<string, unknown> = { reason: 'fraud review 1042' },
) => t.call<T>({ method: 'POST', url: `/wps/admin/players/${account}/${path}`, headers, payload });

const profileOf = async (account: string): Promise<Player360['profile']> => {
  const { body } = await t.call<Player360>({
    method: 'GET',
    url: `/wps/admin/players/${account}`,
    headers: support.headers,
  });
  if (!body.success) throw new Error(JSON.stringify(body));
  return body.value.profile;
};

const lastAudit = async (command: string) =>
  (
    await t.handle.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.command, command))
      .orderBy(desc(operatorAudit.seq))
      .limit(1)
  )[0];

const login = (who: TestMember) =>
  t.call({
    method: 'POST',
    url: '/wps/session/login',
    payload: { username: who.row.username, password: who.password },
    remoteAddress: '127.0.0.1',
  });
const memberInfo = (who: TestMember) => t.call({ method: 'GET', url: '/wps/member/info', headers: who.auth });

/** Sends a call that must be refused with `status` and `code`, and checks that no row of any table changed. */
async function refusedUnchanged(
  send: () => Promise<{ status: number; body: { success: boolean; code?: string } }>,
  status: number,
  code: string,
) {
  const before = await databaseDigest(t);
  const answer = await send();
  expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
  expect(await databaseDigest(t)).toBe(before);
}

describe('lock and unlock the login', () => {
  it('a locked member cannot log in and every session of theirs is gone at once; unlock lets them in', async () => {
    const who = await createMember(t);
    const second = await logIn(t, who.row.id);
    expect((await memberInfo(who)).status).toBe(200);

    const locked = await act(who.row.account, 'lock', support.headers);
    expect(locked.body).toEqual({
      success: true,
      value: {
        account: who.row.account,
        status: 'locked',
        locked: true,
        bettingSuspended: false,
        withdrawalsSuspended: false,
        endedSessions: 2,
      },
    });
    expect((await memberInfo(who)).status).toBe(401);
    expect(
      (
        await t.call({
          method: 'GET',
          url: '/wps/member/info',
          headers: { authorization: `Bearer ${second}` },
        })
      ).status,
    ).toBe(401);
    const live = await t.handle.db
      .select()
      .from(memberSession)
      .where(and(eq(memberSession.memberId, who.row.id), sql`${memberSession.revokedAt} is null`));
    expect(live).toEqual([]);
    const refused = await login(who);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
    expect(await profileOf(who.row.account)).toMatchObject({ status: 'locked', locked: true });

    expect(await lastAudit('players lock')).toMatchObject({
      actor: `admin:${support.username}`,
      role: 'support',
      reason: 'fraud review 1042',
      target: { account: who.row.account },
      before: { status: 'active', bettingSuspended: false, withdrawalsSuspended: false },
      after: { status: 'locked', bettingSuspended: false, withdrawalsSuspended: false },
    });

    // Locked twice, or unlocked when it is not locked: a clear 409, nothing changed.
    await refusedUnchanged(() => act(who.row.account, 'lock', risk.headers), 409, 'INVALID_STATE');

    const unlocked = await act(who.row.account, 'unlock', risk.headers, { reason: 'cleared by risk' });
    expect(unlocked.body).toMatchObject({ success: true, value: { status: 'active', locked: false } });
    expect((await login(who)).status).toBe(200);
    expect(await lastAudit('players unlock')).toMatchObject({
      role: 'risk',
      reason: 'cleared by risk',
      before: { status: 'locked' },
      after: { status: 'active' },
    });
    await refusedUnchanged(() => act(who.row.account, 'unlock', risk.headers), 409, 'INVALID_STATE');
  });

  it('refuses a missing or too short reason, an unknown account and a bad account with nothing changed', async () => {
    const who = await createMember(t);
    await refusedUnchanged(() => act(who.row.account, 'lock', support.headers, {}), 400, 'VALIDATION_FAILED');
    await refusedUnchanged(
      () => act(who.row.account, 'lock', support.headers, { reason: ' x ' }),
      400,
      'VALIDATION_FAILED',
    );
    await refusedUnchanged(() => act('99999999999999', 'lock', support.headers), 404, 'NOT_FOUND');
    await refusedUnchanged(() => act('abc', 'lock', support.headers), 400, 'VALIDATION_FAILED');
    expect((await memberInfo(who)).status).toBe(200);
  });

  it('refuses staff whose role may not act with 403, nothing changed', async () => {
    const who = await createMember(t);
    const forbidden: [string, TestAdmin][] = [
      ['lock', finance],
      ['lock', analyst],
      ['unlock', agents],
      ['betting/suspend', support],
      ['betting/resume', finance],
      ['withdrawals/suspend', support],
      ['withdrawals/resume', agents],
      ['logout', finance],
      ['password-reset', risk],
      ['bonus', support],
      ['upline', risk],
    ];
    for (const [path, staff] of forbidden) {
      await refusedUnchanged(() => act(who.row.account, path, staff.headers), 403, 'FORBIDDEN');
    }
    await refusedUnchanged(
      () =>
        t.call({
          method: 'POST',
          url: `/wps/admin/players/${who.row.account}/lock`,
          payload: { reason: 'no' },
        }),
      401,
      'UNAUTHORIZED',
    );
  });
});

describe('suspend and resume betting', () => {
  beforeAll(async () => {
    await t.handle.db.execute(sql`update lottery_game set enabled = (code = 'SSC-1')`);
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '10000.00',
      maxPayoutPerPeriod: '10000000.00',
      maxPayoutPerNumber: '1000000.00',
    });
  });

  const spin = (who: TestMember) =>
    t.call({
      method: 'POST',
      url: '/wps/inhouse/slot/spin',
      headers: who.auth,
      payload: { bet: '1.00', requestId: `spin-${randomUUID()}` },
    });
  const slip = (who: TestMember) =>
    placeLotterySlip(t, who, 'SSC-1', [{ betType: 'size', selection: ['sum', 'big'], stake: '2.00' }]);

  it('refuses every new bet (in-house game, lottery) while suspended; a bet already taken stands', async () => {
    const who = await createMember(t);
    await fundWallet(t, who, '100.00');
    const taken = await slip(who);
    expect(taken.status).toBe(200);

    const suspended = await act(who.row.account, 'betting/suspend', risk.headers);
    expect(suspended.body).toMatchObject({
      success: true,
      value: { status: 'active', bettingSuspended: true, withdrawalsSuspended: false, endedSessions: 0 },
    });
    expect(await profileOf(who.row.account)).toMatchObject({ bettingSuspended: true, locked: false });
    expect(await lastAudit('players betting suspend')).toMatchObject({
      role: 'risk',
      reason: 'fraud review 1042',
      before: { bettingSuspended: false },
      after: { bettingSuspended: true },
    });

    const before = await databaseDigest(t);
    const refusedSpin = await spin(who);
    expect(refusedSpin.status).toBe(403);
    const refusedSlip = await slip(who);
    expect(refusedSlip.status).toBe(403);
    expect(refusedSlip.body).toMatchObject({ success: false, code: 'BETTING_SUSPENDED' });
    expect(await databaseDigest(t)).toBe(before);
    // The member still logs in, and the slip taken before is still theirs.
    expect((await memberInfo(who)).status).toBe(200);
    const stillThere = await t.handle.db.execute(
      sql`select count(*)::int as n from lottery_bet where member_id = ${who.row.id} and status = 'pending'`,
    );
    expect((stillThere as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);

    await refusedUnchanged(
      () => act(who.row.account, 'betting/suspend', owner.headers),
      409,
      'INVALID_STATE',
    );
    const resumed = await act(who.row.account, 'betting/resume', owner.headers, { reason: 'review closed' });
    expect(resumed.body).toMatchObject({ success: true, value: { bettingSuspended: false } });
    expect((await spin(who)).status).toBe(200);
    expect((await slip(who)).status).toBe(200);
    await refusedUnchanged(() => act(who.row.account, 'betting/resume', owner.headers), 409, 'INVALID_STATE');
  });
});

describe('suspend and resume withdrawals', () => {
  const PAYMENT_PASSWORD = '482913';
  const withdraw = (who: TestMember, bankAccountId: string) =>
    t.call({
      method: 'POST',
      url: '/wps/cashier/withdrawals',
      headers: who.auth,
      payload: { bankAccountId, amount: '100.00', paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
    });

  it('refuses a new withdrawal with WITHDRAWALS_SUSPENDED while suspended, and takes it once resumed', async () => {
    const who = await createMember(t, { payeeName: 'Rahim Uddin' });
    await t.services.member.setPaymentPasswordHash(
      t.handle.db,
      who.row.id,
      await t.services.passwords.hash(PAYMENT_PASSWORD),
    );
    const bound = await t.call<{ id: string }>({
      method: 'POST',
      url: '/wps/cashier/bank-accounts',
      headers: who.auth,
      payload: { bankName: 'Sonali Bank', accountName: 'Rahim Uddin', accountNumber: '1234567890' },
    });
    if (!bound.body.success) throw new Error(JSON.stringify(bound.body));
    await fundWallet(t, who, '500.00');

    const suspended = await act(who.row.account, 'withdrawals/suspend', finance.headers);
    expect(suspended.body).toMatchObject({ success: true, value: { withdrawalsSuspended: true } });
    expect(await profileOf(who.row.account)).toMatchObject({ withdrawalsSuspended: true });
    expect(await lastAudit('players withdrawals suspend')).toMatchObject({
      role: 'finance',
      before: { withdrawalsSuspended: false },
      after: { withdrawalsSuspended: true },
    });

    const accountId = bound.body.value.id;
    await refusedUnchanged(() => withdraw(who, accountId), 403, 'WITHDRAWALS_SUSPENDED');

    await refusedUnchanged(
      () => act(who.row.account, 'withdrawals/suspend', risk.headers),
      409,
      'INVALID_STATE',
    );
    const resumed = await act(who.row.account, 'withdrawals/resume', risk.headers);
    expect(resumed.body).toMatchObject({ success: true, value: { withdrawalsSuspended: false } });
    expect((await withdraw(who, accountId)).status).toBe(200);
  });
});

describe('force log out', () => {
  it('ends every session of the member, who may log in again', async () => {
    const who = await createMember(t);
    await logIn(t, who.row.id);
    const answer = await act(who.row.account, 'logout', support.headers);
    expect(answer.body).toEqual({ success: true, value: { endedSessions: 2 } });
    expect((await memberInfo(who)).status).toBe(401);
    expect(await lastAudit('players logout')).toMatchObject({
      role: 'support',
      reason: 'fraud review 1042',
      before: { liveSessions: 2 },
      after: { liveSessions: 0 },
    });
    expect((await login(who)).status).toBe(200);
    await refusedUnchanged(() => act('99999999999998', 'logout', owner.headers), 404, 'NOT_FOUND');
  });
});

describe('reset the password', () => {
  const outboxTo = (recipient: string) =>
    t.handle.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, recipient));

  it('emails the reset link to a member with an email; staff see only the channel', async () => {
    const email = `reset.${Date.now().toString(36)}@example.com`;
    const who = await createMember(t, { email });
    const answer = await act(who.row.account, 'password-reset', support.headers);
    expect(answer.body).toEqual({ success: true, value: { channel: 'email' } });
    const mails = await outboxTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.body).toContain('/resetPassword?token=');
    const audit = await lastAudit('players password reset');
    expect(audit).toMatchObject({
      role: 'support',
      reason: 'fraud review 1042',
      after: { resetSentBy: 'email' },
    });
    expect(JSON.stringify([audit?.detail, audit?.before, audit?.after, answer.body])).not.toContain('token');
  });

  it('sends an SMS code to a member without an email', async () => {
    const whitelabel = await t.services.settings.get('site.whitelabel');
    await t.services.settings.set('site.whitelabel', { ...whitelabel, CHNGPASSVERIF3: true });
    const mobile = `17${String(Date.now()).slice(-8)}`;
    const who = await createMember(t, { countryDialingCode: '880', mobile });
    const answer = await act(who.row.account, 'password-reset', owner.headers);
    expect(answer.body).toEqual({ success: true, value: { channel: 'sms' } });
    const texts = await t.handle.db
      .select()
      .from(outboxMessage)
      .where(sql`${outboxMessage.recipient} like ${`%${mobile}`}`);
    expect(texts).toHaveLength(1);
    expect(JSON.stringify(answer.body)).not.toMatch(/\d{6}/);
  });

  it('refuses a member with neither an email nor a mobile with 409, nothing changed', async () => {
    const who = await createMember(t);
    await refusedUnchanged(
      () => act(who.row.account, 'password-reset', support.headers),
      409,
      'INVALID_STATE',
    );
  });
});

describe('grant a bonus', () => {
  const grant = (account: string, amount: string, headers: Record<string, string>, id = requestId()) =>
    act<{ amount: string; turnoverRequired: string; granted: boolean; approval: { id: string } | null }>(
      account,
      'bonus',
      headers,
      { amount, turnoverMultiple: 5, reason: 'goodwill after an outage', requestId: id },
    );
  const bonusBalance = (memberId: bigint) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberBonus(memberId));

  it('up to staff.fourEyes.bonus: in the bonus wallet at once with its turnover, once per request id', async () => {
    const who = await createMember(t);
    const id = requestId();
    const answer = await grant(who.row.account, '50.00', finance.headers, id);
    expect(answer.body).toEqual({
      success: true,
      value: { amount: '50.00', turnoverRequired: '250.00', granted: true, approval: null },
    });
    expect(await bonusBalance(who.row.id)).toBe(5_000n);
    const requirements = await t.handle.db
      .select()
      .from(turnoverRequirement)
      .where(eq(turnoverRequirement.memberId, who.row.id));
    expect(requirements).toMatchObject([{ required: 25_000n, source: 'staff' }]);
    expect(await lastAudit('bonus')).toMatchObject({
      role: 'finance',
      reason: 'goodwill after an outage',
      before: { bonusBalance: '0.00' },
      after: { bonusBalance: '50.00', turnoverRequired: '250.00' },
    });
    // The member sees it on the bonus details page with its requirement; staff see it in the 360.
    const mine = await t.call<{ list?: unknown }>({ method: 'GET', url: '/wps/bonuses', headers: who.auth });
    expect(JSON.stringify(mine.body)).toContain('"kind":"staff"');
    const { body } = await t.call<Player360>({
      method: 'GET',
      url: `/wps/admin/players/${who.row.account}`,
      headers: support.headers,
    });
    if (!body.success) throw new Error('no 360');
    expect(body.value.bonuses.items[0]).toMatchObject({ required: '250.00', amount: '50.00' });

    // The same request id again grants nothing more.
    expect((await grant(who.row.account, '50.00', finance.headers, id)).status).toBe(200);
    expect(await bonusBalance(who.row.id)).toBe(5_000n);
    expect(
      await t.handle.db.select().from(rewardGrant).where(eq(rewardGrant.memberId, who.row.id)),
    ).toHaveLength(1);
  });

  it('above it waits for a second member of staff, who grants it through the approvals', async () => {
    const who = await createMember(t);
    const asked = await grant(who.row.account, '250.00', finance.headers);
    expect(asked.body).toMatchObject({
      success: true,
      value: { granted: false, turnoverRequired: '1250.00', approval: { kind: 'bonus', state: 'pending' } },
    });
    expect(await bonusBalance(who.row.id)).toBe(0n);
    const approvalId = asked.body.success ? (asked.body.value.approval?.id ?? '') : '';
    const self = await t.call({
      method: 'POST',
      url: `/wps/admin/approvals/${approvalId}/confirm`,
      headers: finance.headers,
    });
    expect(self.body).toMatchObject({ success: false, code: 'CONFLICT' });
    const confirmed = await t.call({
      method: 'POST',
      url: `/wps/admin/approvals/${approvalId}/confirm`,
      headers: owner.headers,
    });
    expect(confirmed.body).toMatchObject({
      success: true,
      value: { kind: 'bonus', state: 'confirmed', turnoverMultiple: 5, amount: '250.00' },
    });
    expect(await bonusBalance(who.row.id)).toBe(25_000n);
    expect(await lastAudit('bonus')).toMatchObject({
      role: 'owner',
      reason: 'goodwill after an outage',
      detail: { requestedBy: `admin:${finance.username}`, confirmedBy: `admin:${owner.username}` },
      after: { bonusBalance: '250.00', turnoverRequired: '1250.00' },
    });
  });

  it('refuses a zero or negative amount, a bad multiple, a trial account and an unknown account', async () => {
    const who = await createMember(t);
    const trial = await createMember(t, { type: 4 });
    const base = { turnoverMultiple: 5, reason: 'goodwill', requestId: requestId() };
    await refusedUnchanged(
      () => act(who.row.account, 'bonus', owner.headers, { ...base, amount: '0.00' }),
      400,
      'VALIDATION_FAILED',
    );
    await refusedUnchanged(
      () => act(who.row.account, 'bonus', owner.headers, { ...base, amount: '-5.00' }),
      400,
      'VALIDATION_FAILED',
    );
    await refusedUnchanged(
      () => act(who.row.account, 'bonus', owner.headers, { ...base, amount: '5.00', turnoverMultiple: 101 }),
      400,
      'VALIDATION_FAILED',
    );
    await refusedUnchanged(
      () =>
        act(who.row.account, 'bonus', owner.headers, {
          amount: '5.00',
          turnoverMultiple: 1,
          requestId: requestId(),
        }),
      400,
      'VALIDATION_FAILED',
    );
    await refusedUnchanged(
      () => act(trial.row.account, 'bonus', owner.headers, { ...base, amount: '5.00' }),
      403,
      'NEED_REAL_ACCOUNT',
    );
    await refusedUnchanged(
      () => act('99999999999997', 'bonus', owner.headers, { ...base, amount: '5.00' }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('move to another upline', () => {
  it("moves the member below another agent through the agent module's move, audited", async () => {
    const { agent: from, downlines } = await createAgent(t, { downlines: 1 });
    const { agent: to } = await createAgent(t);
    const who = downlines[0];
    if (!who) throw new Error('no downline');
    const moved = await act(who.row.account, 'upline', agents.headers, {
      upline: to.row.account,
      reason: 'asked by the new agent',
    });
    expect(moved.body).toEqual({
      success: true,
      value: { from: from.row.username, to: to.row.username, endedContracts: [] },
    });
    const { body } = await t.call<Player360>({
      method: 'GET',
      url: `/wps/admin/players/${who.row.account}`,
      headers: agents.headers,
    });
    if (!body.success) throw new Error('no 360');
    expect(body.value.agent.uplines[0]?.account).toBe(to.row.account);
    expect(await lastAudit('agent.move-member')).toMatchObject({
      role: 'agents',
      reason: 'asked by the new agent',
      before: { upline: from.row.username },
      after: { upline: to.row.username },
    });

    // The same upline again, a member that is not an agent, an unknown one: refused, nothing changed.
    const body409 = { upline: to.row.account, reason: 'again' };
    await refusedUnchanged(
      () => act(who.row.account, 'upline', owner.headers, body409),
      409,
      'INVALID_STATE',
    );
    const plain = await createMember(t);
    await refusedUnchanged(
      () => act(who.row.account, 'upline', owner.headers, { upline: plain.row.account, reason: 'wrong' }),
      409,
      'INVALID_STATE',
    );
    await refusedUnchanged(
      () => act(who.row.account, 'upline', owner.headers, { upline: '99999999999996', reason: 'wrong' }),
      404,
      'NOT_FOUND',
    );
    await refusedUnchanged(
      () => act(who.row.account, 'upline', owner.headers, { reason: 'no upline given' }),
      400,
      'VALIDATION_FAILED',
    );

    // No upline at all.
    const none = await act(who.row.account, 'upline', owner.headers, {
      upline: null,
      reason: 'direct member now',
    });
    expect(none.body).toMatchObject({ success: true, value: { from: to.row.username, to: null } });
  });
});
