import type { LoginUser, PlayerRank, RewardCentre } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';
import { earnedLevel } from './index.js';

let t: TestApp;
const unit = (major: number) => BigInt(major) * 100n;

beforeAll(async () => {
  t = await createTestApp();
  const ranks = [
    ['Member', 0, 0, 0, 0],
    ['Bronze', 100, 1_000, 10, 0],
    ['Silver', 500, 5_000, 50, 20],
    ['Gold', 2_000, 20_000, 200, 50],
  ] as const;
  for (const [level, [labelName, deposit, validBet, upgrade, monthly]] of ranks.entries()) {
    await t.services.ranks.set({ actor: 'test' }, level, {
      labelName,
      color: '#111111',
      color2: '#222222',
      minDeposit: String(deposit),
      minValidBet: String(validBet),
      upgradeGift: String(upgrade),
      monthlyGift: String(monthly),
    });
  }
});
afterAll(() => t.close());

const rank = (who: TestMember) => t.call<PlayerRank>({ method: 'GET', url: '/wps/rank', headers: who.auth });
const bonus = (who: TestMember) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberBonus(who.row.id));
let deposits = 0;
const deposit = (who: TestMember, major: number) =>
  t.services.points.earnFromDeposit({
    memberId: who.row.id,
    amount: unit(major),
    reference: `dep_rank_${(deposits += 1)}`,
    at: t.clock.now(),
  });
const play = (who: TestMember, major: number) =>
  t.services.turnoverAggregate.recordTurnover({
    memberId: who.row.id,
    category: 'SLOT',
    day: '2026-11-21',
    validBet: unit(major),
    payout: 0n,
  });
const claimGift = (who: TestMember) =>
  t.call<{ amount: string; month: string }>({
    method: 'POST',
    url: '/wps/rank/monthly-gift',
    headers: who.auth,
  });

