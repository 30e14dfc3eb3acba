import type { Page } from '@playwright/test';
import { operator } from '../support/operator.js';
import { expect, test } from '../support/test.js';

// Issue 10, "Fast": what a first visit on a phone downloads and sees before the app's JavaScript ran.
// The Lighthouse figures themselves are printed by `npm run bench` (bench/home-page.ts).

const HOME_JS_BUDGET_KB = 170;
const PHONE = { width: 412, height: 823 };

test.describe('the first visit to home on a phone', () => {
  // What the network sends on a first visit. The app-shell worker (ADR 081) registers after load and
  // then serves later chunks itself, which the browser reports at their decoded size: not what was sent.
  test.use({ serviceWorkers: 'block' });

  test.use({ viewport: PHONE });

  test('the page comes compressed and is asked for again each visit; the assets are kept a year', async ({
    request,
  }) => {
    const page = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers()['content-encoding']).toBe('br');
    expect(page.headers()['cache-control']).toBe('no-cache');
    const html = await page.text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(/^\/assets\//);
    const script = await request.get(entry ?? '', { headers: { 'accept-encoding': 'gzip' } });
    expect(script.headers()['content-encoding']).toBe('gzip');
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('nothing in the head holds the first paint: no stylesheet to fetch, no script file', async ({
    request,
  }) => {
    const head = (await (await request.get('/')).text()).split('</head>')[0] ?? '';
    // The entry's styles are inline; their links stay only as disabled markers, never fetched.
    expect(head.match(/<link rel="stylesheet"(?![^>]*\bdisabled\b)[^>]*>/g) ?? []).toEqual([]);
    // Classic scripts with a src block parsing; the only one left (the theme) is inline.
    expect(head.match(/<script(?![^>]*type="module")[^>]*\bsrc=[^>]*>/g) ?? []).toEqual([]);
  });

  test('without any JavaScript the page already shows the site and the first banner', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByText('Khela', { exact: true })).toBeVisible();
    const banner = page.locator('.boot-splash__banner img');
    await expect(banner).toBeVisible();
    await expect
      .poll(() => banner.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    // The same rendition the page's banner will ask for: one download, preloaded from the head.
    const preload = page.locator('link[rel="preload"][as="image"][fetchpriority="high"]');
    await expect(preload).toHaveAttribute('imagesrcset', (await banner.getAttribute('srcset')) ?? '');
    await context.close();
  });

  test('the first screen asks the server nothing: start-up and home answers come in the page', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/wps/') && !url.pathname.startsWith('/wps/content/images/')) {
        calls.push(`${request.method()} ${url.pathname}${url.search}`);
      }
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Khela-এ স্বাগতম' })).toBeVisible();
    await expect(page.locator('.content-banner img').first()).toBeVisible();
    await expect(page.locator('.home-grid li').first()).toBeVisible();
    expect(calls).toEqual([]);
  });

  test('nothing moves while the page fills in (layout shift under 0.1; the footer jumped 0.23)', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts = { total: 0 };
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) shifts.total += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect(page.locator('.content-banner img').first()).toBeVisible();
    await expect(page.locator('.home-grid li').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const total = await page.evaluate(
      () => (window as unknown as { __shifts: { total: number } }).__shifts.total,
    );
    expect(total).toBeLessThan(0.1);
  });

  test(`the home page's JavaScript stays within ${HOME_JS_BUDGET_KB} KB as sent`, async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.home-grid li').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sent = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType === 'script' || /\.js$/.test(new URL(entry.name).pathname))
        .reduce((sum, entry) => sum + entry.encodedBodySize, 0),
    );
    expect(sent / 1024).toBeGreaterThan(10);
    expect(sent / 1024).toBeLessThan(HOME_JS_BUDGET_KB);
  });
});

/** Chromium's warning for a file preloaded with the page and not used within three seconds of its load. */
const UNUSED_PRELOAD = /preloaded using link preload but not used within a few seconds/;

/** The page's warnings about unused preloads, gathered from the start. */
function unusedPreloads(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (UNUSED_PRELOAD.test(message.text())) found.push(message.text());
  });
  return found;
}

/** Until Chromium has judged the preloads: its check runs three seconds after the load event. */
async function pastThePreloadCheck(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(
    () => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return (
        !!navigation && navigation.loadEventEnd > 0 && performance.now() - navigation.loadEventEnd > 4_000
      );
    },
    null,
    { polling: 250, timeout: 30_000 },
  );
}

const WELCOME = { bn: 'Khela-এ স্বাগতম', en: 'Welcome to Khela' } as const;
const LOG_IN = { bn: 'লগ ইন', en: 'Log in' } as const;

// Issue 26: home preloaded its styles, which only the script applies once it draws home; where home
// came late or not at all, Chromium warned they went unused. The page preloads what its first paint uses.
test.describe('home preloads only what it uses: Chromium finds no preload left unused', () => {
  test.use({ viewport: PHONE });

  for (const language of ['bn', 'en'] as const) {
    test(`home in ${language}`, async ({ page }) => {
      await page.addInitScript((chosen) => localStorage.setItem('hisLang', chosen), language);
      const warnings = unusedPreloads(page);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: WELCOME[language] })).toBeVisible();
      await expect(page.locator('.home-grid li').first()).toBeVisible();
      await pastThePreloadCheck(page);
      expect(warnings).toEqual([]);
    });
  }

  test('home, when the site sends a visitor without a session to log in first, in bn and en', async ({
    page,
  }) => {
    await operator('settings', 'set', 'site.loginedToHomePage', 'true');
    try {
      for (const language of ['bn', 'en'] as const) {
        // The later script runs last: this language is the stored one on this visit.
        await page.addInitScript((chosen) => localStorage.setItem('hisLang', chosen), language);
        const warnings = unusedPreloads(page);
        await page.goto('/');
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.getByRole('heading', { level: 1, name: LOG_IN[language] })).toBeVisible();
        await pastThePreloadCheck(page);
        expect(warnings, language).toEqual([]);
      }
    } finally {
      await operator('settings', 'reset', 'site.loginedToHomePage');
    }
  });
});
