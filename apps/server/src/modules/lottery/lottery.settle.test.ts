import type { EventEmitter } from 'node:events';
import { drawFromSeed } from '@platform/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotteryPeriod } from '../../db/schema.js';
import {
  createAdmin,
  createFundedMember,
  lotteryPeriodNow,
  placeLotterySlip,
  type TestMember,
} from '../../test/factories.js';
import { cryptoRng } from '../../lib/rng.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { familyOf } from './families/registry.js';
import { LotteryEngine } from './lottery.engine.js';
import { lotteryRepository } from './lottery.repository.js';

/**
 * Settlement in chunks (ADR 065): each chunk of bets its own transaction, a settlement cut short
 * finished by the next tick, two settlers taking turns. Chunks of one or two bets here, so a slip of a
 * few bets crosses several.
 */
const rowsOf = async <R>(t: TestApp, query: ReturnType<typeof sql>): Promise<R[]> =>
  ((await t.handle.db.execute(query)) as unknown as { rows: R[] }).rows;

const slip = [
  { betType: 'size', selection: ['sum', 'big'], stake: '10.00' },
  { betType: 'size', selection: ['sum', 'small'], stake: '10.00' },
  { betType: 'parity', selection: ['1', 'odd'], stake: '5.00' },
  { betType: 'parity', selection: ['1', 'even'], stake: '5.00' },
  { betType: 'dragon-tiger', selection: ['dragon'], stake: '2.00' },
  { betType: 'dragon-tiger', selection: ['tiger'], stake: '2.00' },
  { betType: 'digit', selection: ['3', '7'], stake: '1.00' },
];

