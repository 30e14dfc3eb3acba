import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameItem, GameList } from '@platform/contract';
import { game, memberFavouriteGame, memberRecentGame } from '../../db/schema.js';
import { bearer, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let player: TestMember;
const files = mkdtempSync(path.join(os.tmpdir(), 'games-'));
const operator = (...args: string[]) => t.services.operator.run(args, 'cli:tester');

function slot(code: string, name: string, extra: Record<string, unknown> = {}) {
  return { vassalage: 'JILI', gameCode: code, gameName: name, gameClassify: 'SLOT', ...extra };
}

beforeAll(async () => {
  t = await createTestApp();
  const { game: vendors } = t.services;
  // Our own games (INHOUSE, migration 0018) are on every database; this file reads a catalogue of its own.
  await vendors.removeVendor('INHOUSE');
  await vendors.addVendor({ vassalage: 'JILI', category: 'RNG', title: 'JILI', sortOrder: 1 });
  await vendors.addVendor({ vassalage: 'PG', category: 'RNG', title: 'PG', sortOrder: 2 });
  await vendors.addVendor({ vassalage: 'EVO', category: 'LIVE', title: 'Evo' });
  await vendors.addVendor({ vassalage: 'TF', category: 'SPORTS', title: 'TF Gaming' });
  const list = path.join(files, 'games.json');
  writeFileSync(
    list,
    JSON.stringify([
      slot('0001', 'Golden Tiger', { minBet: '0.20', minLineNum: 25, isHot: true, sortOrder: 2 }),
      slot('0002', 'Lucky 50% Bonus', { minBet: '1.00', minLineNum: 50, sortOrder: 1 }),
      slot('0003', 'Fishing Dragon', { gameClassify: 'FISH', minBet: '0.10', platform: ['html5'] }),
      slot('0004', 'Switched Off Slot', { enabled: false }),
      { vassalage: 'PG', gameCode: 'tiger-fortune', gameName: 'Tiger Fortune', isHot: true, isNew: true },
      { vassalage: 'EVO', gameCode: 'bac1', gameName: 'Baccarat A', gameClassify: 'TABLE', minBet: '10' },
      { vassalage: 'TF', gameCode: 'cs2', gameName: 'CS2 Match Winner' },
    ]),
  );
  const imported = await operator('games', 'import', list);
  expect(imported).toMatchObject({ exitCode: 0, output: '7 games added, 0 updated' });
  player = await createMember(t);
});
afterAll(() => t.close());

const listOf = async (query: string) => {
  const { status, body } = await t.call<GameList>({ method: 'GET', url: `/wps/game/list?${query}` });
  expect(status).toBe(200);
  if (!body.success) throw new Error(JSON.stringify(body));
  return body.value;
};
const names = (games: GameItem[]) => games.map((item) => item.gameName);

describe('GET /wps/game/list', () => {
  it('answers a category in sort order, 42 a page, without games switched off', async () => {
    const page = await listOf('gameType=RNG');
    expect(names(page.games)).toEqual(['Fishing Dragon', 'Tiger Fortune', 'Lucky 50% Bonus', 'Golden Tiger']);
    expect(page).toMatchObject({ pageNo: 1, pageSize: 42, totalCount: 4, totalPages: 1 });
    expect(page.games[3]).toEqual({
      nodeId: 'JILI-0001',
      vassalage: 'JILI',
      gameType: 'RNG',
      gameCode: '0001',
      gameName: 'Golden Tiger',
      gameClassify: 'SLOT',
      minBet: '0.20',
      minLineNum: 25,
      platform: ['html5-desktop', 'html5'],
      imageUrl: null,
      isHot: true,
      isNew: false,
    });
  });

  it('filters by vendor, classification, name (contains, any case), stake, lines and platform', async () => {
    expect(names((await listOf('vassalage=PG')).games)).toEqual(['Tiger Fortune']);
    expect(names((await listOf('gameType=RNG&gameClassify=FISH')).games)).toEqual(['Fishing Dragon']);
    expect(names((await listOf('gameName=TIGER')).games)).toEqual(['Tiger Fortune', 'Golden Tiger']);
    expect(names((await listOf('gameName=50%25')).games)).toEqual(['Lucky 50% Bonus']);
    expect(names((await listOf('gameName=_')).games)).toEqual([]);
    expect(names((await listOf('gameType=RNG&minBet=0.20')).games)).toEqual([
      'Fishing Dragon',
      'Tiger Fortune',
      'Golden Tiger',
    ]);
    expect(names((await listOf('minLineNum=30')).games)).toEqual(['Lucky 50% Bonus']);
    expect(names((await listOf('gameType=RNG&platform=html5-desktop')).games)).toEqual([
      'Tiger Fortune',
      'Lucky 50% Bonus',
      'Golden Tiger',
    ]);
  });

  it("keeps only hot or only new games when asked (home's rows)", async () => {
    expect(names((await listOf('gameType=RNG&isHot=1')).games)).toEqual(['Tiger Fortune', 'Golden Tiger']);
    expect(names((await listOf('gameType=RNG&isNew=true')).games)).toEqual(['Tiger Fortune']);
    expect(await listOf('gameType=RNG&isHot=1&isNew=1&pageSize=12')).toMatchObject({
      totalCount: 1,
      pageSize: 12,
    });
    for (const query of ['isHot=0', 'isNew=false', 'isNew=yes', 'isHot=']) {
      const { status, body } = await t.call({ method: 'GET', url: `/wps/game/list?${query}` });
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });

  it('pages', async () => {
    const second = await listOf('gameType=RNG&pageSize=3&pageNo=2');
    expect(names(second.games)).toEqual(['Golden Tiger']);
    expect(second).toMatchObject({ totalCount: 4, totalPages: 2 });
    expect(await listOf('gameType=RNG&pageSize=3&pageNo=9')).toMatchObject({ games: [], totalCount: 4 });
  });

  it('answers esports vendors under ESPORTS, and nothing for a vendor switched off', async () => {
    expect((await listOf('gameType=ESPORTS')).games.map((item) => [item.gameName, item.gameType])).toEqual([
      ['CS2 Match Winner', 'ESPORTS'],
    ]);
    expect((await listOf('gameType=SPORTS')).games).toEqual([]);
    await t.handle.db.update(game).set({ enabled: true }).where(eqNode('JILI-0004'));
    await t.services.game.removeVendor('EVO');
    expect((await listOf('gameType=LIVE')).games).toEqual([]);
    await t.handle.db.update(game).set({ enabled: false }).where(eqNode('JILI-0004'));
  });

  it('refuses bad filters with a clear error', async () => {
    for (const query of [
      'gameType=CASINO',
      'vassalage=jili;drop',
      'minBet=abc',
      'minBet=0.001',
      'minLineNum=0',
      'platform=windows',
      'pageNo=0',
      'pageSize=1000',
      `gameName=${'x'.repeat(61)}`,
    ]) {
      const { status, body } = await t.call({ method: 'GET', url: `/wps/game/list?${query}` });
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
  });
});

describe('GET /wps/game/hot', () => {
  it('answers the hot games, of one category or vendor when asked', async () => {
    const all = await t.call<{ list: GameItem[] }>({ method: 'GET', url: '/wps/game/hot' });
    expect(all.body.success && names(all.body.value.list)).toEqual(['Tiger Fortune', 'Golden Tiger']);
    const pg = await t.call<{ list: GameItem[] }>({ method: 'GET', url: '/wps/game/hot?vassalage=PG' });
    expect(pg.body.success && names(pg.body.value.list)).toEqual(['Tiger Fortune']);
  });
});

describe('favourites and recent games', () => {
  const ids = async (who: TestMember) => {
    const { body } = await t.call<{ ids: string[] }>({
      method: 'GET',
      url: '/wps/game/favourites/ids',
      headers: who.auth,
    });
    if (!body.success) throw new Error(JSON.stringify(body));
    return body.value.ids;
  };

  it('adds, lists and removes favourites; twice is once', async () => {
    for (const nodeId of ['JILI-0001', 'PG-tiger-fortune', 'JILI-0001']) {
      const { status, body } = await t.call({
        method: 'POST',
        url: '/wps/game/favourites',
        headers: player.auth,
        payload: { nodeId, vendor: nodeId.split('-')[0], gameType: 'RNG' },
      });
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, value: { nodeId, favourite: true } });
    }
    expect(await ids(player)).toEqual(['PG-tiger-fortune', 'JILI-0001']);
    const list = await t.call<{ content: GameItem[]; totalPages: number }>({
      method: 'GET',
      url: '/wps/game/favourites?vassalage=JILI',
      headers: player.auth,
    });
    expect(list.body.success && [names(list.body.value.content), list.body.value.totalPages]).toEqual([
      ['Golden Tiger'],
      1,
    ]);
    const removed = await t.call({
      method: 'DELETE',
      url: '/wps/game/favourites?nodeId=JILI-0001',
      headers: player.auth,
    });
    expect(removed.body).toEqual({ success: true, value: { nodeId: 'JILI-0001', favourite: false } });
    expect(await ids(player)).toEqual(['PG-tiger-fortune']);
  });

  it('keeps each member to their own list', async () => {
    const other = await createMember(t);
    expect(await ids(other)).toEqual([]);
  });

  it('refuses an unknown or switched-off game, a bad id, visitors and trial accounts, changing nothing', async () => {
    const before = await t.handle.db.select().from(memberFavouriteGame);
    const cases = [
      { headers: player.auth, payload: { nodeId: 'JILI-9999' }, status: 404, code: 'NOT_FOUND' },
      { headers: player.auth, payload: { nodeId: 'JILI-0004' }, status: 404, code: 'NOT_FOUND' },
      { headers: player.auth, payload: { nodeId: '<script>' }, status: 400, code: 'VALIDATION_FAILED' },
      { headers: player.auth, payload: {}, status: 400, code: 'VALIDATION_FAILED' },
      { headers: {}, payload: { nodeId: 'JILI-0001' }, status: 401, code: 'UNAUTHORIZED' },
    ];
    const trial = await createMember(t, { type: 4 });
    cases.push({
      headers: trial.auth,
      payload: { nodeId: 'JILI-0001' },
      status: 403,
      code: 'NEED_REAL_ACCOUNT',
    });
    for (const { headers, payload, status, code } of cases) {
      const response = await t.call({ method: 'POST', url: '/wps/game/favourites', headers, payload });
      expect(response.status, `${JSON.stringify(payload)} ${JSON.stringify(headers)}`).toBe(status);
      expect(response.body).toMatchObject({ success: false, code });
    }
    expect(await t.handle.db.select().from(memberFavouriteGame)).toEqual(before);
  });

  it('lists recent games, last played first, each once', async () => {
    const who = await createMember(t);
    const empty = await t.call<{ list: GameItem[]; totalPages: number }>({
      method: 'GET',
      url: '/wps/game/recent',
      headers: who.auth,
    });
    expect(empty.body).toEqual({ success: true, value: { list: [], totalPages: 0 } });
    for (const nodeId of ['JILI-0001', 'PG-tiger-fortune', 'JILI-0001']) {
      t.clock.advance(1000);
      await t.services.gameCatalogue.recordPlayed(who.row.id, nodeId);
    }
    const recent = await t.call<{ list: GameItem[]; totalPages: number }>({
      method: 'GET',
      url: '/wps/game/recent?pageSize=1',
      headers: bearer(who.token),
    });
    expect(recent.body.success && [names(recent.body.value.list), recent.body.value.totalPages]).toEqual([
      ['Golden Tiger'],
      2,
    ]);
    expect(await t.handle.db.select().from(memberRecentGame)).toHaveLength(2);
  });
});

describe('operator: games', () => {
  it('imports CSV, updating the games a vendor already has', async () => {
    const csv = path.join(files, 'games.csv');
    writeFileSync(
      csv,
      [
        'vassalage,gameCode,gameName,gameClassify,minBet,minLineNum,platform,isHot,sortOrder',
        'JILI,0001,Golden Tiger Deluxe,SLOT,0.50,25,html5-desktop|html5,false,2',
        'PG,mahjong,Mahjong Ways,SLOT,0.20,,html5,true,5',
      ].join('\n'),
    );
    expect(await operator('games', 'import', csv)).toMatchObject({
      exitCode: 0,
      output: '1 games added, 1 updated',
    });
    const [row] = (await t.services.gameCatalogue.listGames('JILI')).filter(
      (item) => item.gameCode === '0001',
    );
    expect(row).toMatchObject({ gameName: 'Golden Tiger Deluxe', minBet: 50n, isHot: false });
  });

  it('turns games off and on, marks hot and new, sorts', async () => {
    expect(await operator('games', 'set', 'PG-mahjong', '--enabled', 'false', '--new', 'true')).toMatchObject(
      {
        exitCode: 0,
      },
    );
    expect(names((await listOf('vassalage=PG')).games)).toEqual(['Tiger Fortune']);
    await operator('games', 'set', 'PG-mahjong', '--enabled', 'true', '--order=-1');
    expect((await operator('games', 'list', '--vendor', 'PG')).output).toMatch(/PG-mahjong .*-1/);
    expect(names((await listOf('vassalage=PG')).games)).toEqual(['Mahjong Ways', 'Tiger Fortune']);
  });

  it('refuses a bad file or row and imports nothing of it', async () => {
    const before = await t.handle.db.select().from(game);
    const bad = [
      ['rows.json', JSON.stringify([slot('0100', 'Fine'), slot('0101', 'Bad stake', { minBet: '-1' })])],
      ['vendor.json', JSON.stringify([{ vassalage: 'NOPE', gameCode: 'x', gameName: 'No vendor' }])],
      ['twice.json', JSON.stringify([slot('0200', 'One'), slot('0200', 'Two')])],
      ['object.json', JSON.stringify({ games: [] })],
      ['broken.json', '[{'],
      ['broken.csv', 'vassalage,gameCode\n"JILI,0001'],
      ['games.txt', 'JILI 0001'],
    ];
    for (const [name, content] of bad) {
      const file = path.join(files, name as string);
      writeFileSync(file, content as string);
      const result = await operator('games', 'import', file);
      expect(result.exitCode, name).not.toBe(0);
      expect(result.output, name).toMatch(/game 2|NOPE|twice|array|JSON|CSV|\.json or a \.csv/);
    }
    expect(await operator('games', 'import', path.join(files, 'missing.json'))).toMatchObject({
      exitCode: 2,
    });
    expect(await operator('games', 'set', 'JILI-0001')).toMatchObject({ exitCode: 2 });
    expect(await operator('games', 'set', 'JILI-0001', '--hot', 'maybe')).toMatchObject({ exitCode: 2 });
    expect(await operator('games', 'set', 'JILI-9999', '--hot', 'true')).toMatchObject({ exitCode: 1 });
    expect(await t.handle.db.select().from(game)).toEqual(before);
  });
});

function eqNode(nodeId: string) {
  return eq(game.nodeId, nodeId);
}
