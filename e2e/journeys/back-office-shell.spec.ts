import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { snapshot } from '../support/screenshot.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
/** Best-practice rules a screen-reader user still meets (as accessibility.spec.ts checks the site). */
const LANDMARK_RULES = [
  'landmark-no-duplicate-banner',
  'landmark-unique',
  'landmark-no-duplicate-contentinfo',
  'region',
];

/** axe's findings, one line per rule and element, so a failure reads without the report. */
async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const wcag = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const landmarks = await new AxeBuilder({ page }).withRules(LANDMARK_RULES).analyze();
  return [...wcag.violations, ...landmarks.violations].flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary ?? ''})`),
  );
}

// The back office is desktop-first (ADR 095).
test.use({ viewport: { width: 1280, height: 800 } });

test('the back office: its own page, the owner signs in, sees the menu and signs out', async ({ page }) => {
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  expect(await violations(page), 'axe on the login page').toEqual([]);

  // A wrong password is refused in words, announced, and the form stays.
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Wrong username or password.');
  expect(await violations(page), 'axe on the login page with its error').toEqual([]);

  await page.getByLabel('Password').fill('Admin-Pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The shell: the staff member, the log-out and the owner's menu, every entry its roles allow.
  await expect(page.getByText('Signed in as admin')).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const entry of [
    'Overview',
    'Dashboard',
    'Players',
    'Deposits',
    'Withdrawals',
    'Audit',
    'Staff',
    'Settings',
  ]) {
    await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  expect(await violations(page), 'axe on the overview').toEqual([]);
  await snapshot(page, 'back-office-shell');

  // A menu entry opens its page at its own address, and focus lands on its heading.
  await menu.getByRole('link', { name: 'Deposits' }).click();
  await expect(page).toHaveURL(/\/admin\/deposits$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeFocused();
  await expect(menu.getByRole('link', { name: 'Deposits' })).toHaveAttribute('aria-current', 'page');

  // A reload keeps the session (the tab's) and the page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();

  // An address that is no page of the back office.
  await page.goto('/admin/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(await violations(page), 'axe on the not-found page').toEqual([]);

  // Bengali, second language: the whole shell follows.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('bn');
  await expect(page.getByRole('button', { name: 'লগ আউট' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  expect(await violations(page), 'axe in Bengali').toEqual([]);
  await page.getByRole('combobox', { name: 'ভাষা' }).selectOption('en');

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
});

test('the back office at 768 px: the menu folds behind a button', async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/admin/');
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill('Admin-Pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const toggle = page.getByRole('button', { name: 'Open the menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Withdrawals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  await expect(menu).toBeHidden();
  expect(await violations(page), 'axe at 768 px').toEqual([]);
  await snapshot(page, 'back-office-shell-768');
});

test('the player site carries nothing of the back office', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => url.includes('/admin/'))).toEqual([]);
});