describe('lottery settlement in chunks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.handle.db.execute(sql`update lottery_game set enabled = (code = 'SSC-1')`);
  });
  afterAll(async () => {
    // The pool's connections end as the harness drops the database (see ledger.concurrency.test.ts).
    const pool = (t.handle.db as unknown as { $client?: EventEmitter }).$client;
    pool?.on?.('error', () => undefined);
    await t.close();
  });

  const engineWith = (chunkSize: number, ledger: LedgerService = t.services.ledger) =>
    new LotteryEngine(
      {
        db: t.handle.db,
        clock: t.clock,
        rng: cryptoRng,
        settings: t.services.settings,
        ledger,
        announcer: () => undefined,
        logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      },
      chunkSize,
    );
  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const periodOf = async (periodNo: string) => {
    const [row] = await t.handle.db
      .select()
      .from(lotteryPeriod)
      .where(and(eq(lotteryPeriod.gameCode, 'SSC-1'), eq(lotteryPeriod.periodNo, periodNo)));
    if (!row) throw new Error(`no period ${periodNo}`);
    return row;
  };
  const betsOf = (who: TestMember) =>
    rowsOf<{ public_id: string; status: string; win: string; amount: string; odds: number; stake: string }>(
      t,
      sql`select public_id, status, win::text, amount::text, odds, stake::text, bet_type, selection
        from lottery_bet where member_id = ${who.row.id} order by id`,
    );
  /**
   * The member's lottery payments (ADR 087: one transfer per member for the bets a chunk settled, keyed
   * by period, member and the first of those bets): key, entry count and what the member received.
   */
  const paymentsOf = (who: TestMember) =>
    rowsOf<{ key: string; entries: number; received: string }>(
      t,
      sql`select t.idempotency_key as key, count(e.id)::int as entries,
          coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as received
        from ledger_transfer t join ledger_entry e on e.transfer_id = t.id
        where t.idempotency_key like ${`lottery-win:%:${who.row.id}:%`}
          or t.idempotency_key like ${`lottery-tie:%:${who.row.id}:%`}
        group by t.idempotency_key`,
    );

  /** A slip on the open period, then the clock to its cut-off and the engine's tick: closed with a seed. */
  const closedPeriodWith = async (players: TestMember[]) => {
    const now = t.clock.now().getTime();
    t.clock.set(new Date(Math.floor(now / 60_000) * 60_000 + 60_000 + 100));
    await t.services.lotteryEngine.tick();
    const periodNo = await lotteryPeriodNow(t, 'SSC-1');
    for (const who of players) {
      const placed = await placeLotterySlip(t, who, 'SSC-1', slip);
      expect(placed.status).toBe(200);
    }
    const open = await periodOf(periodNo);
    t.clock.set(new Date(open.cutoffAt.getTime() + 100));
    await t.services.lotteryEngine.tick();
    const closed = await periodOf(periodNo);
    expect(closed.status).toBe('closed');
    t.clock.set(new Date(closed.drawAt.getTime() + 100));
    return closed;
  };

  /** Every bet in one final status with the win its rule gives, paid once, and the balance to match. */
  const expectPaidOnce = async (who: TestMember, seed: string) => {
    const draw = await drawFromSeed(familyOf('SSC').drawSpec, seed);
    const bets = await rowsOf<{
      public_id: string;
      status: string;
      win: string;
      amount: string;
      odds: number;
      stake: string;
      bet_type: string;
      selection: string;
    }>(
      t,
      sql`select public_id, status, win::text, amount::text, odds, stake::text, bet_type, selection
        from lottery_bet where member_id = ${who.row.id} order by id`,
    );
    let expected = 200_00n;
    for (const bet of bets) {
      const judged = familyOf('SSC').judge(bet.bet_type, bet.selection.split(','), draw);
      expect(bet.status).toBe(judged.outcome);
      const win =
        judged.outcome === 'win'
          ? (BigInt(bet.stake) * BigInt(bet.odds) * BigInt(judged.hits)) / 1000n
          : judged.outcome === 'tie'
            ? BigInt(bet.amount)
            : 0n;
      expect(BigInt(bet.win)).toBe(win);
      expected += win - BigInt(bet.amount);
    }
    expect(await balance(who)).toBe(expected);
    // Paid what the bets won, each transfer balanced, each named after a paid bet of this member.
    const payments = await paymentsOf(who);
    const won = bets.reduce((sum, bet) => sum + BigInt(bet.win), 0n);
    expect(payments.reduce((sum, payment) => sum + BigInt(payment.received), 0n)).toBe(won);
    const paidIds = new Set(
      (
        await rowsOf<{ id: string }>(
          t,
          sql`select id::text from lottery_bet where member_id = ${who.row.id} and win > 0`,
        )
      ).map((row) => row.id),
    );
    for (const payment of payments) {
      expect(payment.entries).toBe(2);
      expect(paidIds.has(payment.key.split(':').at(-1) ?? '')).toBe(true);
    }
  };

  it('a settlement cut short after its first chunk is finished by the next tick, paying each bet once; meanwhile the period can be neither voided nor cancelled', async () => {
    const who = await createFundedMember(t, '200.00');
    const period = await closedPeriodWith([who]);
    // The ledger fails on the second chunk's payment, as a crash there would: the first chunk stays paid.
    let batches = 0;
    const ledger = t.services.ledger;
    const failing = Object.assign(Object.create(ledger) as LedgerService, {
      creditBatch: (...args: Parameters<LedgerService['creditBatch']>) => {
        batches += 1;
        if (batches === 2) return Promise.reject(new Error('the server stopped'));
        return ledger.creditBatch(...args);
      },
    });
    await expect(engineWith(2, failing).settle(period)).rejects.toThrow('the server stopped');
    const halfway = await periodOf(period.periodNo);
    expect(halfway.status).toBe('closed');
    expect(halfway.draw).not.toBeNull();
    const statuses = (await betsOf(who)).map((bet) => bet.status);
    expect(statuses.filter((status) => status === 'pending').length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 'pending').length).toBeGreaterThan(0);

    // A drawn period is not voided: part of it may be paid.
    const admin = await createAdmin(t, 'owner');
    const voided = await t.call({
      method: 'POST',
      url: '/wps/admin/lottery/void',
      headers: admin.headers,
      payload: { gameCode: 'SSC-1', periodNo: period.periodNo, reason: 'feed fault' },
    });
    expect(voided.body).toMatchObject({ success: false, code: 'INVALID_STATE' });

    // The server comes back an hour later, past the catch-up limit: the drawn period is finished, with
    // the draw it recorded, not cancelled.
    t.clock.set(new Date(period.drawAt.getTime() + 60 * 60_000));
    const outcome = await engineWith(2).tick();
    expect(outcome.settled).toBeGreaterThanOrEqual(1);
    const finished = await periodOf(period.periodNo);
    expect(finished).toMatchObject({ status: 'settled', draw: halfway.draw });
    await expectPaidOnce(who, period.seed ?? '');
    const [paid] = await rowsOf<{ total: string }>(
      t,
      sql`select coalesce(sum(win), 0)::text as total from lottery_bet where period_id = ${period.id}`,
    );
    expect(finished.payoutTotal.toString()).toBe(paid?.total);
    // Settling it again finds nothing to do.
    expect(await engineWith(1).settle({ ...finished, status: 'closed' })).toBe(false);
    await expectPaidOnce(who, period.seed ?? '');
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('a settlement that fails on a chunk settles nothing more after it reports the failure', async () => {
    const who = await createFundedMember(t, '200.00');
    const period = await closedPeriodWith([who]);
    // A bet per chunk, two chunks at a time: the first payment fails while chunks are still queued.
    const ledger = t.services.ledger;
    const failing = Object.assign(Object.create(ledger) as LedgerService, {
      creditBatch: () => Promise.reject(new Error('the database went away')),
    });
    await expect(engineWith(1, failing).settle(period)).rejects.toThrow('the database went away');
    const reported = (await betsOf(who)).map((bet) => bet.status);
    expect(reported.filter((status) => status === 'pending').length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await betsOf(who)).map((bet) => bet.status)).toEqual(reported);
    // The next tick finishes it, each bet paid once.
    expect(await engineWith(1).settle(period)).toBe(true);
    await expectPaidOnce(who, period.seed ?? '');
  });

  it('pays each member by one transfer for all of its bets a chunk settled, the chunks cut in id order', async () => {
    const players = [await createFundedMember(t, '200.00'), await createFundedMember(t, '200.00')];
    const period = await closedPeriodWith(players);
    // Fourteen bets cut one by one: the bounds run in id order past the tenth (not "10" < "9").
    const chunks = await lotteryRepository.chunks(t.handle.db, period.id, 1);
    expect(chunks).toHaveLength(15);
    expect(chunks[0]?.after).toBe(0n);
    expect(chunks.at(-1)?.upTo).toBeNull();
    for (const [index, chunk] of chunks.entries()) {
      if (chunk.upTo !== null) expect(chunk.upTo > chunk.after).toBe(true);
      if (index > 0) expect(chunk.after).toBe(chunks[index - 1]?.upTo);
    }
    expect(await engineWith(100).settle(period)).toBe(true);
    for (const who of players) {
      const keys = (await paymentsOf(who)).map((payment) => payment.key.split(':')[0]);
      // One chunk: at most one win and one tie transfer for the member, whatever its bets won.
      expect(keys.filter((key) => key === 'lottery-win').length).toBeLessThanOrEqual(1);
      expect(keys.filter((key) => key === 'lottery-tie').length).toBeLessThanOrEqual(1);
      await expectPaidOnce(who, period.seed ?? '');
    }
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two settlers on one period at once, one bet per chunk, pay every bet once (PostgreSQL)',
    async () => {
      const players = [
        await createFundedMember(t, '200.00'),
        await createFundedMember(t, '200.00'),
        await createFundedMember(t, '200.00'),
      ];
      const period = await closedPeriodWith(players);
      const [a, b] = await Promise.all([engineWith(1).settle(period), engineWith(1).settle(period)]);
      // Exactly one of them finished the period; both may have settled chunks of it.
      expect([a, b].filter(Boolean)).toHaveLength(1);
      expect((await periodOf(period.periodNo)).status).toBe('settled');
      for (const who of players) await expectPaidOnce(who, period.seed ?? '');
      expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    },
  );
});
