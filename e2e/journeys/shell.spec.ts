import { expect, test } from '../support/test.js';
import { snapshot } from '../support/screenshot.js';

test.describe('the site shell', () => {
  test('home renders in Bengali by default, with the seeded banners and categories', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { level: 1, name: 'Khela-এ স্বাগতম' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'গেমের বিভাগ' })).toBeVisible();
    await snapshot(page, 'home-bn-mobile');
    // On a phone the side menu is a drawer behind the menu button, with the theme switch.
    await page.getByRole('button', { name: 'মেনু খুলুন' }).click();
    await expect(page.getByRole('link', { name: 'হোম' }).first()).toBeVisible();
    await expect(page.getByRole('switch', { name: 'ডার্ক মোড' })).toBeVisible();
    await page.getByRole('button', { name: 'মেনু বন্ধ করুন' }).first().click();
    // A banner of the w_home group: a WebP rendition the server made from the demo art.
    const banner = page.locator('.content-banner img[src$=".webp"]').first();
    await expect(banner).toBeVisible();
    expect(await banner.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  test('switching to English survives a reload', async ({ page }) => {
    await page.goto('/');
    // On a phone the language switch is in the drawer.
    await page.getByRole('button', { name: 'মেনু খুলুন' }).click();
    await page.getByRole('combobox', { name: 'ভাষা' }).first().selectOption({ label: 'English' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Khela' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('hisLang'))).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Khela' })).toBeVisible();
    await snapshot(page, 'home-en-mobile');
  });

  test('the theme switch survives a reload', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('primed')) {
        localStorage.setItem('hisLang', 'en');
        sessionStorage.setItem('primed', '1');
      }
    });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    // On a phone the theme switch is in the drawer.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const themeSwitch = page.getByRole('switch', { name: 'Dark mode' });
    await expect(themeSwitch).toHaveAttribute('aria-checked', 'true');

    await themeSwitch.click();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-theme', 'light');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('switch', { name: 'Dark mode' })).toHaveAttribute('aria-checked', 'false');
    await snapshot(page, 'home-en-light');
  });

  test('a lobby shows its providers as tabs, ?page picks the tab, the tab lists its games', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('hisLang', 'en'));
    await page.goto('/rng?page=DEMO_RNG');
    const tabs = page.getByRole('tablist', { name: 'Slots providers' });
    await expect(tabs).toBeVisible();
    await expect(page.getByRole('tab', { selected: true })).toContainText('Demo Slots');
    // Every demo vendor has games (ADR 024: no real brand and no empty vendor in the demo).
    await expect(
      page.getByRole('tabpanel').getByRole('button', { name: 'Play Mango Grove (demo)' }),
    ).toBeVisible();
    await snapshot(page, 'lobby-rng-en');
  });

  test('desktop layout keeps the side menu open beside the content', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.addInitScript(() => localStorage.setItem('hisLang', 'en'));
    await page.goto('/promotions');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await snapshot(page, 'promotions-en-desktop');
  });
});
