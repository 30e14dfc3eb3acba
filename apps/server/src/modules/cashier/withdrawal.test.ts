import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Withdrawal, WithdrawInfo } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { turnoverRequirement, withdrawal } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { bearer, createMember, logIn, strayHouseMoney, type TestMember } from '../../test/factories.js';
import { accountCodes } from '../wallet/index.js';
import {
  balances,
  bindAccount,
  fund,
  newRequestId,
  PAYMENT_PASSWORD,
  readyMember,
  REAL_NAME,
  requestWithdrawal,
} from './withdrawal-test-support.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = async (who: TestMember) =>
  t.handle.db.select().from(withdrawal).where(eq(withdrawal.memberId, who.row.id));
const info = async (who: TestMember) => {
  const response = await t.call<WithdrawInfo>({
    method: 'GET',
    url: '/wps/cashier/withdraw-info',
    headers: who.auth,
  });
  if (!response.body.success) throw new Error(`withdraw-info failed: ${JSON.stringify(response.body)}`);
  return response.body.value;
};
const list = (who: TestMember, query = '') =>
  t.call<Page<Withdrawal>>({ method: 'GET', url: `/wps/cashier/withdrawals${query}`, headers: who.auth });

describe('GET /wps/cashier/withdraw-info', () => {
  it('tells what can be withdrawn and what is missing', async () => {
    const who = await createMember(t);
    expect(await info(who)).toEqual({
      withdrawable: '0.00',
      minAmount: '100.00',
      maxAmount: '50000.00',
      turnover: { required: '0.00', wagered: '0.00', remaining: '0.00' },
      hasPaymentPassword: false,
      requireRealName: true,
      realName: null,
      bankAccounts: [],
    });
    const { who: ready, account } = await readyMember(t, '1234.50');
    expect(await info(ready)).toMatchObject({
      withdrawable: '1234.50',
      hasPaymentPassword: true,
      realName: REAL_NAME,
      bankAccounts: [account],
    });
  });

  it('shows the turnover still to be wagered', async () => {
    const { who } = await readyMember(t);
    await t.handle.db
      .insert(turnoverRequirement)
      .values({ memberId: who.row.id, source: 'deposit', required: 50_000n, createdAt: t.clock.now() });
    expect((await info(who)).turnover).toEqual({ required: '500.00', wagered: '0.00', remaining: '500.00' });
  });

  it('needs a session', async () => {
    expect((await t.call({ method: 'GET', url: '/wps/cashier/withdraw-info' })).status).toBe(401);
  });
});

