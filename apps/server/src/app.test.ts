import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, type SystemStatus } from '@platform/contract';
import { createTestApp, TEST_MERCHANT, type TestApp } from './test/harness.js';

/** A valid request for every call of the contract, so guards are checked against all of them. */
const everyCall = Object.entries(api).map(([name, call]) => {
  const url = call.path.replace(/:[A-Za-z]+/g, 'promo_x');
  return { name, method: call.method, url: name === 'banners' ? `${url}?groupName=w_home` : url };
});
const guarded = everyCall.filter(
  (call) => call.url !== api.systemStatus.path && !call.url.startsWith('/wps/admin/'),
);

let t: TestApp;
beforeAll(async () => {
  // 127.0.0.1 is the socket address of app.inject: the proxies in front of this deployment.
  t = await createTestApp({ config: { TRUSTED_PROXIES: ['127.0.0.1', '10.0.0.0/8'] } });
});
afterAll(() => t.close());
beforeEach(async () => {
  for (const key of ['system.maintenance', 'system.regionRestriction']) await t.services.settings.reset(key);
});

const status = async (headers: Record<string, string> = {}) => {
  const { status: http, body } = await t.call<SystemStatus>({
    method: 'GET',
    url: '/wps/system/status',
    headers,
  });
  expect(http).toBe(200);
  if (!body.success) throw new Error('status must always answer');
  return body.value;
};

describe('maintenance', () => {
  it('lets operator staff and payment callbacks through during maintenance (they carry their own authentication)', async () => {
    await t.services.settings.set('system.maintenance', { enabled: true, endTime: null });
    const admin = await t.call({ method: 'GET', url: '/wps/admin/deposits' });
    expect(admin).toMatchObject({ status: 401, body: { success: false, code: 'UNAUTHORIZED' } });
    const callback = await t.call({
      method: 'POST',
      url: '/wps/cashier/gateway/sandbox/callback',
      payload: {},
    });
    expect(callback.body).not.toMatchObject({ code: 'MAINTENANCE' });
  });

  it('answers 503 MAINTENANCE to every /wps call but status, which answers 1 with the end time', async () => {
    await t.services.settings.set('system.maintenance', { enabled: true, endTime: '2026-11-21T10:00:00Z' });
    for (const call of guarded) {
      const { status: http, body } = await t.call({ method: call.method, url: call.url });
      expect({ call: call.name, http, body }).toEqual({
        call: call.name,
        http: 503,
        body: { success: false, code: 'MAINTENANCE', message: 'errors.MAINTENANCE' },
      });
    }
    expect(await status()).toMatchObject({ status: 1, maintenanceEnd: '2026-11-21T10:00:00Z' });
  });

  it('lets every call through again once it is off', async () => {
    await t.services.settings.set('system.maintenance', { enabled: false, endTime: null });
    for (const call of guarded) {
      const { status: http } = await t.call({ method: call.method, url: call.url });
      // Past the guard each call answers for itself (a placeholder id is unknown, a missing body is invalid).
      expect({ call: call.name, http: http === 503 ? 'blocked' : 'through' }).toEqual({
        call: call.name,
        http: 'through',
      });
    }
    expect((await t.call({ method: 'GET', url: '/wps/promotions' })).status).toBe(200);
    expect(await status()).toMatchObject({ status: 0, maintenanceEnd: null });
  });
});

