import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminChannel, AdminWithdrawalView, QueueCounts } from '@platform/contract';
import { and, asc, eq } from 'drizzle-orm';
import { ledgerTransfer, memberBankAccount, operatorAudit, paymentChannel } from '../../db/schema.js';
import { databaseDigest } from '../../test/database-digest.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createAdmin, createMember, creditDeposit, type TestAdmin } from '../../test/factories.js';
import { accountCodes } from '../wallet/index.js';
import { addChannels, createdDeposit, mainBalance } from './deposit-test-support.js';
import {
  balances,
  bindAccount,
  fund,
  givePaymentPassword,
  REAL_NAME,
  requestWithdrawal,
} from './withdrawal-test-support.js';

/** The back office's money queues (issue 27): four-eyes, holds, risk flags, deposits, channels, counts. */

let t: TestApp;
let financeA: TestAdmin;
let financeB: TestAdmin;
let financeC: TestAdmin;
let risk: TestAdmin;
let support: TestAdmin;
let owner: TestAdmin;

const countries: Record<string, string> = { '203.0.113.7': 'BD', '198.51.100.9': 'IN' };

beforeAll(async () => {
  t = await createTestApp({ countryLookup: { country: (ip) => countries[ip] ?? null } });
  financeA = await createAdmin(t, 'finance');
  financeB = await createAdmin(t, 'finance');
  financeC = await createAdmin(t, 'finance');
  risk = await createAdmin(t, 'risk');
  support = await createAdmin(t, 'support');
  owner = await createAdmin(t, 'owner');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.services.settings.set('staff.fourEyes', { withdrawal: '500', adjustment: null, bonus: null });
});

let accountNumbers = 0;
/** A member ready to withdraw to a bank account number nobody else has. */
async function readyMember(_t: TestApp, money: string) {
  const who = await createMember(t, { payeeName: REAL_NAME });
  await givePaymentPassword(t, who);
  accountNumbers += 1;
  const account = await bindAccount(t, who, {
    accountNumber: `77${String(accountNumbers).padStart(8, '0')}`,
  });
  await fund(t, who, money);
  return { who, account, accountNumber: `77${String(accountNumbers).padStart(8, '0')}` };
}

async function pending(amount: string, money = '5000.00') {
  const { who, account } = await readyMember(t, money);
  const created = await requestWithdrawal(t, who, { bankAccountId: account.id, amount });
  if (!created.body.success) throw new Error(`request failed: ${JSON.stringify(created.body)}`);
  return { who, account, id: created.body.value.id };
}

const post = <T = AdminWithdrawalView>(url: string, by: TestAdmin, payload?: Record<string, unknown>) =>
  t.call<T>({ method: 'POST', url, headers: by.headers, ...(payload ? { payload } : {}) });
const approve = (id: string, by: TestAdmin, payoutReference = `TRX-${by.username}`) =>
  post(`/wps/admin/withdrawals/${id}/approve`, by, { payoutReference });
const reject = (id: string, by: TestAdmin) =>
  post(`/wps/admin/withdrawals/${id}/reject`, by, { reason: 'name does not match' });
const hold = (id: string, by: TestAdmin, reason: unknown = 'same device as a fraud case') =>
  post(`/wps/admin/withdrawals/${id}/hold`, by, { reason });
const release = (id: string, by: TestAdmin, reason: unknown = 'checked with the bank') =>
  post(`/wps/admin/withdrawals/${id}/release`, by, { reason });
const view = async (id: string, by: TestAdmin = financeA) => {
  const answer = await t.call<AdminWithdrawalView>({
    method: 'GET',
    url: `/wps/admin/withdrawals/${id}`,
    headers: by.headers,
  });
  if (!answer.body.success) throw new Error(`view failed: ${JSON.stringify(answer.body)}`);
  return answer.body.value;
};
const payouts = (id: string) =>
  t.handle.db
    .select()
    .from(ledgerTransfer)
    .where(and(eq(ledgerTransfer.reference, id), eq(ledgerTransfer.kind, 'withdrawal_payout')));
const audits = (command: string, key: string, id: string) =>
  t.handle.db
    .select()
    .from(operatorAudit)
    .where(eq(operatorAudit.command, command))
    .orderBy(asc(operatorAudit.seq))
    .then((rows) => rows.filter((row) => (row.detail as Record<string, unknown>)[key] === id));
