import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { providerHeaders } from '@platform/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  jobRun,
  member,
  providerLaunchToken,
  providerRound,
  providerTransaction,
  providerVendor,
} from '../../db/schema.js';
import { silentLogger } from '../../lib/deps.js';
import { Scheduler } from '../../lib/scheduler.js';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';
import { providerSignature } from './index.js';
import {
  createSeamlessVendor,
  mainBalance,
  moneyCall,
  openGameSession,
  providerHarness,
  providerNet,
  VENDOR_SECRET,
  type ProviderHarness,
} from './provider-test-support.js';

/**
 * The seamless-wallet API as a vendor sees it: signed calls, idempotent on transaction_uuid, calls
 * arriving out of order, and every bad input refused with its documented status and nothing changed.
 * After each test the books reconcile, and every player's balance is what the calls say it must be.
 */
describe('provider API (seamless wallet)', () => {
  let t: TestApp;
  let p: ProviderHarness;
  let vendor: string;
  /** per player: deposits - bets + wins + refunds, in minor units, as the test expects it */
  const expected = new Map<bigint, bigint>();
  /** per player: what was deposited */
  const deposits = new Map<bigint, bigint>();
  /** per vendor and player id: the game session's token the vendor's bets carry (ADR 091) */
  const gameSessions = new Map<string, string>();

  const playIn = async (who: TestMember, vendorCode: string): Promise<string> => {
    const token = await openGameSession(t, p, who, vendorCode);
    gameSessions.set(`${vendorCode}:${who.row.publicId}`, token);
    return token;
  };
  /** A funded member playing a game of the file's vendor. */
  const player = async (deposit = '100.00'): Promise<TestMember> => {
    const who = await createFundedMember(t, deposit);
    expected.set(who.row.id, BigInt(Math.round(Number(deposit) * 100)));
    deposits.set(who.row.id, BigInt(Math.round(Number(deposit) * 100)));
    await playIn(who, vendor);
    return who;
  };
  const siteSession = async (who: TestMember) => {
    const session = await t.services.sessions.resolve(who.token);
    if (!session) throw new Error('no live site session');
    return session;
  };
  const expectMoved = (who: TestMember, minor: bigint) =>
    expected.set(who.row.id, (expected.get(who.row.id) ?? 0n) + minor);
  /**
   * A bet carries its player's game session token for the vendor it goes to, as a vendor sends it, unless
   * the body has a `token` of its own (`token: undefined` sends none).
   */
  const withGameSession = (call: string, body: unknown, vendorCode: string): unknown => {
    if (call !== 'bet' || !body || typeof body !== 'object' || Object.hasOwn(body, 'token')) return body;
    const playerId = (body as { player_id?: unknown }).player_id;
    const token = gameSessions.get(`${vendorCode}:${String(playerId)}`);
    return token === undefined ? body : { ...body, token };
  };
  const send = (
    call: Parameters<ProviderHarness['call']>[0],
    body: unknown,
    options: Parameters<ProviderHarness['call']>[2] = {},
  ) => p.call(call, withGameSession(call, body, options.vendor ?? vendor), { vendor, ...options });

  beforeAll(async () => {
    t = await createTestApp();
    p = await providerHarness(t);
    vendor = await createSeamlessVendor(t, p);
  });
  afterAll(async () => {
    await p.close();
    await t.close();
  });
  afterEach(async () => {
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    for (const [memberId, minor] of expected) {
      const balance = await mainBalance(t, memberId);
      // As the test counted the answers, and as the provider's own records add up.
      expect(balance).toBe(minor);
      expect(balance).toBe((deposits.get(memberId) ?? 0n) + (await providerNet(t, memberId)));
    }
  });

  /** Sends a bad call and checks its status and that no row of any table changed. */
  async function refused(
    call: Parameters<ProviderHarness['call']>[0],
    body: unknown,
    status: string,
    options: Parameters<ProviderHarness['call']>[2] = {},
  ) {
    const before = await databaseDigest(t);
    const answer = await send(call, body, options);
    expect(answer.body.status).toBe(status);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(await databaseDigest(t)).toBe(before);
    return answer;
  }

  describe('authenticate', () => {
    it('turns a launch token into the player, currency and balance, once', async () => {
      const who = await player('50.00');
      const { token } = await p.module.provider.createLaunchToken(
        await siteSession(who),
        vendor,
        'test-slot',
      );
      const request = { request_uuid: randomUUID(), token, game_code: 'test-slot' };
      const first = await send('authenticate', request);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        status: 'RS_OK',
        player_id: who.row.publicId,
        currency: 'BDT',
        balance: '50.00',
        demo: false,
      });
      // The vendor's retry of the same call gets the same answer; another call with the token does not.
      expect((await send('authenticate', request)).body).toMatchObject({ status: 'RS_OK' });
      await refused('authenticate', { ...request, request_uuid: randomUUID() }, 'RS_ERROR_INVALID_TOKEN');
    });

    it("refuses an expired, unknown or other vendor's token", async () => {
      const who = await player();
      const { token } = await p.module.provider.createLaunchToken(
        await siteSession(who),
        vendor,
        'test-slot',
      );
      await refused(
        'authenticate',
        { request_uuid: randomUUID(), token: 'not-a-token' },
        'RS_ERROR_INVALID_TOKEN',
      );
      const other = await createSeamlessVendor(t, p);
      await refused('authenticate', { request_uuid: randomUUID(), token }, 'RS_ERROR_INVALID_TOKEN', {
        vendor: other,
      });
      t.clock.advance(601_000);
      await refused('authenticate', { request_uuid: randomUUID(), token }, 'RS_ERROR_INVALID_TOKEN');
    });

    it('refuses a trial account where the vendor allows no demo play, and uses demo money where it does', async () => {
      const trial = await createMember(t, { type: 4 });
      await t.services.ledger.transferNow({
        idempotencyKey: `test-demo:${trial.row.id}`,
        kind: 'demo_grant',
        currency: 'DEMO',
        legs: [
          { account: accountCodes.houseDemo, amount: -2000n },
          { account: accountCodes.memberDemo(trial.row.id), amount: 2000n },
        ],
        actor: 'system:test',
      });
      const { token } = await p.module.provider.createLaunchToken(
        await siteSession(trial),
        vendor,
        'test-slot',
      );
      await refused('authenticate', { request_uuid: randomUUID(), token }, 'RS_ERROR_DEMO_NOT_ALLOWED');
      await refused('bet', moneyCall(trial.row.publicId, { token }), 'RS_ERROR_DEMO_NOT_ALLOWED');

      const demoVendor = await createSeamlessVendor(t, p, { allowDemo: true });
      await playIn(trial, demoVendor);
      const bet = moneyCall(trial.row.publicId, { amount: '5.00' });
      const answer = await send('bet', bet, { vendor: demoVendor });
      expect(answer.body).toMatchObject({ status: 'RS_OK', balance: '15.00', demo: true });
      expect(await mainBalance(t, trial.row.id)).toBe(0n);
    });
  });

  describe('bet, win and rollback', () => {
    it('a round: bet, win, balance; the ledger moves through the vendor account', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, { amount: '10.00' });
      expect((await send('bet', bet)).body).toMatchObject({ status: 'RS_OK', balance: '90.00' });
      expectMoved(who, -1000n);
      const win = moneyCall(who.row.publicId, {
        round: bet.round,
        amount: '25.50',
        reference_transaction_uuid: bet.transaction_uuid,
        round_closed: true,
        kind: 'jackpot',
      });
      expect((await send('win', win)).body).toMatchObject({
        status: 'RS_OK',
        balance: '115.50',
        transaction_uuid: win.transaction_uuid,
      });
      expectMoved(who, 2550n);
      const balance = await send('balance', {
        request_uuid: randomUUID(),
        player_id: who.row.publicId,
        currency: 'BDT',
      });
      expect(balance.body).toMatchObject({ status: 'RS_OK', balance: '115.50' });
      const [round] = await t.handle.db
        .select()
        .from(providerRound)
        .where(eq(providerRound.roundId, bet.round));
      expect(round).toMatchObject({
        status: 'settled',
        betTotal: 1000n,
        winTotal: 2550n,
        closedBy: 'vendor',
      });
      expect(await t.services.ledger.balanceOf(t.handle.db, accountCodes.vendor(vendor))).toBeLessThan(0n);
    });

    it('the round keeps what happened as the vendor last told it', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, {
        amount: '2.00',
        round_detail: { kind: 'text', lines: [{ label: 'stake', value: 'placed' }] },
      });
      await send('bet', bet);
      expectMoved(who, -200n);
      const detail = {
        kind: 'slot',
        reels: [
          ['A', 'K', 'Q'],
          ['A', 'A', 'J'],
          ['A', '7', '7'],
        ],
        lines: [{ line: 1, symbols: 'A A A', pays: '4.00' }],
      };
      await send(
        'win',
        moneyCall(who.row.publicId, {
          round: bet.round,
          amount: '4.00',
          reference_transaction_uuid: bet.transaction_uuid,
          round_closed: true,
          round_detail: detail,
        }),
      );
      expectMoved(who, 400n);
      const [round] = await t.handle.db
        .select()
        .from(providerRound)
        .where(eq(providerRound.roundId, bet.round));
      expect(round?.detail).toEqual(detail);
    });

    it('a repeated bet answers the first result with the current balance and moves money once', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, { amount: '7.00' });
      const first = await send('bet', bet);
      expectMoved(who, -700n);
      const again = await send('bet', { ...bet, request_uuid: randomUUID() });
      expect(again.body).toMatchObject({ status: 'RS_OK', balance: first.body.balance });
      // The current balance, not the one of the first answer.
      const other = moneyCall(who.row.publicId, { amount: '3.00' });
      await send('bet', other);
      expectMoved(who, -300n);
      expect((await send('bet', bet)).body).toMatchObject({ status: 'RS_OK', balance: '90.00' });
    });

    it('20 copies of one bet at once: one debit, every copy answered OK', async () => {
      const who = await player('10.00');
      const bet = moneyCall(who.row.publicId, { amount: '6.00' });
      const answers = await Promise.all(Array.from({ length: 20 }, () => send('bet', bet)));
      expectMoved(who, -600n);
      for (const answer of answers) expect(answer.body).toMatchObject({ status: 'RS_OK', balance: '4.00' });
    });

    it('the same transaction_uuid with another amount, player or call is refused', async () => {
      const who = await player();
      const someoneElse = await player();
      const bet = moneyCall(who.row.publicId, { amount: '2.00' });
      await send('bet', bet);
      expectMoved(who, -200n);
      await refused('bet', { ...bet, amount: '3.00' }, 'RS_ERROR_DUPLICATE_TRANSACTION');
      await refused('bet', { ...bet, player_id: someoneElse.row.publicId }, 'RS_ERROR_DUPLICATE_TRANSACTION');
      await refused(
        'win',
        { ...bet, reference_transaction_uuid: bet.transaction_uuid },
        'RS_ERROR_DUPLICATE_TRANSACTION',
      );
    });

    it('a win before its bet is refused (retry later); after the bet the same win pays', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, { amount: '5.00' });
      const win = moneyCall(who.row.publicId, {
        round: bet.round,
        amount: '8.00',
        reference_transaction_uuid: bet.transaction_uuid,
      });
      await refused('win', win, 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      await send('bet', bet);
      expect((await send('win', win)).body).toMatchObject({ status: 'RS_OK', balance: '103.00' });
      expectMoved(who, 300n);
    });

    it('a rollback before its bet leaves a tombstone: acknowledged, and the late bet is refused', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, { amount: '5.00' });
      const rollback = moneyCall(who.row.publicId, {
        round: bet.round,
        reference_transaction_uuid: bet.transaction_uuid,
      });
      delete rollback.amount;
      expect((await send('rollback', rollback)).body).toMatchObject({ status: 'RS_OK', balance: '100.00' });
      const late = await send('bet', bet);
      expect(late.body.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
      expect((await send('rollback', rollback)).body).toMatchObject({ status: 'RS_OK', balance: '100.00' });
    });

    it('a rollback refunds the bet once; a win on the rolled-back bet is refused', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, { amount: '12.34' });
      await send('bet', bet);
      const rollback = moneyCall(who.row.publicId, {
        round: bet.round,
        amount: '12.34',
        reference_transaction_uuid: bet.transaction_uuid,
        round_closed: true,
      });
      expect((await send('rollback', rollback)).body).toMatchObject({ status: 'RS_OK', balance: '100.00' });
      expect((await send('rollback', rollback)).body).toMatchObject({ status: 'RS_OK', balance: '100.00' });
      const secondRollback = { ...rollback, transaction_uuid: randomUUID() };
      expect((await send('rollback', secondRollback)).body).toMatchObject({
        status: 'RS_OK',
        balance: '100.00',
      });
      await refused(
        'win',
        moneyCall(who.row.publicId, { round: bet.round, reference_transaction_uuid: bet.transaction_uuid }),
        'RS_ERROR_TRANSACTION_ROLLED_BACK',
      );
      const [round] = await t.handle.db
        .select()
        .from(providerRound)
        .where(eq(providerRound.roundId, bet.round));
      expect(round).toMatchObject({ status: 'cancelled', refundTotal: 1234n });
    });

    it('a rollback of a bet that won is refused; a rollback of an unknown bet is acknowledged', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, { amount: '1.00' });
      await send('bet', bet);
      await send(
        'win',
        moneyCall(who.row.publicId, {
          round: bet.round,
          amount: '2.00',
          reference_transaction_uuid: bet.transaction_uuid,
        }),
      );
      expectMoved(who, 100n);
      await refused(
        'rollback',
        moneyCall(who.row.publicId, {
          round: bet.round,
          amount: '1.00',
          reference_transaction_uuid: bet.transaction_uuid,
        }),
        'RS_ERROR_BET_SETTLED',
      );
      const unknown = await send(
        'rollback',
        moneyCall(who.row.publicId, { amount: '1.00', reference_transaction_uuid: randomUUID() }),
      );
      expect(unknown.body).toMatchObject({ status: 'RS_OK', balance: '101.00' });
    });

    it('a win is paid after the launch token and every session of the player expired', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, { amount: '4.00' });
      await send('bet', bet);
      t.clock.advance(3 * 24 * 3600 * 1000);
      const win = moneyCall(who.row.publicId, {
        round: bet.round,
        amount: '9.00',
        reference_transaction_uuid: bet.transaction_uuid,
        round_closed: true,
      });
      expect((await send('win', win)).body).toMatchObject({ status: 'RS_OK', balance: '105.00' });
      expectMoved(who, 500n);
    });

    it('a free-round bet moves no money, its win is paid; a zero win closes a lost round', async () => {
      const who = await player();
      const free = moneyCall(who.row.publicId, { amount: '0.00', is_free: true });
      expect((await send('bet', free)).body).toMatchObject({ status: 'RS_OK', balance: '100.00' });
      const freeWin = moneyCall(who.row.publicId, {
        round: free.round,
        amount: '6.00',
        is_free: true,
        reference_transaction_uuid: free.transaction_uuid,
        round_closed: true,
        kind: 'bonus',
      });
      expect((await send('win', freeWin)).body).toMatchObject({ status: 'RS_OK', balance: '106.00' });
      expectMoved(who, 600n);
      const bet = moneyCall(who.row.publicId, { amount: '1.00' });
      await send('bet', bet);
      expectMoved(who, -100n);
      const nothing = moneyCall(who.row.publicId, {
        round: bet.round,
        amount: '0',
        reference_transaction_uuid: bet.transaction_uuid,
        round_closed: true,
      });
      expect((await send('win', nothing)).body).toMatchObject({ status: 'RS_OK', balance: '105.00' });
      const [round] = await t.handle.db
        .select()
        .from(providerRound)
        .where(eq(providerRound.roundId, bet.round));
      expect(round).toMatchObject({ status: 'settled', betTotal: 100n, winTotal: 0n });
    });

    it('a bet beyond the balance answers insufficient funds with the balance', async () => {
      const who = await player('3.00');
      const answer = await refused(
        'bet',
        moneyCall(who.row.publicId, { amount: '3.01' }),
        'RS_ERROR_NOT_ENOUGH_MONEY',
      );
      expect(answer.body.balance).toBe('3.00');
      expect(answer.status).toBe(409);
    });

    it('a bet on a closed round is refused', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, { round_closed: true });
      await send('bet', bet);
      expectMoved(who, -100n);
      await refused('bet', moneyCall(who.row.publicId, { round: bet.round }), 'RS_ERROR_ROUND_CLOSED');
    });

    it('a blocked player may not bet, but the win of a bet placed before is paid', async () => {
      const who = await player();
      const bet = moneyCall(who.row.publicId, { amount: '2.00' });
      await send('bet', bet);
      expectMoved(who, -200n);
      await t.handle.db.update(member).set({ status: 'frozen' }).where(eq(member.id, who.row.id));
      await refused('bet', moneyCall(who.row.publicId), 'RS_ERROR_PLAYER_BLOCKED');
      const win = moneyCall(who.row.publicId, {
        round: bet.round,
        amount: '5.00',
        reference_transaction_uuid: bet.transaction_uuid,
      });
      expect((await send('win', win)).body).toMatchObject({ status: 'RS_OK', balance: '103.00' });
      expectMoved(who, 500n);
    });

    it("another player's round or bet is refused", async () => {
      const who = await player();
      const other = await player();
      const bet = moneyCall(who.row.publicId);
      await send('bet', bet);
      expectMoved(who, -100n);
      await refused(
        'bet',
        moneyCall(other.row.publicId, { round: bet.round }),
        'RS_ERROR_REFERENCE_MISMATCH',
      );
      await refused(
        'win',
        moneyCall(other.row.publicId, { round: bet.round, reference_transaction_uuid: bet.transaction_uuid }),
        'RS_ERROR_REFERENCE_MISMATCH',
      );
    });
  });

  describe('bad input: the documented status, nothing changed', () => {
    let who: TestMember;
    beforeAll(async () => {
      who = await player();
    });

    it.each([
      ['negative', '-1.00'],
      ['zero', '0'],
      ['zero with decimals', '0.00'],
      ['beyond the minor unit', '1.001'],
      ['absurd', '100000000.01'],
      ['exponent', '1e3'],
      ['a number, not a string', 5],
      ['empty', ''],
    ])('a bet amount that is %s', async (_name, amount) => {
      await refused('bet', moneyCall(who.row.publicId, { amount }), 'RS_ERROR_INVALID_AMOUNT');
    });

    it('a round detail of an unknown kind or out of bounds', async () => {
      for (const round_detail of [
        { kind: 'poker-night', hands: [] },
        { kind: 'roulette', number: 37, bets: [] },
        { kind: 'slot', reels: [['A']], extra: true },
        { kind: 'cards', hands: [{ name: 'player', cards: ['1X'] }] },
      ]) {
        await refused('bet', moneyCall(who.row.publicId, { round_detail }), 'RS_ERROR_VALIDATION');
      }
    });

    it('a negative or over-precise win amount', async () => {
      const bet = moneyCall(who.row.publicId);
      await send('bet', bet);
      expectMoved(who, -100n);
      for (const amount of ['-0.01', '0.001']) {
        await refused(
          'win',
          moneyCall(who.row.publicId, {
            round: bet.round,
            amount,
            reference_transaction_uuid: bet.transaction_uuid,
          }),
          'RS_ERROR_INVALID_AMOUNT',
        );
      }
    });

    it('a wrong currency', async () => {
      await refused('bet', moneyCall(who.row.publicId, { currency: 'USD' }), 'RS_ERROR_WRONG_CURRENCY');
      await refused(
        'balance',
        { request_uuid: randomUUID(), player_id: who.row.publicId, currency: 'EUR' },
        'RS_ERROR_WRONG_CURRENCY',
      );
    });

    it('an unknown player or vendor', async () => {
      const someonesToken = gameSessions.get(`${vendor}:${who.row.publicId}`);
      await refused('bet', moneyCall('mbr_nobody', { token: someonesToken }), 'RS_ERROR_UNKNOWN_PLAYER');
      await refused(
        'balance',
        { request_uuid: randomUUID(), player_id: 'mbr_nobody', currency: 'BDT' },
        'RS_ERROR_UNKNOWN_PLAYER',
      );
      await refused('bet', moneyCall(who.row.publicId), 'RS_ERROR_UNKNOWN_VENDOR', {
        vendor: 'NOSUCHVENDOR',
      });
    });

    it('missing fields, unknown fields, malformed JSON, another content type', async () => {
      const { round: _round, ...withoutRound } = moneyCall(who.row.publicId);
      await refused('bet', withoutRound, 'RS_ERROR_VALIDATION');
      await refused('bet', { ...moneyCall(who.row.publicId), extra: 1 }, 'RS_ERROR_VALIDATION');
      await refused('bet', null, 'RS_ERROR_VALIDATION', { raw: '{"request_uuid": ' });
      await refused('bet', null, 'RS_ERROR_VALIDATION', {
        raw: 'a=1',
        contentType: 'application/x-www-form-urlencoded',
      });
    });

    it('a missing, malformed or wrong signature is refused and logged', async () => {
      const bet = moneyCall(who.row.publicId);
      const raw = JSON.stringify(bet);
      const signed = providerSignature(
        VENDOR_SECRET,
        String(Math.floor(t.clock.now().getTime() / 1000)),
        raw,
      );
      p.logged.length = 0;
      // Through the app, and through an instance whose log this test reads.
      for (const via of ['app', 'logged'] as const) {
        await refused('bet', bet, 'RS_ERROR_INVALID_SIGNATURE', { signature: null, via });
        await refused('bet', bet, 'RS_ERROR_INVALID_SIGNATURE', { signature: 'abc', via });
        await refused('bet', bet, 'RS_ERROR_INVALID_SIGNATURE', { secret: `${VENDOR_SECRET}x`, via });
        // A signature over other bytes than were sent (the amount changed on the way).
        await refused('bet', null, 'RS_ERROR_INVALID_SIGNATURE', {
          raw: raw.replace('"1.00"', '"0.01"'),
          signature: signed,
          via,
        });
      }
      expect(p.logged.filter((line) => line.level === 'warn' && line.object.vendor === vendor)).toHaveLength(
        4,
      );
      expect(p.logged.map((line) => line.object.reason)).toEqual([
        'missing signature',
        'malformed signature',
        'signature does not match',
        'signature does not match',
      ]);
    });

    it('a missing, stale or future timestamp is refused; a captured call replayed later is refused', async () => {
      // Signed below as sent: with its game session token.
      const bet = withGameSession('bet', moneyCall(who.row.publicId), vendor);
      const now = Math.floor(t.clock.now().getTime() / 1000);
      await refused('bet', bet, 'RS_ERROR_STALE_REQUEST', { timestamp: null });
      await refused('bet', bet, 'RS_ERROR_STALE_REQUEST', { timestamp: String(now - 121) });
      await refused('bet', bet, 'RS_ERROR_STALE_REQUEST', { timestamp: String(now + 121) });
      // The timestamp is part of what is signed: a fresh timestamp on a captured signature fails.
      const captured = providerSignatureAt(now, bet);
      await refused('bet', bet, 'RS_ERROR_INVALID_SIGNATURE', {
        timestamp: String(now + 1),
        signature: captured,
      });
      t.clock.advance(300_000);
      await refused('bet', bet, 'RS_ERROR_STALE_REQUEST', { timestamp: String(now), signature: captured });
    });
  });

  it('a vendor with an RSA key must also sign with it; a wrong or missing RSA signature is refused and logged', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const der = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const { commands } = p.module.operatorCommands;
    const context = { actor: 'cli:test' };
    await t.services.game.addVendor({ vassalage: 'RSASLOT', category: 'RNG', title: 'RSA slots' });
    // A key that is not RSA, too short, or not a key at all is refused, and nothing is stored.
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey;
    for (const key of [
      weak.export({ format: 'der', type: 'spki' }).toString('base64'),
      ec.export({ format: 'der', type: 'spki' }).toString('base64'),
      'not a key',
    ]) {
      await expect(
        commands['seamless-vendors']?.(
          ['add', '--vendor', 'RSASLOT', '--currency', 'BDT', '--secret', VENDOR_SECRET, '--public-key', key],
          context,
        ),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(
      await t.handle.db.select().from(providerVendor).where(eq(providerVendor.vendorCode, 'RSASLOT')),
    ).toEqual([]);
    const added = await commands['seamless-vendors']?.(
      ['add', '--vendor', 'RSASLOT', '--currency', 'BDT', '--secret', VENDOR_SECRET, '--public-key', der],
      context,
    );
    expect(added?.audit?.detail).toMatchObject({ rsaKey: true });

    const body = { request_uuid: randomUUID(), player_id: 'mbr_nobody', currency: 'BDT' };
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const rsa = (key = privateKey, text = `${timestamp}.${raw}`) =>
      sign('sha256', Buffer.from(text), key).toString('base64');
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const logged = p.logged.length;
    for (const [headers, reason] of [
      [{}, 'missing RSA signature'],
      [{ [providerHeaders.rsaSignature]: 'not base64!' }, 'malformed RSA signature'],
      [{ [providerHeaders.rsaSignature]: rsa(other) }, 'RSA signature does not match'],
      [
        { [providerHeaders.rsaSignature]: rsa(privateKey, `${timestamp}.{}`) },
        'RSA signature does not match',
      ],
    ] as const) {
      const answer = await send('balance', body, {
        vendor: 'RSASLOT',
        raw,
        timestamp,
        headers,
        via: 'logged',
      });
      expect(answer.body).toMatchObject({ status: 'RS_ERROR_INVALID_SIGNATURE', message: reason });
    }
    expect(p.logged.slice(logged).map((line) => line.object.reason)).toEqual([
      'missing RSA signature',
      'malformed RSA signature',
      'RSA signature does not match',
      'RSA signature does not match',
    ]);
    // Signed both ways, the call goes through (to the unknown player it names).
    const signed = await send('balance', body, {
      vendor: 'RSASLOT',
      raw,
      timestamp,
      headers: { [providerHeaders.rsaSignature]: rsa() },
    });
    expect(signed.body).toMatchObject({ status: 'RS_ERROR_UNKNOWN_PLAYER' });
    // Without its key, the vendor signs with the HMAC alone again.
    await commands['seamless-vendors']?.(['set', 'RSASLOT', '--public-key', 'none'], context);
    expect((await send('balance', body, { vendor: 'RSASLOT', raw, timestamp })).body).toMatchObject({
      status: 'RS_ERROR_UNKNOWN_PLAYER',
    });
  });

  it('vendors get through while the site is in maintenance and refuses every address', async () => {
    const who = await player();
    await t.services.settings.set('system.maintenance', { enabled: true, endTime: null });
    await t.services.settings.set('system.regionRestriction', {
      blockedCountries: [],
      blockedIpRanges: ['0.0.0.0/0', '::/0'],
    });
    try {
      // The players' side is closed ...
      const lobby = await t.app.inject({ method: 'GET', url: '/wps/game/vendors' });
      expect(lobby.json()).toMatchObject({ success: false, code: 'MAINTENANCE' });
      // ... and the vendors' side still settles.
      const bet = moneyCall(who.row.publicId, { amount: '1.00' });
      expect((await send('bet', bet)).body).toMatchObject({ status: 'RS_OK', balance: '99.00' });
      expectMoved(who, -100n);
    } finally {
      await t.services.settings.reset('system.maintenance');
      await t.services.settings.reset('system.regionRestriction');
    }
  });

  it('operator commands: register a vendor (never echoing its secret), list vendors and open rounds', async () => {
    const { commands } = p.module.operatorCommands;
    const context = { actor: 'cli:test' };
    await t.services.game.addVendor({ vassalage: 'OPSLOT', category: 'RNG', title: 'Operator slots' });
    const added = await commands['seamless-vendors']?.(
      ['add', '--vendor', 'OPSLOT', '--currency', 'bdt', '--secret', VENDOR_SECRET, '--round-rule', 'refund'],
      context,
    );
    expect(added?.output).toBe('vendor OPSLOT takes seamless-wallet calls in BDT');
    expect(JSON.stringify(added?.audit)).not.toContain(VENDOR_SECRET);
    const listed = await commands['seamless-vendors']?.(['list'], context);
    expect(listed?.output).toMatch(/OPSLOT\s+seamless\s+BDT\s+no\s+3600 s\s+refund\s+yes/);
    await expect(
      commands['seamless-vendors']?.(
        ['add', '--vendor', 'NOSUCH', '--currency', 'BDT', '--secret', VENDOR_SECRET],
        context,
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      commands['seamless-vendors']?.(
        ['add', '--vendor', 'OPSLOT', '--currency', 'BDT', '--secret', 'short'],
        context,
      ),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });

    // A new secret signs from the next call; an inactive vendor is unknown to callers.
    const rotated = `${VENDOR_SECRET}-rotated`;
    const set = await commands['seamless-vendors']?.(
      ['set', 'OPSLOT', '--secret', rotated, '--active', 'no'],
      context,
    );
    expect(set?.output).toBe('vendor OPSLOT updated');
    expect(JSON.stringify(set?.audit)).not.toContain(rotated);
    const balanceCall = { request_uuid: randomUUID(), player_id: 'mbr_nobody', currency: 'BDT' };
    await refused('balance', balanceCall, 'RS_ERROR_UNKNOWN_VENDOR', { vendor: 'OPSLOT', secret: rotated });
    await commands['seamless-vendors']?.(['set', 'OPSLOT', '--active', 'yes'], context);
    await refused('balance', balanceCall, 'RS_ERROR_INVALID_SIGNATURE', { vendor: 'OPSLOT' });
    await refused('balance', balanceCall, 'RS_ERROR_UNKNOWN_PLAYER', { vendor: 'OPSLOT', secret: rotated });
    await expect(
      commands['seamless-vendors']?.(['set', 'NOSUCH', '--demo', 'yes'], context),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const who = await player();
    const bet = moneyCall(who.row.publicId);
    await send('bet', bet);
    expectMoved(who, -100n);
    const open = await commands['open-rounds']?.([], context);
    expect(open?.output).toContain(bet.round);
  });

  it('signs the worked example of docs/provider-api.md as the document says', () => {
    const body =
      '{"request_uuid":"5f0c7a1e-8a51-4a43-9d43-7f1a3c2b9e10","player_id":"mbr_7Kq2x9","token":"Jx9tq2mVb0c4Kp7R1sLw8eYhN3aZ6uDf5gQiTjXoE0k","transaction_uuid":"bet-000123","round":"round-42","round_closed":false,"game_code":"lucky-lotus","currency":"BDT","is_free":false,"amount":"10.00"}';
    const signature = '550db6e7da241e5d3e6ab348e06ed1334eeefd8ce7f4da31a9270fd18642b626';
    expect(providerSignature('example-secret-do-not-use-0123456789abcdef', '1795593600', body)).toBe(
      signature,
    );
    const document = readFileSync(new URL('../../../../../docs/provider-api.md', import.meta.url), 'utf8');
    expect(document).toContain(body);
    expect(document).toContain(`x-provider-signature: ${signature}`);
  });

  describe('rounds left open', () => {
    it('the job settles them as lost or refunds them by the vendor rule, once', async () => {
      // Rounds the other tests left open are closed first (their vendor's rule is 'lost': no money moves).
      t.clock.advance(2 * 3600 * 1000);
      await p.module.provider.closeStaleRounds(t.clock.now());
      const lostVendor = await createSeamlessVendor(t, p, {
        roundTimeoutSeconds: 600,
        roundTimeoutRule: 'lost',
      });
      const refundVendor = await createSeamlessVendor(t, p, {
        roundTimeoutSeconds: 600,
        roundTimeoutRule: 'refund',
      });
      const who = await player();
      await playIn(who, lostVendor);
      await playIn(who, refundVendor);
      const lost = moneyCall(who.row.publicId, { amount: '2.00' });
      const refunded = moneyCall(who.row.publicId, { amount: '3.00' });
      await send('bet', lost, { vendor: lostVendor });
      await send('bet', refunded, { vendor: refundVendor });
      await send('bet', { ...refunded, transaction_uuid: randomUUID() }, { vendor: refundVendor });
      expectMoved(who, -200n);

      t.clock.advance(599_000);
      expect(await p.module.provider.closeStaleRounds(t.clock.now())).toEqual({
        settled: 0,
        refunded: 0,
        failed: 0,
      });
      t.clock.advance(2_000);
      expect(await p.module.provider.closeStaleRounds(t.clock.now())).toEqual({
        settled: 1,
        refunded: 1,
        failed: 0,
      });
      expect(await p.module.provider.closeStaleRounds(t.clock.now())).toEqual({
        settled: 0,
        refunded: 0,
        failed: 0,
      });
      const rounds = await t.handle.db
        .select()
        .from(providerRound)
        .where(eq(providerRound.memberId, who.row.id));
      expect(rounds.map((round) => [round.roundId, round.status, round.closedBy]).sort()).toEqual(
        [
          [lost.round, 'settled', 'timeout-lost'],
          [refunded.round, 'cancelled', 'timeout-refund'],
        ].sort(),
      );
      // A late win on either round is refused; a late rollback of a refunded bet is acknowledged.
      await refused(
        'win',
        moneyCall(who.row.publicId, { round: lost.round, reference_transaction_uuid: lost.transaction_uuid }),
        'RS_ERROR_ROUND_CLOSED',
        { vendor: lostVendor },
      );
      const rollback = moneyCall(who.row.publicId, {
        round: refunded.round,
        amount: '3.00',
        reference_transaction_uuid: refunded.transaction_uuid,
      });
      expect((await send('rollback', rollback, { vendor: refundVendor })).body).toMatchObject({
        status: 'RS_OK',
        balance: '98.00',
      });
      const bets = await t.handle.db
        .select()
        .from(providerTransaction)
        .where(eq(providerTransaction.roundId, refunded.round));
      expect(bets.filter((row) => row.kind === 'bet').map((row) => row.status)).toEqual([
        'rolled_back',
        'rolled_back',
      ]);
    });
  });

  it('the scheduled job runs each period once across two servers, closing rounds and old launch tokens', async () => {
    const timeoutVendor = await createSeamlessVendor(t, p, {
      roundTimeoutSeconds: 120,
      roundTimeoutRule: 'refund',
    });
    const who = await player();
    await playIn(who, timeoutVendor);
    const bet = moneyCall(who.row.publicId, { amount: '4.00' });
    await send('bet', bet, { vendor: timeoutVendor });
    await p.module.provider.createLaunchToken(await siteSession(who), timeoutVendor, 'test-slot');
    const servers = [
      new Scheduler(t.handle.db, t.clock, silentLogger, 'a'),
      new Scheduler(t.handle.db, t.clock, silentLogger, 'b'),
    ];
    for (const scheduler of servers) p.module.schedule(scheduler);
    // The first look only learns where the grid is; the periods after it are the job's.
    for (const scheduler of servers) await scheduler.runDue();
    // A day after the game sessions' hour without a bet, their tokens go too.
    t.clock.advance(26 * 3600 * 1000);
    for (const scheduler of servers) await scheduler.runDue();
    const runs = await t.handle.db.select().from(jobRun).where(eq(jobRun.job, 'provider-round-timeout'));
    const keys = runs.map((run) => run.periodKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(runs.some((run) => (run.outcome as { refunded?: number } | null)?.refunded === 1)).toBe(true);
    expect(
      runs.some(
        (run) => ((run.outcome as { launchTokensPurged?: number } | null)?.launchTokensPurged ?? 0) >= 1,
      ),
    ).toBe(true);
    const [round] = await t.handle.db
      .select()
      .from(providerRound)
      .where(eq(providerRound.roundId, bet.round));
    expect(round).toMatchObject({ status: 'cancelled', closedBy: 'timeout-refund', refundTotal: 400n });
    expect(
      await t.handle.db
        .select()
        .from(providerLaunchToken)
        .where(eq(providerLaunchToken.memberId, who.row.id)),
    ).toEqual([]);
  });

  const providerSignatureAt = (timestamp: number, body: unknown): string =>
    providerSignature(VENDOR_SECRET, String(timestamp), JSON.stringify(body));
});
