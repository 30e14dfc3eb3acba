import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cashierEvent,
  cashierEventDelivery,
  loyaltyPointsEntry,
  memberMessage,
  rewardGrant,
} from '../../db/schema.js';
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

  it('a message delivered again (its acknowledgement lost in a crash) is not sent twice', async () => {
    const who = await createMember(t);
    const reference = await creditDeposit(t, who, '700', 'outbox-message-0001');
    const messagesOf = () =>
      t.handle.db.select().from(memberMessage).where(eq(memberMessage.memberId, who.row.id));
    expect(await messagesOf()).toHaveLength(1);
    // The message was written, then the server died before recording that: the job delivers it again.
    const [event] = await t.handle.db
      .select()
      .from(cashierEvent)
      .where(eq(cashierEvent.reference, reference));
    await t.handle.db
      .delete(cashierEventDelivery)
      .where(
        sql`${cashierEventDelivery.eventId} = ${event?.id ?? 0n} and ${cashierEventDelivery.consumer} = 'messages'`,
      );
    t.clock.advance(2 * 60_000);
    await t.services.scheduler.runDue();
    expect(await deliveriesOf(reference)).toEqual(['loyalty-points', 'messages', 'rewards']);
    expect(await messagesOf()).toHaveLength(1);
  });

  it('the retention sweep deletes the events every consumer handled once past the window, never an unhandled one (ADR 085)', async () => {
    const who = await createMember(t);
    const handled = await creditDeposit(t, who, '200', 'outbox-retain-0001');
    // A points listener that never comes back: its event must outlive the window.
    const points = vi.spyOn(t.services.points, 'earnFromDeposit').mockRejectedValue(new Error('away'));
    const unhandled = await creditDeposit(t, who, '300', 'outbox-retain-0002');
    expect(await deliveriesOf(handled)).toEqual(['loyalty-points', 'messages', 'rewards']);
    expect(await deliveriesOf(unhandled)).toEqual(['messages', 'rewards']);

    // Inside the window nothing goes, handled or not.
    t.clock.advance(6 * 24 * 3_600_000);
    await t.services.scheduler.runDue();
    expect(await deliveriesOf(handled)).not.toBeNull();

    t.clock.advance(24 * 3_600_000 + 2 * 3_600_000);
    // A member signed in now (the first one's session has long expired).
    const recent = await creditDeposit(t, await createMember(t), '400', 'outbox-retain-0003');
    await t.services.scheduler.runDue();
    points.mockRestore();
    // The handled one and its deliveries are gone (the cascade leaves no orphan delivery).
    expect(await deliveriesOf(handled)).toBeNull();
    const orphans = (await t.handle.db.execute(
      sql`select count(*)::int as n from cashier_event_delivery d
          where not exists (select 1 from cashier_event e where e.id = d.event_id)`,
    )) as unknown as { rows: { n: number }[] };
    expect(orphans.rows[0]).toEqual({ n: 0 });
    // The one the points never acknowledged stays, for the operator; the recent one too.
    expect(await deliveriesOf(unhandled)).toEqual(['messages', 'rewards']);
    expect(await deliveriesOf(recent)).toEqual(['messages', 'rewards']);
  });
});
