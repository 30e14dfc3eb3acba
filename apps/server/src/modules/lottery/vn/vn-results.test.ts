import {
  formatMoney,
  parseMoney,
  type LotteryPeriod,
  type VnOpenedGame,
  type VnResultEntry,
} from '@platform/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotteryBet } from '../../../db/schema.js';
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
import { DEFAULT_VN_ODDS, payoutFor } from './bets.js';

/**
 * The daily regional draws (ADR 060): the South's VN-MN-D draws at 16:15 Vietnam (09:15 UTC) and closes
 * at 16:00; the harness's clock starts at 08:00 UTC on 21 November 2026, so its period is 20261121-0001.
 */
const GAME = 'VN-MN-D';
const PERIOD = '20261121-0001';
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
// giải 8 corrected from 56 to 65: lô 56 loses one hit, lô 65 gains one, đề 56 stays
const CORRECTED = [...SOUTH.slice(0, 8), ['65']];
const odds = DEFAULT_VN_ODDS.south;

describe('the daily regional VN draws: entered, confirmed by a second operator, corrected by difference', () => {
  let t: TestApp;
  let first: TestAdmin;
  let second: TestAdmin;
  let who: TestMember;
  const balance = () => t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const at = async (iso: string) => {
    t.clock.set(new Date(iso));
    await t.services.lotteryEngine.tick();
  };
  const enter = (admin: TestAdmin, tiers: unknown) =>
    t.call<VnResultEntry>({
      method: 'POST',
      url: '/wps/admin/lottery/vn/results',
      headers: admin.headers,
      payload: { gameCode: GAME, periodNo: PERIOD, tiers },
    });
  const confirm = (admin: TestAdmin) =>
    t.call<VnResultEntry>({
      method: 'POST',
      url: '/wps/admin/lottery/vn/results/confirm',
      headers: admin.headers,
      payload: { gameCode: GAME, periodNo: PERIOD },
    });
  // read from the table: the member's session does not outlive the hours the clock moves on
  const bets = async () => {
    const rows = await t.handle.db
      .select()
      .from(lotteryBet)
      .where(eq(lotteryBet.memberId, who.row.id))
      .orderBy(asc(lotteryBet.id));
    return new Map(
      rows.map((bet) => [
        `${bet.betType}:${bet.selection}`,
        { status: bet.status, hits: bet.hits, win: formatMoney(bet.win) },
      ]),
    );
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
    await t.handle.db.execute(sql`update lottery_game set enabled = (code like 'VN-%')`);
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '10000.00',
      maxPayoutPerPeriod: '10000000.00',
      maxPayoutPerNumber: '1000000.00',
    });
    first = await createAdmin(t, 'owner');
    second = await createAdmin(t, 'owner');
    who = await createFundedMember(t, '1000.00');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the daily draws with their Vietnam time and takes bets until 15 minutes before', async () => {
    const { body } = await t.call<VnOpenedGame>({
      method: 'GET',
      url: `/lgw/vn/numeros/opened/game?gameCode=${GAME}`,
    });
    if (!body.success) throw new Error('refused');
    expect(body.value.game).toMatchObject({ kind: 'daily', drawTime: '16:15', region: 'south' });
    expect(body.value.period).toMatchObject({
      periodNo: PERIOD,
      state: 'open',
      cutoffAt: '2026-11-21T09:00:00.000Z',
      drawAt: '2026-11-21T09:15:00.000Z',
    });
    const placed = await placeLotterySlip(
      t,
      who,
      GAME,
      [
        { betType: 'lo2', selection: ['56'], stake: '1.00' },
        { betType: 'lo2', selection: ['65'], stake: '1.00' },
        { betType: 'de', selection: ['56'], stake: '2.00' },
      ],
      { periodNo: PERIOD },
    );
    expect(placed.body).toMatchObject({ success: true, value: { totalStake: '38.00', balance: '962.00' } });

    // at the draw time and hours later: closed without a seed, awaiting its result, never drawn or cancelled
    await at('2026-11-21T09:01:00Z');
    await at('2026-11-21T09:20:00Z');
    await at('2026-11-21T12:00:00Z');
    expect(await period()).toMatchObject({ status: 'closed', state: 'awaiting', seedHash: null, draw: null });
    expect([...(await bets()).values()].map((bet) => bet.status)).toEqual(['pending', 'pending', 'pending']);
    const opened = await t.call<VnOpenedGame>({
      method: 'GET',
      url: `/lgw/vn/numeros/opened/game?gameCode=${GAME}`,
    });
    expect(opened.body).toMatchObject({
      success: true,
      value: { last: { periodNo: PERIOD, state: 'awaiting', tiers: null } },
    });
  });

  it('refuses a result without the region structure, naming each problem, and stores nothing', async () => {
    const before = await databaseDigest(t);
    const cases: [unknown, string[]][] = [
      [SOUTH.slice(0, 8), ['tiers']],
      [[['12345'], ...SOUTH.slice(1)], ['tiers.0.0']],
      [[...SOUTH.slice(0, 4), SOUTH[4]?.slice(0, 6), ...SOUTH.slice(5)], ['tiers.4']],
      [[...SOUTH.slice(0, 8), ['5a']], []],
    ];
    for (const [tiers, paths] of cases) {
      const { status, body } = await enter(first, tiers);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      if (paths.length > 0 && !body.success)
        expect((body.issues ?? []).map((issue) => issue.path)).toEqual(paths);
    }
    // a North-shaped result (27 numbers in 8 tiers) is not a South one
    const north = await enter(first, [['12345'], ['12345'], ['1', '2']]);
    expect(north.status).toBe(400);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('settles only when a second operator confirms; the one who entered cannot', async () => {
    const entered = await enter(first, SOUTH);
    expect(entered.body).toMatchObject({
      success: true,
      value: { revision: 0, state: 'entered', enteredBy: `admin:${first.username}`, confirmedBy: null },
    });
    expect((await period()).status).toBe('closed');
    expect(await balance()).toBe(parseMoney('962.00'));

    const before = await databaseDigest(t);
    const same = await confirm(first);
    expect(same.status).toBe(403);
    expect(same.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await databaseDigest(t)).toBe(before);
    expect((await bets()).get('lo2:56')?.status).toBe('pending');

    const confirmed = await confirm(second);
    expect(confirmed.body).toMatchObject({
      success: true,
      value: { state: 'confirmed', confirmedBy: `admin:${second.username}`, correction: null },
    });
    const settled = await period();
    expect(settled).toMatchObject({ status: 'settled', state: 'settled', late: false });
    expect(settled.groups?.map((group) => group.numbers)).toEqual(SOUTH);
    // lô 56 ends seven numbers, đề 56 is the special's ending, 65 appears nowhere
    const won = payoutFor(100n, odds.lo2, 7) + payoutFor(200n, odds.de, 1);
    expect(await balance()).toBe(parseMoney('962.00') + won);
    const after = await bets();
    expect(after.get('lo2:56')).toMatchObject({ status: 'win', hits: 7 });
    expect(after.get('lo2:65')).toMatchObject({ status: 'lose', hits: 0 });
    expect(after.get('de:56')).toMatchObject({ status: 'win', hits: 1 });

    // nothing waits any more: a second confirmation is refused and moves nothing
    const again = await confirm(first);
    expect(again.body).toMatchObject({ success: false, code: 'INVALID_STATE' });
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('a confirmed correction re-settles by exactly the difference, through the ledger, once', async () => {
    const settledBalance = await balance();
    const entered = await enter(second, CORRECTED);
    expect(entered.body).toMatchObject({ success: true, value: { revision: 1, state: 'entered' } });
    expect((await confirm(second)).body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await balance()).toBe(settledBalance);

    const confirmed = await confirm(first);
    const back = payoutFor(100n, odds.lo2, 7) - payoutFor(100n, odds.lo2, 6);
    const gained = payoutFor(100n, odds.lo2, 1);
    expect(confirmed.body).toMatchObject({
      success: true,
      value: {
        revision: 1,
        state: 'confirmed',
        correction: { credited: '95.00', debited: '95.00', shortfall: '0.00' },
      },
    });
    expect(back).toBe(95_00n);
    expect(gained).toBe(95_00n);
    expect(await balance()).toBe(settledBalance - back + gained);
    const after = await bets();
    expect(after.get('lo2:56')).toMatchObject({ status: 'win', hits: 6, win: '570.00' });
    expect(after.get('lo2:65')).toMatchObject({ status: 'win', hits: 1, win: '95.00' });
    expect(after.get('de:56')).toMatchObject({ status: 'win', hits: 1 });
    expect((await period()).groups?.at(-1)?.numbers).toEqual(['65']);

    // one ledger transfer per changed bet, under its correction key
    const keys = await t.handle.db.execute(
      sql`select idempotency_key from ledger_transfer where idempotency_key like 'lottery-vn-correction:%' order by 1`,
    );
    expect((keys as unknown as { rows: unknown[] }).rows).toHaveLength(2);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('the operator tool enters, refuses the same operator, and a different one confirms', async () => {
    const correction = [...SOUTH.slice(0, 8), ['56']];
    const run = (actor: string, ...args: string[]) =>
      t.services.operator.run(['lottery', 'vn', ...args], actor);
    const tiers = correction.map((tier) => tier.join(',')).join('/');
    const bad = await run('cli:ana', 'enter', GAME, PERIOD, '123456/11111');
    expect(bad.exitCode).toBe(1);
    expect(bad.output).toContain('VALIDATION_FAILED');
    const entered = await run('cli:ana', 'enter', GAME, PERIOD, tiers);
    expect(entered).toMatchObject({ exitCode: 0 });
    expect(entered.output).toContain('revision 2');
    expect((await run('cli:ana', 'confirm', GAME, PERIOD)).output).toContain('FORBIDDEN');
    const before = await balance();
    const confirmed = await run('cli:bao', 'confirm', GAME, PERIOD);
    expect(confirmed.exitCode).toBe(0);
    expect(confirmed.output).toContain('confirmed by cli:bao');
    // back to the first result: lô 56 wins its seventh hit again, lô 65 loses its one
    expect(await balance()).toBe(before + 95_00n - 95_00n);
    expect((await bets()).get('lo2:65')).toMatchObject({ status: 'lose', win: '0.00' });
    expect((await run('cli:ana', 'show', GAME, PERIOD)).output.split('\n')).toHaveLength(6);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('takes back no more than the member holds and records the shortfall', async () => {
    // the member spends the balance; the next correction takes back lô 56's seventh hit again
    const held = await balance();
    await t.services.ledger.transfer(t.handle.db, {
      idempotencyKey: `spend-${Date.now()}`,
      kind: 'adjustment',
      currency: 'REAL',
      legs: [
        { account: accountCodes.memberMain(who.row.id), amount: -(held - 10_00n) },
        { account: accountCodes.house, amount: held - 10_00n },
      ],
      actor: 'system:test',
    });
    await enter(first, [...SOUTH.slice(0, 8), ['99']]);
    const confirmed = await confirm(second);
    expect(confirmed.body).toMatchObject({
      success: true,
      value: { revision: 3, correction: { credited: '0.00', debited: '10.00', shortfall: '85.00' } },
    });
    expect(await balance()).toBe(0n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });
});
