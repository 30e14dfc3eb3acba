import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { openHomeAs, prime } from '../support/sessions.js';

/** Where keyboard focus is, by accessible name, so a failure says where it went instead. */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return '(nothing)';
    return active.getAttribute('aria-label') ?? active.textContent?.trim() ?? active.tagName;
  });

test.describe('Escape closes the layer on top and focus goes back to what opened it', () => {
  test('the side drawer on a phone, even when focus has left it', async ({ page }) => {
    await prime(page, 'en');
    await openHomeAs(page, 'visitor', 'en');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.locator('#side-menu');

    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeHidden();
    expect(await focusedName(page)).toBe('Open menu');

    await menuButton.click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(await focusedName(page)).toBe('Open menu');
  });

  test('a modal opened from the header, and one opened from the drawer', async ({ page }) => {
    await prime(page, 'en');
    await openHomeAs(page, 'visitor', 'en');

    const login = page.getByRole('link', { name: 'Log in' });
    await login.click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(login).toBeFocused();

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.locator('#side-menu');
    await drawer.getByRole('button', { name: 'Customer service' }).click();
    await drawer.getByRole('button', { name: 'Announcements' }).click();
    const announcements = page.getByRole('dialog', { name: 'Announcements' });
    await expect(announcements).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(announcements).toBeHidden();
    expect(await focusedName(page)).toBe('Open menu');
  });

  test('the member centre and the logout confirmation, opened from the account menu', async ({ page }) => {
    await prime(page, 'en');
    await page.setViewportSize({ width: 1440, height: 900 });
    await openHomeAs(page, 'member', 'en');
    const account = page.getByRole('button', { name: /Account menu/ });

    await account.click();
    await page.getByRole('menuitem', { name: 'Member centre' }).click();
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await expect(centre).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(centre).toBeHidden();
    await expect(account).toBeFocused();

    await account.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog').last();
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(account).toBeFocused();
    // Escape cancelled: still logged in.
    await expect(page.locator('.header-balance')).toBeVisible();
  });
});
