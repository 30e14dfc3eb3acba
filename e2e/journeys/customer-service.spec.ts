import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { operator } from '../support/operator.js';
import { snapshot } from '../support/screenshot.js';
import { openHomeAs, prime } from '../support/sessions.js';

/** The customer-service window a tap opened: the chat, not the help centre, not the maintenance page. */
async function expectCustomerService(popup: Page): Promise<void> {
  await popup.waitForLoadState();
  await expect(popup.getByRole('heading', { level: 1 })).toContainText('Customer service');
  await expect(popup.getByRole('log')).toContainText('How can we help you?');
  await expect(popup.getByText('System Maintenance')).toHaveCount(0);
  expect(new URL(popup.url()).pathname).not.toMatch(/^\/help/);
}

test.describe('customer service', () => {
  test.afterEach(async () => {
    await operator('maintenance', 'off');
  });

  test('during maintenance, Contact Us opens customer service in a window of its own', async ({ page }) => {
    await prime(page, 'en');
    await operator('maintenance', 'on', '--until', '2026-12-01T06:00:00Z');
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Contact Us' }).click(),
    ]);
    await expectCustomerService(popup);
    await snapshot(popup, 'customer-service-during-maintenance');
    // The site itself stays on its maintenance page.
    await expect(page.getByRole('heading', { name: 'System Maintenance' })).toBeVisible();
  });

  test('"Online support" in the side menu opens the customer-service popup, in Bengali too', async ({
    page,
  }) => {
    await prime(page, 'bn');
    await openHomeAs(page, 'visitor', 'bn');
    await page.getByRole('button', { name: 'মেনু খুলুন' }).click();
    const drawer = page.locator('#side-menu');
    await drawer.getByRole('button', { name: 'গ্রাহক সেবা' }).click();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      drawer.getByRole('button', { name: 'অনলাইন সহায়তা' }).click(),
    ]);
    await expectCustomerService(popup);
    await expect(popup.getByRole('heading', { level: 1 })).toContainText('গ্রাহক সেবা');
  });
});