const paidOut = () => t.services.ledger.balanceOf(t.handle.db, accountCodes.paidOut);

describe('four-eyes on withdrawals', () => {
  it('pays at once at or below the amount', async () => {
    const { id } = await pending('500.00');
    const paid = await approve(id, financeA);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      success: true,
      value: { status: 'paid', firstApproval: null, awaitingSecondApproval: false },
    });
  });

  it('above the amount: a first approval waits, the same person again is refused, another pays', async () => {
    const { who, id } = await pending('600.00');
    const first = await approve(id, financeA, 'TRX-FIRST');
    expect(first.status).toBe(200);
    if (!first.body.success) throw new Error('first approval failed');
    expect(first.body.value).toMatchObject({
      status: 'pending',
      awaitingSecondApproval: true,
      firstApproval: { by: `admin:${financeA.username}`, payoutReference: 'TRX-FIRST' },
      payoutReference: null,
    });
    expect(await balances(t, who)).toEqual({ main: '4400.00', held: '600.00' });
    expect(await payouts(id)).toHaveLength(0);

    const before = await databaseDigest(t);
    const again = await approve(id, financeA);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(again.body).toMatchObject({
      issues: [{ path: 'approver', message: expect.stringMatching(/different member of staff/) }],
    });
    expect(await databaseDigest(t)).toBe(before);

    const second = await approve(id, financeB, 'TRX-SECOND');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      value: {
        status: 'paid',
        awaitingSecondApproval: false,
        payoutReference: 'TRX-SECOND',
        decidedBy: `admin:${financeB.username}`,
        firstApproval: { by: `admin:${financeA.username}` },
      },
    });
    expect(await balances(t, who)).toEqual({ main: '4400.00', held: '0.00' });
    expect(await payouts(id)).toHaveLength(1);
    const [firstAudit] = await audits('withdrawals approve-first', 'withdrawal', id);
    expect(firstAudit).toMatchObject({ actor: `admin:${financeA.username}`, role: 'finance' });
    const [paidAudit] = await audits('withdrawals approve', 'withdrawal', id);
    expect(paidAudit).toMatchObject({
      actor: `admin:${financeB.username}`,
      detail: { firstApprovedBy: `admin:${financeA.username}`, approvedBy: `admin:${financeB.username}` },
    });
  });

  it('rejects at either stage', async () => {
    const early = await pending('700.00');
    expect((await reject(early.id, financeA)).body).toMatchObject({ value: { status: 'rejected' } });
    expect(await balances(t, early.who)).toEqual({ main: '5000.00', held: '0.00' });

    const late = await pending('700.00');
    await approve(late.id, financeA);
    const rejected = await reject(late.id, financeA);
    expect(rejected.body).toMatchObject({ value: { status: 'rejected', awaitingSecondApproval: false } });
    expect(await balances(t, late.who)).toEqual({ main: '5000.00', held: '0.00' });
    expect((await approve(late.id, financeB)).status).toBe(409);
  });

  it('two second approvals at the same instant pay once', async () => {
    const { id } = await pending('800.00');
    await approve(id, financeA);
    const outBefore = await paidOut();
    const answers = await Promise.all([approve(id, financeB), approve(id, financeC)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await payouts(id)).toHaveLength(1);
    expect((await paidOut()) - outBefore).toBe(80000n);
  });

  it('two staff approving at the same instant: never paid twice, never by one person alone', async () => {
    const { id } = await pending('900.00');
    const answers = await Promise.all([approve(id, financeA), approve(id, financeB)]);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const now = await view(id);
    // Either one recorded the first approval and the other's met it as the second, or one lost the race.
    if (now.status === 'paid') {
      expect(await payouts(id)).toHaveLength(1);
      expect(now.firstApproval?.by).not.toBe(now.decidedBy);
    } else {
      expect(now.awaitingSecondApproval).toBe(true);
      expect(await payouts(id)).toHaveLength(0);
    }
  });

  it('a bad payout reference changes nothing', async () => {
    const { id } = await pending('600.00');
    const before = await databaseDigest(t);
    expect((await approve(id, financeA, ' ')).status).toBe(400);
    expect(await databaseDigest(t)).toBe(before);
  });
  it('the operator tool goes through the same four-eyes and holds', async () => {
    const cli = (args: string[], actor = 'cli:first') => t.services.operator.run(args, actor);
    const { id } = await pending('650.00');
    const held = await cli(['withdrawals', 'hold', id, '--reason', 'call the member first']);
    expect(held).toMatchObject({ exitCode: 0 });
    expect((await view(id)).hold).toMatchObject({ by: 'cli:first' });
    expect((await cli(['withdrawals', 'approve', id, '--payout-ref', 'CLI-1'])).exitCode).not.toBe(0);
    expect(await cli(['withdrawals', 'release', id, '--reason', 'member called back'])).toMatchObject({
      exitCode: 0,
    });
    const first = await cli(['withdrawals', 'approve', id, '--payout-ref', 'CLI-1']);
    expect(first.output).toContain('another member of staff must approve it');
    expect((await cli(['withdrawals', 'approve', id, '--payout-ref', 'CLI-1'])).exitCode).not.toBe(0);
    const second = await approve(id, financeA);
    expect(second.body).toMatchObject({ value: { status: 'paid', firstApproval: { by: 'cli:first' } } });
  });
});

