import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Transaction, Withdrawal } from '@platform/contract';
import { and, desc, eq } from 'drizzle-orm';
import { jobRun, operatorAudit, withdrawal } from '../../db/schema.js';
import { Scheduler } from '../../lib/scheduler.js';
import { GIF, imageFacts, JPEG, multipart, PNG } from '../../test/uploads.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { TestMember } from '../../test/factories.js';
import { accountCodes } from '../wallet/index.js';
import type { AdminWithdrawal } from './withdrawal.service.js';
import { adminHeader, balances, readyMember, requestWithdrawal } from './withdrawal-test-support.js';

let t: TestApp;
let cashier: Record<string, string>;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  // These tests move the clock by hours: staff sessions must outlive the idle limit and the shift.
  await t.services.settings.set('staff.sessionIdleMinutes', 8 * 60);
  await t.services.settings.set('staff.shiftHours', 24);
  cashier = await adminHeader(t, 'finance');
});
afterAll(() => t.close());

/** A member with a pending withdrawal of `amount` out of `money`. */
async function pending(amount = '300.00', money = '1000.00') {
  const { who, account } = await readyMember(t, money);
  const created = await requestWithdrawal(t, who, { bankAccountId: account.id, amount });
  if (!created.body.success) throw new Error(`request failed: ${JSON.stringify(created.body)}`);
  return { who, account, id: created.body.value.id };
}

const approve = (
  id: string,
  payload: Record<string, unknown> = { payoutReference: 'BANK-TRX-0001' },
  headers = cashier,
) =>
  t.call<AdminWithdrawal>({ method: 'POST', url: `/wps/admin/withdrawals/${id}/approve`, headers, payload });
const reject = (
  id: string,
  payload: Record<string, unknown> = { reason: 'account closed' },
  headers = cashier,
) =>
  t.call<AdminWithdrawal>({ method: 'POST', url: `/wps/admin/withdrawals/${id}/reject`, headers, payload });
const received = (who: TestMember, id: string, payload: Record<string, unknown> = { received: true }) =>
  t.call<Withdrawal>({
    method: 'POST',
    url: `/wps/cashier/withdrawals/${id}/received`,
    headers: who.auth,
    payload,
  });
const notReceived = (
  who: TestMember,
  id: string,
  parts = [{ field: 'proof', filename: 'slip.png', contentType: 'image/png', bytes: PNG }],
) => {
  const body = multipart(parts);
  return t.call<Withdrawal>({
    method: 'POST',
    url: `/wps/cashier/withdrawals/${id}/not-received`,
    headers: { ...who.auth, ...body.headers },
    payload: body.payload,
  });
};
const stored = async (id: string) =>
  (await t.handle.db.select().from(withdrawal).where(eq(withdrawal.publicId, id)))[0];
const paidOutTotal = () => t.services.ledger.balanceOf(t.handle.db, accountCodes.paidOut);
const myList = async (who: TestMember) => {
  const response = await t.call<Page<Withdrawal>>({
    method: 'GET',
    url: '/wps/cashier/withdrawals',
    headers: who.auth,
  });
  if (!response.body.success) throw new Error('list failed');
  return response.body.value.list;
};

