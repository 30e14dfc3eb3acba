import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageDescriptions } from '@platform/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { describePage } from './seo.js';

let t: TestApp;
let unset: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { PUBLIC_URL: 'https://khela.example/' } });
  unset = await createTestApp({ config: { PUBLIC_URL: undefined } });
});
afterAll(async () => {
  await t.close();
  await unset.close();
});

describe('GET /robots.txt', () => {
  it('is plain text for every crawler, keeps the API open and points at the sitemap on PUBLIC_URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Sitemap: https://khela.example/sitemap.xml');
    expect(lines.filter((line) => line.startsWith('Disallow: /wps'))).toEqual([]);
    // Every line is a directive robots.txt knows, so no crawler reports it as invalid.
    for (const line of lines.filter(Boolean))
      expect(line).toMatch(/^(User-agent|Disallow|Allow|Sitemap): \S/);
  });

  it('names no sitemap, and never the Host header, while PUBLIC_URL is unset', async () => {
    const response = await unset.app.inject({
      method: 'GET',
      url: '/robots.txt',
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('Sitemap');
    expect(response.body).not.toContain('evil.example');
  });
});

describe('GET /sitemap.xml', () => {
  it('lists every public page at PUBLIC_URL and nothing private', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locations).toEqual(Object.keys(pageDescriptions).map((path) => `https://khela.example${path}`));
    expect(locations).toContain('https://khela.example/register');
    expect(response.body).not.toMatch(/dev\/outbox|\/game|helpmc|resetPassword/);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('is not found while PUBLIC_URL is unset: a sitemap needs absolute addresses', async () => {
    const response = await unset.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('evil.example');
  });
});

describe('describePage', () => {
  const page = '<html lang="bn"><head><title>Khela</title></head><body></body></html>';

  it("writes the page's description in the language, with the site's name", () => {
    expect(describePage(page, '/register', 'bn', 'Khela')).toContain(
      '<meta name="description" content="Khela-এ বিনামূল্যে অ্যাকাউন্ট খুলুন',
    );
    expect(describePage(page, '/register', 'en', 'Khela')).toContain(
      '<meta name="description" content="Open a free Khela account',
    );
  });

  it("gives an unknown page, and the home page's other addresses, the home page's description", () => {
    const home = describePage(page, '/', 'en', 'Khela');
    expect(describePage(page, '/index.html', 'en', 'Khela')).toBe(home);
    expect(describePage(page, '/no-such-page', 'en', 'Khela')).toBe(home);
  });

  it('replaces a description already there, and escapes what it writes', () => {
    const once = describePage(page, '/login', 'en', 'A "quoted" <site>');
    expect(once).toContain('A &#34;quoted&#34; &#60;site&#62;');
    const twice = describePage(once, '/help', 'en', 'Khela');
    expect(twice.match(/name="description"/g)).toHaveLength(1);
    expect(twice).toContain('Khela help centre');
  });
});