describe('holds for review', () => {
  it('risk holds, finance cannot approve while held, risk releases; audited', async () => {
    const { id } = await pending('200.00');
    const held = await hold(id, risk);
    expect(held.status).toBe(200);
    expect(held.body).toMatchObject({
      value: {
        status: 'pending',
        hold: { by: `admin:${risk.username}`, reason: 'same device as a fraud case' },
      },
    });

    const before = await databaseDigest(t);
    const refused = await approve(id, financeA);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      issues: [{ path: 'hold', message: expect.stringMatching(/held for review/) }],
    });
    expect((await hold(id, risk)).status).toBe(409);
    expect(await databaseDigest(t)).toBe(before);

    const released = await release(id, owner);
    expect(released.body).toMatchObject({ value: { status: 'pending', hold: null } });
    expect((await approve(id, financeA)).body).toMatchObject({ value: { status: 'paid' } });
    const [holdAudit] = await audits('withdrawals hold', 'withdrawal', id);
    expect(holdAudit).toMatchObject({ reason: 'same device as a fraud case', role: 'risk' });
    expect(holdAudit?.after).toMatchObject({ hold: { heldBy: `admin:${risk.username}` } });
    expect(await audits('withdrawals release', 'withdrawal', id)).toHaveLength(1);
  });

  it('refuses bad calls with nothing changed', async () => {
    const { id } = await pending('200.00');
    const before = await databaseDigest(t);
    expect((await hold(id, financeA)).status).toBe(403);
    expect((await hold(id, support)).status).toBe(403);
    expect((await hold(id, risk, ' ')).status).toBe(400);
    expect((await hold(id, risk, 42)).status).toBe(400);
    expect((await hold('wdr_missing', risk)).status).toBe(404);
    expect((await release(id, risk)).status).toBe(409);
    expect((await approve(id, risk)).status).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
    await reject(id, financeA);
    expect((await hold(id, risk)).body).toMatchObject({ code: 'INVALID_STATE' });
    expect(await databaseDigest(t)).not.toBe(before);
  });

  it('lists held and awaiting withdrawals, and counts the queues', async () => {
    const counts = async (by: TestAdmin = risk) => {
      const answer = await t.call<QueueCounts>({
        method: 'GET',
        url: '/wps/admin/queue-counts',
        headers: by.headers,
      });
      if (!answer.body.success) throw new Error(`counts failed: ${JSON.stringify(answer.body)}`);
      return answer.body.value;
    };
    const start = await counts();
    const a = await pending('100.00');
    const b = await pending('600.00');
    await hold(a.id, risk);
    await approve(b.id, financeA);
    const now = await counts(financeA);
    expect(now.pendingWithdrawals - start.pendingWithdrawals).toBe(1);
    expect(now.heldWithdrawals - start.heldWithdrawals).toBe(1);
    expect(now.awaitingSecondApproval - start.awaitingSecondApproval).toBe(1);

    const held = await t.call<{ list: AdminWithdrawalView[] }>({
      method: 'GET',
      url: '/wps/admin/withdrawals?status=held&pageSize=100',
      headers: risk.headers,
    });
    expect(held.body.success && held.body.value.list.map((w) => w.id)).toContain(a.id);
    const waiting = await t.call<{ list: AdminWithdrawalView[] }>({
      method: 'GET',
      url: '/wps/admin/withdrawals?status=awaiting_second&pageSize=100',
      headers: financeA.headers,
    });
    expect(waiting.body.success && waiting.body.value.list.map((w) => w.id)).toEqual(
      expect.arrayContaining([b.id]),
    );
    expect(
      (await t.call({ method: 'GET', url: '/wps/admin/queue-counts', headers: support.headers })).status,
    ).toBe(403);

    const who = await createMember(t);
    const channels = await addChannels(t);
    await createdDeposit(t, who, { channelId: channels.bank.id, amount: '300' });
    expect((await counts()).pendingDeposits - now.pendingDeposits).toBe(1);
  });
});

