import type {
  Leaderboard,
  LeaderboardWinner,
  Mission,
  Missions,
  Raffle,
  RaffleDraw,
  RewardCentre,
} from '@platform/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  operatorAudit,
  leaderboard,
  leaderboardPrize,
  mission,
  providerRound,
  raffle,
} from '../../db/schema.js';
import {
  bearer,
  createAdmin,
  createMember,
  logIn,
  type TestAdmin,
  type TestMember,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { siteDayOf } from '../agent/index.js';
import { accountCodes } from '../wallet/index.js';
import { drawWinners, seedHashOf } from './index.js';

let t: TestApp;
let owner: TestAdmin;
beforeAll(async () => {
  t = await createTestApp();
});
// Tests move the clock by days: an admin session of its own for each, so none outlives its hours.
beforeEach(async () => {
  owner = await createAdmin(t, 'owner');
});
afterAll(() => t.close());

const title = (en: string) => ({ en, bn: `${en} (bn)` });
const admin = <T>(url: string, payload: unknown, headers = owner.headers) =>
  t.call<T>({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const get = <T>(url: string, who: TestMember | null) =>
  t.call<T>({ method: 'GET', url, headers: who?.auth ?? {} });
const post = <T>(url: string, who: TestMember | null) =>
  t.call<T>({ method: 'POST', url, headers: who?.auth ?? {} });
const mainBalance = (who: TestMember) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
const rows = async (table: typeof mission | typeof leaderboard | typeof raffle) =>
  (await t.handle.db.select({ n: count() }).from(table))[0]?.n ?? 0;
/** A new session for a member after the clock moved past its session's hours. */
const relog = async (who: TestMember): Promise<TestMember> => ({
  ...who,
  auth: bearer(await logIn(t, who.row.id)),
});
const today = () => siteDayOf(t.clock.now());
const play = (who: TestMember, category: string, validBet: bigint, bets = 1, day = today()) =>
  t.services.turnoverAggregate.recordTurnover({
    memberId: who.row.id,
    category,
    day,
    validBet,
    payout: 0n,
    bets,
  });

async function addMission(body: Record<string, unknown>): Promise<string> {
  const answer = await admin<{ id: string }>('/wps/admin/missions', {
    title: title('Play slots'),
    kind: 'daily',
    metric: 'valid_bet',
    target: '1000',
    reward: '5',
    ...body,
  });
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return answer.body.value.id;
}
const missionOf = async (who: TestMember, id: string) => {
  const answer = await get<Missions>('/wps/missions?language=en', who);
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return { mission: answer.body.value.list.find((each) => each.id === id), open: answer.body.value.open };
};

describe('missions, leaderboards and raffles: access', () => {
  it('refuses a visitor (401) on every member call and a trial account (403) on claims', async () => {
    for (const [method, url] of [
      ['GET', '/wps/missions'],
      ['POST', '/wps/missions/mis_0123456789abcdef/claim'],
      ['GET', '/wps/leaderboards'],
      ['GET', '/wps/rewards'],
      ['POST', '/wps/raffles/rf_0123456789abcdef/claim'],
    ] as const) {
      expect((await t.call({ method, url })).status, url).toBe(401);
    }
    const trial = await createMember(t, { type: 4 });
    expect((await post('/wps/missions/mis_0123456789abcdef/claim', trial)).status).toBe(403);
    expect((await post('/wps/raffles/rf_0123456789abcdef/claim', trial)).status).toBe(403);
    // The winners board and a draw's record are public.
    expect((await get('/wps/leaderboards/winners', null)).status).toBe(200);
  });

  it('refuses every bad operator input with the field, storing nothing and auditing nothing', async () => {
    const support = await createAdmin(t, 'support');
    const before = {
      missions: await rows(mission),
      boards: await rows(leaderboard),
      raffles: await rows(raffle),
      audit: (await t.handle.db.select({ n: count() }).from(operatorAudit))[0]?.n ?? 0,
    };
    const base = { title: title('x'), kind: 'daily', metric: 'bets', target: '3', reward: '5' };
    for (const [payload, field] of [
      [{ ...base, kind: 'monthly' }, 'kind'],
      [{ ...base, metric: 'wins' }, 'metric'],
      [{ ...base, target: '0' }, 'target'],
      [{ ...base, target: '1.5' }, 'target'],
      [{ ...base, target: '-3' }, 'target'],
      [{ ...base, reward: '-5' }, 'reward'],
      [{ ...base, reward: '5.001' }, 'reward'],
      [{ ...base, title: { en: 'only english' } }, 'title'],
      [{ ...base, title: { en: 'x'.repeat(81), bn: 'y' } }, 'title'],
      [{ ...base, metric: 'deposits', category: 'SLOT' }, 'category'],
      [{ ...base, category: 'SL OT' }, 'category'],
    ] as const) {
      const answer = await admin('/wps/admin/missions', payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    for (const [payload, field] of [
      [{ title: title('b'), metric: 'wins', period: 'daily', prizes: ['10'] }, 'metric'],
      [{ title: title('b'), metric: 'valid_bet', period: 'hourly', prizes: ['10'] }, 'period'],
      [{ title: title('b'), metric: 'valid_bet', period: 'daily', prizes: [] }, 'prizes'],
      [{ title: title('b'), metric: 'valid_bet', period: 'daily', prizes: ['0'] }, 'prizes'],
    ] as const) {
      const answer = await admin('/wps/admin/leaderboards', payload);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    const raffleBase = {
      title: title('r'),
      ticketPer: '100',
      fromDay: '2026-11-21',
      toDay: '2026-11-22',
      prizes: ['50'],
    };
    for (const [payload, field] of [
      [{ ...raffleBase, toDay: '2026-11-20' }, 'toDay'],
      [{ ...raffleBase, fromDay: '2026-02-30' }, 'fromDay'],
      [{ ...raffleBase, fromDay: 'tomorrow' }, 'fromDay'],
      [{ ...raffleBase, ticketPer: '0' }, 'ticketPer'],
      [{ ...raffleBase, prizes: Array.from({ length: 21 }, () => '1') }, 'prizes'],
    ] as const) {
      const answer = await admin('/wps/admin/raffles', payload);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    const member = await createMember(t);
    expect((await post('/wps/missions/not-a-mission/claim', member)).status).toBe(400);
    expect((await post('/wps/raffles/rf_zz/claim', member)).status).toBe(400);
    expect((await get('/wps/raffles/nope/draw', null)).status).toBe(400);
    expect((await get('/wps/missions?language=xx', member)).status).toBe(400);
    expect((await admin('/wps/admin/missions', base, support.headers)).status).toBe(403);
    expect((await admin('/wps/admin/missions', base, {})).status).toBe(401);
    expect({
      missions: await rows(mission),
      boards: await rows(leaderboard),
      raffles: await rows(raffle),
      audit: (await t.handle.db.select({ n: count() }).from(operatorAudit))[0]?.n ?? 0,
    }).toEqual(before);
  });
});

describe('missions', () => {
  it('counts valid bets of its category from the turnover aggregate and pays the reward once', async () => {
    const id = await addMission({ category: 'slot', target: '1000', reward: '5' });
    const who = await createMember(t);
    await play(who, 'SLOT', 600_00n);
    await play(who, 'LIVE', 900_00n);
    let seen = await missionOf(who, id);
    expect(seen.mission).toMatchObject({
      progress: '600.00',
      target: '1000.00',
      status: 'in_progress',
      category: 'SLOT',
    });
    expect(seen.open).toBe(0);
    const early = await post<Mission>(`/wps/missions/${id}/claim`, who);
    expect(early.status).toBe(409);
    expect(early.body.success ? '' : early.body.code).toBe('INVALID_STATE');
    expect(await mainBalance(who)).toBe(0n);

    await play(who, 'SLOT', 500_00n);
    seen = await missionOf(who, id);
    expect(seen.mission).toMatchObject({ progress: '1000.00', status: 'claimable' });
    expect(seen.open).toBe(1);
    const claimed = await post<Mission>(`/wps/missions/${id}/claim?language=en`, who);
    expect(claimed.status).toBe(200);
    expect(claimed.body.success && claimed.body.value.status).toBe('claimed');
    expect(await mainBalance(who)).toBe(500n);
    const again = await post(`/wps/missions/${id}/claim`, who);
    expect(again.body.success ? '' : again.body.code).toBe('ALREADY_CLAIMED');
    expect(await mainBalance(who)).toBe(500n);
    expect((await missionOf(who, id)).open).toBe(0);

    // The next site day is a new period: the daily mission starts again from nothing.
    t.clock.advance(24 * 3_600_000);
    expect((await missionOf(await relog(who), id)).mission).toMatchObject({
      status: 'in_progress',
      progress: '0.00',
    });
  });

  it('counts games played (bets) and credited deposits', async () => {
    const games = await addMission({
      metric: 'bets',
      target: '3',
      reward: '2',
      kind: 'weekly',
      category: null,
    });
    const deposits = await addMission({
      metric: 'deposits',
      target: '2',
      reward: '3',
      kind: 'once',
      category: null,
    });
    const who = await createMember(t, { payeeName: 'Test Payee' });
    await play(who, 'LOTTERY', 10_00n, 2);
    expect((await missionOf(who, games)).mission).toMatchObject({ progress: '2', status: 'in_progress' });
    await play(who, 'SLOT', 10_00n, 1);
    expect((await missionOf(who, games)).mission).toMatchObject({ progress: '3', status: 'claimable' });

    const channel = await t.services.channels.add({
      kind: 'bank_transfer',
      name: 'Bank transfer',
      min: '100',
      max: '50000',
      bankName: 'Sonali Bank',
      accountName: 'Khela Payments Ltd',
      accountNumber: '0011223344',
    });
    for (const n of [1, 2]) {
      const created = await t.call<{ deposit: { id: string } }>({
        method: 'POST',
        url: '/wps/cashier/deposits',
        headers: who.auth,
        payload: { requestId: `mission-dep-${n}`, channelId: channel.id, amount: '200' },
      });
      if (!created.body.success) throw new Error(JSON.stringify(created.body));
      expect((await missionOf(who, deposits)).mission?.progress).toBe(String(n - 1));
      await t.services.deposits.confirm(created.body.value.deposit.id, { actor: 'system:test' });
    }
    expect((await missionOf(who, deposits)).mission).toMatchObject({ progress: '2', status: 'claimable' });
    expect((await missionOf(who, deposits)).open).toBe(2);
  });

  it('pays once under concurrent claims', async () => {
    const id = await addMission({ metric: 'bets', target: '1', reward: '7', category: null });
    const who = await createMember(t);
    await play(who, 'SLOT', 1_00n, 1);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post(`/wps/missions/${id}/claim`, who)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await mainBalance(who)).toBe(700n);
  });

  it('a disabled mission is not listed and cannot be claimed; the operator tool adds and disables, audited', async () => {
    const run = (...args: string[]) => t.services.operator.run(args, 'cli:tester');
    const added = await run(
      'missions',
      'add',
      '--kind',
      'daily',
      '--metric',
      'bets',
      '--target',
      '1',
      '--reward',
      '1',
      '--title-en',
      'One game',
      '--title-bn',
      'একটি খেলা',
    );
    expect(added.exitCode).toBe(0);
    const id = /^(mis_[a-f0-9]{16})/.exec(added.output)?.[1] ?? '';
    const bad = await run(
      'missions',
      'add',
      '--kind',
      'daily',
      '--metric',
      'bets',
      '--target',
      '0',
      '--reward',
      '1',
      '--title-en',
      'x',
      '--title-bn',
      'y',
    );
    expect(bad.exitCode).toBe(2);
    expect((await run('missions', 'disable', '--mission', id)).exitCode).toBe(0);
    const who = await createMember(t);
    await play(who, 'SLOT', 1_00n);
    expect((await missionOf(who, id)).mission).toBeUndefined();
    expect((await post(`/wps/missions/${id}/claim`, who)).status).toBe(404);
    const audit = await t.services.audit.recent(10);
    expect(audit.map((row) => row.command)).toEqual(
      expect.arrayContaining(['missions add', 'missions disable']),
    );
  });
});

describe('leaderboards', () => {
  it('pays the ended period once with two workers, and the public winners board masks the players', async () => {
    const second = await createTestApp({ beside: t });
    try {
      const created = await admin<{ id: string }>('/wps/admin/leaderboards', {
        title: title('Daily high rollers'),
        metric: 'valid_bet',
        period: 'daily',
        prizes: ['100', '50'],
      });
      if (!created.body.success) throw new Error(JSON.stringify(created.body));
      const [first, runnerUp, third] = [await createMember(t), await createMember(t), await createMember(t)];
      await play(first, 'SLOT', 90_000_00n);
      await play(runnerUp, 'LIVE', 80_000_00n);
      await play(third, 'SLOT', 70_000_00n);
      const standing = await get<Leaderboard[]>('/wps/leaderboards?language=en', runnerUp);
      const board = standing.body.success
        ? standing.body.value.find((each) => created.body.success && each.id === created.body.value.id)
        : undefined;
      expect(
        board?.top.slice(0, 2).map((entry) => [entry.rank, entry.score, entry.prize, entry.mine]),
      ).toEqual([
        [1, '90000.00', '100.00', false],
        [2, '80000.00', '50.00', true],
      ]);

      const boards = await t.call<{ id: string }[]>({
        method: 'GET',
        url: '/wps/admin/leaderboards',
        headers: owner.headers,
      });
      expect(boards.body.success && boards.body.value.map((each) => each.id)).toContain(
        created.body.value.id,
      );
      expect((await t.services.operator.run(['leaderboards', 'list'], 'cli:tester')).output).toContain(
        created.body.value.id,
      );
      // Nothing is paid before the day ended and the lag passed.
      expect(await t.services.leaderboards.settleDue()).toEqual({ settled: 0, prizes: 0 });
      t.clock.advance(24 * 3_600_000);
      const [a, b] = await Promise.all([
        t.services.leaderboards.settleDue(),
        second.services.leaderboards.settleDue(),
      ]);
      expect(a.settled + b.settled).toBe(1);
      expect(a.prizes + b.prizes).toBe(2);
      expect(await mainBalance(first)).toBe(100_00n);
      expect(await mainBalance(runnerUp)).toBe(50_00n);
      expect(await mainBalance(third)).toBe(0n);
      expect(await t.services.leaderboards.settleDue()).toEqual({ settled: 0, prizes: 0 });
      expect((await t.handle.db.select({ n: count() }).from(leaderboardPrize))[0]?.n).toBe(2);

      const winners = await get<LeaderboardWinner[]>('/wps/leaderboards/winners?language=en', null);
      expect(
        winners.body.success && winners.body.value.slice(0, 2).map((row) => [row.rank, row.prize, row.board]),
      ).toEqual([
        [1, '100.00', 'Daily high rollers'],
        [2, '50.00', 'Daily high rollers'],
      ]);
      const shown = JSON.stringify(winners.body);
      expect(shown).not.toContain(first.row.username);
      expect(shown).toContain(`${first.row.username.slice(0, 2)}***`);
      const centre = await get<RewardCentre>('/wps/rewards?language=en', await relog(first));
      expect(
        centre.body.success && centre.body.value.rewards.find((reward) => reward.source === 'leaderboard'),
      ).toMatchObject({
        amount: '100.00',
        status: 'claimed',
      });
    } finally {
      await second.close();
    }
  });
});

describe('win multiplier leaderboards', () => {
  it("ranks each member's best real-money round of the week and pays it once with the game's name", async () => {
    const created = await admin<{ id: string }>('/wps/admin/leaderboards', {
      title: title('Biggest win'),
      metric: 'win_multiplier',
      period: 'weekly',
      prizes: ['40'],
    });
    if (!created.body.success) throw new Error(JSON.stringify(created.body));
    const [steady, lucky, demo] = [await createMember(t), await createMember(t), await createMember(t)];
    let n = 0;
    const round = (
      who: TestMember,
      bet: bigint,
      win: bigint,
      extra: { currency?: string; refund?: bigint } = {},
    ) => {
      n += 1;
      return t.handle.db.insert(providerRound).values({
        vendorCode: 'TESTV',
        roundId: `mult-${n}-${who.row.id}`,
        memberId: who.row.id,
        gameCode: 'lucky-7',
        ledgerCurrency: extra.currency ?? 'REAL',
        status: 'settled',
        betTotal: bet,
        winTotal: win,
        refundTotal: extra.refund ?? 0n,
        openedAt: t.clock.now(),
        lastActivityAt: t.clock.now(),
        closedAt: t.clock.now(),
      });
    };
    await round(steady, 10_00n, 125_00n);
    await round(lucky, 2_00n, 50_00n);
    await round(lucky, 10_00n, 20_00n);
    // Play money and a refunded stake never count.
    await round(demo, 1_00n, 900_00n, { currency: 'DEMO' });
    await round(demo, 1_00n, 900_00n, { refund: 1_00n });
    const standing = await get<Leaderboard[]>('/wps/leaderboards?language=en', lucky);
    const board = standing.body.success
      ? standing.body.value.find((each) => created.body.success && each.id === created.body.value.id)
      : undefined;
    expect(board?.top.map((entry) => [entry.rank, entry.score, entry.gameName, entry.mine])).toEqual([
      [1, '25.0', 'lucky-7', true],
      [2, '12.5', 'lucky-7', false],
    ]);
    t.clock.advance(8 * 24 * 3_600_000);
    const settled = await t.services.leaderboards.settleDue();
    expect(settled.prizes).toBeGreaterThanOrEqual(1);
    expect(await mainBalance(lucky)).toBe(40_00n);
    expect(await mainBalance(steady)).toBe(0n);
    expect(await mainBalance(demo)).toBe(0n);
    await t.services.leaderboards.settleDue();
    expect(await mainBalance(lucky)).toBe(40_00n);
    const winners = await get<LeaderboardWinner[]>('/wps/leaderboards/winners?language=en', null);
    expect(winners.body.success && winners.body.value[0]).toMatchObject({
      board: 'Biggest win',
      gameName: 'lucky-7',
      score: '25.0',
      prize: '40.00',
    });
  });
});

describe('raffles', () => {
  it('publishes the seed hash, draws from it after the end, reveals it so anyone can redo the draw, and pays each winner once', async () => {
    const day = today();
    const created = await admin<Raffle>('/wps/admin/raffles', {
      title: title('Weekend raffle'),
      ticketPer: '100',
      fromDay: day,
      toDay: day,
      prizes: ['30', '20'],
    });
    if (!created.body.success) throw new Error(JSON.stringify(created.body));
    const id = created.body.value.id;
    expect(created.body.value.seed).toBeNull();
    const hash = created.body.value.seedHash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await t.call<Raffle[]>({
      method: 'GET',
      url: '/wps/admin/raffles',
      headers: owner.headers,
    });
    expect(listed.body.success && listed.body.value.find((each) => each.id === id)).toMatchObject({
      seed: null,
    });
    const operatorList = await t.services.operator.run(['raffles', 'list'], 'cli:tester');
    expect(operatorList.output).toContain(`${id} open`);
    const players = [await createMember(t), await createMember(t), await createMember(t)];
    for (const [index, who] of players.entries()) await play(who, 'SLOT', BigInt(index + 1) * 250_00n);
    const view = await get<RewardCentre>('/wps/rewards?language=en', players[2] as TestMember);
    expect(view.body.success && view.body.value.raffles.find((each) => each.id === id)?.myTickets).toBe(7);
    const before = await get<RaffleDraw>(`/wps/raffles/${id}/draw`, null);
    expect(before.body.success && before.body.value).toMatchObject({
      seed: null,
      seedHash: hash,
      winners: [],
    });

    expect(await t.services.raffles.drawDue()).toEqual({ drawn: 0 });
    t.clock.advance(24 * 3_600_000);
    const second = await createTestApp({ beside: t });
    try {
      const [a, b] = await Promise.all([t.services.raffles.drawDue(), second.services.raffles.drawDue()]);
      expect(a.drawn + b.drawn).toBe(1);
    } finally {
      await second.close();
    }
    const after = await get<RaffleDraw>(`/wps/raffles/${id}/draw`, null);
    if (!after.body.success) throw new Error('no draw');
    const record = after.body.value;
    expect(record.seed).not.toBeNull();
    expect(seedHashOf(record.seed ?? '')).toBe(hash);
    expect(record.totalTickets).toBe(2 + 5 + 7);
    expect(record.winners).toHaveLength(2);
    // Anyone can redo it from what is published: entries in order, the seed and the method.
    const redone = drawWinners(
      id,
      record.seed ?? '',
      record.entries.map((entry) => ({ member: entry.player, tickets: entry.tickets })),
      2,
    );
    expect(redone.map((winner) => [winner.rank, winner.member, winner.ticket])).toEqual(
      record.winners.map((winner) => [winner.rank, winner.player, winner.ticket]),
    );

    const players2 = await Promise.all(players.map(relog));
    const centres = await Promise.all(
      players2.map((who) => get<RewardCentre>('/wps/rewards?language=en', who)),
    );
    const winnerIndex = centres.findIndex(
      (centre) =>
        centre.body.success &&
        centre.body.value.rewards.some(
          (reward) => reward.source === 'raffle' && reward.status === 'claimable',
        ),
    );
    const winner = players2[winnerIndex] as TestMember;
    const loser = players2.find((_, index) => {
      const centre = centres[index];
      return !(
        centre?.body.success && centre.body.value.rewards.some((reward) => reward.source === 'raffle')
      );
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post<Raffle>(`/wps/raffles/${id}/claim`, winner)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const balance = await mainBalance(winner);
    expect([30_00n, 20_00n]).toContain(balance);
    if (loser) {
      const refused = await post(`/wps/raffles/${id}/claim`, loser);
      expect(refused.body.success ? '' : refused.body.code).toBe('INVALID_STATE');
      expect(await mainBalance(loser)).toBe(0n);
    }
  });

  it('draws every ticket with the same chance (no modulo bias) and a member wins once', () => {
    const entries = [
      { member: 'a', tickets: 1 },
      { member: 'b', tickets: 2 },
      { member: 'c', tickets: 3 },
    ];
    const wins = new Map<string, number>();
    for (let n = 0; n < 3_000; n += 1) {
      const [first] = drawWinners(`rf_${n}`, 'seed', entries, 1);
      wins.set(first?.member ?? '', (wins.get(first?.member ?? '') ?? 0) + 1);
      const all = drawWinners(`rf_${n}`, 'seed', entries, 3);
      expect(new Set(all.map((winner) => winner.member)).size).toBe(3);
    }
    // 1:2:3 within a generous margin (3,000 draws: standard deviation about 20 to 27).
    expect(wins.get('a')).toBeGreaterThan(400);
    expect(wins.get('a')).toBeLessThan(600);
    expect(wins.get('c')).toBeGreaterThan(1_400);
    expect(wins.get('c')).toBeLessThan(1_600);
  });
});
