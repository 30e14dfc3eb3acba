import { randomUUID } from 'node:crypto';
import type {
  BetRecord,
  CrashBetAnswer,
  CrashCashOutAnswer,
  CrashState,
  Page,
  RealtimeServerMessage,
  RoundDetail,
} from '@platform/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { maskUsername } from '../../lib/mask.js';
import { accountCodes } from '../wallet/index.js';
import { crashRepository } from './crash.repository.js';
import { CRASH_TIMING, winOf } from './crash.service.js';
import { crashAfterMs, crashPoint, hashChain, multiplierAt, sha256Hex } from './fair/crash.js';

/**
 * Crash as a game: rounds opened, run and settled by the scheduler's job on the server's clock, bets in
 * the betting phase only, cash-outs decided by the clock (a late one refused with the crash point),
 * settlement through the seamless wallet exactly once (a restart settles or refunds what was open), and
 * the betting record's detail with the round's seed and the chain's salt.
 */
const ORIGIN = '4ad7c9b9a2c8e6f2e0f3b3a5d6c7e8f9a0b1c2d3e4f5061728394a5b6c7d8e9f';
const SALT = 'khela';
const CHAIN = hashChain(ORIGIN, 40);
/** The chain's crash points in playing order (hundredths). */
const POINTS = CHAIN.seeds.map((seed) => crashPoint(seed, SALT));