describe('the guard on every spelling of a path', () => {
  const spellings = [
    '/%77ps/promotions',
    '/wps/%70romotions',
    '/%2577ps/promotions',
    '//wps/promotions',
    '/wps//promotions',
    '/x/../wps/promotions',
    '/wps/./promotions',
    '/WPS/promotions',
    '/Wps/Promotions',
    '/wps/promotions/',
    '/wps/promotions?language=en',
    '/wps/promotions;x',
  ];

  it('no spelling of a guarded path reaches its handler during maintenance', async () => {
    await t.services.settings.set('system.maintenance', { enabled: true, endTime: null });
    for (const url of spellings) {
      const response = await t.app.inject({ method: 'GET', url });
      const reachedHandler = response.statusCode === 200 && response.body.includes('"success":true');
      expect({ url, reachedHandler }).toEqual({ url, reachedHandler: false });
    }
  });

  it('no spelling escapes the region block', async () => {
    await t.services.settings.set('system.regionRestriction', {
      blockedCountries: [],
      blockedIpRanges: ['127.0.0.1'],
    });
    for (const url of spellings) {
      const response = await t.app.inject({ method: 'GET', url });
      const reachedHandler = response.statusCode === 200 && response.body.includes('"success":true');
      expect({ url, reachedHandler }).toEqual({ url, reachedHandler: false });
    }
  });
});

describe('region restriction', () => {
  it('blocks a country by the X-Forwarded-For address when the proxy is trusted', async () => {
    await t.services.settings.set('system.regionRestriction', {
      blockedCountries: ['US'],
      blockedIpRanges: [],
    });
    const fromUs = { 'x-forwarded-for': '8.8.8.8, 10.0.0.1' };
    const { status: http, body } = await t.call({ method: 'GET', url: '/wps/promotions', headers: fromUs });
    expect(http).toBe(403);
    expect(body).toEqual({ success: false, code: 'REGION_RESTRICTED', message: 'errors.REGION_RESTRICTED' });
    for (const call of guarded) {
      expect((await t.call({ method: call.method, url: call.url, headers: fromUs })).status).toBe(403);
    }
    expect(await status(fromUs)).toMatchObject({ status: 2, location: { ip: '8.8.8.8', country: 'US' } });

    // An address elsewhere passes.
    const fromGermany = { 'x-forwarded-for': '193.99.144.80' };
    expect((await t.call({ method: 'GET', url: '/wps/promotions', headers: fromGermany })).status).toBe(200);
    expect(await status(fromGermany)).toMatchObject({ status: 0, location: { country: 'DE' } });
  });

  it('ignores X-Forwarded-For from an address that is not a listed proxy (TRUSTED_PROXIES empty by default)', async () => {
    const direct = await createTestApp();
    try {
      await direct.services.settings.set('system.regionRestriction', {
        blockedCountries: ['US'],
        blockedIpRanges: ['127.0.0.0/8'],
      });
      // The visitor at 127.0.0.1 is blocked; writing a clean address into the header changes nothing.
      for (const forged of ['193.99.144.80', '193.99.144.80, 127.0.0.1', 'garbage']) {
        const { status: http, body } = await direct.call({
          method: 'GET',
          url: '/wps/promotions',
          headers: { 'x-forwarded-for': forged },
        });
        expect({ forged, http, code: body.success ? null : body.code }).toEqual({
          forged,
          http: 403,
          code: 'REGION_RESTRICTED',
        });
      }
      const { body } = await direct.call<SystemStatus>({
        method: 'GET',
        url: '/wps/system/status',
        headers: { 'x-forwarded-for': '193.99.144.80' },
      });
      expect(body).toMatchObject({ value: { status: 2, location: { ip: '127.0.0.1' } } });
    } finally {
      await direct.close();
    }
  });

  it('believes only the entries its own proxies added: a forged first entry does not hide the client', async () => {
    await t.services.settings.set('system.regionRestriction', {
      blockedCountries: ['US'],
      blockedIpRanges: [],
    });
    // A visitor at 8.8.8.8 (US) sends "X-Forwarded-For: 193.99.144.80"; the proxy appends 8.8.8.8.
    const forged = { 'x-forwarded-for': '193.99.144.80, 8.8.8.8' };
    const { status: http } = await t.call({ method: 'GET', url: '/wps/promotions', headers: forged });
    expect(http).toBe(403);
    expect(await status(forged)).toMatchObject({ status: 2, location: { ip: '8.8.8.8', country: 'US' } });
  });

  it('blocks an IP range, IPv4 or IPv6', async () => {
    await t.services.settings.set('system.regionRestriction', {
      blockedCountries: [],
      blockedIpRanges: ['203.0.113.0/24', '2001:db8::/32'],
    });
    for (const ip of ['203.0.113.77', '2001:db8::1']) {
      const { status: http, body } = await t.call({
        method: 'GET',
        url: '/wps/game/vendors',
        headers: { 'x-forwarded-for': ip },
      });
      expect(http).toBe(403);
      expect(body).toMatchObject({ code: 'REGION_RESTRICTED' });
      expect(await status({ 'x-forwarded-for': ip })).toMatchObject({ status: 2, location: { ip } });
    }
    expect(
      (
        await t.call({
          method: 'GET',
          url: '/wps/game/vendors',
          headers: { 'x-forwarded-for': '203.0.114.1' },
        })
      ).status,
    ).toBe(200);
  });

  it('blocks the socket address itself when no proxy is trusted', async () => {
    await t.services.settings.set('system.regionRestriction', {
      blockedCountries: [],
      blockedIpRanges: ['127.0.0.1'],
    });
    expect((await t.call({ method: 'GET', url: '/wps/promotions' })).status).toBe(403);
    expect(await status()).toMatchObject({ status: 2, location: { ip: '127.0.0.1', country: null } });
  });

  it('answers maintenance before restriction', async () => {
    await t.services.settings.set('system.maintenance', { enabled: true, endTime: null });
    await t.services.settings.set('system.regionRestriction', {
      blockedCountries: [],
      blockedIpRanges: ['127.0.0.1'],
    });
    expect((await t.call({ method: 'GET', url: '/wps/promotions' })).body).toMatchObject({
      code: 'MAINTENANCE',
    });
    expect(await status()).toMatchObject({ status: 1, maintenanceEnd: null });
  });
});

