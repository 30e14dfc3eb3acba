import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.js';

// A fingerprinted script as the web build leaves it: the file, and its .br and .gz beside it.
const script = Buffer.from(`export const words = ${JSON.stringify('খেলা '.repeat(400))};\n`);

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-dist-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<html><body>app</body></html>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  t = await createTestApp({ config: { WEB_DIST_DIR: dir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the web build as the server sends it', () => {
  it('sends a script brotli-compressed to a browser that takes brotli, the same bytes once decoded', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(response.rawPayload).equals(script)).toBe(true);
  });

  it('sends gzip to a browser without brotli, and the plain file to one that takes neither', async () => {
    const gzip = await get('/assets/index-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(script)).toBe(true);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
  });

  it('lets browsers keep fingerprinted files for a year, and always asks again for the page', async () => {
    const asset = await get('/assets/index-abc123.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(asset.headers.vary).toLowerCase()).toContain('accept-encoding');
    const page = await get('/promotions');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('a file the build does not have', () => {
  // A chunk named by the page before a deploy and gone after it: answered with the page, the browser
  // ran HTML as JavaScript (a syntax error) instead of failing the import, which the app reloads on.
  it.each([
    '/assets/index-gone123.js',
    '/assets/home-gone123.css',
    '/assets/no-extension',
    '/favicon.ico',
    '/icons/missing.png',
    '/demo/logos/gone.svg',
    '/.well-known/assetlinks.json',
    '/assets/index-gone123.js?v=1',
  ])('GET %s answers 404, not the page', async (url) => {
    const response = await get(url, 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
    expect(response.body).not.toContain('<html');
    expect(response.headers['cache-control']).toBeUndefined();
  });

  it('answers HEAD for a missing file with 404 too', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/assets/index-gone123.js' });
    expect(response.statusCode).toBe(404);
  });

  it.each([
    '/',
    '/promotions',
    '/inhouse/slot',
    '/promoDetail/welcome_1',
    '/index.html',
    '/register.html',
    '/no-such-page',
  ])('still answers the page at %s, a path of the web app (its own not-found page included)', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<body>app</body>');
  });

  it('leaves the files the server itself makes where they were: robots.txt, sitemap.xml, the manifest', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toContain('text/plain');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('xml');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('manifest+json');
  });
});
