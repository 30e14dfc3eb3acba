import { drawFromSeed, parseMoney, type LotteryPeriod, type Page } from '@platform/contract';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lotteryPeriod } from '../../db/schema.js';
import { cryptoRng, type Rng } from '../../lib/rng.js';
import { databaseDigest } from '../../test/database-digest.js';
import {
  createAdmin,
  createFundedMember,
  lotteryPeriodNow,
  placeLotterySlip,
  type TestMember,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';
import { familyOf } from './families/registry.js';
import { LotteryEngine } from './lottery.engine.js';
import { potentialWinOf } from './lottery.service.js';

/** node:crypto, except that seeds queued by a test are served first (the engine's commit draws one). */
function scriptedRng(): Rng & { seeds: string[] } {
  const seeds: string[] = [];
  return {
    seeds,
    int: (min, max) => cryptoRng.int(min, max),
    bytes: (size) => {
      const next = size === 32 ? seeds.shift() : undefined;
      return next ? Buffer.from(next, 'hex') : cryptoRng.bytes(size);
    },
  };
}

const rowsOf = async <R>(t: TestApp, query: ReturnType<typeof sql>): Promise<R[]> =>
  ((await t.handle.db.execute(query)) as unknown as { rows: R[] }).rows;

describe('the lottery engine', () => {
  let t: TestApp;
  const rng = scriptedRng();

  beforeAll(async () => {
    t = await createTestApp({ rng });
    // One game is enough for most tests; the day and catch-up tests name theirs.
    await t.handle.db.execute(sql`update lottery_game set enabled = (code in ('SSC-1', 'K3-1', 'SSC-5'))`);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '10000.00',
      maxPayoutPerPeriod: '10000000.00',
      maxPayoutPerNumber: '1000000.00',
    });
  });

  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const tick = () => t.services.lotteryEngine.tick();
  /** Moves the clock to the next period's draw of a 1-minute game and runs the engine. */
  const toNextDraw = async (seconds = 60) => {
    const now = t.clock.now().getTime();
    t.clock.set(new Date(Math.floor(now / (seconds * 1000)) * seconds * 1000 + seconds * 1000 + 100));
    return tick();
  };
  const periodRow = async (gameCode: string, periodNo: string) =>
    (
      await rowsOf<{
        status: string;
        late: boolean;
        seed: string | null;
        seed_hash: string | null;
        draw: number[] | null;
      }>(
        t,
        sql`select status, late, seed, seed_hash, draw from lottery_period where game_code = ${gameCode} and period_no = ${periodNo}`,
      )
    )[0];
  const betsOf = (who: TestMember) =>
    rowsOf<{
      public_id: string;
      status: string;
      win: string;
      amount: string;
      stake: string;
      odds: number;
      hits: number;
      bet_type: string;
      selection: string;
    }>(
      t,
      sql`select public_id, status, win::text, amount::text, stake::text, odds, hits, bet_type, selection from lottery_bet where member_id = ${who.row.id} order by id`,
    );

  it('takes a slip of several bets, closes with a committed seed, draws from it and pays the winners once', async () => {
    await tick();
    const who = await createFundedMember(t, '1000.00');
    const periodNo = await lotteryPeriodNow(t, 'SSC-1');
    // The seed decides the draw; work the draw out first, then bet on it.
    const seed = 'a1'.repeat(32);
    const draw = await drawFromSeed(familyOf('SSC').drawSpec, seed);
    rng.seeds.push(seed);
    const first = String(draw[0]);
    const other = String(((draw[0] as number) + 1) % 10);
    const placed = await placeLotterySlip(t, who, 'SSC-1', [
      { betType: 'digit', selection: ['1', first], stake: '10.00' },
      { betType: 'digit', selection: ['1', other], stake: '5.00' },
      { betType: 'size', selection: ['sum', 'big'], stake: '2.00' },
    ]);
    expect(placed.status).toBe(200);
    if (!placed.body.success) throw new Error('refused');
    expect(placed.body.value.totalStake).toBe('17.00');
    expect(placed.body.value.balance).toBe('983.00');
    expect(placed.body.value.bets.map((bet) => bet.status)).toEqual(['pending', 'pending', 'pending']);

    // Cut-off: the hash of the seed is published, the seed is not.
    t.clock.set(new Date(t.clock.now().getTime() + 56_000));
    await tick();
    const closed = await t.call<LotteryPeriod>({
      method: 'GET',
      url: `/wps/lottery/games/SSC-1/periods/${periodNo}`,
    });
    if (!closed.body.success) throw new Error('no period');
    expect(closed.body.value.status).toBe('closed');
    expect(closed.body.value.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(closed.body.value.seed).toBeNull();
    expect(closed.body.value.draw).toBeNull();

    await toNextDraw();
    const settled = await t.call<LotteryPeriod>({
      method: 'GET',
      url: `/wps/lottery/games/SSC-1/periods/${periodNo}`,
    });
    if (!settled.body.success) throw new Error('no period');
    expect(settled.body.value).toMatchObject({
      status: 'settled',
      state: 'settled',
      seed,
      draw,
      late: false,
    });

    const sum = draw.reduce((total, digit) => total + digit, 0);
    const sizeWins = sum >= 23;
    const bets = await betsOf(who);
    expect(bets.map((bet) => bet.status)).toEqual(['win', 'lose', sizeWins ? 'win' : 'lose']);
    const expected =
      1000_00n -
      17_00n +
      potentialWinOf(10_00n, bets[0]?.odds ?? 0) +
      (sizeWins ? potentialWinOf(2_00n, 1980) : 0n);
    expect(await balance(who)).toBe(expected);
    // Running the engine again pays nothing more.
    await tick();
    const [row] = await t.handle.db
      .select()
      .from(lotteryPeriod)
      .where(and(eq(lotteryPeriod.gameCode, 'SSC-1'), eq(lotteryPeriod.periodNo, periodNo)));
    if (!row) throw new Error('no period row');
    // A second settlement of the same period (another server's, a retry) claims nothing.
    expect(await t.services.lotteryEngine.settle({ ...row, status: 'closed' })).toBe(false);
    expect(await balance(who)).toBe(expected);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('answers a repeated slip with the first one and moves money once', async () => {
    await toNextDraw();
    const who = await createFundedMember(t, '100.00');
    const bets = [{ betType: 'parity', selection: ['3', 'odd'], stake: '4.00' }];
    const first = await placeLotterySlip(t, who, 'SSC-1', bets, { requestId: 'repeat-slip-0001' });
    const again = await placeLotterySlip(t, who, 'SSC-1', bets, { requestId: 'repeat-slip-0001' });
    expect(first.body).toEqual(again.body);
    expect(await balance(who)).toBe(96_00n);
  });

  it('refuses a bet after the cut-off, and a period that is not the one taking bets, changing nothing', async () => {
    await toNextDraw();
    const who = await createFundedMember(t, '100.00');
    const periodNo = await lotteryPeriodNow(t, 'SSC-1');
    t.clock.set(new Date(t.clock.now().getTime() + 55_000)); // 08:xx:55.1: past the 5-second cut-off
    const before = await databaseDigest(t);
    const late = await placeLotterySlip(
      t,
      who,
      'SSC-1',
      [{ betType: 'digit', selection: ['1', '1'], stake: '1.00' }],
      {
        periodNo,
      },
    );
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ success: false, code: 'LOTTERY_CLOSED' });
    const old = await placeLotterySlip(
      t,
      who,
      'SSC-1',
      [{ betType: 'digit', selection: ['1', '1'], stake: '1.00' }],
      {
        periodNo: '20261121-0001',
      },
    );
    expect(old.body).toMatchObject({ success: false, code: 'LOTTERY_CLOSED' });
    expect(await databaseDigest(t)).toBe(before);
  });

  it('refuses bad bets with a clear error and changes nothing', async () => {
    await toNextDraw();
    const who = await createFundedMember(t, '5.00');
    const before = await databaseDigest(t);
    const cases: [unknown[], number, string][] = [
      [[{ betType: 'digit', selection: ['6', '1'], stake: '1.00' }], 400, 'LOTTERY_BET_INVALID'],
      [[{ betType: 'nothing', selection: ['1'], stake: '1.00' }], 400, 'LOTTERY_BET_INVALID'],
      [[{ betType: 'digit', selection: ['1', '1'], stake: '0.50' }], 400, 'AMOUNT_OUT_OF_RANGE'],
      [[{ betType: 'digit', selection: ['1', '1'], stake: '10001.00' }], 400, 'AMOUNT_OUT_OF_RANGE'],
      [[{ betType: 'digit', selection: ['1', '1'], stake: '6.00' }], 409, 'INSUFFICIENT_FUNDS'],
      [[{ betType: 'digit', selection: ['1,2'], stake: '1.00' }], 400, 'VALIDATION_FAILED'],
      [[], 400, 'VALIDATION_FAILED'],
    ];
    for (const [bets, status, code] of cases) {
      const answer = await placeLotterySlip(t, who, 'SSC-1', bets as never);
      expect({ status: answer.status, code: answer.body.success ? null : answer.body.code }).toEqual({
        status,
        code,
      });
    }
    const invalid = await placeLotterySlip(t, who, 'SSC-1', [
      { betType: 'digit', selection: ['1', '1'], stake: '1.00' },
      { betType: 'group6', selection: ['F', '1', '1', '2'], stake: '1.00' },
    ]);
    expect(invalid.body).toMatchObject({ code: 'LOTTERY_BET_INVALID', details: { index: 1 } });
    const unknownGame = await t.call({ method: 'GET', url: '/wps/lottery/games/NOPE-1' });
    expect(unknownGame.status).toBe(404);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('refuses a bet that would push a number past its payout cap, and the period past its own', async () => {
    await toNextDraw();
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '10000.00',
      maxPayoutPerPeriod: '1000.00',
      maxPayoutPerNumber: '100.00',
    });
    const who = await createFundedMember(t, '1000.00');
    // digit pays 9.7: 10.00 -> 97.00 possible, within 100.00; one more 1.00 passes it.
    const fits = await placeLotterySlip(t, who, 'SSC-1', [
      { betType: 'digit', selection: ['2', '7'], stake: '10.00' },
    ]);
    expect(fits.status).toBe(200);
    const before = await databaseDigest(t);
    const over = await placeLotterySlip(t, who, 'SSC-1', [
      { betType: 'digit', selection: ['2', '8'], stake: '1.00' },
      { betType: 'digit', selection: ['2', '7'], stake: '1.00' },
    ]);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'PAYOUT_CAP_REACHED', details: { index: 1, scope: 'number' } });
    const periodCap = await placeLotterySlip(
      t,
      who,
      'SSC-1',
      Array.from({ length: 10 }, (_, digit) => ({
        betType: 'digit',
        selection: ['3', String(digit)],
        stake: '10.00',
      })),
    );
    expect(periodCap.body).toMatchObject({ code: 'PAYOUT_CAP_REACHED', details: { scope: 'period' } });
    expect(await databaseDigest(t)).toBe(before);

    const admin = await createAdmin(t, 'owner');
    const periodNo = await lotteryPeriodNow(t, 'SSC-1');
    const exposure = await t.call<{ numbers: { key: string; potentialPayout: string }[] }>({
      method: 'GET',
      url: `/wps/admin/lottery/exposure?gameCode=SSC-1&periodNo=${periodNo}`,
      headers: admin.headers,
    });
    expect(exposure.body).toMatchObject({
      success: true,
      value: { numbers: [{ key: 'digit:2,7', potentialPayout: '97.00' }] },
    });
    const forbidden = await t.call({
      method: 'GET',
      url: `/wps/admin/lottery/exposure?gameCode=SSC-1&periodNo=${periodNo}`,
    });
    expect(forbidden.status).toBe(401);
  });

  it('voids a period: every bet refunded once, as cancelled', async () => {
    await toNextDraw();
    const who = await createFundedMember(t, '50.00');
    await placeLotterySlip(t, who, 'SSC-1', [
      { betType: 'digit', selection: ['1', '1'], stake: '10.00' },
      { betType: 'dragon-tiger', selection: ['tie'], stake: '5.00' },
    ]);
    expect(await balance(who)).toBe(35_00n);
    const admin = await createAdmin(t, 'owner');
    const periodNo = await lotteryPeriodNow(t, 'SSC-1');
    const voided = await t.call<LotteryPeriod>({
      method: 'POST',
      url: '/wps/admin/lottery/void',
      headers: admin.headers,
      payload: { gameCode: 'SSC-1', periodNo, reason: 'feed fault' },
    });
    expect(voided.body).toMatchObject({ success: true, value: { status: 'cancelled', state: 'cancelled' } });
    expect(await balance(who)).toBe(50_00n);
    const again = await t.call({
      method: 'POST',
      url: '/wps/admin/lottery/void',
      headers: admin.headers,
      payload: { gameCode: 'SSC-1', periodNo, reason: 'feed fault' },
    });
    expect(again.body).toMatchObject({ success: false, code: 'INVALID_STATE' });
    await toNextDraw();
    expect(await balance(who)).toBe(50_00n);
    expect((await betsOf(who)).map((bet) => [bet.status, bet.win])).toEqual([
      ['cancelled', '1000'],
      ['cancelled', '500'],
    ]);
    const refunds = await rowsOf<{ n: number }>(
      t,
      sql`select count(*)::int as n from ledger_transfer where idempotency_key like 'lottery-refund:%' and memo like ${`%${periodNo}%`}`,
    );
    // One transfer gives the member both stakes back (ADR 087); the balance above shows it paid once.
    expect(refunds[0]?.n).toBe(1);
  });

  it('a server stopped for three periods draws the missed period late and settles it (the catch-up rule)', async () => {
    await toNextDraw();
    const who = await createFundedMember(t, '100.00');
    const periodNo = await lotteryPeriodNow(t, 'SSC-1');
    await placeLotterySlip(t, who, 'SSC-1', [
      { betType: 'parity', selection: ['5', 'even'], stake: '10.00' },
    ]);
    // Nothing runs for three periods.
    t.clock.set(new Date(t.clock.now().getTime() + 3 * 60_000));
    const during = await t.call<LotteryPeriod>({
      method: 'GET',
      url: `/wps/lottery/games/SSC-1/periods/${periodNo}`,
    });
    expect(during.body).toMatchObject({ success: true, value: { status: 'open', state: 'delayed' } });
    await tick();
    const row = await periodRow('SSC-1', periodNo);
    expect(row).toMatchObject({ status: 'settled', late: true });
    const [bet] = await betsOf(who);
    expect(['win', 'lose']).toContain(bet?.status);
    expect(await balance(who)).toBe(bet?.status === 'win' ? 90_00n + 19_80n : 90_00n);
    // A period later than the operator's limit is cancelled and refunded instead.
    await t.services.settings.set('lottery.maxDrawDelayMinutes', 2);
    const periodNo2 = await lotteryPeriodNow(t, 'SSC-1');
    await placeLotterySlip(t, who, 'SSC-1', [
      { betType: 'parity', selection: ['5', 'even'], stake: '10.00' },
    ]);
    const before = await balance(who);
    t.clock.set(new Date(t.clock.now().getTime() + 4 * 60_000));
    await tick();
    expect(await periodRow('SSC-1', periodNo2)).toMatchObject({ status: 'cancelled', late: true });
    expect(await balance(who)).toBe(before + 10_00n);
    expect((await betsOf(who)).at(-1)?.status).toBe('refunded');
    await t.services.settings.set('lottery.maxDrawDelayMinutes', 30);
  });

  it('two engines settling at the same time settle each period once', async () => {
    await toNextDraw();
    const players = await Promise.all([1, 2, 3].map(() => createFundedMember(t, '100.00')));
    for (const who of players)
      await placeLotterySlip(t, who, 'K3-1', [
        { betType: 'size', selection: ['big'], stake: '10.00' },
        { betType: 'size', selection: ['small'], stake: '10.00' },
        { betType: 'any-triple', selection: ['any'], stake: '1.00' },
      ]);
    const other = new LotteryEngine({
      db: t.handle.db,
      clock: t.clock,
      rng,
      settings: t.services.settings,
      ledger: t.services.ledger,
      announcer: () => undefined,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    t.clock.set(new Date(Math.floor(t.clock.now().getTime() / 60_000) * 60_000 + 60_100));
    const [a, b] = await Promise.all([tick(), other.tick()]);
    expect((a.settled ?? 0) + (b.settled ?? 0)).toBeGreaterThanOrEqual(1);
    // Each member paid by at most one win and one tie transfer of two entries (one chunk; ADR 087).
    const paid = await rowsOf<{ key: string; n: number }>(
      t,
      sql`select t.idempotency_key as key, count(e.id)::int as n from ledger_transfer t join ledger_entry e on e.transfer_id = t.id
          where ${sql.join(
            players.flatMap((who) => [
              sql`t.idempotency_key like ${`lottery-win:%:${who.row.id}:%`}`,
              sql`t.idempotency_key like ${`lottery-tie:%:${who.row.id}:%`}`,
            ]),
            sql` or `,
          )} group by t.idempotency_key`,
    );
    const kinds = paid.map((row) => row.key.split(':').slice(0, 3).join(':'));
    expect(new Set(kinds).size).toBe(kinds.length);
    for (const row of paid) expect(row.n).toBe(2);
    for (const who of players) {
      const bets = await betsOf(who);
      expect(bets.every((bet) => bet.status !== 'pending')).toBe(true);
      const won = bets.reduce((sum, bet) => sum + BigInt(bet.win), 0n);
      expect(await balance(who)).toBe(100_00n - 21_00n + won);
    }
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('settlement pays exactly what the win rules say (property)', async () => {
    const k3 = familyOf('K3');
    const bet = fc.oneof(
      fc.record({
        betType: fc.constant('sum'),
        selection: fc.integer({ min: 3, max: 18 }).map((n) => [String(n)]),
      }),
      fc.record({
        betType: fc.constant('size'),
        selection: fc.constantFrom('big', 'small').map((side) => [side]),
      }),
      fc.record({
        betType: fc.constant('pair'),
        selection: fc.integer({ min: 1, max: 6 }).map((n) => [String(n)]),
      }),
      fc.record({
        betType: fc.constant('two-different'),
        selection: fc
          .uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 2 })
          .map((ns) => ns.map(String)),
      }),
      fc.record({ betType: fc.constant('any-triple'), selection: fc.constant('any').map((word) => [word]) }),
    );
    await t.handle.db.execute(sql`update lottery_game set enabled = (code = 'K3-1')`);
    const who = await createFundedMember(t, '100000.00');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ bet, stake: fc.integer({ min: 100, max: 5000 }) }), {
          minLength: 1,
          maxLength: 6,
        }),
        async (slip) => {
          await toNextDraw();
          const before = await balance(who);
          const placed = await placeLotterySlip(
            t,
            who,
            'K3-1',
            slip.map(({ bet: b, stake }) => ({ ...b, stake: (stake / 100).toFixed(2) })),
          );
          if (!placed.body.success) throw new Error(`refused: ${placed.body.code}`);
          const ids = placed.body.value.bets.map((b) => b.betId);
          await toNextDraw();
          // The draw as anyone recomputes it from the seed the period published.
          const [period] = await rowsOf<{ seed: string }>(
            t,
            sql`select p.seed from lottery_period p join lottery_bet b on b.period_id = p.id where b.public_id = ${ids[0] ?? ''}`,
          );
          const draw = await drawFromSeed(k3.drawSpec, period?.seed ?? '');
          let expected = before;
          const rows = (await betsOf(who)).filter((row) => ids.includes(row.public_id));
          for (const row of rows) {
            const judged = k3.judge(row.bet_type, row.selection.split(','), draw);
            const stake = BigInt(row.stake);
            const win =
              judged.outcome === 'win'
                ? (stake * BigInt(row.odds) * BigInt(judged.hits)) / 1000n
                : judged.outcome === 'tie'
                  ? BigInt(row.amount)
                  : 0n;
            expect(row.status).toBe(judged.outcome);
            expect(BigInt(row.win)).toBe(win);
            expected += win - BigInt(row.amount);
          }
          expect(await balance(who)).toBe(expected);
        },
      ),
      { numRuns: 10 },
    );
  }, 120_000);

  it('after a simulated day of periods the books reconcile and every bet has one final status', async () => {
    await t.handle.db.execute(sql`update lottery_game set enabled = (code = 'SSC-5')`);
    const who = await createFundedMember(t, '100000.00');
    await toNextDraw(300);
    const start = t.clock.now().getTime();
    let periods = 0;
    while (t.clock.now().getTime() < start + 86_400_000) {
      if (periods % 6 === 0) {
        const placed = await placeLotterySlip(t, who, 'SSC-5', [
          { betType: 'size', selection: ['sum', 'big'], stake: '10.00' },
          { betType: 'dragon-tiger', selection: ['dragon'], stake: '10.00' },
          { betType: 'group6', selection: ['B', '1', '2', '3'], stake: '1.00' },
        ]);
        expect(placed.status).toBe(200);
      }
      await toNextDraw(300);
      periods += 1;
    }
    const statuses = await rowsOf<{ status: string; n: number }>(
      t,
      sql`select status, count(*)::int as n from lottery_bet where member_id = ${who.row.id} group by status`,
    );
    expect(statuses.find((row) => row.status === 'pending')).toBeUndefined();
    expect(statuses.reduce((sum, row) => sum + row.n, 0)).toBe(Math.ceil(periods / 6) * 3);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    const results = await t.call<Page<LotteryPeriod>>({
      method: 'GET',
      url: '/wps/lottery/games/SSC-5/results?pageSize=100',
    });
    if (!results.body.success) throw new Error('no results');
    expect(results.body.value.totalCount).toBeGreaterThanOrEqual(287);
    expect(parseMoney('1.00')).toBe(100n);
  }, 120_000);
});
