import type { Leaderboard } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerRound } from '../../db/schema.js';
import { createAdmin, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { siteDayOf } from '../agent/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const title = (en: string) => ({ en, bn: `${en} (bn)` });
const createBoard = async (metric: 'valid_bet' | 'win_multiplier') => {
  const owner = await createAdmin(t, 'owner');
  const created = await t.call<{ id: string }>({
    method: 'POST',
    url: '/wps/admin/leaderboards',
    headers: owner.headers,
    payload: { title: title(metric), metric, period: 'daily', prizes: ['10'] },
  });
  if (!created.body.success) throw new Error(JSON.stringify(created.body));
  return created.body.value.id;
};
const boardSeenBy = async (who: TestMember, id: string) => {
  const answer = await t.call<Leaderboard[]>({ method: 'GET', url: '/wps/leaderboards', headers: who.auth });
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  const board = answer.body.value.find((each) => each.id === id);
  if (!board) throw new Error('board missing');
  return board;
};

describe("a member's own place below a leaderboard's top ten", () => {
  it('by valid bet: rank and score outside the top ten, none inside it or without play', async () => {
    const id = await createBoard('valid_bet');
    const players: TestMember[] = [];
    for (let index = 0; index < 12; index += 1) {
      const who = await createMember(t);
      players.push(who);
      // 1,200.00, 1,100.00, ... 100.00: the twelfth is last.
      await t.services.turnoverAggregate.recordTurnover({
        memberId: who.row.id,
        category: 'SLOT',
        day: siteDayOf(t.clock.now()),
        validBet: BigInt(12 - index) * 100_00n,
        payout: 0n,
        bets: 1,
      });
    }
    const last = await boardSeenBy(players[11] as TestMember, id);
    expect(last.top).toHaveLength(10);
    expect(last.top.some((entry) => entry.mine)).toBe(false);
    expect(last.me).toEqual({ rank: 12, score: '100.00' });
    expect((await boardSeenBy(players[10] as TestMember, id)).me).toEqual({ rank: 11, score: '200.00' });
    const first = await boardSeenBy(players[0] as TestMember, id);
    expect(first.me).toBeNull();
    expect(first.top[0]?.mine).toBe(true);
    expect((await boardSeenBy(await createMember(t), id)).me).toBeNull();
  });

  it('by best win multiplier', async () => {
    const id = await createBoard('win_multiplier');
    const players: TestMember[] = [];
    for (let index = 0; index < 11; index += 1) {
      const who = await createMember(t);
      players.push(who);
      await t.handle.db.insert(providerRound).values({
        vendorCode: 'TESTV',
        roundId: `standing-${index}`,
        memberId: who.row.id,
        gameCode: 'lucky-7',
        ledgerCurrency: 'REAL',
        status: 'settled',
        betTotal: 1_00n,
        // 20x, 19x, ... 10x: the eleventh is last.
        winTotal: BigInt(20 - index) * 1_00n,
        refundTotal: 0n,
        openedAt: t.clock.now(),
        lastActivityAt: t.clock.now(),
        closedAt: t.clock.now(),
      });
    }
    expect((await boardSeenBy(players[10] as TestMember, id)).me).toEqual({ rank: 11, score: '10.0' });
    expect((await boardSeenBy(players[9] as TestMember, id)).me).toBeNull();
  });
});
