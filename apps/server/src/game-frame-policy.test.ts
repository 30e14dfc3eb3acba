import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildDemoVendorApp, loadDemoVendorConfig } from '@platform/demo-vendor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { frameOptionsFor } from './lib/security-headers.js';
import { createTestApp, type TestApp } from './test/harness.js';

/** One directive of a Content-Security-Policy header, as the list of its sources. */
function sourcesOf(policy: unknown, directive: string): string[] {
  const found = String(policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive);
  return found?.slice(1) ?? [];
}
const frameSources = (policy: unknown) => sourcesOf(policy, 'frame-src');

const secret = 'a-vendor-signing-secret-of-32-characters-or-more';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-dist-frame-'));
  writeFileSync(path.join(dir, 'index.html'), '<html><body>app</body></html>');
  // SETTINGS_CACHE_MS 0: each page reads the vendors afresh, so a change shows on the next page.
  t = await createTestApp({ config: { WEB_DIST_DIR: dir, SETTINGS_CACHE_MS: 0 } });
  for (const [code, launchUrl] of [
    ['FRAMEDEMO', 'http://127.0.0.1:4250/play?token={token}&game={game}&language={language}'],
    ['FRAMELIVE', 'https://live.vendor.example:8443/launch/{game}?t={token}'],
    ['FRAMENOURL', null],
  ] as const) {
    await t.services.game.addVendor({ vassalage: code, category: 'RNG', title: code });
    await t.services.provider.registerVendor({
      vendorCode: code,
      currency: 'BDT',
      signingSecret: secret,
      allowDemo: false,
      roundTimeoutSeconds: 3600,
      roundTimeoutRule: 'lost',
      launchUrl,
    });
  }
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = (url = '/game') => t.app.inject({ method: 'GET', url, headers: { host: 'site.test' } });

describe('the page lets /game frame the game vendors', () => {
  it("allows each active seamless vendor's launch origin in frame-src, http included", async () => {
    const sources = frameSources((await page()).headers['content-security-policy']);
    expect(sources).toEqual(
      expect.arrayContaining(["'self'", 'http://127.0.0.1:4250', 'https://live.vendor.example:8443']),
    );
    // The origin only: never the path, the query or the template's fields.
    expect(sources.some((source) => source.includes('{') || source.includes('/play'))).toBe(false);
  });

  it("lets the lobby show the vendors' game art from the same origins", async () => {
    const images = sourcesOf((await page('/rng')).headers['content-security-policy'], 'img-src');
    expect(images).toEqual(expect.arrayContaining(["'self'", 'https:', 'http://127.0.0.1:4250']));
  });

  it('drops a vendor that is turned off or loses its launch URL, on the next page', async () => {
    await t.services.provider.updateVendor('FRAMEDEMO', { active: false });
    await t.services.provider.updateVendor('FRAMELIVE', { launchUrl: null });
    const sources = frameSources((await page('/rng')).headers['content-security-policy']);
    expect(sources).not.toContain('http://127.0.0.1:4250');
    expect(sources).not.toContain('https://live.vendor.example:8443');
    expect(sources).toContain("'self'");
  });

  it('adds nothing to the API answers, which frame nothing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
  });
});

describe('the game frame: who may frame, said the same way in both headers', () => {
  it('/game frames the vendors but is framed by no one: frame-ancestors none and X-Frame-Options DENY', async () => {
    const response = await page('/game');
    expect(sourcesOf(response.headers['content-security-policy'], 'frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it("the game vendor's pages name the site as their framer and send no X-Frame-Options to contradict it", async () => {
    // The demo vendor, as the journeys run it: the site's origin allowed to frame its pages.
    const vendor = await buildDemoVendorApp(
      loadDemoVendorConfig({
        PLATFORM_URL: 'http://site.test',
        DEMO_VENDOR_FRAME_ANCESTORS: 'http://site.test',
      }),
    );
    try {
      // The lobby page and a game page (here one whose session is gone): every page of the vendor.
      for (const url of ['/', '/game/no-such-session']) {
        const response = await vendor.app.inject({ method: 'GET', url });
        const policy = String(response.headers['content-security-policy']);
        expect(sourcesOf(policy, 'frame-ancestors')).toEqual(["'self'", 'http://site.test']);
        // SAMEORIGIN (or DENY) here would refuse the site in a browser that reads only the older header.
        expect(response.headers['x-frame-options']).toBeUndefined();
        expect(frameOptionsFor(policy)).toBeNull();
      }
    } finally {
      await vendor.app.close();
    }
  });
});
