import type { BetRecord, LotteryBet, Page, ProfitReport } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { createAdmin, createFundedMember, placeLotterySlip, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** Lottery bets in the member's betting record (ADR 061), their detail with the draw and its proof. */
describe('lottery bets in the betting record', () => {
  let t: TestApp;
  let who: TestMember;
  let other: TestMember;
  let firstPeriod = '';

  const get = async <T>(member: TestMember, url: string) => {
    const { status, body } = await t.call<T>({ method: 'GET', url, headers: member.auth });
    if (!body.success) throw new Error(`${status} ${JSON.stringify(body)}`);
    return body.value;
  };
  const toNextDraw = async () => {
    const now = t.clock.now().getTime();
    t.clock.set(new Date(Math.floor(now / 60_000) * 60_000 + 60_100));
    await t.services.lotteryEngine.tick();
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.handle.db.execute(sql`update lottery_game set enabled = (code in ('SSC-1', 'VN-MB-1'))`);
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '10000.00',
      maxPayoutPerPeriod: '10000000.00',
      maxPayoutPerNumber: '1000000.00',
    });
    who = await createFundedMember(t, '500.00');
    other = await createFundedMember(t, '500.00');
    const placed = await placeLotterySlip(t, who, 'SSC-1', [
      { betType: 'digit', selection: ['1', '7'], stake: '2.00' },
      { betType: 'size', selection: ['sum', 'big'], stake: '3.00' },
    ]);
    if (!placed.body.success) throw new Error(JSON.stringify(placed.body));
    firstPeriod = placed.body.value.bets[0]?.periodNo ?? '';
    await toNextDraw();
    // a second period's bet that stays pending, and a VN bet
    await placeLotterySlip(t, who, 'SSC-1', [{ betType: 'digit', selection: ['2', '3'], stake: '1.00' }]);
    await placeLotterySlip(t, who, 'VN-MB-1', [{ betType: 'lo2', selection: ['45'], stake: '1.00' }]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists each bet with its period, numbers, bet type, stake, odds, status and win', async () => {
    const page = await get<Page<BetRecord>>(who, '/wps/records/bets?from=2026-11-21&to=2026-11-21');
    expect(page.totalCount).toBe(4);
    const lottery = page.list.filter((row) => row.lottery);
    expect(lottery).toHaveLength(4);
    const digit = lottery.find(
      (row) => row.lottery?.betType === 'digit' && row.lottery.periodNo === firstPeriod,
    );
    expect(digit).toMatchObject({
      vendorCode: 'LOTTERY',
      gameCode: 'SSC-1',
      gameName: '5D Lotto 1 min',
      category: 'ELOTT',
      bet: '2.00',
      status: 'settled',
      lottery: { selection: ['1', '7'], stake: '2.00', units: 1, odds: '9.7' },
    });
    expect(['win', 'lose']).toContain(digit?.lottery?.status);
    expect(digit?.win).toBe(digit?.lottery?.status === 'win' ? '19.40' : '0.00');
    expect(digit?.id).toMatch(/^L/);
    // newest first: the pending bets of the second period lead
    expect(page.list[0]?.status).toBe('open');
    const vn = lottery.find((row) => row.gameCode === 'VN-MB-1');
    expect(vn).toMatchObject({
      category: 'LOTT',
      bet: '27.00',
      lottery: { betType: 'lo2', units: 27, status: 'pending' },
    });
  });

  it('filters the record by category and pages it', async () => {
    const elott = await get<Page<BetRecord>>(
      who,
      '/wps/records/bets?from=2026-11-21&to=2026-11-21&category=ELOTT',
    );
    expect(elott.list.map((row) => row.gameCode)).toEqual(['SSC-1', 'SSC-1', 'SSC-1']);
    const slots = await get<Page<BetRecord>>(
      who,
      '/wps/records/bets?from=2026-11-21&to=2026-11-21&category=FISH',
    );
    expect(slots.totalCount).toBe(0);
    const first = await get<Page<BetRecord>>(
      who,
      '/wps/records/bets?from=2026-11-21&to=2026-11-21&pageSize=3',
    );
    const second = await get<Page<BetRecord>>(
      who,
      '/wps/records/bets?from=2026-11-21&to=2026-11-21&pageSize=3&pageNo=2',
    );
    expect(first.totalPages).toBe(2);
    expect(new Set([...first.list, ...second.list].map((row) => row.id)).size).toBe(4);
    const yesterday = await get<Page<BetRecord>>(who, '/wps/records/bets?from=2026-11-20&to=2026-11-20');
    expect(yesterday.totalCount).toBe(0);
    // another member sees none of them
    expect(
      (await get<Page<BetRecord>>(other, '/wps/records/bets?from=2026-11-21&to=2026-11-21')).totalCount,
    ).toBe(0);
  });

  it('the lottery record filters by game and period; a bet detail shows the draw and its proof', async () => {
    const byPeriod = await get<Page<LotteryBet>>(
      who,
      `/wps/lottery/bets?gameCode=SSC-1&periodNo=${firstPeriod}`,
    );
    expect(byPeriod.list.map((bet) => bet.betType).sort()).toEqual(['digit', 'size']);
    const byGame = await get<Page<LotteryBet>>(who, '/wps/lottery/bets?gameCode=VN-MB-1');
    expect(byGame.totalCount).toBe(1);

    const betId = byPeriod.list[0]?.betId ?? '';
    const detail = await get<{ bet: LotteryBet; period: { seedHash: string; seed: string; draw: number[] } }>(
      who,
      `/wps/lottery/bets/${betId}`,
    );
    expect(detail.period.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.period.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.period.draw).toHaveLength(5);

    const before = await databaseDigest(t);
    const { status, body } = await t.call({
      method: 'GET',
      url: `/wps/lottery/bets/${betId}`,
      headers: other.auth,
    });
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const bad = await t.call({ method: 'GET', url: '/wps/lottery/bets?periodNo=2026', headers: who.auth });
    expect(bad.status).toBe(400);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('counts the settled lottery bets in the personal profit (bet, win, valid bet), by day and category', async () => {
    const bets = await get<Page<LotteryBet>>(who, '/wps/lottery/bets?pageSize=100');
    const settled = bets.list.filter((bet) => bet.status !== 'pending');
    expect(settled).toHaveLength(2);
    const cents = (money: string) => Math.round(Number(money) * 100);
    const stake = settled.reduce((sum, bet) => sum + cents(bet.amount), 0);
    const win = settled.filter((bet) => bet.status === 'win').reduce((sum, bet) => sum + cents(bet.win), 0);
    const text = (value: number) => (value / 100).toFixed(2);

    const report = await get<ProfitReport>(who, '/wps/records/profit?from=2026-11-21&to=2026-11-21');
    // The pending bets (the second period's, the VN one) are not known yet and count later.
    expect(report.total).toMatchObject({
      rounds: 2,
      bet: text(stake),
      win: text(win),
      refund: '0.00',
      validBet: text(stake),
      net: (win - stake >= 0 ? '' : '-') + text(Math.abs(win - stake)),
    });
    expect(report.days).toEqual([{ day: '2026-11-21', ...report.total }]);
    expect(report.categories).toEqual([{ category: 'ELOTT', ...report.total }]);

    // Voided: the stake comes back as a refund, and nothing of it was a valid bet.
    const admin = await createAdmin(t, 'owner');
    const voided = await placeLotterySlip(t, other, 'SSC-1', [
      { betType: 'size', selection: ['sum', 'small'], stake: '4.00' },
    ]);
    if (!voided.body.success) throw new Error('refused');
    const periodNo = voided.body.value.bets[0]?.periodNo ?? '';
    const answer = await t.call({
      method: 'POST',
      url: '/wps/admin/lottery/void',
      headers: admin.headers,
      payload: { gameCode: 'SSC-1', periodNo, reason: 'feed fault' },
    });
    expect(answer.status).toBe(200);
    const otherReport = await get<ProfitReport>(other, '/wps/records/profit?from=2026-11-21&to=2026-11-21');
    expect(otherReport.total).toMatchObject({
      rounds: 1,
      bet: '4.00',
      win: '0.00',
      refund: '4.00',
      validBet: '0.00',
      net: '0.00',
    });
  });
});