describe('operator review', () => {
  it('lists withdrawals with the member and the full account number, for owner and cashier only', async () => {
    const { who, id } = await pending('150.00');
    const listed = await t.call<Page<AdminWithdrawal>>({
      method: 'GET',
      url: '/wps/admin/withdrawals?status=pending&pageSize=100',
      headers: cashier,
    });
    expect(listed.status).toBe(200);
    if (!listed.body.success) throw new Error('list failed');
    const item = listed.body.value.list.find((row) => row.id === id);
    expect(item).toMatchObject({
      amount: '150.00',
      status: 'pending',
      memberAccount: who.row.account,
      memberUsername: who.row.username,
      memberRealName: 'Rahim Uddin',
      bankAccount: { accountNumber: '1234567890' },
    });
    expect(listed.body.value.list.every((row) => row.status === 'pending')).toBe(true);

    const owner = await adminHeader(t, 'owner');
    expect((await t.call({ method: 'GET', url: '/wps/admin/withdrawals', headers: owner })).status).toBe(200);
    const support = await adminHeader(t, 'support');
    const forbidden = await t.call({ method: 'GET', url: '/wps/admin/withdrawals', headers: support });
    expect(forbidden.status).toBe(403);
    expect((await approve(id, undefined, support)).status).toBe(403);
    expect((await reject(id, undefined, support)).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/wps/admin/withdrawals' })).status).toBe(401);
    // A member's session is not a staff session.
    expect((await t.call({ method: 'GET', url: '/wps/admin/withdrawals', headers: who.auth })).status).toBe(
      401,
    );
    expect((await stored(id))?.status).toBe('pending');
  });

  it('approves: the held money leaves to cashier:paid-out, status paid, audited', async () => {
    const { who, id } = await pending('300.00');
    const before = await paidOutTotal();
    const approved = await approve(id);
    expect(approved.status).toBe(200);
    const now = t.clock.now();
    expect(approved.body).toMatchObject({
      success: true,
      value: {
        id,
        status: 'paid',
        payoutReference: 'BANK-TRX-0001',
        paidAt: now.toISOString(),
        decidedAt: now.toISOString(),
        autoReceiptAt: new Date(now.getTime() + 60 * MINUTE).toISOString(),
      },
    });
    expect(await balances(t, who)).toEqual({ main: '700.00', held: '0.00' });
    expect((await paidOutTotal()) - before).toBe(30_000n);
    const row = await stored(id);
    expect(row?.settleTransferId).not.toBeNull();
    expect(row?.decidedBy).toMatch(/^admin:staff/);
    const audits = await t.handle.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.command, 'withdrawals approve'))
      .orderBy(desc(operatorAudit.id));
    expect(audits[0]?.detail).toMatchObject({
      withdrawal: id,
      amount: '300.00',
      payoutReference: 'BANK-TRX-0001',
    });

    const again = await approve(id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'INVALID_STATE', details: { status: 'paid' } });
    expect((await reject(id)).body).toMatchObject({ code: 'INVALID_STATE' });
    expect(await balances(t, who)).toEqual({ main: '700.00', held: '0.00' });
    expect((await paidOutTotal()) - before).toBe(30_000n);
  });

  it("shows each step in the member's account record: the hold, then the payout without a balance change", async () => {
    const { who, id } = await pending('250.00', '1000.00');
    expect((await approve(id)).body.success).toBe(true);
    const statement = await t.call<Page<Transaction>>({
      method: 'GET',
      url: '/wps/wallet/transactions',
      headers: who.auth,
    });
    if (!statement.body.success) throw new Error(JSON.stringify(statement.body));
    const steps = statement.body.value.list.map((row) => [row.type, row.amount, row.balanceAfter]);
    expect(steps).toEqual([
      ['withdrawal_payout', '-250.00', null],
      ['withdrawal_hold', '-250.00', '750.00'],
      ['adjustment', '1000.00', '1000.00'],
    ]);
  });

  it('rejects: the held money goes back to main, status rejected', async () => {
    const { who, id } = await pending('400.00');
    expect(await balances(t, who)).toEqual({ main: '600.00', held: '400.00' });
    const rejected = await reject(id, { reason: '  name on the account differs  ' });
    expect(rejected.body).toMatchObject({
      success: true,
      value: { status: 'rejected', reason: 'name on the account differs', paidAt: null, autoReceiptAt: null },
    });
    expect(await balances(t, who)).toEqual({ main: '1000.00', held: '0.00' });
    expect((await reject(id)).body).toMatchObject({ code: 'INVALID_STATE', details: { status: 'rejected' } });
    expect((await approve(id)).body).toMatchObject({ code: 'INVALID_STATE' });
    expect(await balances(t, who)).toEqual({ main: '1000.00', held: '0.00' });
  });

  it('lets only one of an approval and a rejection that race win', async () => {
    const { who, id } = await pending('250.00');
    const before = await paidOutTotal();
    const [approved, rejected] = await Promise.all([approve(id), reject(id)]);
    const statuses = [approved.status, rejected.status].sort();
    expect(statuses).toEqual([200, 409]);
    const final = (await stored(id))?.status;
    if (final === 'paid') {
      expect(await balances(t, who)).toEqual({ main: '750.00', held: '0.00' });
      expect((await paidOutTotal()) - before).toBe(25_000n);
    } else {
      expect(final).toBe('rejected');
      expect(await balances(t, who)).toEqual({ main: '1000.00', held: '0.00' });
      expect(await paidOutTotal()).toBe(before);
    }
  });

  it('refuses unknown ids and bad bodies, and changes nothing', async () => {
    expect((await approve('wdr_doesnotexist')).status).toBe(404);
    expect((await reject('wdr_doesnotexist')).status).toBe(404);
    const { who, id } = await pending();
    for (const payload of [
      {},
      { payoutReference: 'x' },
      { payoutReference: 'R'.repeat(101) },
      { payoutReference: 42 },
    ]) {
      expect((await approve(id, payload)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    for (const payload of [{}, { reason: ' a ' }, { reason: 'R'.repeat(501) }]) {
      expect((await reject(id, payload)).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/wps/admin/withdrawals/bad id!/approve',
          headers: cashier,
          payload: { payoutReference: 'ok-ref' },
        })
      ).status,
    ).toBe(400);
    expect((await stored(id))?.status).toBe('pending');
    expect(await balances(t, who)).toEqual({ main: '700.00', held: '300.00' });
  });

  it('lets the operator tool list, approve and reject through the same rules', async () => {
    const one = await pending('120.00');
    const two = await pending('130.00');
    const listed = await t.services.operator.run(
      ['withdrawals', 'list', '--status', 'pending'],
      'cli:tester',
    );
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toContain(one.id);
    expect(listed.output).toContain('1234567890');

    const approved = await t.services.operator.run(
      ['withdrawals', 'approve', one.id, '--payout-ref', 'CLI-77'],
      'cli:tester',
    );
    expect(approved).toMatchObject({ exitCode: 0 });
    expect(await stored(one.id)).toMatchObject({
      status: 'paid',
      payoutReference: 'CLI-77',
      decidedBy: 'cli:tester',
    });
    expect(await balances(t, one.who)).toEqual({ main: '880.00', held: '0.00' });

    const rejected = await t.services.operator.run(
      ['withdrawals', 'reject', two.id, '--reason', 'duplicate request'],
      'cli:tester',
    );
    expect(rejected).toMatchObject({ exitCode: 0 });
    expect(await balances(t, two.who)).toEqual({ main: '1000.00', held: '0.00' });
    const audits = await t.handle.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.actor, 'cli:tester')));
    expect(audits.map((row) => row.command).sort()).toEqual(['withdrawals approve', 'withdrawals reject']);

    const wrongState = await t.services.operator.run(
      ['withdrawals', 'reject', one.id, '--reason', 'too late'],
      'cli:tester',
    );
    expect(wrongState.exitCode).toBe(1);
    expect(wrongState.output).toContain('INVALID_STATE');
    expect((await t.services.operator.run(['withdrawals', 'approve', one.id], 'cli:tester')).exitCode).toBe(
      2,
    );
    expect(
      (await t.services.operator.run(['withdrawals', 'reject', two.id, '--reason', 'x'], 'cli:tester'))
        .output,
    ).toContain('--reason');
    expect(
      (await t.services.operator.run(['withdrawals', 'list', '--status', 'nope'], 'cli:tester')).exitCode,
    ).toBe(1);
    expect(
      (
        await t.services.operator.run(
          ['withdrawals', 'approve', 'wdr_missing', '--payout-ref', 'R1'],
          'cli:tester',
        )
      ).output,
    ).toContain('NOT_FOUND');
    expect((await t.services.operator.run(['withdrawals'], 'cli:tester')).exitCode).toBe(2);
  });
});