describe('risk flags', () => {
  const codes = (w: AdminWithdrawalView) => w.riskFlags.map((flag) => flag.code).sort();

  it('a first withdrawal to a bank account just added', async () => {
    const { id } = await pending('100.00');
    const flags = (await view(id)).riskFlags;
    expect(flags).toEqual(
      expect.arrayContaining([
        { code: 'FIRST_WITHDRAWAL', detail: { previousPaid: 0 } },
        { code: 'NEW_BANK_ACCOUNT', detail: expect.objectContaining({ hoursBeforeRequest: 0 }) },
      ]),
    );
    expect(codes(await view(id))).not.toContain('LINKED_ACCOUNTS');
  });

  it('an amount above three times the usual, turnover not met, linked accounts, another country', async () => {
    const { who, account, accountNumber } = await readyMember(t, '5000.00');
    for (const amount of ['100.00', '100.00', '120.00']) {
      const made = await requestWithdrawal(t, who, { bankAccountId: account.id, amount });
      if (!made.body.success) throw new Error('request failed');
      await approve(made.body.value.id, financeA);
    }
    // The account was added two days before (no NEW_BANK_ACCOUNT flag for the next request).
    await t.handle.db
      .update(memberBankAccount)
      .set({ createdAt: new Date(t.clock.now().getTime() - 48 * 3_600_000) })
      .where(eq(memberBankAccount.memberId, who.row.id));
    const made = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '400.00' });
    if (!made.body.success) throw new Error('request failed');
    const id = made.body.value.id;
    expect(codes(await view(id))).toEqual(['AMOUNT_ABOVE_USUAL']);
    expect((await view(id)).riskFlags[0]).toEqual({
      code: 'AMOUNT_ABOVE_USUAL',
      detail: { amount: '400.00', median: '100.00', multiple: 3, previousPaid: 3 },
    });

    await t.services.settings.set('cashier.depositTurnoverMultiple', 1);
    await creditDeposit(t, who, '200', 'risk-flags-deposit');
    const other = await createMember(t);
    await bindAccount(t, other, { accountNumber });
    const sameIp = await createMember(t);
    // The members' security log holds the addresses: registered in one country, logged in from another.
    const log = (who: { row: { id: bigint } }, event: 'register' | 'login', ip: string) =>
      t.services.authAudit.record(event, { memberId: who.row.id, ip, userAgent: 'vitest' });
    await log(who, 'register', '203.0.113.7');
    await log(who, 'login', '198.51.100.9');
    await log(sameIp, 'register', '203.0.113.7');

    const flags = (await view(id)).riskFlags;
    expect(flags.map((f) => f.code).sort()).toEqual([
      'AMOUNT_ABOVE_USUAL',
      'COUNTRY_MISMATCH',
      'LINKED_ACCOUNTS',
      'TURNOVER_NOT_MET',
    ]);
    expect(flags.find((f) => f.code === 'TURNOVER_NOT_MET')?.detail).toEqual({
      required: '200.00',
      wagered: '0.00',
      remaining: '200.00',
    });
    expect(flags.find((f) => f.code === 'LINKED_ACCOUNTS')?.detail).toEqual({
      count: 2,
      byBankAccount: [other.row.account],
      byRegisterIp: [sameIp.row.account],
      byLoginIp: [],
    });
    expect(flags.find((f) => f.code === 'COUNTRY_MISMATCH')?.detail).toEqual({
      registrationCountry: 'BD',
      loginCountry: 'IN',
    });
    const listed = await t.call<{ list: AdminWithdrawalView[] }>({
      method: 'GET',
      url: '/wps/admin/withdrawals?status=pending&pageSize=100',
      headers: financeA.headers,
    });
    expect(listed.body.success && listed.body.value.list.find((w) => w.id === id)?.riskFlags).toHaveLength(4);
  });
});

