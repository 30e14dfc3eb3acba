import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameList } from '@platform/contract';
import { databaseDigest } from '../../test/database-digest.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * A vendor's whole catalogue in one file: issue 26 found 10,000 games crashed the import (the insert's
 * query builder ran out of stack) while 2,000 worked, so the tests of the small files never saw it.
 */
const GAMES = 100_000;

let t: TestApp;
const files = mkdtempSync(path.join(os.tmpdir(), 'games-import-'));
const operator = (...args: string[]) => t.services.operator.run(args, 'cli:tester');

function catalogueFile(name: string, games: Record<string, unknown>[]): string {
  const file = path.join(files, name);
  writeFileSync(file, JSON.stringify(games));
  return file;
}

const bulkGame = (index: number, name = `Bulk ${index}`) => ({
  vassalage: 'BULK',
  gameCode: `g${index}`,
  gameName: name,
  gameClassify: 'SLOT',
  minBet: '0.20',
  sortOrder: index % 1000,
  isNew: index % 7 === 0,
});

async function lobbyPage(query: string): Promise<GameList> {
  const { status, body } = await t.call<GameList>({ method: 'GET', url: `/wps/game/list?${query}` });
  expect(status).toBe(200);
  if (!body.success) throw new Error(JSON.stringify(body));
  return body.value;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.services.game.removeVendor('INHOUSE');
  await t.services.game.addVendor({ vassalage: 'BULK', category: 'RNG', title: 'Bulk games' });
});
afterAll(() => t.close());

describe('operator: games import of a large catalogue', () => {
  it(`imports ${GAMES.toLocaleString('en')} games in one go`, async () => {
    const games = Array.from({ length: GAMES }, (_, index) => bulkGame(index));
    expect(await operator('games', 'import', catalogueFile('all.json', games))).toMatchObject({
      exitCode: 0,
      output: `${GAMES} games added, 0 updated`,
    });
    const page = await lobbyPage('vassalage=BULK&pageSize=42');
    expect(page.totalCount).toBe(GAMES);
    expect(
      (await lobbyPage('vassalage=BULK&gameName=Bulk%2099999')).games.map((game) => game.nodeId),
    ).toEqual(['BULK-g99999']);
  }, 240_000);

  it('imports nothing when the database refuses a row in the last batch', async () => {
    const before = await databaseDigest(t);
    // Every row but the last updates a game imported above; the last names a vendor the caller believed
    // in but the database does not have, so the last batch fails after all the others were written.
    const games: Record<string, unknown>[] = Array.from({ length: GAMES }, (_, index) =>
      bulkGame(index, `Never ${index}`),
    );
    games.push({ vassalage: 'GHOST', gameCode: 'g1', gameName: 'Ghost' });
    await expect(t.services.gameCatalogue.importGames(games, new Set(['BULK', 'GHOST']))).rejects.toThrow();
    expect(await databaseDigest(t)).toBe(before);
    expect((await lobbyPage('vassalage=BULK&gameName=Never')).totalCount).toBe(0);
  }, 240_000);
});
