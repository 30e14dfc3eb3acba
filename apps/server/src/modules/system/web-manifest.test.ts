import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { shortNameOf } from './web-manifest.js';

// A built web app whose public folder still holds a static manifest: the server's must win.
const webDist = mkdtempSync(path.join(tmpdir(), 'web-manifest-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
writeFileSync(path.join(webDist, 'manifest.webmanifest'), JSON.stringify({ name: 'Stale' }));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { WEB_DIST_DIR: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const manifest = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.json<{
    name: string;
    short_name: string;
    lang: string;
    display: string;
    icons: unknown[];
  }>();
};

describe('GET /manifest.webmanifest', () => {
  it("names the installable app after the site's configured name, in its default language", async () => {
    expect(await manifest()).toMatchObject({
      name: 'Khela',
      short_name: 'Khela',
      lang: 'bn',
      display: 'standalone',
    });
    await t.services.settings.set('site.name', 'Lucky Bazaar Bangladesh');
    await t.services.settings.set('site.defaultLanguage', 'en');
    const renamed = await manifest();
    expect(renamed).toMatchObject({ name: 'Lucky Bazaar Bangladesh', short_name: 'Lucky', lang: 'en' });
    expect(renamed.icons).toHaveLength(4);
  });

  it('keeps a short name short', () => {
    expect(shortNameOf('Khela')).toBe('Khela');
    expect(shortNameOf('  Lucky Bazaar ')).toBe('Lucky Bazaar');
    expect(shortNameOf('Supercalifragilistic Games')).toBe('Supercalifra');
  });
});
