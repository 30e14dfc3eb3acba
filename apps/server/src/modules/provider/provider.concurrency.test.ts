import type { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFundedMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createSeamlessVendor,
  mainBalance,
  moneyCall,
  openGameSession,
  providerHarness,
  providerNet,
  type ProviderHarness,
} from './provider-test-support.js';

/**
 * The provider API under real concurrency: PGlite has one connection, so these run on PostgreSQL only
 * (DATABASE_URL). After each test the books reconcile and the balance is deposits - bets + wins + refunds
 * as the answers say.
 */
describe.skipIf(!process.env.DATABASE_URL)('provider API under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let p: ProviderHarness;
  let vendor: string;
  const expected = new Map<bigint, bigint>();
  /** per player: what was deposited */
  const deposits = new Map<bigint, bigint>();
  /** per player id: the game session's token its bets carry (ADR 091) */
  const gameTokens = new Map<string, string>();
  const send = (call: Parameters<ProviderHarness['call']>[0], body: Record<string, unknown>) =>
    p.call(call, call === 'bet' ? { ...body, token: gameTokens.get(String(body.player_id)) } : body, {
      vendor,
    });
  const player = async (deposit: string, minor: bigint): Promise<TestMember> => {
    const who = await createFundedMember(t, deposit);
    expected.set(who.row.id, minor);
    deposits.set(who.row.id, minor);
    gameTokens.set(who.row.publicId, await openGameSession(t, p, who, vendor));
    return who;
  };
  const moved = (who: TestMember, minor: bigint) =>
    expected.set(who.row.id, (expected.get(who.row.id) ?? 0n) + minor);

  beforeAll(async () => {
    t = await createTestApp();
    p = await providerHarness(t);
    vendor = await createSeamlessVendor(t, p);
  });
  afterAll(async () => {
    await p.close();
    // See ledger.concurrency.test.ts: the pool is dropped under its connections at close.
    const pool = (t.handle.db as unknown as { $client: EventEmitter }).$client;
    pool.on('error', () => undefined);
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

  it('20 copies of one bet at once: one debit, every copy answered OK with the same balance', async () => {
    const who = await player('10.00', 1000n);
    const bet = moneyCall(who.row.publicId, { amount: '6.00' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('bet', bet)));
    moved(who, -600n);
    for (const answer of answers) expect(answer.body).toMatchObject({ status: 'RS_OK', balance: '4.00' });
  });

  it('20 copies of a bet larger than the balance: every copy answers insufficient funds', async () => {
    const who = await player('5.00', 500n);
    const bet = moneyCall(who.row.publicId, { amount: '6.00' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send('bet', bet)));
    for (const answer of answers) {
      expect(answer.body).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: '5.00' });
    }
  });

  it('50 concurrent rounds on one player: every bet and win lands once', async () => {
    const who = await player('100.00', 10_000n);
    const rounds = Array.from({ length: 50 }, (_, index) => ({
      bet: moneyCall(who.row.publicId, { amount: '1.50' }),
      win: index % 2 === 0 ? '2.25' : '0.00',
    }));
    const answers = await Promise.all(
      rounds.map(async ({ bet, win }) => {
        const placed = await send('bet', bet);
        const paid = await send(
          'win',
          moneyCall(who.row.publicId, {
            round: bet.round,
            amount: win,
            reference_transaction_uuid: bet.transaction_uuid,
            round_closed: true,
          }),
        );
        return [placed.body.status, paid.body.status];
      }),
    );
    for (const pair of answers) expect(pair).toEqual(['RS_OK', 'RS_OK']);
    moved(who, -50n * 150n + 25n * 225n);
  });

  it('a bet racing its own rollback: either both happen or neither, never a lost refund', async () => {
    const who = await player('100.00', 10_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const bet = moneyCall(who.row.publicId, { amount: '2.00' });
        const rollback = moneyCall(who.row.publicId, {
          round: bet.round,
          amount: '2.00',
          reference_transaction_uuid: bet.transaction_uuid,
        });
        const [placed, rolled] = await Promise.all([send('bet', bet), send('rollback', rollback)]);
        return [placed.body.status, rolled.body.status];
      }),
    );
    for (const [placed, rolled] of outcomes) {
      expect(rolled).toBe('RS_OK');
      expect(['RS_OK', 'RS_ERROR_TRANSACTION_ROLLED_BACK']).toContain(placed);
    }
  });

  it('a win racing a rollback of the same bet: exactly one of them stands', async () => {
    const who = await player('100.00', 10_000n);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const bet = moneyCall(who.row.publicId, { amount: '1.00' });
        await send('bet', bet);
        const win = moneyCall(who.row.publicId, {
          round: bet.round,
          amount: '3.00',
          reference_transaction_uuid: bet.transaction_uuid,
        });
        const rollback = moneyCall(who.row.publicId, {
          round: bet.round,
          reference_transaction_uuid: bet.transaction_uuid,
          transaction_uuid: randomUUID(),
        });
        delete rollback.amount;
        const [paid, rolled] = await Promise.all([send('win', win), send('rollback', rollback)]);
        return [paid.body.status, rolled.body.status];
      }),
    );
    for (const [paid, rolled] of outcomes) {
      if (paid === 'RS_OK') {
        expect(rolled).toBe('RS_ERROR_BET_SETTLED');
        moved(who, -100n + 300n);
      } else {
        expect([paid, rolled]).toEqual(['RS_ERROR_TRANSACTION_ROLLED_BACK', 'RS_OK']);
      }
    }
  });
});
