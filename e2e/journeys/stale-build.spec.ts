import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

// Issue 26: a page opened before a deploy asks for chunks the new build no longer has. The server
// answers 404 for a missing file (it used to answer the site's page, which the browser then failed to
// run as a script), and the app reloads once to get the new build's page and chunks.

/**
 * The deploy: from now on every chunk the page has not fetched yet is gone (the server's own answer
 * for a missing file) until the page reloads, as the new build's page names chunks that exist. With
 * `stillMissing`, the chunks that failed before the reload fail after it too (the network, not a deploy).
 */
async function deployAwayUnfetchedChunks(page: Page, stillMissing = false): Promise<{ loads: number }> {
  const fetched = new Set(
    await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name)),
  );
  const failed = new Set<string>();
  const counter = { loads: 0 };
  page.on('load', () => {
    counter.loads += 1;
  });
  await page.route('**/assets/**', async (route) => {
    const url = route.request().url();
    const reloaded = counter.loads > 0;
    if (fetched.has(url) || (reloaded && !(stillMissing && failed.has(url)))) return route.continue();
    if (!reloaded) failed.add(url);
    const gone = new URL(url);
    gone.pathname = gone.pathname.replace('/assets/', '/assets/deployed-away-');
    return route.fulfill({ response: await route.fetch({ url: gone.toString() }) });
  });
  return counter;
}

test.describe('a page left open across a deploy', () => {
  test.use({ serviceWorkers: 'block' });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('hisLang', 'en'));
    await page.goto('/');
    await expect(page.locator('.home-grid li').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  });

  test('reloads once when a chunk of its build is gone, then shows the page asked for', async ({ page }) => {
    const counter = await deployAwayUnfetchedChunks(page);
    await page.getByRole('region', { name: 'Game categories' }).getByRole('link', { name: 'Slots' }).click();
    await expect.poll(() => counter.loads).toBe(1);
    await expect(page).toHaveURL(/\/rng$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();
    await expect(page.getByRole('tablist')).toBeVisible();
    await expect(page.getByText('This page could not be loaded.')).toHaveCount(0);
  });

  test('when the chunk is still missing after that reload, shows the failure page, not another reload', async ({
    page,
  }) => {
    const counter = await deployAwayUnfetchedChunks(page, true);
    await page.getByRole('region', { name: 'Game categories' }).getByRole('link', { name: 'Slots' }).click();
    await expect(page.getByText('This page could not be loaded.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    // Well within the minute in which a second failure is taken for a real one, not a new build.
    await page.waitForTimeout(2_000);
    expect(counter.loads).toBe(1);
  });
});
