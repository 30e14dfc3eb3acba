import { operator } from '../support/operator.js';
import { snapshot } from '../support/screenshot.js';
import { expect, test } from '../support/test.js';

const texts = {
  en: { android: 'Android', ios: 'iOS' },
  bn: { android: 'অ্যান্ড্রয়েড', ios: 'আইওএস' },
} as const;

/** The operator's resources as `settings get` prints them (before its "accepts:" line). */
const valueOf = (printed: string): string =>
  printed.slice(printed.indexOf('=') + 1, printed.indexOf('\n\naccepts:')).trim();

test.describe('app download and the installable web app', () => {
  let resources = '[]';
  test.beforeAll(async () => {
    // The demo's download links are placeholders ('#'): this journey gives the apps real addresses.
    resources = valueOf(await operator('settings', 'get', 'site.resources'));
    const others = (JSON.parse(resources) as { resourceType: string }[]).filter(
      (item) => item.resourceType !== 'Android' && item.resourceType !== 'IOS',
    );
    await operator(
      'settings',
      'set',
      'site.resources',
      JSON.stringify([
        {
          resourceType: 'Android',
          url: 'https://download.example.com/khela.apk',
          qrCodeUrl: null,
          labelNameEn: 'Android',
        },
        { resourceType: 'IOS', url: 'https://download.example.com/ios', qrCodeUrl: null, labelNameEn: 'iOS' },
        ...others,
      ]),
    );
  });
  test.afterAll(async () => {
    await operator('settings', 'set', 'site.resources', JSON.stringify(JSON.parse(resources)));
  });

  for (const language of ['en', 'bn'] as const) {
    test(`the download page has Android and iOS tabs, four steps and a QR code each (${language})`, async ({
      page,
    }) => {
      await page.addInitScript((lang) => localStorage.setItem('hisLang', lang), language);
      await page.goto('/download');
      const panel = page.getByRole('tabpanel');
      await expect(page.getByRole('tab', { name: texts[language].android })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(panel.locator('ol li')).toHaveCount(4);
      await expect(panel.locator('svg').first()).toHaveAttribute('width', '200');
      await snapshot(page, `download-android-${language}`);
      await page.getByRole('tab', { name: texts[language].ios }).click();
      await expect(panel.locator('ol li')).toHaveCount(4);
      await snapshot(page, `download-ios-${language}`);
    });
  }

  test('is installable: a manifest with icons, and a worker that keeps the shell but never the API', async ({
    page,
  }) => {
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const manifest = (await (await page.request.get(manifestHref ?? '')).json()) as {
      display: string;
      icons: { sizes: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));

    // The production build registers the worker once the page loaded; it takes this page over.
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 15_000 })
      .toBe(true);
    const fromWorker: Record<string, boolean> = {};
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/wps/') || path.startsWith('/assets/'))
        fromWorker[path] = response.fromServiceWorker();
    });
    await page.reload();
    await expect(page.locator('header.header')).toBeVisible();
    await page.evaluate(() => fetch('/wps/system/status').then((response) => response.json()));
    const api = Object.entries(fromWorker).filter(([path]) => path.startsWith('/wps/'));
    expect(api.length).toBeGreaterThan(0);
    expect(api.filter(([, worker]) => worker)).toEqual([]);
    expect(Object.entries(fromWorker).some(([path, worker]) => path.startsWith('/assets/') && worker)).toBe(
      true,
    );
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached.filter((path) => path.startsWith('/wps'))).toEqual([]);
  });
});