describe('the deposits queue', () => {
  it('shows the member\u2019s recent deposits beside one; two staff confirming at once credit it once', async () => {
    const { bank } = await addChannels(t);
    const who = await createMember(t);
    const made: string[] = [];
    for (const amount of ['100', '200', '300', '400', '500', '600', '700']) {
      made.push((await createdDeposit(t, who, { channelId: bank.id, amount })).deposit.id);
    }
    const target = made[6] ?? '';
    const detail = await t.call<{
      id: string;
      recentDeposits: { id: string; amount: string; status: string }[];
    }>({
      method: 'GET',
      url: `/wps/admin/deposits/${target}`,
      headers: financeA.headers,
    });
    expect(detail.status).toBe(200);
    if (!detail.body.success) throw new Error('detail failed');
    expect(detail.body.value.id).toBe(target);
    expect(detail.body.value.recentDeposits.map((d) => d.amount)).toEqual([
      '600.00',
      '500.00',
      '400.00',
      '300.00',
      '200.00',
    ]);
    expect(detail.body.value.recentDeposits[0]).toMatchObject({ status: 'pending', channelName: bank.name });
    expect(
      (await t.call({ method: 'GET', url: `/wps/admin/deposits/${target}`, headers: support.headers }))
        .status,
    ).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/wps/admin/deposits/dep_missing', headers: financeA.headers }))
        .status,
    ).toBe(404);

    const confirm = (by: TestAdmin) => post(`/wps/admin/deposits/${target}/confirm`, by);
    const answers = await Promise.all([confirm(financeA), confirm(financeB)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await mainBalance(t, who)).toBe('700.00');
    const credits = await t.handle.db
      .select()
      .from(ledgerTransfer)
      .where(eq(ledgerTransfer.reference, target));
    expect(credits).toHaveLength(1);
    const sum = await t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
    expect(sum).toBe(70000n);
  });
});

