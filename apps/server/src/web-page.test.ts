import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Banner } from '@platform/contract';
import { createTestApp, type TestApp } from './test/harness.js';
import { answerKey, pickEncoding } from './web-page.js';

// The page as the web build leaves it (apps/web/index.html): an inline script, the markers the server
// fills in, and start-up.json beside it.
const themeScript = "document.documentElement.dataset.theme = 'dark';";
const page = [
  '<!doctype html><html lang="bn"><head><meta name="merchant-code" content="__MERCHANT_CODE__" />',
  `<script>${themeScript}</script><!--start-up-preloads--></head>`,
  '<body><div id="root"><p><!--site-name-->Khela<!--/site-name--></p><!--splash-banner--></div>',
  '<!--start-up-answers--><script type="module" src="/assets/index-abc.js"></script>',
  `<p>${'padding so the page is worth compressing '.repeat(40)}</p></body></html>`,
].join('');
const startUp = {
  pages: { home: { scripts: ['/assets/home-abc.js'] } },
  locales: { bn: ['/assets/common-bn.js'], en: ['/assets/common-en.js'] },
};

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-dist-page-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), page);
  writeFileSync(path.join(dir, 'start-up.json'), JSON.stringify(startUp));
  t = await createTestApp({ config: { WEB_DIST_DIR: dir } });
  await t.services.content.addBanner({
    groupName: 'w_home',
    imageUrl: '/demo/first.svg',
    title: { en: 'First', bn: 'প্রথম' },
    sortOrder: 1,
  });
  await t.services.content.addBanner({
    groupName: 'w_home',
    imageUrl: '/demo/second.svg',
    title: { en: 'Second', bn: 'দ্বিতীয়' },
    sortOrder: 2,
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'site.test', ...headers } });

/** The answers block of a page, parsed as the browser's JSON.parse would. */
function answersOf(html: string): Record<string, { success: boolean; value: unknown }> {
  const block = /<script type="application\/json" id="start-up-answers">([\s\S]*?)<\/script>/.exec(html);
  if (!block?.[1]) throw new Error('the page carries no answers');
  return JSON.parse(block[1]) as Record<string, { success: boolean; value: unknown }>;
}

describe('the web page as the server sends it', () => {
  it('is compressed with brotli or gzip as the browser accepts, never cached without asking', async () => {
    const br = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    const html = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(html).toContain('<!doctype html>');
    expect(br.rawPayload.length).toBeLessThan(html.length / 2);

    const gzip = await get('/promotions', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toContain('<!doctype html>');

    const plain = await get('/promotions', { 'accept-encoding': 'br;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<!doctype html>');
  });

  it('allows its own inline script by hash and no other inline script', async () => {
    const response = await get('/');
    const policy = String(response.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
    const hash = createHash('sha256').update(themeScript).digest('base64');
    expect(scriptSrc.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy).not.toContain("script-src 'self' 'unsafe-inline'");
  });

  it('carries the start-up answers exactly as the calls give them, keyed as the client asks', async () => {
    const html = (await get('/register')).body;
    const answers = answersOf(html);
    const status = await get('/wps/system/status');
    const permission = await get('/wps/system/permission?url=site.test');
    expect(answers['/wps/system/status']).toEqual(status.json());
    expect(answers['/wps/system/permission?url=site.test']).toEqual(permission.json());
    // Only the home page carries the home page's content, its chunks and its banner.
    expect(Object.keys(answers)).toHaveLength(2);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/common-bn.js">');
    expect(html).not.toContain('home-abc.js');
    expect(html).not.toContain('rel="preload" as="image"');
    expect(html).toContain('content="testmerchant"');
    // Described for search engines in the site's language, which the page also declares.
    expect(html).toMatch(/<meta name="description" content="[^"]+" \/>/);
    expect(html).toContain('<html lang="bn">');
  });

  it('on the home page also carries its content and preloads its chunks and first banner', async () => {
    const html = (await get('/')).body;
    const answers = answersOf(html);
    const banners = await get('/wps/content/banners?groupName=w_home&language=bn');
    expect(answers['/wps/content/banners?groupName=w_home&language=bn']).toEqual(banners.json());
    expect(answers['/wps/game/vendors']).toEqual((await get('/wps/game/vendors')).json());
    expect(answers['/wps/promotions?category=new_player&language=bn']).toEqual(
      (await get('/wps/promotions?category=new_player&language=bn')).json(),
    );
    // Home's big-wins ticker, as the web app asks for it (ADR 023).
    expect(answers['/wps/game/big-wins?limit=10']).toEqual((await get('/wps/game/big-wins?limit=10')).json());
    const first = (banners.json() as { value: Banner[] }).value[0];
    expect(first?.url).toBeDefined();
    const preload = /<link rel="preload" as="image" href="([^"]+)"[^>]*fetchpriority="high">/.exec(html);
    expect(preload?.[1]).toBe(first?.url);
    expect(html).toMatch(
      /<div class="boot-splash__banner"><img src="[^"]+"[^>]* alt="" fetchpriority="high">/,
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-abc.js">');
    // Only what the first paint uses is preloaded: the banner the splash draws, never a stylesheet that
    // waits for the script to render home (Chromium warned it went unused).
    expect(html.match(/<link rel="preload"[^>]*>/g)).toEqual([expect.stringContaining('as="image"')]);
  });

  it('keeps a site name made of markup as text: it cannot close the data block or the splash', async () => {
    const name = '</script><script>alert(1)</script><!--';
    await t.services.settings.set('site.name', name);
    try {
      const html = (await get('/')).body;
      expect(html).not.toContain('<script>alert(1)');
      const permission = answersOf(html)['/wps/system/permission?url=site.test']?.value as {
        info: { siteName: string };
      };
      expect(permission.info.siteName).toBe(name);
      expect(html).toContain('<p>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!--</p>');
    } finally {
      await t.services.settings.set('site.name', 'Khela');
    }
  });

  it('during maintenance carries no refused answer, so the client asks and shows the maintenance page', async () => {
    await t.services.settings.set('system.maintenance', { enabled: true, endTime: null });
    try {
      const answers = answersOf((await get('/')).body);
      expect(answers['/wps/system/permission?url=site.test']).toBeUndefined();
      expect(answers['/wps/content/banners?groupName=w_home&language=bn']).toBeUndefined();
      expect((answers['/wps/system/status']?.value as { status: number }).status).not.toBe(0);
    } finally {
      await t.services.settings.set('system.maintenance', { enabled: false, endTime: null });
    }
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', null],
    ['', null],
    ['gzip;q=0, br;q=0', null],
  ])('%j -> %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('answerKey', () => {
  it('sorts the query, so the order a caller wrote it in does not matter', () => {
    expect(answerKey('/wps/content/banners', { language: 'bn', groupName: 'w_home' })).toBe(
      '/wps/content/banners?groupName=w_home&language=bn',
    );
    expect(answerKey('/wps/system/status')).toBe('/wps/system/status');
  });
});
