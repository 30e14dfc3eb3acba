import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendorList } from '@platform/contract';
import { gameVendor } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const { game } = t.services;
  // Our own games (INHOUSE, migration 0018) are on every database; this file reads a catalogue of its own.
  await game.removeVendor('INHOUSE');
  await game.addVendor({
    vassalage: 'PG',
    category: 'RNG',
    title: 'PG Soft',
    isHot: true,
    smallIcon: '/demo/vendor-pg.svg',
    sortOrder: 2,
  });
  await game.addVendor({
    vassalage: 'JILI',
    category: 'RNG',
    title: 'JILI',
    sortOrder: 1,
    gameClassify: 'SLOT',
  });
  await game.addVendor({ vassalage: 'EVO', category: 'LIVE', title: 'Evolution' });
  await game.addVendor({ vassalage: 'SABA', category: 'SPORTS', title: 'SABA Sports' });
  await game.addVendor({ vassalage: 'TF', category: 'SPORTS', title: 'TF Gaming' });
  await game.addVendor({ vassalage: 'TCG', category: 'ELOTT', title: 'TCG Lottery' });
  await t.handle.db
    .insert(gameVendor)
    .values({ vassalage: 'OFF', category: 'FISH', title: 'Switched off', active: false });
});
afterAll(() => t.close());

const vendors = async () => {
  const { status, body } = await t.call<VendorList>({ method: 'GET', url: '/wps/game/vendors' });
  expect(status).toBe(200);
  if (!body.success) throw new Error('expected success');
  return body.value.categories.map((category) => [
    category.gameCategory,
    category.vendors.map((vendor) => vendor.vassalage),
  ]);
};

describe('GET /wps/game/vendors', () => {
  it('groups active vendors by category in left-bar order, leaves out empty categories, and splits esports from sports', async () => {
    expect(await vendors()).toEqual([
      ['ELOTT', ['TCG']],
      ['LIVE', ['EVO']],
      ['SPORTS', ['SABA']],
      ['RNG', ['JILI', 'PG']],
      ['ESPORTS', ['TF']],
    ]);
  });

  it('answers the card of each vendor', async () => {
    const { body } = await t.call<VendorList>({ method: 'GET', url: '/wps/game/vendors' });
    const rng = body.success
      ? body.value.categories.find((category) => category.gameCategory === 'RNG')
      : undefined;
    expect(rng?.vendors).toEqual([
      { vassalage: 'JILI', title: 'JILI', isHot: false, smallIcon: null, gameClassify: 'SLOT' },
      {
        vassalage: 'PG',
        title: 'PG Soft',
        isHot: true,
        smallIcon: '/demo/vendor-pg.svg',
        gameClassify: null,
      },
    ]);
  });

  it('follows the site.esportsVendors setting', async () => {
    await t.services.settings.set('site.esportsVendors', ['SABA']);
    try {
      expect(await vendors()).toEqual([
        ['ELOTT', ['TCG']],
        ['LIVE', ['EVO']],
        ['SPORTS', ['TF']],
        ['RNG', ['JILI', 'PG']],
        ['ESPORTS', ['SABA']],
      ]);
    } finally {
      await t.services.settings.reset('site.esportsVendors');
    }
  });

  it('answers no categories when there are no vendors', async () => {
    const empty = await createTestApp();
    try {
      await empty.services.game.removeVendor('INHOUSE');
      const { body } = await empty.call<VendorList>({ method: 'GET', url: '/wps/game/vendors' });
      expect(body).toEqual({ success: true, value: { categories: [] } });
    } finally {
      await empty.close();
    }
  });
});

describe('the lobby categories, read once per settings window', () => {
  it("sees this server's vendor changes at once and another server's within the window", async () => {
    const cached = await createTestApp({ config: { SETTINGS_CACHE_MS: 60_000 } });
    try {
      const { game } = cached.services;
      await game.removeVendor('INHOUSE');
      await game.addVendor({ vassalage: 'WIN1', category: 'RNG', title: 'Window one' });
      expect([...(await game.lobbyCategories()).keys()]).toEqual(['WIN1']);
      // Another server removes it straight from the database: this one still answers from its window.
      await cached.handle.db.delete(gameVendor).where(eq(gameVendor.vassalage, 'WIN1'));
      expect([...(await game.lobbyCategories()).keys()]).toEqual(['WIN1']);
      cached.clock.advance(60_000);
      expect([...(await game.lobbyCategories()).keys()]).toEqual([]);
      // A change made through this server shows at once.
      await game.addVendor({ vassalage: 'WIN2', category: 'LIVE', title: 'Window two' });
      expect([...(await game.lobbyCategories()).entries()]).toEqual([['WIN2', 'LIVE']]);
      await game.removeVendor('WIN2');
      expect([...(await game.lobbyCategories()).keys()]).toEqual([]);
    } finally {
      await cached.close();
    }
  });
});
