import type { LotteryPeriod, VnResultEntry } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/database-digest.js';
import {
  createAdmin,
  createFundedMember,
  placeLotterySlip,
  type TestAdmin,
  type TestMember,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { accountCodes } from '../../wallet/index.js';

/**
 * Betting on a daily draw closes 15 minutes before the state lottery draws (ADR 060); the result exists
 * only from the draw time on. VN-MN-D closes at 09:00 UTC and draws at 09:15 UTC; the harness's clock
 * starts at 08:00 UTC on 21 November 2026, so its period is 20261121-0001.
 */
const GAME = 'VN-MN-D';
const PERIOD = '20261121-0001';
const DRAW_AT = '2026-11-21T09:15:00.000Z';
const SOUTH = [
  ['123456'],
  ['11111'],
  ['22256'],
  ['33333', '44444'],
  ['50001', '50002', '50003', '50004', '50005', '50006', '50056'],
  ['7777'],
  ['1056', '2056', '3099'],
  ['456'],
  ['56'],
];
const TIERS_ARG = SOUTH.map((tier) => tier.join(',')).join('/');

describe('a daily VN result before its draw time', () => {
  let t: TestApp;
  let first: TestAdmin;
  let second: TestAdmin;
  let who: TestMember;
  const balance = () => t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const at = async (iso: string) => {
    t.clock.set(new Date(iso));
    await t.services.lotteryEngine.tick();
  };
  const enter = (admin: TestAdmin) =>
    t.call<VnResultEntry>({
      method: 'POST',
      url: '/wps/admin/lottery/vn/results',
      headers: admin.headers,
      payload: { gameCode: GAME, periodNo: PERIOD, tiers: SOUTH },
    });
  const confirm = (admin: TestAdmin) =>
    t.call<VnResultEntry>({
      method: 'POST',
      url: '/wps/admin/lottery/vn/results/confirm',
      headers: admin.headers,
      payload: { gameCode: GAME, periodNo: PERIOD },
    });
  const tool = (actor: string, ...args: string[]) =>
    t.services.operator.run(['lottery', 'vn', ...args], actor);
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
    first = await createAdmin(t, 'owner');
    second = await createAdmin(t, 'owner');
    who = await createFundedMember(t, '100.00');
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
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the entry between the cut-off and the draw time, naming the draw time, and stores nothing', async () => {
    await at('2026-11-21T09:00:01Z');
    expect(await period()).toMatchObject({ status: 'closed', drawAt: DRAW_AT });
    for (const moment of ['2026-11-21T09:00:01Z', '2026-11-21T09:14:59Z']) {
      await at(moment);
      const before = await databaseDigest(t);
      const refused = await enter(first);
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ success: false, code: 'INVALID_STATE' });
      expect(refused.body).toMatchObject({ details: { drawAt: DRAW_AT } });
      const byTool = await tool('cli:ana', 'enter', GAME, PERIOD, TIERS_ARG);
      expect(byTool.exitCode).toBe(1);
      expect(byTool.output).toContain(DRAW_AT);
      expect(await databaseDigest(t)).toBe(before);
    }
    expect((await tool('cli:ana', 'show', GAME, PERIOD)).output).toBe('no result entered');
  });

  it('takes the entry at the draw time', async () => {
    await at(DRAW_AT);
    const entered = await enter(first);
    expect(entered.body).toMatchObject({ success: true, value: { revision: 0, state: 'entered' } });
  });

  it('refuses the confirmation one second before the draw time, moving nothing, and settles at it', async () => {
    // An entry made before this rule existed, or on a server whose clock ran ahead, still waits: the
    // confirming server's clock decides whether the result may pay out.
    await at('2026-11-21T09:14:59Z');
    const before = await databaseDigest(t);
    const refused = await confirm(second);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'INVALID_STATE' });
    expect(refused.body).toMatchObject({ details: { drawAt: DRAW_AT } });
    const byTool = await tool('cli:bao', 'confirm', GAME, PERIOD);
    expect(byTool.exitCode).toBe(1);
    expect(byTool.output).toContain(DRAW_AT);
    expect(await databaseDigest(t)).toBe(before);
    expect(await balance()).toBe(98_00n);
    expect((await period()).status).toBe('closed');

    await at(DRAW_AT);
    const confirmed = await confirm(second);
    expect(confirmed.body).toMatchObject({ success: true, value: { state: 'confirmed' } });
    expect(await period()).toMatchObject({ status: 'settled', state: 'settled' });
    expect(await balance()).toBeGreaterThan(98_00n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });
});