describe('receipt by the member', () => {
  it('marks a paid withdrawal received', async () => {
    const { who, id } = await pending();
    await approve(id);
    t.clock.advance(5 * MINUTE);
    const confirmed = await received(who, id);
    expect(confirmed.body).toMatchObject({
      success: true,
      value: {
        status: 'received',
        confirmedAt: t.clock.now().toISOString(),
        forcedReceipt: false,
        autoReceiptAt: null,
      },
    });
    expect((await received(who, id)).body).toMatchObject({
      code: 'INVALID_STATE',
      details: { status: 'received' },
    });
    expect((await notReceived(who, id)).body).toMatchObject({ code: 'INVALID_STATE' });
    expect(await balances(t, who)).toEqual({ main: '700.00', held: '0.00' });
  });

  it('refuses receipt before payout, after rejection, for another member, and with a bad body', async () => {
    const { who, id } = await pending();
    expect((await received(who, id)).body).toMatchObject({
      code: 'INVALID_STATE',
      details: { status: 'pending' },
    });
    expect((await notReceived(who, id)).body).toMatchObject({
      code: 'INVALID_STATE',
      details: { status: 'pending' },
    });
    await approve(id);
    const { who: stranger } = await readyMember(t, '0');
    expect((await received(stranger, id)).status).toBe(404);
    expect((await notReceived(stranger, id)).status).toBe(404);
    expect((await received(who, 'wdr_unknown0000')).status).toBe(404);
    expect((await received(who, id, { received: false })).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await received(who, id, {})).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await stored(id))?.status).toBe('paid');

    const other = await pending();
    await reject(other.id);
    expect((await received(other.who, other.id)).body).toMatchObject({
      code: 'INVALID_STATE',
      details: { status: 'rejected' },
    });
  });

  it('records not received with a png or jpg proof; no money moves', async () => {
    const { who, id } = await pending();
    await approve(id);
    const paidOut = await paidOutTotal();
    const reported = await notReceived(who, id);
    expect(reported.body).toMatchObject({
      success: true,
      value: { status: 'not_received', autoReceiptAt: null },
    });
    const row = await stored(id);
    expect(row?.proofContentType).toBe('image/png');
    expect(await imageFacts(row?.proof)).toEqual({ format: 'png', width: 1, height: 1 });
    expect(await balances(t, who)).toEqual({ main: '700.00', held: '0.00' });
    expect(await paidOutTotal()).toBe(paidOut);
    expect((await received(who, id)).body).toMatchObject({ code: 'INVALID_STATE' });
    // The auto-receipt never overrides a dispute.
    t.clock.advance(2 * 60 * MINUTE);
    await t.services.withdrawals.autoReceiveDue();
    expect((await stored(id))?.status).toBe('not_received');

    const jpg = await pending();
    await approve(jpg.id);
    const withJpeg = await notReceived(jpg.who, jpg.id, [
      { field: 'proof', filename: 'slip.jpg', contentType: 'image/jpeg', bytes: JPEG },
    ]);
    expect(withJpeg.body).toMatchObject({ success: true, value: { status: 'not_received' } });
  });

  it.each([
    [
      'a gif',
      [{ field: 'proof', filename: 'a.gif', contentType: 'image/gif', bytes: GIF }],
      'validation.imageType',
    ],
    [
      'text named .png',
      [
        {
          field: 'proof',
          filename: 'a.png',
          contentType: 'image/png',
          bytes: Buffer.from('not an image at all'),
        },
      ],
      'validation.imageType',
    ],
    [
      'a file in another field',
      [{ field: 'icon', filename: 'a.png', contentType: 'image/png', bytes: PNG }],
      'validation.required',
    ],
    [
      'an empty file',
      [{ field: 'proof', filename: 'a.png', contentType: 'image/png', bytes: Buffer.alloc(0) }],
      'validation.required',
    ],
    ['no file at all', [], 'validation.required'],
    [
      'more than 5 MB',
      [
        {
          field: 'proof',
          filename: 'big.png',
          contentType: 'image/png',
          bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
        },
      ],
      'validation.fileTooLarge',
    ],
  ])('refuses %s as proof and changes nothing', async (_label, parts, message) => {
    const { who, id } = await pending();
    await approve(id);
    const refused = await notReceived(who, id, parts);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'proof', message }],
    });
    expect(await stored(id)).toMatchObject({ status: 'paid', proof: null });
  });

  it('refuses a JSON body as proof', async () => {
    const { who, id } = await pending();
    await approve(id);
    const refused = await t.call({
      method: 'POST',
      url: `/wps/cashier/withdrawals/${id}/not-received`,
      headers: who.auth,
      payload: { proof: 'data:image/png;base64,AAAA' },
    });
    expect(refused.status).toBe(415);
    expect(refused.body).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect((await stored(id))?.status).toBe('paid');
  });
});