describe('payment channels for staff', () => {
  const list = async (by: TestAdmin = financeA) => {
    const answer = await t.call<AdminChannel[]>({
      method: 'GET',
      url: '/wps/admin/channels',
      headers: by.headers,
    });
    if (!answer.body.success) throw new Error(`list failed: ${JSON.stringify(answer.body)}`);
    return answer.body.value;
  };
  const add = (payload: Record<string, unknown>, by: TestAdmin = financeA) =>
    post<AdminChannel>('/wps/admin/channels', by, payload);
  const bankChannel = {
    kind: 'bank_transfer',
    name: 'City Bank',
    minAmount: '100',
    maxAmount: '20000',
    bankName: 'City Bank',
    accountName: 'Khela Payments Ltd',
    accountNumber: '5566778899',
  };

  it('adds, renames, disables, enables, sets limits and orders, each audited with before and after', async () => {
    const added = await add(bankChannel);
    expect(added.status).toBe(200);
    if (!added.body.success) throw new Error('add failed');
    const id = added.body.value.id;
    expect(added.body.value).toMatchObject({
      enabled: true,
      minAmount: '100.00',
      details: { bankName: 'City Bank' },
    });
    const gateway = await add(
      { kind: 'gateway', name: 'Sandbox pay', minAmount: '10', maxAmount: '500', provider: 'sandbox' },
      owner,
    );
    expect(gateway.body).toMatchObject({ value: { details: { provider: 'sandbox' } } });
    if (gateway.body.success) expect(Object.keys(gateway.body.value.details)).toEqual(['provider']);

    const renamed = await post<AdminChannel>(`/wps/admin/channels/${id}/rename`, financeA, {
      name: 'City Bank (new)',
      nameBn: 'সিটি ব্যাংক',
    });
    expect(renamed.body).toMatchObject({ value: { name: 'City Bank (new)', names: { bn: 'সিটি ব্যাংক' } } });
    expect((await post(`/wps/admin/channels/${id}/disable`, financeA)).body).toMatchObject({
      value: { enabled: false },
    });
    const members = await t.call<{ id: string }[]>({
      method: 'GET',
      url: '/wps/cashier/channels',
      headers: (await createMember(t)).auth,
    });
    expect(members.body.success && members.body.value.map((c) => c.id)).not.toContain(id);
    expect((await post(`/wps/admin/channels/${id}/enable`, financeA)).body).toMatchObject({
      value: { enabled: true },
    });
    const limits = await post<AdminChannel>(`/wps/admin/channels/${id}/limits`, financeA, {
      minAmount: '50',
      maxAmount: '9999.50',
    });
    expect(limits.body).toMatchObject({ value: { minAmount: '50.00', maxAmount: '9999.50' } });

    const ids = (await list()).map((c) => c.id);
    const reversed = [...ids].reverse();
    const ordered = await t.call<AdminChannel[]>({
      method: 'PUT',
      url: '/wps/admin/channels/order',
      headers: financeA.headers,
      payload: { ids: reversed },
    });
    expect(ordered.status).toBe(200);
    expect((await list()).map((c) => c.id)).toEqual(reversed);

    const [limitAudit] = await audits('channels limits', 'channel', id);
    expect(limitAudit).toMatchObject({
      before: { minAmount: '100.00', maxAmount: '20000.00' },
      after: { minAmount: '50.00', maxAmount: '9999.50' },
      role: 'finance',
    });
    expect(await audits('channels rename', 'channel', id)).toHaveLength(1);
    expect(await audits('channels disable', 'channel', id)).toHaveLength(1);
    expect(await audits('channels add', 'channel', id)).toHaveLength(1);
  });

  it('refuses bad input and other roles with nothing changed', async () => {
    const added = await add(bankChannel);
    if (!added.body.success) throw new Error('add failed');
    const id = added.body.value.id;
    const before = await databaseDigest(t);
    const status = async (answer: Promise<{ status: number }>) => (await answer).status;
    expect(await status(add({ ...bankChannel, minAmount: '500', maxAmount: '100' }))).toBe(400);
    expect(await status(add({ ...bankChannel, minAmount: '-5' }))).toBe(400);
    expect(await status(add({ ...bankChannel, kind: 'cash' }))).toBe(400);
    expect(await status(add({ ...bankChannel, bankName: undefined }))).toBe(400);
    expect(
      await status(
        add({ kind: 'gateway', name: 'X pay', minAmount: '1', maxAmount: '2', provider: 'nowhere' }),
      ),
    ).toBe(400);
    expect(await status(add(bankChannel, support))).toBe(403);
    expect(await status(add(bankChannel, risk))).toBe(403);
    expect(await status(post(`/wps/admin/channels/${id}/rename`, financeA, {}))).toBe(400);
    expect(await status(post(`/wps/admin/channels/${id}/rename`, financeA, { name: 'x' }))).toBe(400);
    expect(await status(post('/wps/admin/channels/nope/rename', financeA, { name: 'Fine name' }))).toBe(404);
    expect(
      await status(post(`/wps/admin/channels/${id}/limits`, financeA, { minAmount: '9', maxAmount: '1' })),
    ).toBe(400);
    expect(
      await status(post(`/wps/admin/channels/${id}/limits`, financeA, { minAmount: '0', maxAmount: '1' })),
    ).toBe(400);
    expect(
      await status(post('/wps/admin/channels/nope/limits', financeA, { minAmount: '1', maxAmount: '2' })),
    ).toBe(404);
    expect(await status(post('/wps/admin/channels/nope/enable', financeA))).toBe(404);
    expect(await status(post(`/wps/admin/channels/${id}/disable`, support))).toBe(403);
    const order = (ids: unknown) =>
      t.call({
        method: 'PUT',
        url: '/wps/admin/channels/order',
        headers: financeA.headers,
        payload: { ids },
      });
    const all = (await list()).map((c) => c.id);
    expect(await status(order([id]))).toBe(400);
    expect(await status(order([...all, 'nope']))).toBe(400);
    expect(await status(order([...all, all[0]]))).toBe(400);
    expect(await status(order([]))).toBe(400);
    expect(
      await status(t.call({ method: 'GET', url: '/wps/admin/channels', headers: support.headers })),
    ).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
    const [row] = await t.handle.db.select().from(paymentChannel).where(eq(paymentChannel.id, id));
    expect(row?.minAmount).toBe(10000n);
  });
});
