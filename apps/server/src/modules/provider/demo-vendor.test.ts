import {
  buildDemoVendorApp,
  DEMO_VENDOR_SECRET as SIMULATOR_SECRET,
  demoStudios,
  gameThumbnail,
  loadDemoVendorConfig,
  transferStudio,
  type ChaosSwitches,
  type DemoVendorApp,
  type Transport,
} from '@platform/demo-vendor';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoGameImage, demoGameStudios } from '../game/index.js';
import { DEMO_VENDOR_SECRET } from './demo-vendor.js';
import { providerRound, providerTransaction, providerVendor } from '../../db/schema.js';
import { seedDemoData } from '../../demo-seed.js';
import { cryptoRng } from '../../lib/rng.js';
import { createFundedMember, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';
import { mainBalance, providerNet } from './provider-test-support.js';

/**
 * The demo game vendor (apps/demo-vendor) against the real app, both through HTTP (inject on each
 * side): the seeded terms, the launch, its pages and its signed calls, with every chaos switch. After
 * each test the books reconcile and each player's balance is the deposit plus what the rounds moved.
 */
const SIMULATOR_URL = 'http://demo-vendor.test';
const webPublicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

describe('the demo game vendor against our wallet API', () => {
  let t: TestApp;
  let vendor: DemoVendorApp;
  /** what the wire does to requests on top of chaos (a test's own network trouble) */
  let wire: (request: Parameters<Transport>[0]) => 'deliver' | 'lose-answer' = () => 'deliver';
  const players: { who: TestMember; deposit: bigint }[] = [];
  let pocket = 0;

  const transport: Transport = async (request) => {
    const url = new URL(request.url);
    const fate = wire(request);
    const response = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: request.headers,
      payload: request.body,
    });
    if (fate === 'lose-answer') throw new Error('timed out (the test lost the answer)');
    return { status: response.statusCode, body: response.json() };
  };

  const setChaos = (switches: Partial<ChaosSwitches>) =>
    vendor.app.inject({ method: 'PUT', url: '/admin/chaos', payload: switches, remoteAddress: '127.0.0.1' });

  const player = async (deposit = '100.00') => {
    const who = await createFundedMember(t, deposit);
    players.push({ who, deposit: BigInt(Math.round(Number(deposit) * 100)) });
    return who;
  };

  /** Our launch, then the game page as the player's browser opens it: the session the page holds. */
  const open = async (who: TestMember, nodeId: string, language: 'bn' | 'en' = 'en') => {
    const launched = await t.call<{ game_url: string }>({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: who.auth,
      payload: { nodeId, language },
    });
    if (!launched.body.success) throw new Error(JSON.stringify(launched.body));
    const url = new URL(launched.body.value.game_url);
    expect(url.origin).toBe(SIMULATOR_URL);
    const entered = await vendor.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(entered.statusCode).toBe(303);
    const location = entered.headers.location as string;
    const page = await vendor.app.inject({ method: 'GET', url: location });
    return { session: location.replace('/game/', ''), page };
  };

  const spin = async (session: string, stake = '5.00') => {
    const answer = await vendor.app.inject({
      method: 'POST',
      url: '/api/spin',
      headers: { 'x-demo-session': session },
      payload: { stake },
    });
    return answer.json<{
      ok: boolean;
      reason?: string;
      win?: string;
      balance: string | null;
      round?: string;
    }>();
  };

  /** The simulator's session object behind a page's session id. */
  const vendorSession = (id: string) => {
    const found = vendor.sessions.get(id);
    if (!found) throw new Error('no such session');
    return found;
  };

  const rowsOf = (vendorCode: string, memberId: bigint) =>
    t.handle.db
      .select()
      .from(providerTransaction)
      .where(and(eq(providerTransaction.vendorCode, vendorCode), eq(providerTransaction.memberId, memberId)))
      .orderBy(asc(providerTransaction.id));

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.handle.db, {
      clock: t.clock,
      rng: cryptoRng,
      passwords: t.services.passwords,
      demoVendorUrl: SIMULATOR_URL,
    });
    vendor = await buildDemoVendorApp(
      loadDemoVendorConfig({
        PLATFORM_URL: 'http://site.test',
        DEMO_VENDOR_FRAME_ANCESTORS: 'http://site.test',
      }),
      {
        transport,
        now: () => t.clock.now().getTime(),
        retryDelaysMs: [0],
        sleep: async () => undefined,
        // The roulette ball lands where the test says; everything else draws as in play.
        pick: (max) => (max === 37 ? pocket : Math.floor(Math.random() * max)),
      },
    );
  });
  afterAll(async () => {
    await vendor.app.close();
    await t.close();
  });
  afterEach(async () => {
    wire = () => 'deliver';
    await setChaos({ timeout: 0, drop: 0, duplicate: 0, reorder: 0, crash: 0 });
    vendor.events.splice(0);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    for (const { who, deposit } of players) {
      expect(await mainBalance(t, who.row.id)).toBe(deposit + (await providerNet(t, who.row.id)));
    }
  });

  it('is seeded as the simulator offers itself: the same studios, games and demo-only secret', async () => {
    expect(DEMO_VENDOR_SECRET).toBe(SIMULATOR_SECRET);
    expect(
      demoGameStudios.map((studio) => [
        studio.vassalage,
        studio.category,
        studio.games.map((game) => game.gameCode),
      ]),
    ).toEqual(
      demoStudios.map((studio) => [
        studio.vendorCode,
        studio.category,
        studio.games.map((game) => game.code),
      ]),
    );
    // The lobby's art is the simulator's own drawing, copied to the site (the operator's image CDN).
    for (const game of [...demoStudios, transferStudio].flatMap((studio) => studio.games)) {
      const file = path.join(webPublicDir, demoGameImage(game.code));
      expect(readFileSync(file, 'utf8'), game.code).toBe(`${gameThumbnail(game)}\n`);
    }
    const terms = await t.handle.db.select().from(providerVendor);
    for (const studio of demoGameStudios) {
      expect(terms.find((row) => row.vendorCode === studio.vassalage)).toMatchObject({
        allowDemo: true,
        active: true,
        launchUrl: `${SIMULATOR_URL}/v/${studio.vassalage}/play?token={token}&game={game}&language={language}&mode={mode}&lobby={lobby}`,
      });
    }
  });

  it("brings its own Bengali font, first in its pages' font stack (a phone may have none)", async () => {
    const css = await vendor.app.inject({ method: 'GET', url: '/static/game.css' });
    expect(css.body).toMatch(/font-family: 'Demo Bengali', system-ui/);
    expect(css.body).toContain("url('/static/bengali.woff2')");
    const font = await vendor.app.inject({ method: 'GET', url: '/static/bengali.woff2' });
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
  });

  it('opens a launched slot labelled as a simulator (bn and en), and a spin debits and credits once', async () => {
    const who = await player('100.00');
    const bengali = await open(who, 'DEMO_RNG-mango-grove', 'bn');
    expect(bengali.page.statusCode).toBe(200);
    expect(bengali.page.body).toContain('ডেমো গেম ভেন্ডর — সিমুলেটর, আসল টাকা নয়');
    const { session, page } = await open(who, 'DEMO_RNG-mango-grove', 'en');
    expect(page.body).toContain('Demo game vendor — simulator, not real money');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self' http://site.test");

    const answer = await spin(session, '5.00');
    expect(answer.ok).toBe(true);
    const expected = 10_000n - 500n + BigInt(Math.round(Number(answer.win) * 100));
    expect(await mainBalance(t, who.row.id)).toBe(expected);
    const rows = await rowsOf('DEMO_RNG', who.row.id);
    expect(rows.map((row) => [row.kind, row.status, row.amount])).toEqual([
      ['bet', 'ok', 500n],
      ['win', 'ok', BigInt(Math.round(Number(answer.win) * 100))],
    ]);
    const [round] = await t.handle.db
      .select()
      .from(providerRound)
      .where(eq(providerRound.roundId, answer.round as string));
    expect(round?.status).toBe('settled');
    // The closing call told what the reels showed (each reel top to bottom): the betting record's detail.
    const grid = (answer as unknown as { grid: string[][] }).grid;
    expect(round?.detail).toMatchObject({
      kind: 'slot',
      reels: [0, 1, 2].map((reel) => grid.map((row) => row[reel])),
    });
  });

  it('carries the game session token on its bets: after the player logs out of the site, a spin is refused', async () => {
    const who = await player('100.00');
    const { session } = await open(who, 'DEMO_RNG-mango-grove');
    expect((await spin(session, '1.00')).ok).toBe(true);
    const balance = await mainBalance(t, who.row.id);
    const loggedOut = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: who.auth });
    expect(loggedOut.statusCode).toBe(200);
    expect(await spin(session, '1.00')).toMatchObject({ ok: false, reason: 'refused' });
    expect(vendor.events.filter((event) => event.call === 'bet').map((event) => event.status)).toEqual([
      'RS_OK',
      'RS_ERROR_INVALID_TOKEN',
    ]);
    expect(await mainBalance(t, who.row.id)).toBe(balance);
    expect((await rowsOf('DEMO_RNG', who.row.id)).map((row) => row.kind)).toEqual(['bet', 'win']);
  });

  it('sends a call whose answer was lost again with the same transaction_uuid, and it lands once', async () => {
    const who = await player();
    const { session } = await open(who, 'DEMO_RNG-river-lanterns');
    await setChaos({ timeout: 100 });
    const answer = await spin(session, '2.00');
    expect(answer.ok).toBe(true);
    const bets = vendor.events.filter((event) => event.call === 'bet');
    expect(bets.map((event) => event.outcome)).toEqual(['timed-out', 'answered']);
    expect(new Set(bets.map((event) => event.transactionUuid)).size).toBe(1);
    const rows = await rowsOf('DEMO_RNG', who.row.id);
    expect(rows.filter((row) => row.kind === 'bet')).toHaveLength(1);
    expect(rows.filter((row) => row.kind === 'win')).toHaveLength(1);
  });

  it('keeps the books right when calls are dropped, duplicated or reordered', async () => {
    const who = await player();
    const { session } = await open(who, 'DEMO_RNG-mango-grove');
    for (const chaos of [
      { drop: 100 },
      { duplicate: 100 },
      { reorder: 100 },
      { drop: 50, duplicate: 50, reorder: 50, timeout: 50 },
    ]) {
      await setChaos({ timeout: 0, drop: 0, duplicate: 0, reorder: 0, ...chaos });
      for (let index = 0; index < 3; index += 1)
        expect((await spin(session, '1.00')).ok, JSON.stringify(chaos)).toBe(true);
    }
    const rows = await rowsOf('DEMO_RNG', who.row.id);
    expect(rows.filter((row) => row.kind === 'bet' && row.status === 'ok')).toHaveLength(12);
    expect(rows.filter((row) => row.kind === 'win')).toHaveLength(12);
    expect(vendor.events.some((event) => event.duplicated)).toBe(true);
    expect(vendor.events.some((event) => event.status === 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST')).toBe(true);
  });

  it('rolls the bet back when its game fails after the bet was taken', async () => {
    const who = await player('50.00');
    const { session } = await open(who, 'DEMO_RNG-mango-grove');
    await setChaos({ crash: 100 });
    const answer = await spin(session, '10.00');
    expect(answer).toMatchObject({ ok: false, reason: 'crashed', balance: '50.00' });
    expect(await mainBalance(t, who.row.id)).toBe(5000n);
    const rows = await rowsOf('DEMO_RNG', who.row.id);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['bet', 'rolled_back'],
      ['rollback', 'ok'],
    ]);
    const [round] = await t.handle.db
      .select()
      .from(providerRound)
      .where(eq(providerRound.roundId, rows[0]?.roundId ?? ''));
    expect(round?.status).toBe('cancelled');
  });

  it('rolls back a bet that was never answered, whether or not it landed', async () => {
    const who = await player('30.00');
    const { session } = await open(who, 'DEMO_RNG-mango-grove');
    // Every answer to a bet is lost on the way back: the bet landed, the vendor never learns it.
    wire = (request) => (request.url.endsWith('/bet') ? 'lose-answer' : 'deliver');
    const answer = await spin(session, '5.00');
    expect(answer).toMatchObject({ ok: false, reason: 'no-answer' });
    expect(vendor.events.filter((event) => event.call === 'bet')).toHaveLength(4);
    expect(await mainBalance(t, who.row.id)).toBe(3000n);
    const rows = await rowsOf('DEMO_RNG', who.row.id);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['bet', 'rolled_back'],
      ['rollback', 'ok'],
    ]);
  });

  it('plays the live roulette table: bets in the betting phase, one spin, each bet paid once', async () => {
    const who = await player('100.00');
    const { session, page } = await open(who, 'DEMO_LIVE-teak-roulette');
    expect(page.body).toContain('Teak Table Roulette (demo)');
    const table = vendor.tables.get('teak-roulette');
    if (!table) throw new Error('no roulette table');
    const bet = (spot: string, stake: string) =>
      vendor.app
        .inject({
          method: 'POST',
          url: '/api/table/teak-roulette/bet',
          headers: { 'x-demo-session': session },
          payload: { spot, stake },
        })
        .then((response) => response.json<{ ok: boolean; reason?: string; balance: string | null }>());
    expect(await bet('red', '5.00')).toMatchObject({ ok: true, balance: '95.00' });
    expect(await bet('n17', '5.00')).toMatchObject({ ok: true, balance: '90.00' });
    expect(await bet('n37', '5.00')).toMatchObject({ ok: false });
    expect(await bet('red', '3.00')).toMatchObject({ ok: false });

    pocket = 17;
    t.clock.advance(10_000);
    table.tick();
    expect(await bet('black', '5.00')).toMatchObject({ ok: false, reason: 'closed' });
    await table.settled();
    // 17 is black: the straight bet returns 36 times its stake, the red bet nothing.
    expect(await mainBalance(t, who.row.id)).toBe(10_000n - 1000n + 18_000n);
    const state = await vendor.app.inject({
      method: 'GET',
      url: '/api/table/teak-roulette/state',
      headers: { 'x-demo-session': session },
    });
    expect(state.json()).toMatchObject({ phase: 'spinning', pocket: 17, colour: 'black', balance: '270.00' });
    const rows = await rowsOf('DEMO_LIVE', who.row.id);
    expect(rows.map((row) => [row.kind, row.amount])).toEqual([
      ['bet', 500n],
      ['bet', 500n],
      ['win', 0n],
      ['win', 18_000n],
    ]);
    const [round] = await t.handle.db
      .select()
      .from(providerRound)
      .where(eq(providerRound.roundId, rows[0]?.roundId ?? ''));
    expect(round?.status).toBe('settled');
    expect(round?.detail).toEqual({
      kind: 'roulette',
      number: 17,
      bets: [
        { spot: 'red', amount: '5.00', pays: '0.00' },
        { spot: 'n17', amount: '5.00', pays: '180.00' },
      ],
    });
  });

  it('plays the fishing shooter: each shot is one round, its bet and its win landing once', async () => {
    const who = await player('20.00');
    const { session } = await open(who, 'DEMO_FISH-lotus-pond-hunt');
    const shoot = async (fish: string) =>
      (
        await vendor.app.inject({
          method: 'POST',
          url: '/api/shoot',
          headers: { 'x-demo-session': session },
          payload: { stake: '1.00', fish },
        })
      ).json<{ ok: boolean; caught?: boolean; win?: string; balance: string | null }>();
    let expected = 2000n;
    for (const fish of ['minnow', 'carp', 'dragon']) {
      const shot = await shoot(fish);
      expect(shot.ok).toBe(true);
      expected += BigInt(Math.round(Number(shot.win) * 100)) - 100n;
      expect(shot.caught).toBe(shot.win !== '0.00');
    }
    expect((await shoot('shark')).ok).toBe(false);
    expect(await mainBalance(t, who.row.id)).toBe(expected);
    const rows = await rowsOf('DEMO_FISH', who.row.id);
    expect(rows.map((row) => row.kind)).toEqual(['bet', 'win', 'bet', 'win', 'bet', 'win']);
    const details = await t.handle.db
      .select({ detail: providerRound.detail, win: providerRound.winTotal })
      .from(providerRound)
      .where(eq(providerRound.memberId, who.row.id))
      .orderBy(asc(providerRound.id));
    expect(details.map((round) => round.detail?.kind)).toEqual(['fish', 'fish', 'fish']);
    for (const round of details) {
      // A catch is recorded exactly when the shot paid.
      expect(round.detail).toMatchObject({ shots: 1 });
      expect(round.detail?.kind === 'fish' && round.detail.catches.length).toBe(round.win > 0n ? 1 : 0);
    }
  });

  it('takes a single and an accumulator on a matchday and pays each slip once by the results', async () => {
    const who = await player('100.00');
    const { session, page } = await open(who, 'DEMO_SPORTS-village-league');
    expect(page.body).toContain('Village League football (demo)');
    const book = vendor.books.get('village-league');
    if (!book) throw new Error('no sportsbook');
    for (let step = 0; step < 3 && book.view(vendorSession(session)).phase !== 'open'; step += 1) {
      t.clock.advance(45_000);
      book.tick();
    }
    const state = book.view(vendorSession(session));
    const [first, second] = state.fixtures;
    if (!first || !second) throw new Error('no fixtures');
    const bet = async (selections: { fixture: string; pick: string }[], stake = '10.00') =>
      (
        await vendor.app.inject({
          method: 'POST',
          url: '/api/sports/village-league/bet',
          headers: { 'x-demo-session': session },
          payload: { stake, selections },
        })
      ).json<{ ok: boolean; reason?: string; balance: string | null }>();
    expect(await bet([{ fixture: first.id, pick: 'home' }])).toMatchObject({ ok: true, balance: '90.00' });
    expect(
      await bet([
        { fixture: first.id, pick: 'draw' },
        { fixture: second.id, pick: 'away' },
      ]),
    ).toMatchObject({ ok: true, balance: '80.00' });
    // Two picks in one match, no pick, an unknown match: refused, nothing moves.
    for (const refused of [
      [
        { fixture: first.id, pick: 'home' },
        { fixture: first.id, pick: 'away' },
      ],
      [],
      [{ fixture: 'f9', pick: 'home' }],
      [{ fixture: first.id, pick: 'win' }],
    ]) {
      expect((await bet(refused)).ok, JSON.stringify(refused)).toBe(false);
    }

    t.clock.advance(45_000);
    book.tick();
    await book.settled();
    const slips = book.view(vendorSession(session)).slips;
    expect(slips.map((slip) => slip.status).every((status) => status === 'won' || status === 'lost')).toBe(
      true,
    );
    const won = slips.reduce((sum, slip) => sum + BigInt(Math.round(Number(slip.win) * 100)), 0n);
    expect(await mainBalance(t, who.row.id)).toBe(8000n + won);
    const rows = await rowsOf('DEMO_SPORTS', who.row.id);
    expect(rows.map((row) => row.kind)).toEqual(['bet', 'bet', 'win', 'win']);
    const details = await t.handle.db
      .select({ detail: providerRound.detail })
      .from(providerRound)
      .where(eq(providerRound.memberId, who.row.id))
      .orderBy(asc(providerRound.id));
    const accumulator = details
      .map((round) => round.detail)
      .find((detail) => detail?.kind === 'sports' && detail.bet_type === 'accumulator');
    expect(accumulator).toMatchObject({
      kind: 'sports',
      selections: [
        { pick: 'Draw', market: 'Match result', outcome: expect.stringMatching(/^(won|lost)$/) },
        { odds: expect.stringMatching(/^\d+\.\d\d$/), result: expect.stringMatching(/^\d+–\d+$/) },
      ],
    });
    expect(details.filter((round) => round.detail?.kind === 'sports')).toHaveLength(2);
  });

  it('lets a trial account play with demo money only, and says so on the page', async () => {
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
    const { session, page } = await open(trial, 'DEMO_RNG-mango-grove');
    expect(page.body).toContain('Demo money (trial account)');
    const answer = await spin(session, '1.00');
    expect(answer.ok).toBe(true);
    const demo = await t.services.ledger.balanceOf(t.handle.db, accountCodes.memberDemo(trial.row.id));
    expect(demo).toBe(2000n - 100n + BigInt(Math.round(Number(answer.win) * 100)));
    expect(await mainBalance(t, trial.row.id)).toBe(0n);
  });

  it('refunds a table bet whose answer came after betting closed', async () => {
    const who = await player('40.00');
    const { session } = await open(who, 'DEMO_LIVE-teak-roulette');
    const table = vendor.tables.get('teak-roulette');
    if (!table) throw new Error('no roulette table');
    // Let the table reach its next betting phase first.
    for (let step = 0; step < 3 && table.view().phase !== 'betting'; step += 1) {
      t.clock.advance(10_000);
      table.tick();
    }
    await table.settled();
    expect(table.view().phase).toBe('betting');
    // The bet is on the wire while the table closes betting: it lands, then the table refuses it.
    wire = (request) => {
      if (request.url.endsWith('/bet')) {
        t.clock.advance(10_000);
        table.tick();
      }
      return 'deliver';
    };
    const answer = await vendor.app.inject({
      method: 'POST',
      url: '/api/table/teak-roulette/bet',
      headers: { 'x-demo-session': session },
      payload: { spot: 'red', stake: '5.00' },
    });
    expect(answer.json()).toMatchObject({ ok: false, reason: 'closed', balance: '40.00' });
    await table.settled();
    expect(await mainBalance(t, who.row.id)).toBe(4000n);
    const rows = await rowsOf('DEMO_LIVE', who.row.id);
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['bet', 'rolled_back'],
      ['rollback', 'ok'],
    ]);
  });

  it('refuses a game page without a launch, and a used launch link', async () => {
    const who = await player();
    const launched = await t.call<{ game_url: string }>({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: who.auth,
      payload: { nodeId: 'DEMO_RNG-mango-grove', language: 'en' },
    });
    if (!launched.body.success) throw new Error('launch refused');
    const url = new URL(launched.body.value.game_url);
    expect((await vendor.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(303);
    const again = await vendor.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(again.statusCode).toBe(401);
    expect(again.body).toContain('Demo game vendor — simulator, not real money');
    expect((await spin('not-a-session')).ok).toBe(false);
    const admin = await vendor.app.inject({
      method: 'PUT',
      url: '/admin/chaos',
      payload: { drop: 100 },
      remoteAddress: '203.0.113.9',
    });
    expect(admin.statusCode).toBe(403);
  });
});
