import { parseMoney, type VnGameMenu, type VnOpenedGame, type VnResultRow } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/database-digest.js';
import { createFundedMember, lotteryPeriodNow, placeLotterySlip } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { accountCodes } from '../../wallet/index.js';
import { DEFAULT_VN_ODDS, settleVnBet } from './bets.js';
import { validateVnResult } from './validate.js';

/** The VN calls over the engine: menus by region, the open game, results as tiers, a lô settled. */
describe('the Vietnamese lottery calls', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    // the VN games and one electronic game (which the VN calls must not answer for)
    await t.handle.db.execute(sql`update lottery_game set enabled = (code like 'VN-%' or code = 'SSC-1')`);
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '10000.00',
      maxPayoutPerPeriod: '10000000.00',
      maxPayoutPerNumber: '1000000.00',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the VN games by region', async () => {
    const { status, body } = await t.call<VnGameMenu>({ method: 'GET', url: '/lgw/vn/games/game_menu' });
    expect(status).toBe(200);
    if (!body.success) throw new Error('refused');
    expect(body.value.regions.map((entry) => entry.region)).toEqual(['north', 'central', 'south']);
    expect(body.value.regions[0]?.games).toEqual([
      {
        gameCode: 'VN-MB-1',
        gameName: 'Miền Bắc 1 phút',
        region: 'north',
        kind: 'fast',
        intervalSeconds: 60,
        drawTime: null,
      },
      {
        gameCode: 'VN-MB-D',
        gameName: 'Miền Bắc hằng ngày',
        region: 'north',
        kind: 'daily',
        intervalSeconds: 86_400,
        drawTime: '18:15',
      },
    ]);
    expect(JSON.stringify(body.value)).not.toContain('SSC-1');
  });

  it('answers the open game with its period, odds and limits', async () => {
    const { body } = await t.call<VnOpenedGame>({
      method: 'GET',
      url: '/lgw/vn/numeros/opened/game?gameCode=VN-MN-3',
    });
    if (!body.success) throw new Error('refused');
    expect(body.value.game.region).toBe('south');
    expect(body.value.period.state).toBe('open');
    expect(body.value.odds.lo2).toEqual({ '': '95' });
    expect(body.value.odds['lo-truot']).toEqual({ '4': '1.95', '8': '4', '10': '5.6' });
    expect(body.value.minBet).toBe('1.00');
    expect(body.value.last).toBeNull();
  });

  it('refuses a game that is not a VN game, an unknown one and a bad count, changing nothing', async () => {
    const before = await databaseDigest(t);
    for (const url of [
      '/lgw/vn/numeros/opened/game?gameCode=SSC-1',
      '/lgw/vn/numeros/opened/game?gameCode=NOPE',
      '/lgw/vn/numeros?gameCode=SSC-1',
    ]) {
      const { status, body } = await t.call({ method: 'GET', url });
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
    for (const url of [
      '/lgw/vn/numeros?gameCode=VN-MB-1&count=101',
      '/lgw/vn/numeros?gameCode=VN-MB-1&count=0',
      '/lgw/vn/numeros/opened/game?gameCode=vn%20mb',
      '/lgw/vn/numeros/opened/game',
    ]) {
      const { status, body } = await t.call({ method: 'GET', url });
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    expect(await databaseDigest(t)).toBe(before);
  });

  it('refuses a VN bet its rules refuse (a repeated xiên number, a 3-digit đề), placing nothing', async () => {
    const who = await createFundedMember(t, '100.00');
    // asking for the open period makes its row; the digest is taken after that
    const periodNo = await lotteryPeriodNow(t, 'VN-MB-1');
    const before = await databaseDigest(t);
    for (const bet of [
      { betType: 'xien2', selection: ['45', '45'], stake: '1.00' },
      { betType: 'de', selection: ['123'], stake: '1.00' },
      { betType: 'lo-truot', selection: ['01', '02'], stake: '1.00' },
    ]) {
      const { status, body } = await placeLotterySlip(t, who, 'VN-MB-1', [bet], { periodNo });
      expect(status).toBe(400);
      expect(body.success).toBe(false);
    }
    expect(await databaseDigest(t)).toBe(before);
  });

  it('settles a lô bet on a fast VN game by the VN rules and shows the result as tiers', async () => {
    const who = await createFundedMember(t, '1000.00');
    const placed = await placeLotterySlip(t, who, 'VN-MB-1', [
      { betType: 'lo2', selection: ['45'], stake: '2.00' },
      { betType: 'xien2', selection: ['90', '07'], stake: '1.00' },
    ]);
    expect(placed.status).toBe(200);
    if (!placed.body.success) throw new Error(JSON.stringify(placed.body));
    // lô costs 27 positions in the North
    expect(placed.body.value.bets[0]).toMatchObject({ units: 27, amount: '54.00', odds: '95' });
    expect(placed.body.value.balance).toBe('945.00');

    t.clock.set(new Date(t.clock.now().getTime() + 61_000));
    await t.services.lotteryEngine.tick();
    t.clock.set(new Date(t.clock.now().getTime() + 1_000));
    await t.services.lotteryEngine.tick();

    const { body } = await t.call<VnResultRow[]>({ method: 'GET', url: '/lgw/vn/numeros?gameCode=VN-MB-1' });
    if (!body.success) throw new Error('refused');
    const [row] = body.value;
    expect(row?.state).toBe('settled');
    const tiers = row?.tiers ?? [];
    const check = validateVnResult('north', tiers);
    if (!check.ok) throw new Error(JSON.stringify(check.problems));

    const odds = DEFAULT_VN_ODDS.north;
    const lo = settleVnBet(check.result, { type: 'lo2', numbers: ['45'], unitStake: 200n }, odds);
    const xien = settleVnBet(check.result, { type: 'xien2', numbers: ['07', '90'], unitStake: 100n }, odds);
    const balance = await t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
    expect(balance).toBe(parseMoney('945.00') + lo.payout + xien.payout);

    const opened = await t.call<VnOpenedGame>({
      method: 'GET',
      url: '/lgw/vn/numeros/opened/game?gameCode=VN-MB-1',
    });
    if (!opened.body.success) throw new Error('refused');
    expect(opened.body.value.last?.tiers).toEqual(tiers);
  });
});
