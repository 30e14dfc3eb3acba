import {
  buildDemoVendorApp,
  loadDemoVendorConfig,
  type DemoVendorApp,
  type Transport,
} from '@platform/demo-vendor';
import { createServer } from 'node:net';
import type { PvpRooms } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerRound } from '../../db/schema.js';
import { seedDemoData } from '../../demo-seed.js';
import { cryptoRng } from '../../lib/rng.js';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { mainBalance, providerNet, VENDOR_SECRET } from './provider-test-support.js';
import { fillLaunchUrl, withRoom } from './game-launch.service.js';
import { providerOperatorCommands } from './provider.operator.js';
import { PVP_ROOMS_CACHE_MS } from './pvp-rooms.service.js';

/**
 * SPEC section 7's PVP rooms through HTTP: the demo vendor (apps/demo-vendor) listens on a real port,
 * our server reads its rooms over HTTP, and a room's launch seats the player there; a vendor that does
 * not answer leaves an empty list with a clear state, never a failure.
 */
const GAME = 'three-lamps-showdown';

/** A port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /wps/game/pvp/rooms and the launch into a room', () => {
  let vendorAddress = '';
  let t: TestApp;
  let vendor: DemoVendorApp;
  let player: TestMember;

  // The simulator's wallet calls reach our app through inject; our app reaches the simulator's
  // room list over real HTTP.
  const transport: Transport = async (request) => {
    const response = await t.app.inject({
      method: 'POST',
      url: new URL(request.url).pathname,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.json() };
  };

  const rooms = (query = '') => t.call<PvpRooms>({ method: 'GET', url: `/wps/game/pvp/rooms${query}` });

  beforeAll(async () => {
    t = await createTestApp();
    vendor = await buildDemoVendorApp(
      loadDemoVendorConfig({
        PLATFORM_URL: 'http://site.test',
        DEMO_VENDOR_FRAME_ANCESTORS: 'http://site.test',
      }),
      { transport, now: () => t.clock.now().getTime(), retryDelaysMs: [0], sleep: async () => undefined },
    );
    const address = await vendor.app.listen({ port: 0, host: '127.0.0.1' });
    vendorAddress = address;
    await seedDemoData(t.handle.db, {
      clock: t.clock,
      rng: cryptoRng,
      passwords: t.services.passwords,
      demoVendorUrl: address,
    });
    // A second PVP vendor whose room list never answers.
    const down = await closedPort();
    await t.services.game.addVendor({ vassalage: 'DOWN_PVP', category: 'PVP', title: 'Down (test)' });
    await t.services.provider.registerVendor({
      vendorCode: 'DOWN_PVP',
      currency: 'BDT',
      signingSecret: VENDOR_SECRET,
      allowDemo: false,
      roundTimeoutSeconds: 3600,
      roundTimeoutRule: 'refund',
      launchUrl: `http://127.0.0.1:${down}/v/DOWN_PVP/play?token={token}`,
      roomsUrl: `http://127.0.0.1:${down}/v/DOWN_PVP/rooms`,
    });
    await t.services.gameCatalogue.importGames(
      [{ vassalage: 'DOWN_PVP', gameCode: 'cards', gameName: 'Down cards' }],
      new Set(['DOWN_PVP']),
    );
    player = await createFundedMember(t, '100.00');
  });
  afterAll(async () => {
    await vendor.app.close();
    await t.close();
  });

  it("answers the demo vendor's rooms with their seats, bet and game, each seat free", async () => {
    const { status, body } = await rooms('?vassalage=DEMO_PVP');
    expect(status).toBe(200);
    if (!body.success) throw new Error(JSON.stringify(body));
    expect(body.value.state).toBe('ok');
    expect(
      body.value.rooms.map((room) => [room.roomId, room.minBet, room.seats.length, room.seatsFree]),
    ).toEqual([
      ['lamp-1', '10.00', 4, 4],
      ['lamp-2', '10.00', 4, 4],
      ['duel', '20.00', 2, 2],
      ['high-lamp', '50.00', 6, 6],
    ]);
    expect(body.value.rooms[0]).toMatchObject({
      nodeId: `DEMO_PVP-${GAME}`,
      vassalage: 'DEMO_PVP',
      gameCode: GAME,
      gameName: 'Three Lamps Showdown (demo)',
      name: { en: 'Lamp Room 1', bn: 'প্রদীপ ঘর ১' },
    });
    const oneGame = await rooms(`?vassalage=DEMO_PVP&gameCode=${GAME}`);
    expect(oneGame.body.success && oneGame.body.value.rooms).toHaveLength(4);
    const otherGame = await rooms('?vassalage=DEMO_PVP&gameCode=no-such-game');
    expect(otherGame.body).toEqual({ success: true, value: { state: 'ok', rooms: [] } });
  });

  it('answers a vendor that does not answer with an empty list and state unavailable (partial beside one that does)', async () => {
    const down = await rooms('?vassalage=DOWN_PVP');
    expect(down.status).toBe(200);
    expect(down.body).toEqual({ success: true, value: { state: 'unavailable', rooms: [] } });
    const all = await rooms();
    expect(all.status).toBe(200);
    if (!all.body.success) throw new Error(JSON.stringify(all.body));
    expect(all.body.value.state).toBe('partial');
    expect(new Set(all.body.value.rooms.map((room) => room.vassalage))).toEqual(new Set(['DEMO_PVP']));
    // A vendor that is not a PVP vendor has no rooms to ask for.
    expect((await rooms('?vassalage=DEMO_RNG')).body).toEqual({
      success: true,
      value: { state: 'none', rooms: [] },
    });
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await databaseDigest(t);
    for (const query of [
      '?vassalage=demo_pvp',
      '?vassalage=' + 'A'.repeat(41),
      '?gameCode=bad%20code',
      '?gameCode=a/b',
    ]) {
      const { status, body } = await rooms(query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    expect(await databaseDigest(t)).toEqual(before);
  });

  it('opens a room chosen in the lobby seated in it: the seat shows taken, and a hand moves the money once', async () => {
    const launched = await t.call<{ game_url: string }>({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: player.auth,
      payload: { nodeId: `DEMO_PVP-${GAME}`, roomId: 'duel', vassalage: 'DEMO_PVP', language: 'en' },
    });
    expect(launched.status).toBe(200);
    if (!launched.body.success) throw new Error(JSON.stringify(launched.body));
    const url = new URL(launched.body.value.game_url);
    expect(url.pathname).toBe('/v/DEMO_PVP/play');
    expect(url.searchParams.get('room')).toBe('duel');
    expect(url.searchParams.get('game')).toBe(GAME);

    // The player's browser: the launch URL, then the game page, whose script takes the launch's room.
    const entered = await vendor.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(entered.statusCode).toBe(303);
    const session = (entered.headers.location as string).replace('/game/', '');
    const headers = { 'x-demo-session': session };
    const state = await vendor.app.inject({ method: 'GET', url: `/api/showdown/${GAME}/state`, headers });
    expect(state.json()).toMatchObject({ ok: true, wanted: 'duel', table: null });
    const sat = await vendor.app.inject({
      method: 'POST',
      url: `/api/showdown/${GAME}/sit`,
      headers,
      payload: { room: 'duel' },
    });
    expect(sat.json()).toEqual({ ok: true, seat: 0 });

    // The lobby's list is kept a few seconds, then shows the seat taken.
    t.clock.advance(PVP_ROOMS_CACHE_MS);
    const listed = await rooms('?vassalage=DEMO_PVP');
    if (!listed.body.success) throw new Error(JSON.stringify(listed.body));
    expect(listed.body.value.rooms.find((room) => room.roomId === 'duel')).toMatchObject({
      seats: [
        { seat: 0, taken: true },
        { seat: 1, taken: false },
      ],
      seatsFree: 1,
    });

    // One hand against the simulated opponent in the free seat: one bet of 20.00, one win, once.
    const ante = await vendor.app.inject({ method: 'POST', url: `/api/showdown/${GAME}/ante`, headers });
    expect(ante.json()).toMatchObject({ ok: true, balance: '80.00' });
    const duel = vendor.rooms.get(GAME)?.get('duel');
    if (!duel) throw new Error('no duel room');
    t.clock.advance(10_000);
    duel.tick();
    await duel.settled();
    const net = await providerNet(t, player.row.id);
    // Two antes of 20.00 make 40.00; the winner gets 38.00 (a split: 19.00 each).
    expect([-2000n, 1800n, -100n]).toContain(net);
    expect(await mainBalance(t, player.row.id)).toBe(10_000n + net);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    // The round keeps the hand for the betting record: both seats' cards, the player's named.
    const [round] = await t.handle.db
      .select()
      .from(providerRound)
      .where(eq(providerRound.memberId, player.row.id));
    expect(round?.detail).toMatchObject({ kind: 'cards' });
    const detail = round?.detail;
    expect(detail?.kind === 'cards' && detail.hands.map((hand) => hand.name)).toEqual([
      'Seat 1 (you)',
      'Seat 2',
    ]);
  });

  it('lists the rooms of a vendor once the operator gives its rooms address, and refuses one that is not http(s)', async () => {
    const { commands } = providerOperatorCommands({ provider: t.services.provider });
    const context = { actor: 'cli:test' };
    await commands['seamless-vendors']?.(['set', 'DEMO_PVP', '--rooms-url', 'none'], context);
    const without = await rooms('?vassalage=DEMO_PVP');
    expect(without.body.success && without.body.value).toEqual({ state: 'none', rooms: [] });
    for (const bad of ['javascript:alert(1)', 'ftp://cards.test/rooms', 'not a url']) {
      await expect(
        commands['seamless-vendors']?.(['set', 'DEMO_PVP', '--rooms-url', bad], context),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    await commands['seamless-vendors']?.(
      ['set', 'DEMO_PVP', '--rooms-url', `${vendorAddress}/v/DEMO_PVP/rooms`],
      context,
    );
    t.clock.advance(PVP_ROOMS_CACHE_MS + 1);
    const back = await rooms('?vassalage=DEMO_PVP');
    expect(back.body.success && back.body.value.rooms.length).toBeGreaterThan(0);
  });
});

describe('where a room goes', () => {
  it("fills a template's {room}, or adds a room parameter to a template without one", () => {
    const withPlaceholder = 'https://cards.test/open/{token}?table={room}';
    const filled = fillLaunchUrl(withPlaceholder, { token: 't1', room: 'duel 2' });
    expect(withRoom(filled, withPlaceholder, 'duel 2')).toBe('https://cards.test/open/t1?table=duel%202');
    const plain = 'https://cards.test/play?t={token}';
    const url = withRoom(fillLaunchUrl(plain, { token: 't1', room: 'duel' }), plain, 'duel');
    expect(url).toBe('https://cards.test/play?t=t1&room=duel');
    // No room asked for: the address is the template's, untouched.
    expect(withRoom('https://cards.test/play?t=t1', plain, undefined)).toBe('https://cards.test/play?t=t1');
  });
});