describe('crash', () => {
  let t: TestApp;
  const events: RealtimeServerMessage[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await crashRepository.addChain(t.handle.db, {
      commitment: CHAIN.commitment,
      salt: SALT,
      seeds: CHAIN.seeds,
      at: t.clock.now(),
    });
    const realtime = t.services.realtime;
    const original = realtime.publishToAll.bind(realtime);
    realtime.publishToAll = async (event) => {
      events.push(event);
      await original(event);
    };
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    events.length = 0;
  });

  const value = <T>(answer: { body: { success: boolean; value?: T } }): T => {
    if (!answer.body.success || answer.body.value === undefined) throw new Error(JSON.stringify(answer.body));
    return answer.body.value;
  };
  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const state = async (who?: TestMember) =>
    value(
      await t.call<CrashState>({ method: 'GET', url: '/wps/inhouse/crash/state', headers: who?.auth ?? {} }),
    );
  const bet = (who: TestMember, payload: Record<string, unknown>) =>
    t.call<CrashBetAnswer>({
      method: 'POST',
      url: '/wps/inhouse/crash/bet',
      headers: who.auth,
      payload: { requestId: `crash-${randomUUID()}`, ...payload },
    });
  const cashOut = (who: TestMember, roundId: string) =>
    t.call<CrashCashOutAnswer>({
      method: 'POST',
      url: '/wps/inhouse/crash/cash-out',
      headers: who.auth,
      payload: { roundId },
    });
  const openRound = async () => {
    const round = await crashRepository.openRound(t.handle.db);
    if (!round) throw new Error('no open round');
    return round;
  };
  /** Ticks until a round with a crash point of at least `point` is open in its betting phase. */
  const roundCrashingAbove = async (point: bigint) => {
    for (let guard = 0; guard < 40; guard += 1) {
      await t.services.crash.tick();
      const round = await crashRepository.openRound(t.handle.db);
      if (round && round.crashPoint >= point && t.clock.now() < round.bettingEndsAt) return round;
      t.clock.advance(round ? round.crashesAt.getTime() - t.clock.now().getTime() + 1 : CRASH_TIMING.pauseMs);
      if (round) await t.services.crash.tick();
      t.clock.advance(CRASH_TIMING.pauseMs);
    }
    throw new Error('no such round in the chain');
  };

  it('opens rounds from the chain in order, the commitment published first, each seed hashing to the one before', async () => {
    const before = await state();
    expect(before.round).toBeNull();
    expect(before.commitment).toBe(CHAIN.commitment);
    await t.services.crash.tick();
    const first = await openRound();
    expect(first.position).toBe(1);
    expect(first.crashPoint).toBe(POINTS[0]);
    expect(events.map((event) => event.type === 'crash' && event.kind)).toEqual(['betting']);
    const shown = await state();
    expect(shown.round).toMatchObject({
      roundId: first.publicId,
      phase: 'betting',
      crashPoint: null,
      seed: null,
    });
    // Through the crash, then the next round after the pause.
    t.clock.set(new Date(first.crashesAt.getTime() + 1));
    await t.services.crash.tick();
    const crashed = await state();
    expect(crashed.round).toMatchObject({ phase: 'crashed', seed: CHAIN.seeds[0] });
    expect(sha256Hex(CHAIN.seeds[0] as string)).toBe(CHAIN.commitment);
    expect(crashed.history[0]).toEqual({
      roundId: first.publicId,
      crashPoint: `${POINTS[0]! / 100n}.${String(POINTS[0]! % 100n).padStart(2, '0')}`,
      seed: CHAIN.seeds[0],
      salt: SALT,
    });
    t.clock.advance(CRASH_TIMING.pauseMs);
    await t.services.crash.tick();
    const second = await openRound();
    expect(second.position).toBe(2);
    expect(sha256Hex(CHAIN.seeds[1] as string)).toBe(CHAIN.seeds[0]);
    t.clock.set(new Date(second.crashesAt.getTime() + 1));
    await t.services.crash.tick();
    t.clock.advance(CRASH_TIMING.pauseMs);
  });

  it('takes bets in the betting phase, pays a cash-out at the multiplier of the clock, refuses a late one with the crash point, and settles the rest once', async () => {
    const round = await roundCrashingAbove(300n);
    const [early, late, auto, loser] = await Promise.all(
      [0, 1, 2, 3].map(() => createFundedMember(t, '100.00')),
    );
    if (!early || !late || !auto || !loser) throw new Error('no members');
    value(await bet(early, { roundId: round.publicId, stake: '10.00' }));
    value(await bet(late, { roundId: round.publicId, stake: '10.00' }));
    value(await bet(auto, { roundId: round.publicId, stake: '10.00', autoCashOut: '2.00' }));
    const placed = value(await bet(loser, { roundId: round.publicId, stake: '5.00' }));
    expect(placed.balance).toBe('95.00');
    expect(await balance(early)).toBe(9_000n);
    expect(events.filter((event) => event.type === 'crash' && event.kind === 'bet')).toHaveLength(4);

    // Betting closes; a bet now is refused and changes nothing.
    t.clock.set(round.bettingEndsAt);
    const newcomer = await createFundedMember(t, '100.00');
    const before = await databaseDigest(t);
    const refused = await bet(newcomer, { roundId: round.publicId, stake: '1.00' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'INVALID_STATE', details: { status: 'betting-closed' } });
    expect(await databaseDigest(t)).toBe(before);

    // 1.50× by the clock: the early player cashes out at it.
    const at150 = crashAfterMs(150n);
    t.clock.set(new Date(round.bettingEndsAt.getTime() + at150));
    const out = value(await cashOut(early, round.publicId));
    expect(out).toMatchObject({ multiplier: '1.50', win: '15.00', balance: '105.00' });
    expect(await balance(early)).toBe(10_500n);
    // A second cash-out answers the first and pays nothing more.
    expect(value(await cashOut(early, round.publicId))).toMatchObject({ multiplier: '1.50', win: '15.00' });
    expect(await balance(early)).toBe(10_500n);

    // The rise passes 2.00×: the automatic cash-out is announced by the tick.
    t.clock.set(new Date(round.bettingEndsAt.getTime() + crashAfterMs(201n)));
    await t.services.crash.tick();
    const announced = events.filter((event) => event.type === 'crash' && event.kind === 'cashout');
    expect(announced.map((event) => event.type === 'crash' && event.bet?.cashedOutAt)).toContain('2.00');
    const live = await state(auto);
    expect(live.round?.bets.find((shown) => shown.mine)).toMatchObject({
      cashedOutAt: '2.00',
      win: '20.00',
      // Others see the name as every public list shows it.
      player: maskUsername(auto.row.username),
    });
    expect(live.round?.myAutoCashOut).toBe('2.00');

    // After the crash by the clock (before the job noticed): refused, with the crash point.
    t.clock.set(new Date(round.crashesAt.getTime() + 5));
    const tooLate = await cashOut(late, round.publicId);
    expect(tooLate.status).toBe(409);
    const point = `${round.crashPoint / 100n}.${String(round.crashPoint % 100n).padStart(2, '0')}`;
    expect(tooLate.body).toMatchObject({
      code: 'INVALID_STATE',
      details: { status: 'crashed', crashPoint: point },
    });

    await t.services.crash.tick();
    expect(await balance(late)).toBe(9_000n);
    expect(await balance(loser)).toBe(9_500n);
    expect(await balance(auto)).toBe(9_000n + 2_000n);
    expect(await balance(early)).toBe(10_500n);
    // Settling the round again (a restart) moves nothing.
    const settledRound = await crashRepository.roundByPublicId(t.handle.db, round.publicId);
    if (!settledRound) throw new Error('gone');
    await t.services.crash.settle({ ...settledRound, status: 'open' });
    expect(await balance(auto)).toBe(11_000n);
    expect(await balance(early)).toBe(10_500n);

    // The betting record shows the crash point, the cash-out and the proof.
    const records = value(
      await t.call<Page<BetRecord>>({
        method: 'GET',
        url: '/wps/records/bets?from=2026-11-21&to=2026-11-30&pageNo=1&pageSize=10',
        headers: early.auth,
      }),
    );
    const record = records.list[0];
    expect(record).toMatchObject({ vendorCode: 'INHOUSE', gameCode: 'crash', bet: '10.00', win: '15.00' });
    const detail = value(
      await t.call<{ detail: RoundDetail }>({
        method: 'GET',
        url: `/wps/records/bets/${record?.id}`,
        headers: early.auth,
      }),
    ).detail;
    expect(detail).toEqual({
      kind: 'crash',
      crash_point: point,
      cashed_out_at: '1.50',
      fairness: {
        server_seed_hash: sha256Hex(CHAIN.seeds[round.position - 1] as string),
        server_seed: CHAIN.seeds[round.position - 1],
        client_seed: SALT,
        nonce: round.position,
      },
    });
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    t.clock.advance(CRASH_TIMING.pauseMs);
  });

  it('refunds exactly once a bet whose wallet call never happened (a restart mid-bet)', async () => {
    const round = await roundCrashingAbove(100n);
    const member = await createFundedMember(t, '10.00');
    // The bet was claimed, then the server died before the wallet's bet.
    await crashRepository.claimBet(t.handle.db, {
      publicId: 'crb_pending00001',
      roundId: round.id,
      memberId: member.row.id,
      playerId: member.row.publicId,
      playerName: 'te***',
      requestId: 'crash-pending-1',
      stake: 500n,
      autoCashOut: null,
      status: 'pending',
      createdAt: t.clock.now(),
    });
    t.clock.set(new Date(round.crashesAt.getTime() + 1));
    await t.services.crash.tick();
    await t.services.crash.tick();
    expect(await balance(member)).toBe(1_000n);
    const bets = await crashRepository.bets(t.handle.db, round.id);
    expect(bets.find((row) => row.publicId === 'crb_pending00001')?.status).toBe('refunded');
    // The bet arriving late is refused by the wallet's tombstone: nothing moves.
    const retried = await bet(member, {
      roundId: round.publicId,
      stake: '5.00',
      requestId: 'crash-pending-1',
    });
    expect(retried.body).toMatchObject({ success: false });
    expect(await balance(member)).toBe(1_000n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    t.clock.advance(CRASH_TIMING.pauseMs);
  });

  describe('refused, with nothing changed', () => {
    it.each([
      ['a stake below the minimum', { stake: '0.50' }, 'AMOUNT_OUT_OF_RANGE'],
      ['a stake above the maximum', { stake: '10000.01' }, 'AMOUNT_OUT_OF_RANGE'],
      ['an automatic cash-out at 1.00', { autoCashOut: '1.00' }, 'VALIDATION_FAILED'],
      ['an automatic cash-out above the highest paid', { autoCashOut: '1000.01' }, 'VALIDATION_FAILED'],
      ['an automatic cash-out with one decimal', { autoCashOut: '2.5' }, 'VALIDATION_FAILED'],
      ['a zero stake', { stake: '0.00' }, 'VALIDATION_FAILED'],
      ['an unknown round', { roundId: 'crr_nosuchround' }, 'NOT_FOUND'],
    ] as const)('%s', async (_, change, code) => {
      const round = await roundCrashingAbove(100n);
      const member = await createFundedMember(t, '100.00');
      const before = await databaseDigest(t);
      const answer = await bet(member, { roundId: round.publicId, stake: '1.00', ...change });
      expect(answer.body).toMatchObject({ success: false, code });
      expect(await databaseDigest(t)).toBe(before);
    });

    it('a second bet in the same round, and a cash-out without a bet or before the rise', async () => {
      const round = await roundCrashingAbove(100n);
      const member = await createFundedMember(t, '100.00');
      value(await bet(member, { roundId: round.publicId, stake: '1.00' }));
      const again = await bet(member, { roundId: round.publicId, stake: '1.00' });
      expect(again.body).toMatchObject({ code: 'INVALID_STATE', details: { status: 'already-bet' } });
      const early = await cashOut(member, round.publicId);
      expect(early.body).toMatchObject({ code: 'INVALID_STATE', details: { status: 'betting' } });
      const stranger = await createFundedMember(t, '1.00');
      const before2 = await databaseDigest(t);
      const none = await cashOut(stranger, round.publicId);
      expect(none.body).toMatchObject({ code: 'INVALID_STATE', details: { status: 'no-bet' } });
      expect(await databaseDigest(t)).toBe(before2);
    });
  });

  describe('free play', () => {
    it('checks the phase and the clock and writes nothing', async () => {
      const round = await roundCrashingAbove(200n);
      const before = await databaseDigest(t);
      const accepted = await t.call({
        method: 'POST',
        url: '/wps/inhouse/crash/free-bet',
        payload: { roundId: round.publicId, stake: '10.00' },
      });
      expect(accepted.body).toMatchObject({ success: true, value: { accepted: true } });
      t.clock.set(new Date(round.bettingEndsAt.getTime() + crashAfterMs(150n)));
      const out = await t.call({
        method: 'POST',
        url: '/wps/inhouse/crash/free-cash-out',
        payload: { roundId: round.publicId },
      });
      expect(out.body).toMatchObject({ success: true, value: { multiplier: '1.50' } });
      t.clock.set(new Date(round.crashesAt.getTime() + 1));
      const late = await t.call({
        method: 'POST',
        url: '/wps/inhouse/crash/free-cash-out',
        payload: { roundId: round.publicId },
      });
      expect(late.body).toMatchObject({ success: false, details: { status: 'crashed' } });
      expect(await databaseDigest(t)).toBe(before);
      expect(multiplierAt(crashAfterMs(150n))).toBe(150n);
      expect(winOf(1000n, 150n)).toBe(1500n);
    });
  });
});