describe('merchant and unknown paths', () => {
  it('refuses a call naming another merchant, and accepts its own', async () => {
    const other = await t.call({
      method: 'GET',
      url: '/wps/promotions',
      headers: { 'x-merchant-code': 'someoneelse' },
    });
    expect(other.status).toBe(400);
    expect(other.body).toEqual({
      success: false,
      code: 'MERCHANT_MISMATCH',
      message: 'errors.MERCHANT_MISMATCH',
    });
    const own = await t.call({
      method: 'GET',
      url: '/wps/promotions',
      headers: { 'x-merchant-code': TEST_MERCHANT },
    });
    expect(own.status).toBe(200);
  });

  it.each([
    ['GET', '/wps/nope'],
    ['POST', '/wps/content/banners'],
    ['GET', '/internal/nope'],
  ] as const)('answers %s %s with the 404 envelope', async (method, url) => {
    const { status: http, body } = await t.call({ method, url });
    expect(http).toBe(404);
    expect(body).toEqual({ success: false, code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
  });
});

describe('history routing', () => {
  let web: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<html><head><meta name="merchant" content="__MERCHANT_CODE__"></head><body>app</body></html>',
    );
    writeFileSync(path.join(dir, 'notes.txt'), 'static');
    // A build that carries its own robots.txt must not take the route the system module answers.
    writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /');
    web = await createTestApp({ config: { WEB_DIST_DIR: dir } });
  });
  afterAll(async () => {
    await web.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/promotions', '/promoDetail/promo_abc', '/', '/help?x=1'])(
    'answers GET %s with the page and the merchant code filled in',
    async (url) => {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain(`content="${TEST_MERCHANT}"`);
      expect(response.body).not.toContain('__MERCHANT_CODE__');
    },
  );

  it('serves static files as they are', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/notes.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('static');
  });

  it("answers robots.txt from the site's settings, not from a copy in the build", async () => {
    const response = await web.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Disallow: /\n');
    expect(response.body).toContain('Sitemap: http://site.test/sitemap.xml');
  });

  it('still answers unknown /wps paths with the JSON 404', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/wps/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'errors.NOT_FOUND' });
  });
});