describe('POST /wps/cashier/withdrawals', () => {
  it('holds the money and records a pending withdrawal', async () => {
    const { who, account } = await readyMember(t, '1000.00');
    const created = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '250.75' });
    expect(created.status).toBe(200);
    if (!created.body.success) throw new Error('request failed');
    expect(created.body.value).toMatchObject({
      amount: '250.75',
      status: 'pending',
      bankAccount: account,
      payoutReference: null,
      reason: null,
      forcedReceipt: false,
      paidAt: null,
      autoReceiptAt: null,
      createdAt: t.clock.now().toISOString(),
    });
    expect(created.body.value.id).toMatch(/^wdr_/);
    expect(await balances(t, who)).toEqual({ main: '749.25', held: '250.75' });
    expect((await info(who)).withdrawable).toBe('749.25');
    const page = await list(who);
    expect(page.body).toMatchObject({ success: true, value: { totalCount: 1, list: [created.body.value] } });

    // The books agree: the held account holds the pending withdrawal, and the reconciliation names it
    // when it holds anything else.
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    const held = accountCodes.memberHeld(who.row.id);
    await strayHouseMoney(t, `test-stray-in:${who.row.id}`, held, 1_00n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([
      { kind: 'holding_mismatch', account: held, balance: 251_75n, owed: 250_75n },
    ]);
    await strayHouseMoney(t, `test-stray-out:${who.row.id}`, held, -1_00n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('answers a repeated requestId with the same withdrawal and holds once', async () => {
    const { who, account } = await readyMember(t, '1000.00');
    const requestId = newRequestId();
    const first = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '300.00', requestId });
    const again = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '300.00', requestId });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await rowsOf(who)).toHaveLength(1);
    expect(await balances(t, who)).toEqual({ main: '700.00', held: '300.00' });
    // The same id for another amount or another account is refused, not answered with the first.
    const otherAmount = await requestWithdrawal(t, who, {
      bankAccountId: account.id,
      amount: '301.00',
      requestId,
    });
    expect(otherAmount.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_CONFLICT' });
    const second = await bindAccount(t, who, { accountNumber: '5550001111' });
    const otherAccount = await requestWithdrawal(t, who, {
      bankAccountId: second.id,
      amount: '300.00',
      requestId,
    });
    expect(otherAccount.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_CONFLICT' });
    expect(await rowsOf(who)).toHaveLength(1);
    expect(await balances(t, who)).toEqual({ main: '700.00', held: '300.00' });
  });

  it('refuses more than the main balance, and held money cannot be spent again', async () => {
    const { who, account } = await readyMember(t, '500.00');
    const tooMuch = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '500.01' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    // The ledger's account code (with our internal ids) stays inside.
    expect(JSON.stringify(tooMuch.body)).not.toContain('member:');
    expect(await rowsOf(who)).toHaveLength(0);

    expect((await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '400.00' })).status).toBe(
      200,
    );
    const twice = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '200.00' });
    expect(twice.body).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    await expect(
      t.services.ledger.transferNow({
        idempotencyKey: `test-bet:${who.row.id}`,
        kind: 'bet',
        currency: 'REAL',
        legs: [
          { account: accountCodes.memberMain(who.row.id), amount: -20_000n },
          { account: accountCodes.house, amount: 20_000n },
        ],
        actor: 'system:test',
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await balances(t, who)).toEqual({ main: '100.00', held: '400.00' });
    expect(await rowsOf(who)).toHaveLength(1);
  });

  it('holds once when the same request arrives several times at once', async () => {
    const { who, account } = await readyMember(t, '1000.00');
    const requestId = newRequestId();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        requestWithdrawal(t, who, { bankAccountId: account.id, amount: '200.00', requestId }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((answer) => (answer.body.success ? answer.body.value.id : null)));
    expect(ids.size).toBe(1);
    expect(await rowsOf(who)).toHaveLength(1);
    expect(await balances(t, who)).toEqual({ main: '800.00', held: '200.00' });
  });

  it('never holds more than the balance when requests race', async () => {
    const { who, account } = await readyMember(t, '1000.00');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        requestWithdrawal(t, who, { bankAccountId: account.id, amount: '300.00' }),
      ),
    );
    const codes = answers.map((answer) => (answer.body.success ? 'ok' : answer.body.code)).sort();
    expect(codes).toEqual(['INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS', 'ok', 'ok', 'ok']);
    expect(await rowsOf(who)).toHaveLength(3);
    expect(await balances(t, who)).toEqual({ main: '100.00', held: '900.00' });
  });

  it.each([
    ['negative', '-100.00'],
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['more than 2 decimals', '100.001'],
    ['huge', '99999999999999999999'],
    ['non-numeric', 'abc'],
    ['a number instead of a string', 150],
    ['exponent notation', '1e5'],
    ['empty', ''],
  ])('refuses a %s amount and changes nothing', async (_label, amount) => {
    const { who, account } = await readyMember(t, '1000.00');
    const refused = await requestWithdrawal(t, who, { bankAccountId: account.id, amount });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    if (!refused.body.success) expect(refused.body.issues?.map((issue) => issue.path)).toContain('amount');
    expect(await rowsOf(who)).toHaveLength(0);
    expect(await balances(t, who)).toEqual({ main: '1000.00', held: '0.00' });
  });

  it.each([
    ['below the minimum', '99.99'],
    ['above the maximum', '50000.01'],
  ])('refuses an amount %s with the limits', async (_label, amount) => {
    const { who, account } = await readyMember(t, '60000.00');
    const refused = await requestWithdrawal(t, who, { bankAccountId: account.id, amount });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'AMOUNT_OUT_OF_RANGE',
      details: { min: '100.00', max: '50000.00' },
    });
    expect(await balances(t, who)).toEqual({ main: '60000.00', held: '0.00' });
  });

  it('accepts exactly the minimum and exactly the maximum', async () => {
    const { who, account } = await readyMember(t, '50100.00');
    expect((await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '100' })).status).toBe(200);
    expect((await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '50000.00' })).status).toBe(
      200,
    );
    expect(await balances(t, who)).toEqual({ main: '0.00', held: '50100.00' });
  });

  it("refuses another member's bank account as not found", async () => {
    const { who } = await readyMember(t);
    const { account: theirs } = await readyMember(t);
    const refused = await requestWithdrawal(t, who, { bankAccountId: theirs.id, amount: '100.00' });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const unknown = await requestWithdrawal(t, who, { bankAccountId: 'bnk_doesnotexist', amount: '100.00' });
    expect(unknown.status).toBe(404);
    expect(await balances(t, who)).toEqual({ main: '1000.00', held: '0.00' });
  });

  it('refuses while turnover remains', async () => {
    const { who, account } = await readyMember(t);
    await t.handle.db
      .insert(turnoverRequirement)
      .values({ memberId: who.row.id, source: 'deposit', required: 12_345n, createdAt: t.clock.now() });
    const refused = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '100.00' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'TURNOVER_NOT_MET',
      details: { remaining: '123.45' },
    });
    expect(await balances(t, who)).toEqual({ main: '1000.00', held: '0.00' });
  });

  it('asks for a payment password to be set first', async () => {
    const who = await createMember(t, { payeeName: REAL_NAME });
    const account = await bindAccount(t, who);
    await fund(t, who, '500.00');
    const refused = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '100.00' });
    expect(refused.body).toMatchObject({ success: false, code: 'PAYMENT_PASSWORD_REQUIRED' });
    expect(await balances(t, who)).toEqual({ main: '500.00', held: '0.00' });
  });

  it('refuses a wrong payment password, and locks after 5 wrong ones in an hour', async () => {
    const { who, account } = await readyMember(t);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await requestWithdrawal(t, who, {
        bankAccountId: account.id,
        amount: '100.00',
        paymentPassword: '000000',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        success: false,
        code: 'INVALID_PAYMENT_PASSWORD',
        details: { attemptsLeft: 5 - attempt },
      });
      t.clock.advance(60_000);
    }
    const locked = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '100.00' });
    expect(locked.status).toBe(403);
    // The first failure leaves the hour 55 minutes from now (5 one-minute steps since it).
    expect(locked.body).toMatchObject({
      success: false,
      code: 'ACCOUNT_LOCKED',
      details: { retryAfterSeconds: 55 * 60 },
    });
    expect(await balances(t, who)).toEqual({ main: '1000.00', held: '0.00' });

    t.clock.advance(55 * 60_000);
    const fresh = { ...who, auth: bearer(await logIn(t, who.row.id)) };
    expect((await requestWithdrawal(t, fresh, { bankAccountId: account.id, amount: '100.00' })).status).toBe(
      200,
    );
  });

  it('lifts the lock when the member sets a new payment password with the login password', async () => {
    const { who, account } = await readyMember(t);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await requestWithdrawal(t, who, {
        bankAccountId: account.id,
        amount: '100.00',
        paymentPassword: '999999',
      });
    }
    expect(
      (await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '100.00' })).body,
    ).toMatchObject({
      code: 'ACCOUNT_LOCKED',
    });
    t.clock.advance(1_000);
    const reset = await t.call({
      method: 'POST',
      url: '/wps/cashier/payment-password',
      headers: who.auth,
      payload: {
        loginPassword: who.password,
        newPaymentPassword: '864209',
        confirmPaymentPassword: '864209',
      },
    });
    expect(reset.status).toBe(200);
    const retried = await requestWithdrawal(t, who, {
      bankAccountId: account.id,
      amount: '100.00',
      paymentPassword: '864209',
    });
    expect(retried.status).toBe(200);
  });

  it('refuses an empty payment password without counting it', async () => {
    const { who, account } = await readyMember(t);
    const refused = await requestWithdrawal(t, who, {
      bankAccountId: account.id,
      amount: '100.00',
      paymentPassword: ' ',
    });
    expect(refused.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'paymentPassword', message: 'validation.required' }],
    });
    const wrong = await requestWithdrawal(t, who, {
      bankAccountId: account.id,
      amount: '100.00',
      paymentPassword: '1',
    });
    expect(wrong.body).toMatchObject({ details: { attemptsLeft: 4 } });
  });

  it.each([
    ['a missing requestId', { requestId: undefined }, 'requestId'],
    ['a short requestId', { requestId: 'abc' }, 'requestId'],
    ['a requestId with spaces', { requestId: 'has spaces here' }, 'requestId'],
    ['a missing bank account', { bankAccountId: undefined }, 'bankAccountId'],
    ['a missing payment password', { paymentPassword: undefined }, 'paymentPassword'],
  ])('refuses %s', async (_label, change, path) => {
    const { who, account } = await readyMember(t);
    const refused = await t.call({
      method: 'POST',
      url: '/wps/cashier/withdrawals',
      headers: who.auth,
      payload: {
        bankAccountId: account.id,
        amount: '100.00',
        paymentPassword: PAYMENT_PASSWORD,
        requestId: newRequestId(),
        ...change,
      },
    });
    expect(refused.status).toBe(400);
    if (!refused.body.success) expect(refused.body.issues?.map((issue) => issue.path)).toContain(path);
    expect(await balances(t, who)).toEqual({ main: '1000.00', held: '0.00' });
  });

  it('refuses trial accounts before anything else, and callers without a session', async () => {
    const trial = await createMember(t, { type: 4 });
    const refused = await requestWithdrawal(t, trial, { bankAccountId: 'bnk_x', amount: '100.00' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'NEED_REAL_ACCOUNT' });
    const anonymous = await t.call({
      method: 'POST',
      url: '/wps/cashier/withdrawals',
      payload: {
        bankAccountId: 'bnk_x',
        amount: '100.00',
        paymentPassword: '123456',
        requestId: newRequestId(),
      },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /wps/cashier/withdrawals', () => {
  it("lists the member's own, newest first, paged and filtered by status", async () => {
    const { who, account } = await readyMember(t, '1000.00');
    const ids: string[] = [];
    for (const amount of ['100.00', '110.00', '120.00']) {
      const created = await requestWithdrawal(t, who, { bankAccountId: account.id, amount });
      if (created.body.success) ids.push(created.body.value.id);
      t.clock.advance(1_000);
    }
    const { who: other, account: otherAccount } = await readyMember(t);
    await requestWithdrawal(t, other, { bankAccountId: otherAccount.id, amount: '100.00' });

    const first = await list(who, '?pageSize=2');
    expect(first.body).toMatchObject({
      success: true,
      value: { pageNo: 1, pageSize: 2, totalCount: 3, totalPages: 2 },
    });
    if (first.body.success) expect(first.body.value.list.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    const second = await list(who, '?pageSize=2&pageNo=2');
    if (second.body.success) expect(second.body.value.list.map((item) => item.id)).toEqual([ids[0]]);
    const pending = await list(who, '?status=pending');
    expect(pending.body).toMatchObject({ value: { totalCount: 3 } });
    const paid = await list(who, '?status=paid');
    expect(paid.body).toMatchObject({ value: { totalCount: 0, list: [] } });
    expect((await list(who, '?status=bogus')).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await list(who, '?pageSize=0')).body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await list(who, '?pageNo=-1')).body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
