import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameItem, LaunchGame } from '@platform/contract';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { providerHarness, VENDOR_SECRET, type ProviderHarness } from './provider-test-support.js';

const LAUNCH_URL =
  'https://games.vendor.test/play?t={token}&g={game}&lang={language}&cur={currency}&mode={mode}&back={lobby}';

let t: TestApp;
let p: ProviderHarness;
let player: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  p = await providerHarness(t);
  for (const [vendor, allowDemo, launchUrl] of [
    ['LAUNCHV', true, LAUNCH_URL],
    ['REALONLY', false, 'https://real.vendor.test/open/{token}'],
    ['NOURL', false, null],
  ] as const) {
    await t.services.game.addVendor({ vassalage: vendor, category: 'RNG', title: vendor });
    await t.services.provider.registerVendor({
      vendorCode: vendor,
      currency: 'BDT',
      signingSecret: VENDOR_SECRET,
      allowDemo,
      roundTimeoutSeconds: 3600,
      roundTimeoutRule: 'lost',
      launchUrl,
    });
    await t.services.gameCatalogue.importGames(
      [
        { vassalage: vendor, gameCode: 'slot-1', gameName: `${vendor} Slot` },
        { vassalage: vendor, gameCode: 'off', gameName: 'Off', enabled: false },
      ],
      new Set([vendor]),
    );
  }
  // A lobby vendor without wallet terms.
  await t.services.game.addVendor({ vassalage: 'NOTERMS', category: 'RNG', title: 'No terms' });
  await t.services.gameCatalogue.importGames(
    [{ vassalage: 'NOTERMS', gameCode: 'slot-1', gameName: 'No terms slot' }],
    new Set(['NOTERMS']),
  );
  player = await createFundedMember(t, '80.00');
});
afterAll(async () => {
  await p.close();
  await t.close();
});

const launch = (who: TestMember | null, body: Record<string, unknown>) =>
  t.call<LaunchGame>({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: who ? who.auth : {},
    payload: body,
  });

describe('POST /wps/game/launchGame', () => {
  it("answers the vendor's URL with a launch token the vendor trades for the player, and records the game", async () => {
    const { status, body } = await launch(player, {
      nodeId: 'LAUNCHV-slot-1',
      vassalage: 'LAUNCHV',
      platform: 'html5-desktop',
      clientType: '3',
      language: 'en',
    });
    expect(status).toBe(200);
    if (!body.success) throw new Error(JSON.stringify(body));
    expect(body.value.mode).toBe('real');
    expect(body.value.launch_mode).toBe('frame');
    expect(body.value.game_url2).toBe(body.value.game_url);
    const url = new URL(body.value.game_url);
    expect(url.origin + url.pathname).toBe('https://games.vendor.test/play');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      g: 'slot-1',
      lang: 'en',
      cur: 'BDT',
      mode: 'real',
      back: 'http://site.test/',
    });
    const token = url.searchParams.get('t') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const authenticated = await p.call(
      'authenticate',
      { request_uuid: randomUUID(), token, game_code: 'slot-1' },
      { vendor: 'LAUNCHV' },
    );
    expect(authenticated.body).toMatchObject({
      status: 'RS_OK',
      player_id: player.row.publicId,
      balance: '80.00',
      demo: false,
    });

    const recent = await t.call<{ list: GameItem[] }>({
      method: 'GET',
      url: '/wps/game/recent',
      headers: player.auth,
    });
    expect(recent.body.success && recent.body.value.list.map((item) => item.nodeId)).toEqual([
      'LAUNCHV-slot-1',
    ]);
  });

  it("lets a trial account play a demo vendor's game with demo money, and no other", async () => {
    const trial = await createMember(t, { type: 4 });
    const demo = await launch(trial, { nodeId: 'LAUNCHV-slot-1' });
    expect(demo.body.success && demo.body.value.mode).toBe('demo');
    const before = await databaseDigest(t);
    const refused = await launch(trial, { nodeId: 'REALONLY-slot-1' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'NEED_REAL_ACCOUNT' });
    expect(await databaseDigest(t)).toBe(before);
  });

  it('refuses what cannot be opened, clearly, and changes nothing', async () => {
    const before = await databaseDigest(t);
    const cases: [TestMember | null, Record<string, unknown>, number, string][] = [
      [player, { nodeId: 'LAUNCHV-nope' }, 404, 'NOT_FOUND'],
      [player, { nodeId: 'LAUNCHV-off' }, 404, 'NOT_FOUND'],
      [player, { nodeId: 'NOURL-slot-1' }, 404, 'NOT_FOUND'],
      [player, { nodeId: 'NOTERMS-slot-1' }, 404, 'NOT_FOUND'],
      [player, { nodeId: '../../etc' }, 400, 'VALIDATION_FAILED'],
      [player, {}, 400, 'VALIDATION_FAILED'],
      [player, { nodeId: 'LAUNCHV-slot-1', language: 'xx' }, 400, 'VALIDATION_FAILED'],
      [player, { nodeId: 'LAUNCHV-slot-1', username: 'x'.repeat(61) }, 400, 'VALIDATION_FAILED'],
      [null, { nodeId: 'LAUNCHV-slot-1' }, 401, 'UNAUTHORIZED'],
    ];
    for (const [who, body, status, code] of cases) {
      const answer = await launch(who, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body).toMatchObject({ success: false, code });
    }
    expect(await databaseDigest(t)).toBe(before);
  });
});

describe('operator: a vendor launch URL', () => {
  const run = (...args: string[]) => t.services.operator.run(args, 'cli:tester');

  it('is set with the seamless-vendors command and checked', async () => {
    expect(
      await run('seamless-vendors', 'set', 'NOURL', '--launch-url', 'https://n.test/p?t={token}&g={game}'),
    ).toMatchObject({
      exitCode: 0,
    });
    expect((await launch(player, { nodeId: 'NOURL-slot-1' })).status).toBe(200);
    for (const bad of [
      'ftp://n.test/{token}',
      'https://n.test/no-token',
      'https://n.test/{token}?x={secret}',
      'not a url {token}',
    ]) {
      const answer = await run('seamless-vendors', 'set', 'NOURL', '--launch-url', bad);
      expect(answer.exitCode, bad).toBe(1);
      expect(answer.output, bad).toMatch(/launch URL/);
    }
  });

  it("opens a vendor whose pages refuse frames in a window: the operator's launch mode, checked", async () => {
    expect(await run('seamless-vendors', 'set', 'REALONLY', '--launch-mode', 'window')).toMatchObject({
      exitCode: 0,
    });
    const { body } = await launch(player, { nodeId: 'REALONLY-slot-1' });
    expect(body.success && body.value.launch_mode).toBe('window');
    const before = await databaseDigest(t);
    const refused = await run('seamless-vendors', 'set', 'REALONLY', '--launch-mode', 'popup');
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toMatch(/launch mode: frame or window/);
    expect(await databaseDigest(t)).toEqual(before);
    expect(await run('seamless-vendors', 'set', 'REALONLY', '--launch-mode', 'frame')).toMatchObject({
      exitCode: 0,
    });
  });
});