describe('player rank', () => {
  it('shows the rank, the next one and the progress toward it', async () => {
    const who = await createMember(t);
    await deposit(who, 50);
    await play(who, 250);
    const answer = await rank(who);
    expect(answer.body).toMatchObject({
      success: true,
      value: {
        current: { labelName: 'Member', rankLevel: 0 },
        next: { labelName: 'Bronze', rankLevel: 1, minDeposit: '100.00', minValidBet: '1000.00' },
        windowDays: 90,
        deposit: '50.00',
        validBet: '250.00',
        // the lower of 50% (deposits) and 25% (valid bets)
        progress: 25,
        monthlyGiftClaimable: false,
      },
    });
    if (!answer.body.success) throw new Error('rank failed');
    expect(answer.body.value.ranks).toHaveLength(4);
  });

  it('ranks up on deposits and bets, paying each reached rank-up gift once, and login shows the label', async () => {
    const who = await createMember(t);
    await play(who, 6_000);
    await deposit(who, 600);
    expect(await bonus(who)).toBe(unit(60));
    const answer = await rank(who);
    expect(answer.body).toMatchObject({
      value: {
        current: { labelName: 'Silver', rankLevel: 2 },
        next: { rankLevel: 3 },
        monthlyGiftClaimable: true,
      },
    });
    await rank(who);
    await t.services.ranks.evaluateAll();
    expect(await bonus(who)).toBe(unit(60));
    const info = await t.call<LoginUser>({ method: 'GET', url: '/wps/member/info', headers: who.auth });
    // The operator's label of the rank, not the built-in one.
    expect(info.body).toMatchObject({
      value: { clubLabel: { labelName: 'Silver', color: '#111111', color2: '#222222', rankLevel: 2 } },
    });
  });

  it('shows the rank gifts in the reward centre, the monthly one claimable from there', async () => {
    const who = await createMember(t);
    await play(who, 6_000);
    await deposit(who, 600);
    const centre = async () => {
      const answer = await t.call<RewardCentre>({
        method: 'GET',
        url: '/wps/rewards?language=en',
        headers: who.auth,
      });
      if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
      return answer.body.value.rewards
        .filter((reward) => reward.source.startsWith('rank'))
        .map(({ source, id, title, amount, status }) => ({ source, id, title, amount, status }))
        .sort((a, b) => a.id.localeCompare(b.id));
    };
    expect(await centre()).toEqual([
      {
        source: 'rank-monthly',
        id: 'monthly:2026-11',
        title: 'Silver',
        amount: '20.00',
        status: 'claimable',
      },
      { source: 'rank-up', id: 'upgrade:1', title: 'Bronze', amount: '10.00', status: 'claimed' },
      { source: 'rank-up', id: 'upgrade:2', title: 'Silver', amount: '50.00', status: 'claimed' },
    ]);
    expect((await claimGift(who)).body).toMatchObject({ success: true, value: { amount: '20.00' } });
    const after = await centre();
    expect(after.filter((reward) => reward.status === 'claimable')).toEqual([]);
    expect(after).toContainEqual({
      source: 'rank-monthly',
      id: 'monthly:2026-11',
      title: 'Silver',
      amount: '20.00',
      status: 'claimed',
    });
    expect(await bonus(who)).toBe(unit(80));
  });

  it('pays the monthly gift once a month', async () => {
    const who = await createMember(t, { rankLevel: 2 });
    const first = await claimGift(who);
    expect(first.body).toMatchObject({ success: true, value: { amount: '20.00', month: '2026-11' } });
    expect((await claimGift(who)).body).toMatchObject({ success: false, code: 'ALREADY_CLAIMED' });
    expect(await bonus(who)).toBe(unit(20));
    expect((await rank(who)).body).toMatchObject({ value: { monthlyGiftClaimable: false } });
    const member = await createMember(t);
    expect((await claimGift(member)).body).toMatchObject({ success: false, code: 'INVALID_STATE' });
    const trial = await createMember(t, { type: 4 });
    expect((await claimGift(trial)).status).toBe(403);
  });

  it('relegates by the operator rule: never keeps the rank, window moves it down', async () => {
    const who = await createMember(t, { rankLevel: 3 });
    await t.services.ranks.evaluateAll();
    expect((await rank(who)).body).toMatchObject({ value: { current: { rankLevel: 3 } } });
    await t.services.settings.set('loyalty.rank', { windowDays: 90, relegation: 'window' });
    await t.services.ranks.evaluateAll();
    expect((await rank(who)).body).toMatchObject({ value: { current: { rankLevel: 0 } } });
    expect(await bonus(who)).toBe(0n);
    await t.services.settings.reset('loyalty.rank');
  });

  it('the operator tool sets and lists ranks, refusing bad values', async () => {
    const run = (...args: string[]) => t.services.operator.run(args, 'cli:test');
    const base = [
      '--color',
      '#aa0000',
      '--color2',
      '#00aa00',
      '--min-deposit',
      '10000',
      '--min-valid-bet',
      '90000',
    ];
    const gifts = ['--upgrade-gift', '500', '--monthly-gift', '50'];
    expect(await run('rank', 'set', '9', '--label', 'Legend', ...base, ...gifts)).toMatchObject({
      exitCode: 0,
    });
    expect((await run('rank', 'list')).output).toContain('Legend');
    for (const bad of [
      ['rank', 'set', '99', '--label', 'X', ...base, ...gifts],
      ['rank', 'set', '9', '--label', 'X', ...base, '--upgrade-gift', '-5', '--monthly-gift', '1'],
      [
        'rank',
        'set',
        '9',
        '--label',
        'X',
        '--color',
        'red',
        '--color2',
        '#00aa00',
        '--min-deposit',
        '1',
        '--min-valid-bet',
        '1',
        ...gifts,
      ],
      ['rank', 'set', '9', '--label', '<b>', ...base, ...gifts],
    ]) {
      expect((await run(...bad)).exitCode, bad.join(' ')).toBe(2);
    }
    expect(await run('rank', 'remove', '9')).toMatchObject({ exitCode: 0 });
    expect((await run('rank', 'list')).output).not.toContain('Legend');
  });

  it('earnedLevel takes the highest rank both totals reach', () => {
    const rows = [0, 1, 2].map((level) => ({
      level,
      labelName: `L${level}`,
      color: '#000000',
      color2: '#000000',
      minDeposit: BigInt(level * 100),
      minValidBet: BigInt(level * 1_000),
      upgradeGift: 0n,
      monthlyGift: 0n,
    }));
    expect(earnedLevel(rows, { deposit: 250n, validBet: 1_500n })).toBe(1);
    expect(earnedLevel(rows, { deposit: 250n, validBet: 5_000n })).toBe(2);
    expect(earnedLevel(rows, { deposit: 0n, validBet: 5_000n })).toBe(0);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('rank gifts under concurrency (PostgreSQL)', () => {
  it('pays the monthly gift once under concurrent claims', async () => {
    const who = await createMember(t, { rankLevel: 3 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => claimGift(who)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await bonus(who)).toBe(unit(50));
  });

  it('pays a rank-up gift once under concurrent evaluations', async () => {
    const who = await createMember(t);
    await play(who, 1_500);
    await deposit(who, 150);
    await Promise.all(Array.from({ length: 6 }, () => rank(who)));
    await Promise.all(Array.from({ length: 4 }, () => t.services.ranks.evaluate(who.row.id)));
    expect(await bonus(who)).toBe(unit(10));
  });
});
