import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { frameOptionsFor, registerSecurityHeaders } from './lib/security-headers.js';
import { createTestApp, type TestApp } from './test/harness.js';

/** One directive of a Content-Security-Policy header, as the list of its sources. */
function directive(policy: string | undefined, name: string): string[] | undefined {
  const found = (policy ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found?.slice(1);
}

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'web-dist-headers-'));
  writeFileSync(path.join(dir, 'index.html'), '<html><body>app</body></html>');
  writeFileSync(path.join(dir, 'app.js'), 'console.log(1)');
  // 127.0.0.1 is app.inject's socket address: the TLS-terminating proxy in front of this deployment.
  t = await createTestApp({ config: { WEB_DIST_DIR: dir, TRUSTED_PROXIES: ['127.0.0.1'] } });
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('security headers', () => {
  it.each(['/', '/withdraw', '/app.js', '/wps/system/status', '/wps/nope', '/wps/member/info'])(
    'GET %s cannot be framed, sniffed or leak its address to other sites',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = response.headers['content-security-policy'] as string | undefined;
      expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
      // Plugins never run: named on a page, covered by default-src 'none' on the API.
      expect([directive(policy, 'object-src'), directive(policy, 'default-src')]).toContainEqual(["'none'"]);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
    },
  );

  it('lets an API answer load nothing at all, whatever a browser makes of it', async () => {
    for (const url of ['/wps/system/status', '/wps/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('runs the page with its own scripts only: no inline script and no eval', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    const scripts = directive(page.headers['content-security-policy'] as string, 'script-src');
    expect(scripts).toEqual(["'self'"]);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it("allows the operator's https analytics script on pages, and nothing from a plain-http one", async () => {
    await t.services.settings.set('site.analytics', {
      scriptUrl: 'https://stats.example.com/a.js',
      siteId: null,
    });
    const withAnalytics = await t.app.inject({ method: 'GET', url: '/' });
    expect(directive(withAnalytics.headers['content-security-policy'] as string, 'script-src')).toEqual([
      "'self'",
      'https://stats.example.com',
    ]);
    await t.services.settings.set('site.analytics', {
      scriptUrl: 'http://stats.example.com/a.js',
      siteId: null,
    });
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(directive(plain.headers['content-security-policy'] as string, 'script-src')).toEqual(["'self'"]);
    await t.services.settings.reset('site.analytics');
  });

  it('sends HSTS only over TLS (told by the trusted proxy), never over plain http', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await t.app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('framing: the Content-Security-Policy and X-Frame-Options say the same', () => {
  // Every kind of answer this server gives: pages, static files, the server's own files, API answers
  // (success and failure), the ops endpoints, and the pages that send a policy of their own.
  const answers: {
    name: string;
    method?: 'GET' | 'HEAD' | 'POST';
    url: string;
    payload?: object;
    ownPolicy?: boolean;
  }[] = [
    { name: 'home', url: '/' },
    { name: 'another page of the web app', url: '/withdraw?x=1' },
    { name: 'a page asked with HEAD', method: 'HEAD', url: '/promotions' },
    { name: 'a static file', url: '/app.js' },
    { name: 'a missing static file', url: '/assets/gone-123.js' },
    { name: 'robots.txt', url: '/robots.txt' },
    { name: 'the sitemap', url: '/sitemap.xml' },
    { name: 'the web manifest', url: '/manifest.webmanifest' },
    { name: 'an API answer', url: '/wps/system/status' },
    { name: 'an API call without its session', url: '/wps/member/info' },
    { name: 'an API path that does not exist', url: '/wps/nope' },
    { name: 'an API call with bad input', method: 'POST', url: '/wps/session/login', payload: { bad: 1 } },
    { name: 'the vendor wallet API', method: 'POST', url: '/provider/nobody/bet', payload: {} },
    { name: 'the lottery gateway', url: '/lgw/nope' },
    { name: 'the operator endpoint', url: '/internal/operator' },
    { name: 'the health check', url: '/healthz' },
    { name: 'the readiness check', url: '/readyz' },
    { name: 'the metrics', url: '/metrics' },
    { name: "the demo's customer service page", url: '/demo-customer-service', ownPolicy: true },
    { name: "the sandbox gateway's page", url: '/sandbox-gateway/pay/no-such-order', ownPolicy: true },
  ];

  it.each(answers)(
    '$name ($url): neither lets anyone frame it',
    async ({ method, url, payload, ownPolicy }) => {
      const response = await t.app.inject({ method: method ?? 'GET', url, ...(payload ? { payload } : {}) });
      const policy = String(response.headers['content-security-policy'] ?? '');
      // The page's own policy replaced the one every answer starts with: the agreement still holds.
      if (ownPolicy) expect(policy).toMatch(/^default-src 'none'; style-src 'unsafe-inline';/);
      expect(directive(policy, 'frame-ancestors'), `${response.statusCode} ${url}`).toEqual(["'none'"]);
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(frameOptionsFor(policy)).toBe(response.headers['x-frame-options']);
    },
  );

  it('derives X-Frame-Options from frame-ancestors, and sends none where the older header cannot say it', () => {
    expect(frameOptionsFor("default-src 'none'; frame-ancestors 'none'")).toBe('DENY');
    expect(frameOptionsFor("frame-ancestors 'NONE';default-src 'self'")).toBe('DENY');
    expect(frameOptionsFor("default-src 'self'; frame-ancestors 'self'")).toBe('SAMEORIGIN');
    // A game vendor's page framed by the site: only frame-ancestors can name the site.
    expect(frameOptionsFor("frame-ancestors 'self' https://site.example")).toBeNull();
    expect(frameOptionsFor('frame-ancestors https://site.example')).toBeNull();
    expect(frameOptionsFor("default-src 'self'")).toBeNull();
  });

  it("follows a route's own policy where it lets a page be framed", async () => {
    // No route of this server allows framing today; one that does must not keep a contradicting DENY.
    const app = Fastify();
    registerSecurityHeaders(app);
    const framedBy = (policy: string) => async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('content-security-policy', policy).send('page');
    app.get('/by-itself', framedBy("default-src 'self'; frame-ancestors 'self'"));
    app.get('/by-the-site', framedBy("default-src 'self'; frame-ancestors 'self' https://site.example"));
    try {
      const itself = await app.inject({ method: 'GET', url: '/by-itself' });
      expect(itself.headers['x-frame-options']).toBe('SAMEORIGIN');
      const bySite = await app.inject({ method: 'GET', url: '/by-the-site' });
      expect(bySite.headers['content-security-policy']).toContain('https://site.example');
      expect(bySite.headers['x-frame-options']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
