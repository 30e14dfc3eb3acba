import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
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
