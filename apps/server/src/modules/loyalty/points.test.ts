import type { PointsEntry, PointsSummary } from '@platform/contract';
import { loyaltyCalls } from '@platform/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyPointsEntry } from '../../db/schema.js';
import { createMember, creditDeposit, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

let t: TestApp;
let requests = 0;
const requestId = () => `convert-${(requests += 1)}-${Math.random().toString(36).slice(2, 10)}`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const summary = (who: TestMember) =>
  t.call<PointsSummary>({ method: 'GET', url: '/wps/points', headers: who.auth });
const history = (who: TestMember, query = '') =>
  t.call<{ list: PointsEntry[]; totalCount: number; totalPages: number }>({
    method: 'GET',
    url: `/wps/points/history${query}`,
    headers: who.auth,
  });
const convert = (who: TestMember, payload: Record<string, unknown>) =>
  t.call<{ balance: number; amount: string }>({
    method: 'POST',
    url: '/wps/points/convert',
    headers: who.auth,
    payload,
  });
const mainBalance = (who: TestMember) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
const entries = async (who: TestMember) =>
  (
    await t.handle.db
      .select({ n: count() })
      .from(loyaltyPointsEntry)
      .where(eq(loyaltyPointsEntry.memberId, who.row.id))
  )[0]?.n ?? 0;
const grant = (who: TestMember, points: number) =>
  t.services.points.adjust(who.row.id, BigInt(points), `test:${who.row.id}:${Math.random()}`);
const withPaymentPassword = async () =>
  createMember(t, { paymentPasswordHash: await t.services.passwords.hash('Pay123456') });

describe('loyalty points', () => {
  it('refuses a visitor with 401 on every loyalty call', async () => {
    for (const call of Object.values(loyaltyCalls)) {
      const url = call.path.replace(':id', 'itm_demo1234').replace(':reference', 'RD0123456789ABCDEF');
      const answer = await t.call({
        method: call.method,
        url,
        ...(call.method === 'POST' ? { payload: {} } : {}),
      });
      expect(answer.status, `${call.method} ${call.path}`).toBe(401);
    }
  });

  it('earns points once per credited deposit, at the operator ratio', async () => {
    await t.services.settings.set('loyalty.earnRates', { deposit: 10, otherBets: 1, bets: {} });
    const who = await createMember(t);
    const depositId = await creditDeposit(t, who, '1200', 'points-deposit-0001');
    // 1,200.00 at 10 points per 100.00
    expect((await summary(who)).body).toMatchObject({ success: true, value: { balance: 120 } });
    // The same deposit heard again (a retried event) earns nothing more.
    await t.services.points.earnFromDeposit({
      memberId: who.row.id,
      amount: 120_000n,
      reference: depositId,
      at: t.clock.now(),
    });
    expect(await entries(who)).toBe(1);
    await t.services.settings.reset('loyalty.earnRates');
  });

  it('earns points on valid bets per category once, and only on what grew', async () => {
    await t.services.settings.set('loyalty.earnRates', { deposit: 1, otherBets: 1, bets: { SLOT: 5 } });
    const who = await createMember(t);
    const day = '2026-11-21';
    await t.services.turnoverAggregate.recordTurnover([
      { memberId: who.row.id, category: 'SLOT', day, validBet: 100_000n, payout: 0n },
      { memberId: who.row.id, category: 'LIVE', day, validBet: 100_000n, payout: 0n },
    ]);
    await Promise.all([t.services.points.accrueBets(), t.services.points.accrueBets()]);
    await t.services.points.accrueBets();
    // 1,000.00 of slots at 5 per 100.00 and 1,000.00 of live at 1 per 100.00
    expect((await summary(who)).body).toMatchObject({ value: { balance: 60 } });
    await t.services.turnoverAggregate.recordTurnover({
      memberId: who.row.id,
      category: 'SLOT',
      day,
      validBet: 50_000n,
      payout: 0n,
    });
    await t.services.points.accrueBets();
    await t.services.points.accrueBets();
    expect((await summary(who)).body).toMatchObject({ value: { balance: 85 } });
    expect(await entries(who)).toBe(3);
    await t.services.settings.reset('loyalty.earnRates');
  });

  it('lists the history newest first with current, changed and balance, paged', async () => {
    const who = await createMember(t);
    await grant(who, 300);
    await grant(who, -100);
    await grant(who, 50);
    const page = await history(who, '?pageNo=1&pageSize=2');
    expect(page.body).toMatchObject({
      success: true,
      value: { totalCount: 3, totalPages: 2 },
    });
    if (!page.body.success) throw new Error('history failed');
    expect(
      page.body.value.list.map(({ current, changed, balance }) => ({ current, changed, balance })),
    ).toEqual([
      { current: 200, changed: 50, balance: 250 },
      { current: 300, changed: -100, balance: 200 },
    ]);
    for (const query of ['?pageNo=0', '?pageSize=101', '?pageNo=x']) {
      const bad = await history(who, query);
      expect(bad.status, query).toBe(400);
    }
  });

  it('converts points to money once per request id, through the ledger', async () => {
    const who = await withPaymentPassword();
    await grant(who, 1_000);
    const body = { points: 250, paymentPassword: 'Pay123456', requestId: requestId() };
    const first = await convert(who, body);
    expect(first.body).toMatchObject({ success: true, value: { balance: 750, amount: '2.50' } });
    const again = await convert(who, body);
    expect(again.body).toMatchObject({ success: true, value: { balance: 750, amount: '2.50' } });
    expect(await mainBalance(who)).toBe(250n);
    expect(await entries(who)).toBe(2);
  });

  it('a wrong payment password changes nothing', async () => {
    const who = await withPaymentPassword();
    await grant(who, 1_000);
    const answer = await convert(who, { points: 500, paymentPassword: 'Wrong9999', requestId: requestId() });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 'INVALID_PAYMENT_PASSWORD' });
    expect((await summary(who)).body).toMatchObject({ value: { balance: 1_000 } });
    expect(await mainBalance(who)).toBe(0n);
    expect(await entries(who)).toBe(1);
  });

  it('refuses every bad conversion with the field and changes nothing', async () => {
    const who = await withPaymentPassword();
    await grant(who, 1_000);
    const ok = { points: 200, paymentPassword: 'Pay123456', requestId: requestId() };
    for (const [payload, field] of [
      [{ ...ok, points: 0 }, 'points'],
      [{ ...ok, points: -5 }, 'points'],
      [{ ...ok, points: 12.5 }, 'points'],
      [{ ...ok, points: '200' }, 'points'],
      [{ ...ok, points: 99 }, 'points'],
      [{ ...ok, requestId: 'short' }, 'requestId'],
      [{ points: 200, requestId: requestId() }, 'paymentPassword'],
      [{ ...ok, paymentPassword: 'x'.repeat(65) }, 'paymentPassword'],
    ] as const) {
      const answer = await convert(who, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    const tooMany = await convert(who, { ...ok, points: 5_000 });
    expect(tooMany.body).toMatchObject({ success: false, code: 'INSUFFICIENT_POINTS' });
    const noPassword = await createMember(t);
    await grant(noPassword, 1_000);
    const refused = await convert(noPassword, { ...ok, requestId: requestId() });
    expect(refused.body).toMatchObject({ success: false, code: 'PAYMENT_PASSWORD_REQUIRED' });
    expect((await summary(who)).body).toMatchObject({ value: { balance: 1_000 } });
    expect(await mainBalance(who)).toBe(0n);
    expect(await entries(who)).toBe(1);
  });

  it('a trial account may not convert', async () => {
    const trial = await createMember(t, { type: 4 });
    const answer = await convert(trial, {
      points: 200,
      paymentPassword: 'Pay123456',
      requestId: requestId(),
    });
    expect(answer.status).toBe(403);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('loyalty points under concurrency (PostgreSQL)', () => {
  it('converts once under concurrent requests with the same id, and never below zero', async () => {
    const who = await withPaymentPassword();
    await grant(who, 1_000);
    const same = { points: 400, paymentPassword: 'Pay123456', requestId: requestId() };
    const answers = await Promise.all(Array.from({ length: 6 }, () => convert(who, same)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await mainBalance(who)).toBe(400n);
    const distinct = await Promise.all(
      Array.from({ length: 6 }, () => convert(who, { ...same, requestId: requestId() })),
    );
    // 600 points left: one more conversion of 400 fits, the rest are refused.
    expect(distinct.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect((await summary(who)).body).toMatchObject({ value: { balance: 200 } });
    expect(await mainBalance(who)).toBe(800n);
  });
});
