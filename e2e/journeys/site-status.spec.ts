import { expect, test } from '../support/test.js';
import { operator } from '../support/operator.js';
import { snapshot } from '../support/screenshot.js';

test.describe('site status, set by the operator', () => {
  test.afterEach(async () => {
    await operator('maintenance', 'off');
    await operator('settings', 'reset', 'system.regionRestriction');
  });

  test('maintenance set through the operator tool shows the maintenance page; clearing it brings the site back', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('hisLang', 'en'));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Khela' })).toBeVisible();

    await operator('maintenance', 'on', '--until', '2026-12-01T06:00:00Z');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
    await expect(page.getByText('RESTRICTION OF VISIT')).toBeVisible();
    await expect(page.getByText(/2026/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact Us' })).toBeVisible();
    await snapshot(page, 'maintenance-en');

    // The server refuses the rest of the API too, not only the page.
    const refused = await page.request.get('/wps/content/banners?groupName=w_home');
    expect(refused.status()).toBe(503);
    expect(await refused.json()).toMatchObject({ success: false, code: 'MAINTENANCE' });

    await operator('maintenance', 'off');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'System Maintenance' })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Khela' })).toBeVisible();
  });

  test('a visitor from a blocked country sees the IP-restriction page with their IP', async ({ browser }) => {
    await operator('region', 'block-country', 'US');
    // 8.8.8.8 is in the United States in the offline country database.
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '8.8.8.8' } });
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('hisLang', 'en'));
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'IP Restriction' })).toBeVisible();
    await expect(page.getByText('8.8.8.8')).toBeVisible();
    await expect(page.getByText(/US|United States/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Contact Us' })).toBeVisible();
    await snapshot(page, 'ip-restriction-en');
    await context.close();

    // A visitor from elsewhere still gets the site.
    const other = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': '103.4.145.1' } });
    const otherPage = await other.newPage();
    await otherPage.goto('/');
    await expect(otherPage.getByRole('heading', { name: 'IP Restriction' })).toHaveCount(0);
    await other.close();
  });
});
