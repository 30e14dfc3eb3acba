import type { Leaderboard, Raffle, RaffleDraw, RewardCentre } from '@platform/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardPrize, operatorAudit, raffle, raffleWinner } from '../../db/schema.js';
import { bearer, createAdmin, createMember, logIn, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { siteDayOf } from '../agent/index.js';
import { accountCodes } from '../wallet/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const title = (en: string) => ({ en, bn: `${en} (bn)` });
/** A fresh owner session: tests move the clock by days. */
const owner = async () => (await createAdmin(t, 'owner')).headers;
const post = async <T>(url: string, payload?: Record<string, unknown>, headers?: Record<string, string>) =>
  t.call<T>({
    method: 'POST',
    url,
    headers: headers ?? (await owner()),
    ...(payload ? { payload } : {}),
  });
const relog = async (who: TestMember): Promise<TestMember> => ({
  ...who,
  auth: bearer(await logIn(t, who.row.id)),
});
const play = (who: TestMember, validBet: bigint) =>
  t.services.turnoverAggregate.recordTurnover({
    memberId: who.row.id,
    category: 'SLOT',
    day: siteDayOf(t.clock.now()),
    validBet,
    payout: 0n,
    bets: 1,
  });
const mainBalance = (who: TestMember) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
const auditOf = async (command: string) =>
  (await t.handle.db.select({ n: count() }).from(operatorAudit).where(eq(operatorAudit.command, command)))[0]
    ?.n ?? 0;

describe('disabling a leaderboard', () => {
  it('pays the periods that ended before it was disabled, never the one it cut short', async () => {
    const created = await post<{ id: string }>('/wps/admin/leaderboards', {
      title: title('Daily bets'),
      metric: 'valid_bet',
      period: 'daily',
      prizes: ['25'],
    });
    if (!created.body.success) throw new Error(JSON.stringify(created.body));
    const id = created.body.value.id;
    const [first, second] = [await createMember(t), await createMember(t)];
    await play(first, 500_00n);
    // The next day: yesterday's period ended (not settled yet); today the second member leads.
    t.clock.advance(24 * 3_600_000);
    await play(second, 900_00n);
    const disabled = await post<{ active: boolean; disabledAt: string }>(
      `/wps/admin/leaderboards/${id}/disable`,
    );
    expect(disabled.body).toMatchObject({ success: true, value: { active: false } });
    expect(await auditOf('leaderboards disable')).toBe(1);
    // Members no longer see it.
    const boards = await t.call<Leaderboard[]>({
      method: 'GET',
      url: '/wps/leaderboards',
      headers: (await relog(second)).auth,
    });
    expect(boards.body.success && boards.body.value.some((board) => board.id === id)).toBe(false);

    t.clock.advance(2 * 24 * 3_600_000);
    await t.services.leaderboards.settleDue();
    await t.services.leaderboards.settleDue();
    expect(await mainBalance(first)).toBe(25_00n);
    expect(await mainBalance(second)).toBe(0n);
    expect(await t.handle.db.select().from(leaderboardPrize)).toHaveLength(1);

    // Twice, unknown, malformed, the wrong callers: refused, nothing more recorded.
    expect((await post(`/wps/admin/leaderboards/${id}/disable`)).body).toMatchObject({
      success: false,
      code: 'INVALID_STATE',
    });
    expect((await post('/wps/admin/leaderboards/lb_0000000000000000/disable')).status).toBe(404);
    expect((await post('/wps/admin/leaderboards/nope/disable')).status).toBe(400);
    const support = await createAdmin(t, 'support');
    expect((await post(`/wps/admin/leaderboards/${id}/disable`, undefined, support.headers)).status).toBe(
      403,
    );
    expect((await post(`/wps/admin/leaderboards/${id}/disable`, undefined, {})).status).toBe(401);
    const cli = await t.services.operator.run(['leaderboards', 'disable', '--leaderboard', 'x'], 'cli:t');
    expect(cli.exitCode).toBe(2);
    expect(await auditOf('leaderboards disable')).toBe(1);
  });

  it('the operator tool disables one too', async () => {
    const created = await post<{ id: string }>('/wps/admin/leaderboards', {
      title: title('Weekly'),
      metric: 'valid_bet',
      period: 'weekly',
      prizes: ['5'],
    });
    if (!created.body.success) throw new Error(JSON.stringify(created.body));
    const run = await t.services.operator.run(
      ['leaderboards', 'disable', '--leaderboard', created.body.value.id],
      'cli:tester',
    );
    expect(run).toMatchObject({ exitCode: 0 });
    expect(await auditOf('leaderboards disable')).toBe(2);
  });
});

describe('cancelling a raffle', () => {
  it('is never drawn, leaves the members’ pages and refunds nothing (tickets are free)', async () => {
    const day = siteDayOf(t.clock.now());
    const created = await post<Raffle>('/wps/admin/raffles', {
      title: title('Cancelled raffle'),
      ticketPer: '100',
      fromDay: day,
      toDay: day,
      prizes: ['30'],
    });
    if (!created.body.success) throw new Error(JSON.stringify(created.body));
    const id = created.body.value.id;
    const player = await createMember(t);
    await play(player, 300_00n);
    const cancelled = await post<Raffle>(`/wps/admin/raffles/${id}/cancel`);
    expect(cancelled.body).toMatchObject({ success: true, value: { id, status: 'cancelled', seed: null } });
    expect(await auditOf('raffles cancel')).toBe(1);

    t.clock.advance(2 * 24 * 3_600_000);
    expect(await t.services.raffles.drawDue()).toEqual({ drawn: 0 });
    const [row] = await t.handle.db.select().from(raffle).where(eq(raffle.publicId, id));
    expect(row).toMatchObject({ status: 'cancelled', drawnAt: null, entries: null });
    expect(await t.handle.db.select().from(raffleWinner)).toHaveLength(0);
    const centre = await t.call<RewardCentre>({
      method: 'GET',
      url: '/wps/rewards',
      headers: (await relog(player)).auth,
    });
    expect(centre.body.success && centre.body.value.raffles.some((each) => each.id === id)).toBe(false);
    const draw = await t.call<RaffleDraw>({ method: 'GET', url: `/wps/raffles/${id}/draw` });
    expect(draw.body).toMatchObject({ success: true, value: { seed: null, winners: [] } });
    expect(await mainBalance(player)).toBe(0n);

    expect((await post(`/wps/admin/raffles/${id}/cancel`)).body).toMatchObject({
      success: false,
      code: 'INVALID_STATE',
    });
    expect((await post('/wps/admin/raffles/rf_0000000000000000/cancel')).status).toBe(404);
    expect((await post('/wps/admin/raffles/x/cancel')).status).toBe(400);
    const cashier = await createAdmin(t, 'finance');
    expect((await post(`/wps/admin/raffles/${id}/cancel`, undefined, cashier.headers)).status).toBe(403);
    expect((await t.services.operator.run(['raffles', 'cancel'], 'cli:t')).exitCode).toBe(2);
    expect(await auditOf('raffles cancel')).toBe(1);
  });

  it('a drawn raffle cannot be cancelled', async () => {
    const day = siteDayOf(t.clock.now());
    const created = await post<Raffle>('/wps/admin/raffles', {
      title: title('Drawn raffle'),
      ticketPer: '100',
      fromDay: day,
      toDay: day,
      prizes: ['30'],
    });
    if (!created.body.success) throw new Error(JSON.stringify(created.body));
    t.clock.advance(2 * 24 * 3_600_000);
    await t.services.raffles.drawDue();
    const run = await t.services.operator.run(
      ['raffles', 'cancel', '--raffle', created.body.value.id],
      'cli:t',
    );
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain('INVALID_STATE');
  });
});
