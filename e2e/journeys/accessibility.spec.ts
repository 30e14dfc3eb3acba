import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { handOffCode } from '../support/member.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
/**
 * axe files these under best practice, not WCAG; a screen-reader user still meets two "banner"s, and
 * skips what stands outside every landmark (`region`: the demo ribbon did, on every page).
 */
const LANDMARK_RULES = [
  'landmark-no-duplicate-banner',
  'landmark-unique',
  'landmark-no-duplicate-contentinfo',
  'region',
];

/** axe's findings, one line per rule and element, so a failure reads without the report. */
async function violations(page: Page, within?: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  // Carousels and drawers animate in; axe measures colours on what is settled. Endless animations (the
  // big-wins ticker, loading shimmer) never finish: only the finite ones are waited for.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  const builder = () => (within ? new AxeBuilder({ page }).include(within) : new AxeBuilder({ page }));
  const wcag = await builder().withTags(TAGS).analyze();
  const landmarks = await builder().withRules(LANDMARK_RULES).analyze();
  return [...wcag.violations, ...landmarks.violations].flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary ?? ''})`),
  );
}

// /rng: a lobby, with its side-menu entry the active one.
const publicPages = ['/', '/register', '/login', '/rng'];
const memberPages = ['/?mc=securityCenter', '/?mc=depositv2', '/?mc=withdraw'];

// axe reads every element of a page: home with its game rows takes it a while on a busy machine.
test.describe.configure({ timeout: 180_000 });

for (const theme of ['dark', 'light'] as const) {
  for (const width of [360, 1440]) {
    test.describe(`axe finds nothing, ${theme} theme at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 } });
      test.beforeEach(async ({ page }) => {
        await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      });

      test('home, register, login and a lobby', async ({ page }) => {
        for (const path of publicPages) {
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
          await expect(page.locator('main').first()).toBeVisible();
          expect(await violations(page), `axe on ${path}`).toEqual([]);
        }
      });

      test('the member centre, deposit and withdraw', async ({ page }) => {
        await page.goto(`/?token=${await handOffCode(page)}`);
        await expect(page.getByRole('button', { name: /অ্যাকাউন্ট মেনু/ })).toBeVisible();
        for (const path of memberPages) {
          await page.goto(path);
          await expect(page.getByRole('dialog').first()).toBeVisible();
          // The member centre itself: the page behind it is checked by the public pages' test.
          expect(await violations(page, '[role="dialog"]'), `axe on ${path}`).toEqual([]);
        }
      });
    });
  }
}
