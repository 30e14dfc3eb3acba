import type { LotteryPeriod, VnResultEntry } from '@platform/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotteryBet } from '../../../db/schema.js';
import {
  createAdmin,
  createFundedMember,
  placeLotterySlip,
  type TestMember,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { accountCodes } from '../../wallet/index.js';

/**
 * The rule for a daily draw whose result never comes (ADR 063). VN-MN-D draws at 09:15 UTC; the
 * harness's clock starts at 08:00 UTC on 21 November 2026, so its period is 20261121-0001.
 */
const GAME = 'VN-MN-D';
const PERIOD = '20261121-0001';

describe('a daily draw with no confirmed result', () => {
  let t: TestApp;
  let who: TestMember;
  const balance = () => t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const at = async (iso: string) => {
    t.clock.set(new Date(iso));
    await t.services.lotteryEngine.tick();
    return t.services.lotteryVnResults.voidOverdue();
  };
  const period = async () => {
    const { body } = await t.call<LotteryPeriod>({
      method: 'GET',
      url: `/wps/lottery/games/${GAME}/periods/${PERIOD}`,
    });
    if (!body.success) throw new Error('refused');
    return body.value;
  };

  beforeAll(async () => {
    t = await createTestApp();
    // The draws are hours apart: staff sessions here outlast the default idle time and shift.
    await t.services.settings.set('staff.sessionIdleMinutes', 8 * 60);
    await t.services.settings.set('staff.shiftHours', 24);
    await t.handle.db.execute(sql`update lottery_game set enabled = (code = ${GAME})`);
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '10000.00',
      maxPayoutPerPeriod: '10000000.00',
      maxPayoutPerNumber: '1000000.00',
    });
    who = await createFundedMember(t, '100.00');
  });
  afterAll(async () => {
    await t.close();
  });

  it('waits for its operators until the set hours have passed, then is cancelled and every bet refunded once', async () => {
    const placed = await placeLotterySlip(
      t,
      who,
      GAME,
      [{ betType: 'de', selection: ['56'], stake: '2.00' }],
      {
        periodNo: PERIOD,
      },
    );
    expect(placed.body).toMatchObject({ success: true, value: { balance: '98.00' } });
    // An entry waiting for its second operator does not keep the period alive past the rule.
    const admin = await createAdmin(t, 'owner');
    expect(await at('2026-11-21T09:30:00Z')).toBe(0);
    const entered = await t.call<VnResultEntry>({
      method: 'POST',
      url: '/wps/admin/lottery/vn/results',
      headers: admin.headers,
      payload: {
        gameCode: GAME,
        periodNo: PERIOD,
        tiers: [
          ['123456'],
          ['11111'],
          ['22256'],
          ['33333', '44444'],
          ['50001', '50002', '50003', '50004', '50005', '50006', '50056'],
          ['7777'],
          ['1056', '2056', '3099'],
          ['456'],
          ['56'],
        ],
      },
    });
    expect(entered.status).toBe(200);

    // 23 h 59 min after the draw (default 24 h): still awaiting.
    expect(await at('2026-11-22T09:14:00Z')).toBe(0);
    expect(await period()).toMatchObject({ status: 'closed', state: 'awaiting' });
    expect(await balance()).toBe(98_00n);

    // The hours are the operator's: at 48 the period still waits a day on.
    await t.services.settings.set('lottery.enteredResultVoidHours', 48);
    expect(await at('2026-11-22T09:15:01Z')).toBe(0);
    await t.services.settings.set('lottery.enteredResultVoidHours', 24);
    // Past 24 h: cancelled by the engine's void path, the stake back, once.
    expect(await at('2026-11-22T09:15:02Z')).toBe(1);
    expect(await period()).toMatchObject({
      status: 'cancelled',
      state: 'cancelled',
      cancelReason: 'no official result 24 h after the draw',
    });
    expect(await balance()).toBe(100_00n);
    const [bet] = await t.handle.db.select().from(lotteryBet).where(eq(lotteryBet.memberId, who.row.id));
    expect(bet).toMatchObject({ status: 'refunded', win: 2_00n });
    expect(await at('2026-11-22T09:20:00Z')).toBe(0);
    expect(await balance()).toBe(100_00n);

    // The waiting entry can no longer be confirmed.
    const other = await createAdmin(t, 'owner');
    const confirm = await t.call({
      method: 'POST',
      url: '/wps/admin/lottery/vn/results/confirm',
      headers: other.headers,
      payload: { gameCode: GAME, periodNo: PERIOD },
    });
    expect(confirm.body).toMatchObject({ success: false, code: 'INVALID_STATE' });
    expect(await balance()).toBe(100_00n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });
});
