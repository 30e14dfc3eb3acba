import { accountTypes, type LotteryFollowAnswer, type LotteryFollowDetail } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedMember, lotteryPeriodNow, type TestMember } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { accountCodes } from '../../wallet/index.js';

/** What an attacker tries on the follow routes: duplicates at once, another's chain, a trial account. */
describe('follow bets under attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.handle.db.execute(sql`update lottery_game set enabled = (code = 'SSC-1')`);
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '10000.00',
      maxPayoutPerPeriod: '10000000.00',
      maxPayoutPerNumber: '1000000.00',
    });
    const now = t.clock.now().getTime();
    t.clock.set(new Date(Math.floor(now / 60_000) * 60_000 + 60_100));
    await t.services.lotteryEngine.tick();
  });
  afterAll(() => t.close());

  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const follow = async (who: TestMember, requestId: string, extra: Record<string, unknown> = {}) =>
    t.call<LotteryFollowAnswer>({
      method: 'POST',
      url: '/wps/lottery/follows',
      headers: who.auth,
      payload: {
        gameCode: 'SSC-1',
        periodNo: await lotteryPeriodNow(t, 'SSC-1'),
        bets: [{ betType: 'size', selection: ['sum', 'big'], stake: '2.00' }],
        periods: 3,
        stopOnWin: false,
        requestId,
        ...extra,
      },
    });

  it('ten identical creates at once make one chain and pay once, each answering it', async () => {
    const who = await createFundedMember(t, '100.00');
    const answers = await Promise.all(Array.from({ length: 10 }, () => follow(who, 'dup-follow-0001')));
    const ids = new Set(
      answers.map((answer) => (answer.body.success ? answer.body.value.follow.followId : 'refused')),
    );
    expect([...ids]).toHaveLength(1);
    expect(ids.has('refused')).toBe(false);
    expect(await balance(who)).toBe(9_400n);
  });

  it("another member's chain is not found, to read or to cancel", async () => {
    const owner = await createFundedMember(t, '100.00');
    const other = await createFundedMember(t, '100.00');
    const made = await follow(owner, 'idor-follow-0001');
    if (!made.body.success) throw new Error(JSON.stringify(made.body));
    const id = made.body.value.follow.followId;
    const read = await t.call<LotteryFollowDetail>({
      method: 'GET',
      url: `/wps/lottery/follows/${id}`,
      headers: other.auth,
    });
    expect(read.status).toBe(404);
    const cancel = await t.call({
      method: 'POST',
      url: `/wps/lottery/follows/${id}/cancel`,
      headers: other.auth,
    });
    expect(cancel.status).toBe(404);
    expect(await balance(owner)).toBe(9_400n);
  });

  it('ten cancels at once refund the unplaced periods once', async () => {
    const who = await createFundedMember(t, '100.00');
    const made = await follow(who, 'dup-cancel-0001');
    if (!made.body.success) throw new Error(JSON.stringify(made.body));
    const id = made.body.value.follow.followId;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.call({ method: 'POST', url: `/wps/lottery/follows/${id}/cancel`, headers: who.auth }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    // 6.00 paid for three periods, the first placed: 4.00 back, once.
    expect(await balance(who)).toBe(9_800n);
  });

  it('a trial account, a visitor and silly amounts are refused and move nothing', async () => {
    const trial = await createFundedMember(t, '100.00', { type: accountTypes.trial });
    expect((await follow(trial, 'trial-follow-0001')).status).toBe(403);
    const visitor = await t.call({ method: 'POST', url: '/wps/lottery/follows', payload: {} });
    expect(visitor.status).toBe(401);
    const who = await createFundedMember(t, '100.00');
    for (const stake of ['-2.00', '0.00', '2.001', '1e9', '99999999999999999999.00']) {
      const answer = await follow(who, `amount-${stake}`, {
        bets: [{ betType: 'size', selection: ['sum', 'big'], stake }],
      });
      expect(answer.status, stake).toBeGreaterThanOrEqual(400);
      expect(answer.status, stake).toBeLessThan(500);
    }
    for (const periods of [0, 1, -3, 2.5, 100_000]) {
      const answer = await follow(who, `periods-${periods}`, { periods });
      expect(answer.status, String(periods)).toBe(400);
    }
    expect((await follow(who, 'x'.repeat(5000))).status).toBe(400);
    expect(await balance(who)).toBe(10_000n);
  });
});
