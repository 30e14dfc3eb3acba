import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BigWins } from '@platform/contract';
import { providerRound } from '../../db/schema.js';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';
import { bigWinsRepository } from './big-wins.repository.js';
import { BIG_WINS_CACHE_MS, DEFAULT_BIG_WIN_RULE } from './big-wins.service.js';
import {
  createSeamlessVendor,
  gameToken,
  moneyCall,
  providerHarness,
  type ProviderHarness,
} from './provider-test-support.js';

/**
 * Home's ticker through GET /wps/game/big-wins: real rounds played through the provider API, the
 * player masked, demo money, small wins and cancelled rounds left out, newest first, cached briefly.
 */
describe('GET /wps/game/big-wins', () => {
  let t: TestApp;
  let p: ProviderHarness;
  let vendor: string;
  let demoVendor: string;

  /** One round through the provider API as the vendor plays it: a bet, then a win closing the round. */
  async function round(who: TestMember, bet: string, win: string, options: { vendor?: string } = {}) {
    const via = { vendor: options.vendor ?? vendor };
    const betCall = moneyCall(who.row.publicId, {
      amount: bet,
      token: await gameToken(t, p, who, via.vendor),
    });
    expect((await p.call('bet', betCall, via)).body.status).toBe('RS_OK');
    const winCall = moneyCall(who.row.publicId, {
      round: betCall.round,
      amount: win,
      reference_transaction_uuid: betCall.transaction_uuid,
      round_closed: true,
    });
    expect((await p.call('win', winCall, via)).body.status).toBe('RS_OK');
    return betCall.round;
  }

  /** The ticker as a visitor's home page asks for it, after the cache window has passed. */
  async function ticker(query = ''): Promise<BigWins['list']> {
    t.clock.advance(BIG_WINS_CACHE_MS);
    const answer = await t.call<BigWins>({ method: 'GET', url: `/wps/game/big-wins${query}` });
    if (!answer.body.success) throw new Error(`big wins refused: ${answer.body.code}`);
    return answer.body.value.list;
  }

  beforeAll(async () => {
    t = await createTestApp();
    p = await providerHarness(t);
    vendor = await createSeamlessVendor(t, p);
    demoVendor = await createSeamlessVendor(t, p, { allowDemo: true });
    await t.services.gameCatalogue.importGames(
      [{ vassalage: vendor, gameCode: 'test-slot', gameName: 'Monsoon Reels' }],
      new Set([vendor]),
    );
  });
  afterAll(async () => {
    await p.close();
    await t.close();
  });
  beforeEach(async () => {
    // Each test starts from rounds of its own: the older ones leave the window.
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
  });

  it('shows a real big win with the game, the amount, the multiple and the player masked', async () => {
    const who = await createFundedMember(t, '100.00', { username: 'rahimkhan7' });
    await round(who, '2.00', '50.00');
    const list = await ticker();
    expect(list).toEqual([
      {
        player: 'ra***7',
        gameName: 'Monsoon Reels',
        nodeId: `${vendor}-test-slot`,
        amount: '50.00',
        multiplier: 25,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown as string,
      },
    ]);
    const raw = JSON.stringify(list);
    expect(raw).not.toContain('rahimkhan7');
    expect(raw).not.toContain(who.row.publicId);
  });

  it('leaves out small wins, demo money, cancelled and open rounds', async () => {
    const who = await createFundedMember(t, '200.00');
    await round(who, '10.00', '50.00'); // 5x: not big
    await round(who, '0.20', '5.00'); // 25x but under the 10.00 floor
    const open = moneyCall(who.row.publicId, { amount: '1.00', token: await gameToken(t, p, who, vendor) });
    await p.call('bet', open, { vendor });
    await p.call(
      'win',
      moneyCall(who.row.publicId, {
        round: open.round,
        amount: '90.00',
        reference_transaction_uuid: open.transaction_uuid,
        round_closed: false,
      }),
      { vendor },
    );
    const cancelled = await round(who, '1.00', '80.00');
    await t.handle.db
      .update(providerRound)
      .set({ status: 'cancelled' })
      .where(eq(providerRound.roundId, cancelled));

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
    await round(trial, '1.00', '500.00', { vendor: demoVendor });

    expect(await ticker()).toEqual([]);

    // A win of 1,000.00 is big whatever the stake (here 2x).
    await round(who, '100.00', '1000.00');
    expect((await ticker()).map((win) => [win.amount, win.multiplier])).toEqual([['1000.00', 10]]);
  });

  it('answers the newest first, as many as asked (10 unless told, at most 20)', async () => {
    const who = await createFundedMember(t, '1000.00');
    for (let index = 1; index <= 12; index += 1) {
      t.clock.advance(1000);
      await round(who, '1.00', `${10 + index}.00`);
    }
    const ten = await ticker();
    expect(ten.map((win) => win.amount)).toEqual(
      Array.from({ length: 10 }, (_, index) => `${22 - index}.00`),
    );
    expect(ten.map((win) => win.at)).toEqual([...ten.map((win) => win.at)].sort().reverse());
    expect((await ticker('?limit=3')).map((win) => win.amount)).toEqual(['22.00', '21.00', '20.00']);
    expect(await ticker('?limit=20')).toHaveLength(12);
  });

  it('shares one read for a few seconds: a new win shows once the window has passed', async () => {
    const who = await createFundedMember(t, '100.00');
    expect(await ticker()).toEqual([]);
    await round(who, '1.00', '30.00');
    const cached = await t.call<BigWins>({ method: 'GET', url: '/wps/game/big-wins' });
    expect(cached.body).toMatchObject({ success: true, value: { list: [] } });
    expect((await ticker()).map((win) => win.amount)).toEqual(['30.00']);
  });

  it('refuses a bad limit clearly and changes nothing', async () => {
    for (const query of ['?limit=0', '?limit=21', '?limit=abc', '?limit=1.5', '?limit=-3']) {
      const before = await databaseDigest(t);
      const answer = await t.call({ method: 'GET', url: `/wps/game/big-wins${query}` });
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(await databaseDigest(t)).toBe(before);
    }
  });

  it('reads the latest paid rounds through provider_round_paid_idx', async () => {
    const query = bigWinsRepository.latest(t.handle.db, {
      rule: DEFAULT_BIG_WIN_RULE,
      since: new Date(t.clock.now().getTime() - 86_400_000),
      scan: 2000,
      limit: 20,
    });
    // A test table is tiny, so the planner would rather read it whole; what matters is that the
    // query's condition lets it use the partial index at all (a parameter in the predicate would not).
    const plan = await t.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return JSON.stringify(result);
    });
    expect(plan).toContain('provider_round_paid_idx');
  });
});
