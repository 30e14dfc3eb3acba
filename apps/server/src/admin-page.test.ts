import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminListener } from './admin-page.js';
import { ConfigError, loadConfig } from './config.js';
import { createTestApp, type TestApp } from './test/harness.js';

// The two builds as Vite leaves them: the player site's and the back office's, told apart by text.
const ADMIN_HTML =
  '<!doctype html><html lang="en"><head><meta name="robots" content="noindex"><title>Back office</title>' +
  '<script type="module" crossorigin src="/admin/assets/index-adm123.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const adminScript = Buffer.from(`export const staff = ${JSON.stringify('back office '.repeat(300))};\n`);

let webDir: string;
let adminDir: string;
beforeAll(() => {
  webDir = mkdtempSync(path.join(tmpdir(), 'web-dist-admin-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<html><body>player site</body></html>');
  adminDir = mkdtempSync(path.join(tmpdir(), 'admin-dist-'));
  mkdirSync(path.join(adminDir, 'assets'));
  writeFileSync(path.join(adminDir, 'index.html'), ADMIN_HTML);
  writeFileSync(path.join(adminDir, 'assets', 'index-adm123.js'), adminScript);
  writeFileSync(path.join(adminDir, 'assets', 'index-adm123.js.br'), brotliCompressSync(adminScript));
});
afterAll(() => {
  rmSync(webDir, { recursive: true, force: true });
  rmSync(adminDir, { recursive: true, force: true });
});

describe('the back office on the site (no ADMIN_PORT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST_DIR: webDir, ADMIN_DIST_DIR: adminDir } });
  });
  afterAll(() => t.close());

  it.each(['/admin', '/admin/', '/admin/deposits', '/admin/players/1234567?tab=bets'])(
    'GET %s answers the back office page, not the player site, never indexed, under its own policy',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>Back office</title>');
      expect(response.body).toContain('<meta name="robots" content="noindex">');
      expect(response.body).not.toContain('player site');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['cache-control']).toBe('no-cache');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("connect-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('allows an inline script only by its hash', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'admin-dist-inline-'));
    writeFileSync(path.join(dir, 'index.html'), '<html><head><script>window.x = 1;</script></head></html>');
    const inline = await createTestApp({ config: { ADMIN_DIST_DIR: dir } });
    try {
      const response = await inline.app.inject({ method: 'GET', url: '/admin' });
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(policy).not.toContain('unsafe-inline');
    } finally {
      await inline.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sends its fingerprinted files with a year of cache, compressed as the browser takes', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/assets/index-adm123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).equals(adminScript)).toBe(true);
  });

  it.each([
    '/admin/assets/index-gone99.js',
    '/admin/assets/no-extension',
    '/admin/favicon.ico',
    '/admin/x/logo.png',
  ])('answers 404 for the missing file %s, never the page', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Back office');
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('keeps the player site where it was: its page for its own addresses, its files not under /admin', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/promotions' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('player site');
    expect(page.headers['x-robots-tag']).toBeUndefined();
    // An address that only starts like the back office's is the player site's.
    const near = await t.app.inject({ method: 'GET', url: '/administrator' });
    expect(near.body).toContain('player site');
  });
});

describe('without a back-office build', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { WEB_DIST_DIR: webDir } });
  });
  afterAll(() => t.close());

  it('answers 404 at /admin, not the player site', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/deposits' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('player site');
  });
});

describe('the back office on a listener of its own (ADMIN_PORT)', () => {
  let t: TestApp;
  let origin: string;
  let close: () => Promise<void>;
  beforeAll(async () => {
    t = await createTestApp({
      config: { WEB_DIST_DIR: webDir, ADMIN_DIST_DIR: adminDir, ADMIN_PORT: 0 },
    });
    await t.app.ready();
    const server = adminListener(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(async () => {
    await close();
    await t.close();
  });

  it.each(['/admin', '/admin/', '/admin/deposits', '/admin/assets/index-adm123.js'])(
    'the public listener answers 404 for %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Back office');
    },
  );

  it('the public listener answers 404 for the staff calls too, and still serves the player site', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/wps/admin/session/login',
      payload: { username: 'admin', password: 'x' },
    });
    expect(login.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/promotions' });
    expect(page.body).toContain('player site');
  });

  it('the admin listener serves the page, its files and the staff calls, and nothing else', async () => {
    const page = await fetch(`${origin}/admin/deposits`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Back office</title>');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const asset = await fetch(`${origin}/admin/assets/index-adm123.js`);
    expect(asset.status).toBe(200);
    const login = await fetch(`${origin}/wps/admin/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
    });
    // Reached the staff login (a refusal of the credentials, not a missing route).
    expect(login.status).not.toBe(404);
    const captcha = await fetch(`${origin}/wps/captcha`);
    expect(captcha.status).toBe(200);
    const player = await fetch(`${origin}/promotions`);
    expect(player.status).toBe(404);
    const memberCall = await fetch(`${origin}/wps/system/status`);
    expect(memberCall.status).toBe(404);
  });
});

describe('the back office’s settings', () => {
  it('takes ADMIN_PORT with or without ADMIN_HOST, and refuses ADMIN_HOST alone or the site’s own port', () => {
    expect(loadConfig({ ADMIN_PORT: '9090' }).ADMIN_PORT).toBe(9090);
    expect(loadConfig({ ADMIN_PORT: '9090', ADMIN_HOST: '10.0.0.5' }).ADMIN_HOST).toBe('10.0.0.5');
    expect(loadConfig({}).ADMIN_PORT).toBeUndefined();
    expect(() => loadConfig({ ADMIN_HOST: '10.0.0.5' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '8080', ADMIN_PORT: '8080' })).toThrow(
      /ADMIN_PORT.*must differ from PORT/,
    );
    // A misspelt back-office setting is named, not ignored.
    expect(() => loadConfig({ ADMIN_PROT: '9090' })).toThrow(/did you mean ADMIN_PORT/);
  });
});