describe('auto-receipt', () => {
  it('counts an unanswered paid withdrawal as received after the set minutes, once', async () => {
    await t.services.settings.set('cashier.withdrawAutoReceiptMinutes', 30);
    try {
      const { who, id } = await pending();
      await approve(id);
      const paidAt = t.clock.now();
      expect((await myList(who))[0]?.autoReceiptAt).toBe(
        new Date(paidAt.getTime() + 30 * MINUTE).toISOString(),
      );

      t.clock.advance(29 * MINUTE);
      await t.services.withdrawals.autoReceiveDue();
      expect((await stored(id))?.status).toBe('paid');

      t.clock.advance(MINUTE);
      const first = await t.services.withdrawals.autoReceiveDue();
      expect(first.autoReceived).toBeGreaterThanOrEqual(1);
      const row = await stored(id);
      expect(row).toMatchObject({ status: 'auto_received', forcedReceipt: true });
      expect(row?.confirmedAt?.toISOString()).toBe(t.clock.now().toISOString());
      expect(await t.services.withdrawals.autoReceiveDue()).toEqual({ autoReceived: 0 });

      expect((await myList(who))[0]).toMatchObject({
        status: 'auto_received',
        forcedReceipt: true,
        autoReceiptAt: null,
      });
      expect((await received(who, id)).body).toMatchObject({
        code: 'INVALID_STATE',
        details: { status: 'auto_received' },
      });
      expect(await balances(t, who)).toEqual({ main: '700.00', held: '0.00' });
    } finally {
      await t.services.settings.set('cashier.withdrawAutoReceiptMinutes', 60);
    }
  });

  it('runs as a scheduled job that two servers run once per period', async () => {
    const { id } = await pending();
    await approve(id);
    t.clock.advance(61 * MINUTE);
    const logger = { info: () => undefined, error: () => undefined };
    const other = new Scheduler(t.handle.db, t.clock, logger, 'server-b');
    t.services.withdrawals.schedule(other);

    await t.services.scheduler.runDue();
    await other.runDue();
    await t.services.scheduler.runDue();

    expect(await stored(id)).toMatchObject({ status: 'auto_received', forcedReceipt: true });
    const periodStart = new Date(Math.floor(t.clock.now().getTime() / MINUTE) * MINUTE - MINUTE);
    const runs = await t.handle.db
      .select()
      .from(jobRun)
      .where(and(eq(jobRun.job, 'withdrawal-auto-receipt'), eq(jobRun.periodKey, periodStart.toISOString())));
    expect(runs).toHaveLength(1);
    expect(runs[0]?.claimedBy).not.toBe('server-b');
    expect(runs[0]?.outcome).toMatchObject({ ok: true, autoReceived: 1 });
  });
});
