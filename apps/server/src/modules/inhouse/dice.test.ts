import { createHash, createHmac, randomUUID } from 'node:crypto';
import type {
  BetRecord,
  DiceInfo,
  DiceRotation,
  DiceRound,
  DiceSeedPair,
  FairRevealedSeed,
  FairVerification,
  Page,
  RoundDetail,
} from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

/**
 * Dice as a game: the seed pair a member sees and rotates, a bet and its win through the seamless wallet
 * (the betting record shows the roll and the proof), free play that writes nothing, the public
 * verification, and every bad input refused with nothing changed.
 */

/** The roll recomputed here apart from the game's code: HMAC → 4 bytes → floor(float × 10001) / 100. */
function rollOf(serverSeed: string, clientSeed: string, nonce: number): string {
  const h = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:0`).digest();
  const float = h[0]! / 256 + h[1]! / 256 ** 2 + h[2]! / 256 ** 3 + h[3]! / 256 ** 4;
  return (Math.floor(float * 10001) / 100).toFixed(2);
}

describe('dice', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const value = <T>(answer: { body: { success: boolean; value?: T } }): T => {
    if (!answer.body.success || answer.body.value === undefined) throw new Error(JSON.stringify(answer.body));
    return answer.body.value;
  };
  const bet = (who: TestMember | null, payload: Record<string, unknown>) =>
    t.call<DiceRound>({ method: 'POST', url: '/wps/inhouse/dice/bet', headers: who?.auth ?? {}, payload });
  const seedOf = async (who: TestMember) =>
    value(await t.call<DiceSeedPair>({ method: 'GET', url: '/wps/inhouse/dice/seed', headers: who.auth }));
  const rotate = (who: TestMember, payload: Record<string, unknown> = {}) =>
    t.call<DiceRotation>({
      method: 'POST',
      url: '/wps/inhouse/dice/seed/rotate',
      headers: who.auth,
      payload,
    });
  const requestId = () => `dice-${randomUUID()}`;

  it('shows the edge, the limits and the chance bounds', async () => {
    const info = value(await t.call<DiceInfo>({ method: 'GET', url: '/wps/inhouse/dice/info' }));
    expect(info).toEqual({
      edge: '1.00',
      minBet: '1.00',
      maxBet: '10000.00',
      maxWin: '100000.00',
      minChance: '1.00',
      maxChance: '97.99',
      freePlay: true,
      freePlayBalance: '2000.00',
    });
  });

  it('plays with the pair shown, counts the nonce, and a rotation reveals the seed whose hash was shown', async () => {
    const member = await createFundedMember(t, '100.00');
    const pair = await seedOf(member);
    expect(pair.nonce).toBe(0);
    expect(pair.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    const rounds: DiceRound[] = [];
    for (const [target, direction] of [
      ['50.00', 'under'],
      ['50.00', 'over'],
      ['10.00', 'over'],
    ] as const) {
      rounds.push(value(await bet(member, { bet: '2.00', target, direction, requestId: requestId() })));
    }
    expect(rounds.map((round) => round.nonce)).toEqual([0, 1, 2]);
    expect(rounds.every((round) => round.serverSeed === null)).toBe(true);
    expect((await seedOf(member)).nonce).toBe(3);

    // The payout is (100 − 1) / chance, with the exact chance of 5000 rolls in 10001: 1.9801.
    expect(rounds[0]?.payout).toBe('1.9801');
    expect(rounds[0]?.chance).toBe('50.00');
    const paid = rounds.reduce((sum, round) => sum + BigInt(round.win.replace('.', '')), 0n);
    expect(await balance(member)).toBe(10_000n - 600n + paid);
    expect(rounds.at(-1)?.balance).toBe(
      `${(10_000n - 600n + paid) / 100n}.${String((10_000n - 600n + paid) % 100n).padStart(2, '0')}`,
    );

    const rotated = value(await rotate(member, { clientSeed: 'my-lucky-seed' }));
    expect(rotated.revealed.serverSeedHash).toBe(pair.serverSeedHash);
    expect(createHash('sha256').update(rotated.revealed.serverSeed).digest('hex')).toBe(pair.serverSeedHash);
    expect(rotated.revealed.nonce).toBe(3);
    expect(rotated.current).toMatchObject({ clientSeed: 'my-lucky-seed', nonce: 0 });
    expect(rotated.current.serverSeedHash).not.toBe(pair.serverSeedHash);

    // Every roll of the old pair recomputes from the revealed seed.
    rounds.forEach((round, nonce) =>
      expect(round.roll).toBe(rollOf(rotated.revealed.serverSeed, pair.clientSeed, nonce)),
    );
    const revealed = value(
      await t.call<FairRevealedSeed>({
        method: 'GET',
        url: `/wps/inhouse/fair/seed?hash=${pair.serverSeedHash}`,
      }),
    );
    expect(revealed.serverSeed).toBe(rotated.revealed.serverSeed);
    const hidden = value(
      await t.call<FairRevealedSeed>({
        method: 'GET',
        url: `/wps/inhouse/fair/seed?hash=${rotated.current.serverSeedHash}`,
      }),
    );
    expect(hidden.serverSeed).toBeNull();

    // The recent rounds now carry the revealed seed.
    const recent = value(
      await t.call<DiceRound[]>({ method: 'GET', url: '/wps/inhouse/dice/rounds', headers: member.auth }),
    );
    expect(recent.map((round) => round.nonce)).toEqual([2, 1, 0]);
    expect(recent[0]?.serverSeed).toBe(rotated.revealed.serverSeed);

    // The next bet rolls with the new pair from nonce 0.
    const next = value(
      await bet(member, { bet: '1.00', target: '50.00', direction: 'over', requestId: requestId() }),
    );
    expect(next).toMatchObject({ nonce: 0, clientSeed: 'my-lucky-seed' });
    expect(next.serverSeedHash).toBe(rotated.current.serverSeedHash);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('records the round with its roll and proof in the betting record', async () => {
    const member = await createFundedMember(t, '10.00');
    const round = value(
      await bet(member, { bet: '1.00', target: '75.50', direction: 'under', requestId: requestId() }),
    );
    const records = await t.call<Page<BetRecord>>({
      method: 'GET',
      url: '/wps/records/bets?from=2026-11-21&to=2026-11-21&pageNo=1&pageSize=10',
      headers: member.auth,
    });
    const record = value(records).list[0];
    expect(record).toMatchObject({ vendorCode: 'INHOUSE', gameCode: 'dice', bet: '1.00', win: round.win });
    const detail = value(
      await t.call<{ detail: RoundDetail }>({
        method: 'GET',
        url: `/wps/records/bets/${record?.id}`,
        headers: member.auth,
      }),
    ).detail;
    expect(detail).toEqual({
      kind: 'dice',
      roll: round.roll,
      target: '75.50',
      direction: 'under',
      fairness: { server_seed_hash: round.serverSeedHash, client_seed: round.clientSeed, nonce: 0 },
    });
  });

  it('answers a retried request with the same round and moves money once; another bet under the id is refused', async () => {
    const member = await createFundedMember(t, '20.00');
    const id = requestId();
    const payload = { bet: '1.00', target: '50.00', direction: 'over', requestId: id };
    const one = value(await bet(member, payload));
    const two = value(await bet(member, payload));
    expect(two).toEqual(one);
    expect(await balance(member)).toBe(2000n - 100n + BigInt(one.win.replace('.', '')));
    const before = await databaseDigest(t);
    const other = await bet(member, { ...payload, target: '40.00' });
    expect(other.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_CONFLICT' });
    expect(await databaseDigest(t)).toBe(before);
  });

  describe('refused, with nothing changed', () => {
    it.each([
      ['a target above 100', { target: '100.01' }, 'VALIDATION_FAILED'],
      ['a negative target', { target: '-1.00' }, 'VALIDATION_FAILED'],
      ['a target with three decimals', { target: '50.005' }, 'VALIDATION_FAILED'],
      ['a target as a number', { target: 50 }, 'VALIDATION_FAILED'],
      ['no direction', { direction: undefined }, 'VALIDATION_FAILED'],
      ['a direction neither over nor under', { direction: 'sideways' }, 'VALIDATION_FAILED'],
      ['a win chance below 1%', { target: '0.99', direction: 'under' }, 'VALIDATION_FAILED'],
      ['a win chance of 0', { target: '100.00', direction: 'over' }, 'VALIDATION_FAILED'],
      ['a win chance above 98%', { target: '1.00', direction: 'over' }, 'VALIDATION_FAILED'],
      ['a stake below the minimum', { bet: '0.50' }, 'AMOUNT_OUT_OF_RANGE'],
      ['a stake above the maximum', { bet: '10000.01' }, 'AMOUNT_OUT_OF_RANGE'],
      [
        'a win above the most a bet may win',
        { bet: '2000.00', target: '1.50', direction: 'under' },
        'AMOUNT_OUT_OF_RANGE',
      ],
      ['a zero stake', { bet: '0.00' }, 'VALIDATION_FAILED'],
      ['a bad request id', { requestId: 'a b' }, 'VALIDATION_FAILED'],
    ] as const)('%s', async (_, change, code) => {
      const member = await createFundedMember(t, '20000.00');
      await seedOf(member);
      const before = await databaseDigest(t);
      const answer = await bet(member, {
        bet: '1.00',
        target: '50.00',
        direction: 'over',
        requestId: requestId(),
        ...change,
      });
      expect(answer.body).toMatchObject({ success: false, code });
      expect(answer.status).toBe(400);
      expect(await databaseDigest(t)).toBe(before);
    });

    it('a win chance out of bounds names the bounds', async () => {
      const member = await createFundedMember(t, '10.00');
      const answer = await bet(member, {
        bet: '1.00',
        target: '0.50',
        direction: 'under',
        requestId: requestId(),
      });
      expect(answer.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [
          {
            path: 'target',
            message: 'inhouse.dice.chanceOutOfBounds',
            params: { min: '1.00', max: '97.99' },
          },
        ],
      });
    });

    it.each([
      ['empty', ''],
      ['with a colon (it separates the message)', 'a:b'],
      ['with a space', 'a b'],
      ['too long', 'x'.repeat(65)],
      ['not text', 42],
    ])('a client seed %s', async (_, clientSeed) => {
      const member = await createFundedMember(t, '10.00');
      const pair = await seedOf(member);
      const before = await databaseDigest(t);
      const answer = await rotate(member, { clientSeed });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(await databaseDigest(t)).toBe(before);
      expect(await seedOf(member)).toEqual(pair);
    });

    it('a bet beyond the balance keeps the nonce', async () => {
      const member = await createFundedMember(t, '0.50');
      await seedOf(member);
      const before = await databaseDigest(t);
      const answer = await bet(member, {
        bet: '1.00',
        target: '50.00',
        direction: 'over',
        requestId: requestId(),
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
      expect(await databaseDigest(t)).toBe(before);
      expect((await seedOf(member)).nonce).toBe(0);
    });

    it('a trial account and a visitor', async () => {
      const trial = await createMember(t, { type: 4 });
      const before = await databaseDigest(t);
      const refused = await bet(trial, {
        bet: '1.00',
        target: '50.00',
        direction: 'over',
        requestId: requestId(),
      });
      expect(refused.body).toMatchObject({ success: false, code: 'NEED_REAL_ACCOUNT' });
      const visitor = await bet(null, {
        bet: '1.00',
        target: '50.00',
        direction: 'over',
        requestId: requestId(),
      });
      expect(visitor.status).toBe(401);
      expect(await databaseDigest(t)).toBe(before);
    });

    it('dice the operator turned off', async () => {
      const member = await createFundedMember(t, '10.00');
      await seedOf(member);
      await t.services.gameCatalogue.changeGame('INHOUSE-dice', { enabled: false });
      try {
        const before = await databaseDigest(t);
        const answer = await bet(member, {
          bet: '1.00',
          target: '50.00',
          direction: 'over',
          requestId: requestId(),
        });
        expect(answer.body).toMatchObject({ success: false, code: 'FEATURE_DISABLED' });
        expect(await databaseDigest(t)).toBe(before);
      } finally {
        await t.services.gameCatalogue.changeGame('INHOUSE-dice', { enabled: true });
      }
    });
  });

  it('follows the operator edge', async () => {
    await t.services.settings.set('inhouse.dice', {
      edge: '2.50',
      minBet: '1.00',
      maxBet: '100.00',
      maxWin: '1000.00',
    });
    try {
      const info = value(await t.call<DiceInfo>({ method: 'GET', url: '/wps/inhouse/dice/info' }));
      expect(info.edge).toBe('2.50');
      const member = await createFundedMember(t, '10.00');
      const round = value(
        await bet(member, { bet: '1.00', target: '50.00', direction: 'under', requestId: requestId() }),
      );
      // 97.5 × 10001 / 5000 / 100 = 1.950195 → 1.9501
      expect(round.payout).toBe('1.9501');
      await expect(
        t.services.settings.set('inhouse.dice', {
          edge: '1.00',
          minBet: '5.00',
          maxBet: '1.00',
          maxWin: '10.00',
        }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    } finally {
      await t.services.settings.reset('inhouse.dice');
    }
  });

  describe('free play', () => {
    it('rolls with a seed of its own revealed at once, and writes nothing', async () => {
      const before = await databaseDigest(t);
      const answer = await t.call<DiceRound>({
        method: 'POST',
        url: '/wps/inhouse/dice/free-bet',
        payload: { bet: '5.00', target: '50.00', direction: 'over', clientSeed: 'visitor' },
      });
      const round = value(answer);
      expect(round).toMatchObject({
        freePlay: true,
        roundId: null,
        balance: null,
        clientSeed: 'visitor',
        nonce: 0,
      });
      expect(round.roll).toBe(rollOf(round.serverSeed ?? '', 'visitor', 0));
      expect(
        createHash('sha256')
          .update(round.serverSeed ?? '')
          .digest('hex'),
      ).toBe(round.serverSeedHash);
      expect(await databaseDigest(t)).toBe(before);
    });
  });

  describe('the public verification', () => {
    it('recomputes a dice roll and a crash point, no login', async () => {
      const seed = '3f2b6a1c9d8e7f6051423324150617283940a1b2c3d4e5f60718293a4b5c6d7e';
      const dice = value(
        await t.call<FairVerification>({
          method: 'GET',
          url: `/wps/inhouse/fair/verify?game=dice&serverSeed=${seed}&clientSeed=player-seed&nonce=41`,
        }),
      );
      // openssl: HMAC c9aac5f2… → 3383412210 → 78.78
      expect(dice.result).toBe('78.78');
      expect(dice.steps.find((step) => step.name === 'message')?.value).toBe('player-seed:41:0');
      const crash = value(
        await t.call<FairVerification>({
          method: 'GET',
          url: '/wps/inhouse/fair/verify?game=crash&seed=4ad7c9b9a2c8e6f2e0f3b3a5d6c7e8f9a0b1c2d3e4f5061728394a5b6c7d8e9f&salt=khela',
        }),
      );
      expect(crash.result).toBe('2.67');
      expect(crash.steps.find((step) => step.name === 'first13')?.value).toBe('a16401a8a718b');
    });

    it.each([
      ['an unknown game', 'game=poker&seed=x'],
      ['dice without a nonce', 'game=dice&serverSeed=abc&clientSeed=x'],
      ['dice with a bad nonce', 'game=dice&serverSeed=abc&clientSeed=x&nonce=-1'],
      ['crash with a seed not 64 hex digits', 'game=crash&seed=abc&salt=x'],
      ['crash without a salt', `game=crash&seed=${'a'.repeat(64)}`],
    ])('refuses %s', async (_, query) => {
      const answer = await t.call({ method: 'GET', url: `/wps/inhouse/fair/verify?${query}` });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    });
  });
});
