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
