import {
  drawFromSeed,
  type LotteryFollow,
  type LotteryFollowAnswer,
  type LotteryFollowDetail,
  type Page,
} from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cryptoRng, type Rng } from '../../../lib/rng.js';
import { databaseDigest } from '../../../test/database-digest.js';
import {
  createFundedMember,
  lotteryPeriodNow,
  strayHouseMoney,
  type TestMember,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { accountCodes } from '../../wallet/index.js';
import { familyOf } from '../families/registry.js';
import { LotteryFollowService } from './follow.service.js';

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

type SlipBet = { betType: string; selection: string[]; stake: string };

describe('follow (chained) lottery bets', () => {
  let t: TestApp;
  const rng = scriptedRng();
  let requests = 0;

  beforeAll(async () => {
    t = await createTestApp({ rng });
    await t.handle.db.execute(sql`update lottery_game set enabled = (code = 'SSC-1')`);
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
    // Each test starts on a fresh period, well before its cut-off.
    const now = t.clock.now().getTime();
    t.clock.set(new Date(Math.floor(now / 60_000) * 60_000 + 60_100));
    await t.services.lotteryEngine.tick();
  });

  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  /** The clock at the next minute's period (the one before drawn by the engine first, when asked). */
  const nextPeriod = async (options: { engine?: boolean; follows?: boolean } = {}) => {
    const now = t.clock.now().getTime();
    t.clock.set(new Date(Math.floor(now / 60_000) * 60_000 + 60_100));
    if (options.engine !== false) await t.services.lotteryEngine.tick();
    if (options.follows !== false) await t.services.lotteryFollows.tick();
  };
  const follow = async (
    who: TestMember,
    bets: SlipBet[],
    fields: { periods?: number; stopOnWin?: boolean; periodNo?: string; requestId?: string } = {},
  ) => {
    requests += 1;
    return t.call<LotteryFollowAnswer>({
      method: 'POST',
      url: '/wps/lottery/follows',
      headers: who.auth,
      payload: {
        gameCode: 'SSC-1',
        periodNo: fields.periodNo ?? (await lotteryPeriodNow(t, 'SSC-1')),
        bets,
        periods: fields.periods ?? 3,
        stopOnWin: fields.stopOnWin ?? false,
        requestId: fields.requestId ?? `follow-${requests}-${Date.now()}`,
      },
    });
  };
  const made = async (...args: Parameters<typeof follow>) => {
    const answer = await follow(...args);
    if (!answer.body.success) throw new Error(`refused: ${JSON.stringify(answer.body)}`);
    return answer.body.value;
  };
  const detail = async (who: TestMember, followId: string) => {
    const answer = await t.call<LotteryFollowDetail>({
      method: 'GET',
      url: `/wps/lottery/follows/${followId}`,
      headers: who.auth,
    });
    if (!answer.body.success) throw new Error('no detail');
    return answer.body.value;
  };
  const cancel = (who: TestMember, followId: string) =>
    t.call<LotteryFollowAnswer>({
      method: 'POST',
      url: `/wps/lottery/follows/${followId}/cancel`,
      headers: who.auth,
    });
  /** The held account holds exactly the stake of the periods that active chains have not placed yet. */
  const expectHeldMatchesChains = async () => {
    const [owed] = await rowsOf<{ amount: string }>(
      t,
      sql`select coalesce(sum((periods - placed) * period_amount), 0)::text as amount
          from lottery_follow where stake_held and status = 'active'`,
    );
    expect(await t.services.ledger.balanceOf(t.handle.db, accountCodes.lotteryFollowHeld)).toBe(
      BigInt(owed?.amount ?? '0'),
    );
  };
  /** What a chain's own transfers (its payment, placements and refund) gave the house, minor units. */
  const houseTakeOf = async (followId: string) =>
    BigInt(
      (
        await rowsOf<{ amount: string }>(
          t,
          sql`select coalesce(sum(e.amount), 0)::text as amount
              from ledger_entry e
              join ledger_transfer tr on tr.id = e.transfer_id
              join ledger_account a on a.id = e.account_id
              where a.code = ${accountCodes.house} and tr.reference = ${followId}
                and tr.idempotency_key like 'lottery-follow%'`,
        )
      )[0]?.amount ?? '0',
    );
  const refundTransfers = async (followId: string) =>
    (
      await rowsOf<{ n: number }>(
        t,
        sql`select count(*)::int as n from ledger_transfer where idempotency_key = ${`lottery-follow-refund:${followId}`}`,
      )
    )[0]?.n;

  it('pays for every period at once, places each period’s slip as it opens, and is done after the last', async () => {
    const who = await createFundedMember(t, '100.00');
    const first = await made(who, [{ betType: 'size', selection: ['sum', 'big'], stake: '2.00' }], {
      periods: 3,
    });
    expect(first.follow).toMatchObject({
      status: 'active',
      periods: 3,
      placed: 1,
      periodAmount: '2.00',
      totalAmount: '6.00',
      refunded: '0.00',
    });
    expect(first.bets).toHaveLength(1);
    expect(first.balance).toBe('94.00');

    await nextPeriod();
    expect((await detail(who, first.follow.followId)).follow).toMatchObject({ status: 'active', placed: 2 });
    await nextPeriod();
    const done = await detail(who, first.follow.followId);
    expect(done.follow).toMatchObject({ status: 'done', placed: 3, refunded: '0.00' });
    expect(new Set(done.bets.map((bet) => bet.periodNo)).size).toBe(3);
    expect(done.bets[0]?.periodNo).toBe(done.follow.lastPeriodNo);
    await nextPeriod();
    const after = await detail(who, first.follow.followId);
    expect(after.bets).toHaveLength(3);
    // Nothing but the chain's one debit and its bets' settlements moved the balance.
    const credited = after.bets.reduce((sum, bet) => sum + Number(bet.win), 0);
    expect(Number(await balance(who)) / 100).toBeCloseTo(94 + credited, 2);
    expect(after.follow.won).toBe(credited.toFixed(2));

    const list = await t.call<Page<LotteryFollow>>({
      method: 'GET',
      url: '/wps/lottery/follows?gameCode=SSC-1',
      headers: who.auth,
    });
    if (!list.body.success) throw new Error('no list');
    expect(list.body.value.list.map((row) => row.followId)).toEqual([first.follow.followId]);
    // The house took each period's stake as its slip was placed, nothing more.
    expect(await houseTakeOf(first.follow.followId)).toBe(6_00n);
    await expectHeldMatchesChains();
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it("keeps the periods not placed yet apart from the house's money until each is placed or refunded", async () => {
    const who = await createFundedMember(t, '100.00');
    const held = () => t.services.ledger.balanceOf(t.handle.db, accountCodes.lotteryFollowHeld);
    const heldBefore = await held();
    const chain = await made(who, [{ betType: 'size', selection: ['sum', 'big'], stake: '2.50' }], {
      periods: 4,
    });
    expect(chain.balance).toBe('90.00');
    // One period placed: its 2.50 is the house's; three periods' 7.50 wait.
    expect(await houseTakeOf(chain.follow.followId)).toBe(2_50n);
    expect((await held()) - heldBefore).toBe(7_50n);
    await expectHeldMatchesChains();

    await nextPeriod({ engine: false });
    expect(await houseTakeOf(chain.follow.followId)).toBe(5_00n);
    expect((await held()) - heldBefore).toBe(5_00n);
    // A second pass over the same period moves nothing again.
    await t.services.lotteryFollows.tick();
    expect(await houseTakeOf(chain.follow.followId)).toBe(5_00n);

    const cancelled = await cancel(who, chain.follow.followId);
    if (!cancelled.body.success) throw new Error('cancel refused');
    expect(cancelled.body.value.follow).toMatchObject({ placed: 2, refunded: '5.00' });
    expect(await held()).toBe(heldBefore);
    expect(await houseTakeOf(chain.follow.followId)).toBe(5_00n);
    await expectHeldMatchesChains();
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it("the ledger's reconciliation names the held account when it holds other than the chains' unplaced stake", async () => {
    const who = await createFundedMember(t, '10.00');
    await made(who, [{ betType: 'size', selection: ['sum', 'big'], stake: '1.00' }], { periods: 3 });
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    const held = await t.services.ledger.balanceOf(t.handle.db, accountCodes.lotteryFollowHeld);
    await strayHouseMoney(t, `test-stray-in:${who.row.id}`, accountCodes.lotteryFollowHeld, 1_00n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([
      {
        kind: 'holding_mismatch',
        account: accountCodes.lotteryFollowHeld,
        balance: held + 1_00n,
        owed: held,
      },
    ]);
    await strayHouseMoney(t, `test-stray-out:${who.row.id}`, accountCodes.lotteryFollowHeld, -1_00n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('a chain made before the held account (paid wholly to the house) places without moving money and refunds from the house', async () => {
    const who = await createFundedMember(t, '100.00');
    const chain = await made(who, [{ betType: 'size', selection: ['sum', 'big'], stake: '1.00' }], {
      periods: 3,
    });
    // As such a chain stands: its unplaced stake was paid to the house, and the row says so.
    await t.services.ledger.transfer(t.handle.db, {
      idempotencyKey: `test-legacy-follow:${chain.follow.followId}`,
      kind: 'adjustment',
      currency: 'REAL',
      legs: [
        { account: accountCodes.lotteryFollowHeld, amount: -2_00n },
        { account: accountCodes.house, amount: 2_00n },
      ],
      actor: 'test',
    });
    await t.handle.db.execute(
      sql`update lottery_follow set stake_held = false where public_id = ${chain.follow.followId}`,
    );
    // Its payment gave the house the first period (the test transfer above has no reference).
    expect(await houseTakeOf(chain.follow.followId)).toBe(1_00n);

    await nextPeriod({ engine: false });
    expect((await detail(who, chain.follow.followId)).follow.placed).toBe(2);
    expect(await houseTakeOf(chain.follow.followId)).toBe(1_00n);
    const cancelled = await cancel(who, chain.follow.followId);
    if (!cancelled.body.success) throw new Error('cancel refused');
    expect(cancelled.body.value.follow).toMatchObject({ placed: 2, refunded: '1.00' });
    expect(cancelled.body.value.balance).toBe('98.00');
    expect(await houseTakeOf(chain.follow.followId)).toBe(0n);
    await expectHeldMatchesChains();
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('with stop-on-win waits for the draw, then stops after a win and refunds the periods never placed, once', async () => {
    const who = await createFundedMember(t, '100.00');
    const seed = 'b2'.repeat(32);
    const draw = await drawFromSeed(familyOf('SSC').drawSpec, seed);
    rng.seeds.push(seed);
    const chain = await made(who, [{ betType: 'digit', selection: ['1', String(draw[0])], stake: '1.00' }], {
      periods: 5,
      stopOnWin: true,
    });
    expect(chain.balance).toBe('95.00');

    // The next period opens before anyone drew the last one: the chain waits instead of paying on.
    await nextPeriod({ engine: false });
    expect((await detail(who, chain.follow.followId)).follow).toMatchObject({ status: 'active', placed: 1 });
    await t.services.lotteryEngine.tick();
    await t.services.lotteryFollows.tick();
    const won = await detail(who, chain.follow.followId);
    expect(won.follow).toMatchObject({ status: 'won', placed: 1, refunded: '4.00' });
    expect(won.bets.map((bet) => bet.status)).toEqual(['win']);
    const win = Number(won.bets[0]?.win);
    expect(win).toBeGreaterThan(1);
    expect(Number(await balance(who)) / 100).toBeCloseTo(95 + win + 4, 2);

    await nextPeriod();
    await t.services.lotteryFollows.tick();
    expect(await refundTransfers(chain.follow.followId)).toBe(1);
    expect((await detail(who, chain.follow.followId)).bets).toHaveLength(1);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('with stop-on-win goes on after a losing period', async () => {
    const who = await createFundedMember(t, '100.00');
    const seed = 'c3'.repeat(32);
    const draw = await drawFromSeed(familyOf('SSC').drawSpec, seed);
    rng.seeds.push(seed);
    const other = String(((draw[0] as number) + 1) % 10);
    const chain = await made(who, [{ betType: 'digit', selection: ['1', other], stake: '1.00' }], {
      periods: 2,
      stopOnWin: true,
    });
    await nextPeriod();
    const next = await detail(who, chain.follow.followId);
    expect(next.follow).toMatchObject({ status: 'done', placed: 2, refunded: '0.00' });
    expect(next.bets.map((bet) => bet.status)).toEqual(['pending', 'lose']);
  });

  it('the member cancels: the periods not placed come back once; a second cancel changes nothing', async () => {
    const who = await createFundedMember(t, '100.00');
    const stranger = await createFundedMember(t, '1.00');
    const chain = await made(who, [{ betType: 'size', selection: ['sum', 'small'], stake: '1.50' }], {
      periods: 4,
    });
    await nextPeriod({ engine: false });
    expect((await detail(who, chain.follow.followId)).follow.placed).toBe(2);

    expect((await cancel(stranger, chain.follow.followId)).status).toBe(404);
    const cancelled = await cancel(who, chain.follow.followId);
    if (!cancelled.body.success) throw new Error('cancel refused');
    expect(cancelled.body.value.follow).toMatchObject({ status: 'cancelled', placed: 2, refunded: '3.00' });
    expect(cancelled.body.value.balance).toBe('97.00');

    const before = await databaseDigest(t);
    const again = await cancel(who, chain.follow.followId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'INVALID_STATE' });
    expect(await databaseDigest(t)).toBe(before);

    await nextPeriod({ engine: false });
    expect((await detail(who, chain.follow.followId)).bets).toHaveLength(2);
    expect(await refundTransfers(chain.follow.followId)).toBe(1);
    expect(await balance(who)).toBe(97_00n);
    await expectHeldMatchesChains();
  });

  it('a repeated request answers the first chain and is paid once', async () => {
    const who = await createFundedMember(t, '50.00');
    const bets = [{ betType: 'parity', selection: ['sum', 'odd'], stake: '1.00' }];
    const one = await made(who, bets, { periods: 10, requestId: 'follow-repeat-0001' });
    const two = await made(who, bets, { periods: 10, requestId: 'follow-repeat-0001' });
    expect(two.follow.followId).toBe(one.follow.followId);
    expect(await balance(who)).toBe(40_00n);
    // The same request twice at once: one chain, paid once.
    const [three, four] = await Promise.all([
      made(who, bets, { periods: 2, requestId: 'follow-repeat-0002' }),
      made(who, bets, { periods: 2, requestId: 'follow-repeat-0002' }),
    ]);
    expect(four.follow.followId).toBe(three.follow.followId);
    expect(await balance(who)).toBe(38_00n);
  });

  it('refuses a bad chain and changes nothing', async () => {
    const who = await createFundedMember(t, '5.00');
    const good = [{ betType: 'size', selection: ['sum', 'big'], stake: '1.00' }];
    const periodNo = await lotteryPeriodNow(t, 'SSC-1');
    const before = await databaseDigest(t);
    const refusals: [Awaited<ReturnType<typeof follow>>, number, string][] = [
      [await follow(who, good, { periods: 1 }), 400, 'VALIDATION_FAILED'],
      [await follow(who, good, { periods: 51 }), 400, 'VALIDATION_FAILED'],
      [await follow(who, [{ betType: 'nope', selection: ['1'], stake: '1.00' }]), 400, 'LOTTERY_BET_INVALID'],
      [
        await follow(who, [{ betType: 'digit', selection: ['9', '1'], stake: '1.00' }]),
        400,
        'LOTTERY_BET_INVALID',
      ],
      [await follow(who, [{ ...good[0]!, stake: '0.50' }]), 400, 'AMOUNT_OUT_OF_RANGE'],
      [await follow(who, good, { periodNo: '20200101-0001' }), 409, 'LOTTERY_CLOSED'],
      // 6 periods of 1.00 with 5.00 in the wallet
      [await follow(who, good, { periods: 6 }), 409, 'INSUFFICIENT_FUNDS'],
    ];
    for (const [answer, status, code] of refusals) {
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false, code });
    }
    const anonymous = await t.call({
      method: 'POST',
      url: '/wps/lottery/follows',
      payload: {
        gameCode: 'SSC-1',
        periodNo,
        bets: good,
        periods: 2,
        stopOnWin: false,
        requestId: 'anon-0001',
      },
    });
    expect(anonymous.status).toBe(401);
    expect(await databaseDigest(t)).toBe(before);
    expect(await balance(who)).toBe(5_00n);
  });

  it('stops a chain whose next slip is refused and refunds the periods never placed', async () => {
    const who = await createFundedMember(t, '100.00');
    const chain = await made(who, [{ betType: 'size', selection: ['sum', 'big'], stake: '5.00' }], {
      periods: 3,
    });
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '4.00',
      maxPayoutPerPeriod: '10000000.00',
      maxPayoutPerNumber: '1000000.00',
    });
    await nextPeriod({ engine: false });
    const stopped = await detail(who, chain.follow.followId);
    expect(stopped.follow).toMatchObject({
      status: 'stopped',
      placed: 1,
      refunded: '10.00',
      endReason: 'AMOUNT_OUT_OF_RANGE',
    });
    expect(await balance(who)).toBe(95_00n);
  });

  it('a cancel racing the placement of the next period (two servers placing): placed or refunded, never both', async () => {
    const other = new LotteryFollowService({
      db: t.handle.db,
      clock: t.clock,
      rng,
      ledger: t.services.ledger,
      lottery: t.services.lottery,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const players = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createFundedMember(t, '30.00')));
    const chains: { who: TestMember; followId: string }[] = [];
    for (const who of players) {
      const chain = await made(who, [{ betType: 'size', selection: ['sum', 'big'], stake: '2.00' }], {
        periods: 5,
      });
      chains.push({ who, followId: chain.follow.followId });
    }
    // The bets stay pending (no draw): only the chains' own money moves.
    await nextPeriod({ engine: false, follows: false });
    // The placing passes walk the chains oldest first, the cancels come newest first: they meet.
    await Promise.all([
      t.services.lotteryFollows.tick(),
      other.tick(),
      ...[...chains].reverse().map(({ who, followId }) => cancel(who, followId)),
    ]);
    await t.services.lotteryFollows.tick();
    for (const { who, followId } of chains) {
      const { follow: chain, bets } = await detail(who, followId);
      expect(chain.status).toBe('cancelled');
      expect(bets).toHaveLength(chain.placed);
      expect(new Set(bets.map((bet) => bet.periodNo)).size).toBe(chain.placed);
      expect(Number(chain.refunded)).toBe((5 - chain.placed) * 2);
      expect(await balance(who)).toBe(30_00n - 10_00n + BigInt(Number(chain.refunded) * 100));
      expect(await refundTransfers(followId)).toBe(1);
      // Each placed period went to the house once, whichever side won the race.
      expect(await houseTakeOf(followId)).toBe(BigInt(chain.placed) * 2_00n);
    }
    await expectHeldMatchesChains();
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });
});
