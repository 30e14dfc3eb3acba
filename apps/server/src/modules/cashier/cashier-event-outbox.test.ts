import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cashierEvent, cashierEventDelivery, loyaltyPointsEntry, rewardGrant } from '../../db/schema.js';
import { createMember, creditDeposit } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { settings } = t.services;
  await settings.set('loyalty.earnRates', { deposit: 10, otherBets: 1, bets: {} });
  await settings.set('cashier.depositTurnoverMultiple', 0);
  await settings.set('promotion.welcomeBonus', { enabled: true, percent: 100, upTo: '300.00' });
  await settings.set('promotion.firstDepositBonus', { enabled: true, minDeposit: '100.00' });
});
afterAll(() => t.close());

const pointsOf = (memberId: bigint) =>
  t.handle.db.select().from(loyaltyPointsEntry).where(eq(loyaltyPointsEntry.memberId, memberId));
const grantsOf = (memberId: bigint) =>
  t.handle.db.select().from(rewardGrant).where(eq(rewardGrant.memberId, memberId));
const bonusOf = (memberId: bigint) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberBonus(memberId));
const deliveriesOf = async (reference: string) => {
  const [event] = await t.handle.db.select().from(cashierEvent).where(eq(cashierEvent.reference, reference));
  if (!event) return null;
  const rows = await t.handle.db
    .select({ consumer: cashierEventDelivery.consumer })
    .from(cashierEventDelivery)
    .where(eq(cashierEventDelivery.eventId, event.id));
  return rows.map((row) => row.consumer).sort();
};

describe('the cashier event outbox (ADR 082)', () => {
  it('a deposit credited while its listeners were away earns its points and bonus once the job runs, once', async () => {
    const who = await createMember(t);
    // The points and the bonus listeners are away (a crash between the commit and them, as far as
    // the deposit can tell): the money is credited all the same.
    const points = vi.spyOn(t.services.points, 'earnFromDeposit').mockRejectedValue(new Error('away'));
    const bonus = vi.spyOn(t.services.autoRewards, 'onDepositCredited').mockRejectedValue(new Error('away'));
    const reference = await creditDeposit(t, who, '1200', 'outbox-deposit-0001');
    points.mockRestore();
    bonus.mockRestore();
    expect(await pointsOf(who.row.id)).toEqual([]);
    expect(await grantsOf(who.row.id)).toEqual([]);
    // The event is on record with the money; only the message was delivered.
    expect(await deliveriesOf(reference)).toEqual(['messages']);

    // Not before a minute: the inline delivery may still be on its way.
    await t.services.scheduler.runDue();
    expect(await pointsOf(who.row.id)).toEqual([]);

    t.clock.advance(2 * 60_000);
    await t.services.scheduler.runDue();
    // 1,200.00 at 10 points per 100.00; the welcome bonus 100 % capped at 300.00.
    expect((await pointsOf(who.row.id)).map((row) => row.changed)).toEqual([120n]);
    expect(await grantsOf(who.row.id)).toMatchObject([{ kind: 'first-deposit', amount: 30_000n }]);
    expect(await bonusOf(who.row.id)).toBe(30_000n);
    expect(await deliveriesOf(reference)).toEqual(['loyalty-points', 'messages', 'rewards']);

    // Later runs (and a repeated delivery) move nothing more.
    t.clock.advance(2 * 60_000);
    await t.services.scheduler.runDue();
    expect(await pointsOf(who.row.id)).toHaveLength(1);
    expect(await grantsOf(who.row.id)).toHaveLength(1);
    expect(await bonusOf(who.row.id)).toBe(30_000n);
  });

  it('a deposit whose listeners heard it at once is not delivered again', async () => {
    const who = await createMember(t);
    const earn = vi.spyOn(t.services.points, 'earnFromDeposit');
    const reference = await creditDeposit(t, who, '500', 'outbox-deposit-0002');
    expect(earn).toHaveBeenCalledTimes(1);
    expect(await deliveriesOf(reference)).toEqual(['loyalty-points', 'messages', 'rewards']);
    t.clock.advance(2 * 60_000);
    await t.services.scheduler.runDue();
    expect(earn).toHaveBeenCalledTimes(1);
    earn.mockRestore();
    expect((await pointsOf(who.row.id)).map((row) => row.changed)).toEqual([50n]);
  });
});
