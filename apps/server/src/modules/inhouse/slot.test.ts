import { randomUUID } from 'node:crypto';
import {
  type BetRecord,
  type Page,
  type RoundDetail,
  type SlotInfo,
  type SlotRecentRound,
  type SlotRound,
} from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoRng, type Rng } from '../../lib/rng.js';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';
import { playRound } from './slot/evaluate.js';
import { SCATTER } from './slot/machine.js';
import { slotVariants } from './slot/variants.js';

/**
 * The slot as a game: a real-money round is a bet and one closing win on the seamless wallet (so the
 * betting record shows it with its reels), free play writes nothing, and every bad input is refused
 * with nothing changed. Stops come from crypto.randomInt unless a test scripts them.
 */

/** node:crypto, except that stops queued by a test are served first (a spin draws them before anything else). */
function scriptedRng(): Rng & { queue: number[] } {
  const queue: number[] = [];
  return {
    queue,
    int: (min, max) => {
      const next = queue.shift();
      if (next === undefined) return cryptoRng.int(min, max);
      if (next < min || next >= max) throw new Error(`scripted ${next} is outside [${min}, ${max})`);
      return next;
    },
    bytes: (size) => cryptoRng.bytes(size),
  };
}

describe('the slot', () => {
  let t: TestApp;
  const rng = scriptedRng();
  const strips = slotVariants['96'].strips;

  beforeAll(async () => {
    t = await createTestApp({ rng });
  });
  afterAll(async () => {
    await t.close();
  });

  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const spin = (who: TestMember | null, payload: Record<string, unknown>) =>
    t.call<SlotRound>({
      method: 'POST',
      url: '/wps/inhouse/slot/spin',
      headers: who?.auth ?? {},
      payload,
    });
  const requestId = () => `spin-${randomUUID()}`;

  /** Stops that show a lantern on the top row of reels 1 to 3 and none on reels 4 and 5. */
  const scatterStops = () =>
    strips.map((strip, reel) => {
      if (reel < 3) return strip.indexOf(SCATTER);
      // Three rows from here carry no lantern.
      const at = strip.indexOf(SCATTER);
      return (at + 3) % strip.length;
    });
  const quietStops = () => strips.map((strip) => (strip.indexOf(SCATTER) + 3) % strip.length);

  describe('info', () => {
    it('states the return of the variant in play, the bets a player may choose and the paytable', async () => {
      const info = await t.call<SlotInfo>({ method: 'GET', url: '/wps/inhouse/slot/info' });
      expect(info.status).toBe(200);
      const value = info.body.success ? info.body.value : null;
      expect(value).toMatchObject({
        statedRtp: '96.00',
        rtpVariant: '96',
        minBet: '0.20',
        maxBet: '100.00',
        betSteps: ['0.20', '0.40', '1.00', '2.00', '4.00', '10.00', '20.00', '40.00', '100.00'],
        wild: 'tiger',
        scatter: 'lantern',
        scatterPays: [5, 20, 100],
        freeSpinAwards: [10, 15, 20],
        freeSpinMultiplier: 3,
        freePlay: true,
      });
      expect(value?.paylines).toHaveLength(20);
      expect(value?.linePays.find((pay) => pay.symbol === 'peacock')?.pays).toEqual([50, 200, 750]);
    });

    it("follows the operator's variant and limits; an unknown variant or a bad step is refused and changes nothing", async () => {
      await t.services.settings.set('inhouse.slot.rtpVariant', '94');
      await t.services.settings.set('inhouse.slot.bets', {
        min: '1.00',
        max: '10.00',
        steps: ['0.20', '1.00', '2.00', '10.00', '20.00'],
      });
      try {
        const info = await t.call<SlotInfo>({ method: 'GET', url: '/wps/inhouse/slot/info' });
        const value = info.body.success ? info.body.value : null;
        expect(value?.statedRtp).toBe('94.00');
        // Only the steps within the limits are offered.
        expect(value?.betSteps).toEqual(['1.00', '2.00', '10.00']);

        const before = await databaseDigest(t);
        await expect(t.services.settings.set('inhouse.slot.rtpVariant', '95')).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
        });
        // 0.30 is not a whole number of minor units on each of the 20 lines.
        await expect(
          t.services.settings.set('inhouse.slot.bets', { min: '0.20', max: '1.00', steps: ['0.30'] }),
        ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        await expect(
          t.services.settings.set('inhouse.slot.bets', { min: '5.00', max: '1.00', steps: ['1.00'] }),
        ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
        expect(await databaseDigest(t)).toBe(before);
      } finally {
        await t.services.settings.reset('inhouse.slot.rtpVariant');
        await t.services.settings.reset('inhouse.slot.bets');
      }
    });
  });

  describe('a real-money round', () => {
    it('debits the bet and credits the win through the wallet, and the betting record shows the reels', async () => {
      const member = await createFundedMember(t, '100.00');
      const answer = await spin(member, { bet: '1.00', requestId: requestId() });
      expect(answer.status).toBe(200);
      const round = answer.body.success ? answer.body.value : null;
      if (!round?.roundId) throw new Error('no round');
      expect(round.freePlay).toBe(false);
      expect(round.bet).toBe('1.00');
      const expected = 10_000n - 100n + BigInt(round.win.replace('.', ''));
      expect(round.balance).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
      expect(await balance(member)).toBe(expected);
      expect(round.spin.reels).toHaveLength(5);
      expect(round.spin.reels.every((reel) => reel.length === 3)).toBe(true);

      const records = await t.call<Page<BetRecord>>({
        method: 'GET',
        url: '/wps/records/bets?from=2026-11-21&to=2026-11-21&pageNo=1&pageSize=10',
        headers: member.auth,
      });
      const record = records.body.success ? records.body.value.list[0] : undefined;
      expect(record).toMatchObject({ vendorCode: 'INHOUSE', gameCode: 'slot', bet: '1.00', win: round.win });
      expect(record?.status).toBe('settled');
      const detail = await t.call<{ detail: RoundDetail }>({
        method: 'GET',
        url: `/wps/records/bets/${record?.id}`,
        headers: member.auth,
      });
      const recorded = detail.body.success ? detail.body.value.detail : null;
      expect(recorded).toMatchObject({ kind: 'slot', reels: round.spin.reels });
      expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    });

    it('plays the free spins at once and pays the whole round in one closing win, recorded spin by spin', async () => {
      const member = await createFundedMember(t, '50.00');
      // The paid spin shows three lanterns (10 free spins); no free spin shows any.
      rng.queue.push(...scatterStops(), ...Array.from({ length: 10 }, quietStops).flat());
      const expected = playRound(
        strips,
        (() => {
          const script = [...scatterStops(), ...Array.from({ length: 10 }, quietStops).flat()];
          return () => script.shift() ?? 0;
        })(),
      );
      const answer = await spin(member, { bet: '2.00', requestId: requestId() });
      const round = answer.body.success ? answer.body.value : null;
      expect(rng.queue).toEqual([]);
      expect(round?.spin.scatter).toEqual({ count: 3, win: '10.00', freeSpins: 10 });
      expect(round?.freeSpins).toHaveLength(10);
      // 2.00 is 0.10 a line: the round's pay in line bets times 0.10.
      const win = BigInt(expected.pay) * 10n;
      expect(round?.win).toBe(`${win / 100n}.${String(win % 100n).padStart(2, '0')}`);
      expect(await balance(member)).toBe(5000n - 200n + win);

      const records = await t.call<Page<BetRecord>>({
        method: 'GET',
        url: '/wps/records/bets?from=2026-11-21&to=2026-11-21&pageNo=1&pageSize=10',
        headers: member.auth,
      });
      const record = records.body.success ? records.body.value.list[0] : undefined;
      const detail = await t.call<{ detail: RoundDetail }>({
        method: 'GET',
        url: `/wps/records/bets/${record?.id}`,
        headers: member.auth,
      });
      const recorded = detail.body.success ? detail.body.value.detail : null;
      if (recorded?.kind !== 'slot') throw new Error('not a slot detail');
      expect(recorded.scatter).toEqual({ count: 3, pays: '10.00' });
      expect(recorded.free_spins?.played).toBe(10);
      expect(recorded.free_spins?.multiplier).toBe(3);
      expect(recorded.free_spins?.spins).toHaveLength(10);
      expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    });

    it('answers a retried request with the same round and moves the money once', async () => {
      const member = await createFundedMember(t, '20.00');
      const id = requestId();
      const first = await spin(member, { bet: '1.00', requestId: id });
      const again = await spin(member, { bet: '1.00', requestId: id });
      const [one, two] = [first, again].map((answer) => (answer.body.success ? answer.body.value : null));
      expect(two?.roundId).toBe(one?.roundId);
      expect(two?.spin).toEqual(one?.spin);
      expect(two?.win).toBe(one?.win);
      expect(two?.balance).toBe(one?.balance);
      const expected = 2000n - 100n + BigInt((one?.win ?? '0').replace('.', ''));
      expect(await balance(member)).toBe(expected);

      const before = await databaseDigest(t);
      const other = await spin(member, { bet: '2.00', requestId: id });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_CONFLICT' });
      expect(await databaseDigest(t)).toBe(before);
    });

    it("lists the member's last rounds, newest first", async () => {
      const member = await createFundedMember(t, '100.00');
      const played: string[] = [];
      for (const bet of ['0.20', '0.40', '1.00']) {
        const answer = await spin(member, { bet, requestId: requestId() });
        if (answer.body.success && answer.body.value.roundId) played.push(answer.body.value.roundId);
      }
      const list = await t.call<SlotRecentRound[]>({
        method: 'GET',
        url: '/wps/inhouse/slot/rounds',
        headers: member.auth,
      });
      const rounds = list.body.success ? list.body.value : [];
      expect(rounds.map((round) => round.roundId)).toEqual(played.reverse());
      expect(rounds.map((round) => round.bet)).toEqual(['1.00', '0.40', '0.20']);
    });
  });

  describe('refused, with nothing changed', () => {
    it.each([
      ['below the minimum', { bet: '0.10' }, 400, 'AMOUNT_OUT_OF_RANGE'],
      ['above the maximum', { bet: '200.00' }, 400, 'AMOUNT_OUT_OF_RANGE'],
      ['not a bet step', { bet: '0.60' }, 400, 'VALIDATION_FAILED'],
      ['zero', { bet: '0.00' }, 400, 'VALIDATION_FAILED'],
      ['negative', { bet: '-1.00' }, 400, 'VALIDATION_FAILED'],
      ['three decimals', { bet: '1.005' }, 400, 'VALIDATION_FAILED'],
      ['not a number', { bet: 'ten' }, 400, 'VALIDATION_FAILED'],
      ['a number, not a string', { bet: 1 }, 400, 'VALIDATION_FAILED'],
      ['no request id', { bet: '1.00', requestId: undefined }, 400, 'VALIDATION_FAILED'],
      ['a bad request id', { bet: '1.00', requestId: 'a b' }, 400, 'VALIDATION_FAILED'],
    ] as const)('a bet %s', async (_, payload, status, code) => {
      const member = await createFundedMember(t, '500.00');
      const before = await databaseDigest(t);
      const answer = await spin(member, { requestId: requestId(), ...payload });
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ success: false, code });
      expect(await databaseDigest(t)).toBe(before);
      expect(await balance(member)).toBe(50_000n);
    });

    it('outside the limits names them', async () => {
      const member = await createFundedMember(t, '5.00');
      const answer = await spin(member, { bet: '0.10', requestId: requestId() });
      expect(answer.body).toMatchObject({
        code: 'AMOUNT_OUT_OF_RANGE',
        details: { min: '0.20', max: '100.00' },
      });
    });

    it('a bet beyond the balance', async () => {
      const member = await createFundedMember(t, '0.50');
      const before = await databaseDigest(t);
      const answer = await spin(member, { bet: '1.00', requestId: requestId() });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
      expect(await databaseDigest(t)).toBe(before);
    });

    it('a trial account (free play is its way to play) and a visitor', async () => {
      const trial = await createMember(t, { type: 4 });
      const before = await databaseDigest(t);
      const refused = await spin(trial, { bet: '1.00', requestId: requestId() });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 'NEED_REAL_ACCOUNT' });
      const visitor = await spin(null, { bet: '1.00', requestId: requestId() });
      expect(visitor.status).toBe(401);
      expect(visitor.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const rounds = await t.call({ method: 'GET', url: '/wps/inhouse/slot/rounds' });
      expect(rounds.status).toBe(401);
      expect(await databaseDigest(t)).toBe(before);
    });

    it('a slot the operator turned off', async () => {
      const member = await createFundedMember(t, '10.00');
      await t.services.gameCatalogue.changeGame('INHOUSE-slot', { enabled: false });
      try {
        const before = await databaseDigest(t);
        const answer = await spin(member, { bet: '1.00', requestId: requestId() });
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ success: false, code: 'FEATURE_DISABLED' });
        const free = await t.call({
          method: 'POST',
          url: '/wps/inhouse/slot/free-spin',
          payload: { bet: '1.00' },
        });
        expect(free.body).toMatchObject({ success: false, code: 'FEATURE_DISABLED' });
        expect(await databaseDigest(t)).toBe(before);
      } finally {
        await t.services.gameCatalogue.changeGame('INHOUSE-slot', { enabled: true });
      }
    });
  });

  describe('free play', () => {
    const freeSpin = (payload: Record<string, unknown>, who?: TestMember) =>
      t.call<SlotRound>({
        method: 'POST',
        url: '/wps/inhouse/slot/free-spin',
        headers: who?.auth ?? {},
        payload,
      });

    it('a visitor and a trial account play with play money: marked, and nothing is written', async () => {
      const trial = await createMember(t, { type: 4 });
      const before = await databaseDigest(t);
      for (const who of [undefined, trial]) {
        const answer = await freeSpin({ bet: '1.00' }, who);
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({
          success: true,
          value: { freePlay: true, roundId: null, balance: null, bet: '1.00' },
        });
      }
      expect(await databaseDigest(t)).toBe(before);
    });

    it('keeps to the same bets, and is off when FREEPLAY3 is off', async () => {
      expect((await freeSpin({ bet: '0.60' })).body).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await freeSpin({ bet: '500.00' })).body).toMatchObject({ code: 'AMOUNT_OUT_OF_RANGE' });
      const whitelabel = await t.services.settings.get('site.whitelabel');
      await t.services.settings.set('site.whitelabel', { ...whitelabel, FREEPLAY3: false });
      try {
        const before = await databaseDigest(t);
        const off = await freeSpin({ bet: '1.00' });
        expect(off.status).toBe(403);
        expect(off.body).toMatchObject({ code: 'FEATURE_DISABLED' });
        const info = await t.call<SlotInfo>({ method: 'GET', url: '/wps/inhouse/slot/info' });
        expect(info.body).toMatchObject({ value: { freePlay: false } });
        expect(await databaseDigest(t)).toBe(before);
      } finally {
        await t.services.settings.set('site.whitelabel', whitelabel);
      }
    });
  });
});
