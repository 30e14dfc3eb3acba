import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * Provably fair dice and crash (INHOUSE): a member plays dice, rotates the seed pair and verifies the
 * roll on the no-login verification page (computed in the browser); then joins a crash round and cashes
 * out by hand before the crash.
 */

test('a member plays dice, rotates the seed and verifies the roll on the verification page', async ({
  page,
}) => {
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { user: { account: string } } };
  await operator('adjust', value.user.account, '100.00', '--reason', 'journey: in-house dice');

  await prime(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await openHomeAs(page, 'member', 'en', '/inhouse/dice');
  await expect(page.getByRole('heading', { name: 'Fair Dice' })).toBeVisible();
  await expect(page.getByText('Free play · play money, not real money')).toHaveCount(0);
  const hash = (await page.getByTestId('dice-seed-hash').textContent()) ?? '';
  expect(hash).toMatch(/^[0-9a-f]{64}$/);

  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  const roll = page.getByTestId('dice-roll');
  await expect(roll).toHaveText(/^\d{1,3}\.\d{2}$/);
  const rolled = (await roll.textContent()) ?? '';
  await snapshot(page, 'dice-member-en-390');

  await page.getByLabel('New client seed (optional)').fill('journey-seed');
  await page.getByRole('button', { name: 'Rotate seed pair' }).click();
  await expect(page.getByTestId('dice-revealed-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByText(`Its SHA-256 is the hash you were shown: ${hash}`)).toBeVisible();
  // The new pair shows a new hash.
  await expect(page.getByTestId('dice-seed-hash')).not.toHaveText(hash);

  await page.getByRole('link', { name: 'Verify the last roll with this seed' }).click();
  await expect(page).toHaveURL(/\/inhouse\/fair\?/);
  await expect(page.getByRole('heading', { name: 'Verify a round' })).toBeVisible();
  await expect(page.getByTestId('fair-result')).toHaveText(rolled);
  await expect(
    page.getByText('The SHA-256 of this server seed is the hash shown before the round.'),
  ).toBeVisible();
  await snapshot(page, 'dice-verified-en-390');
});

/**
 * How long a crash round can run: it rises until its crash point, and at the operator's cap (1,000×) that
 * takes 115 s (e^(0.00006 t)); CI once opened the page during a 71× round, 71 s long.
 */
const LONGEST_ROUND_MS = 130_000;

test('a member joins a crash round and cashes out before the crash', async ({ page }) => {
  test.setTimeout(360_000);
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { user: { account: string } } };
  await operator('adjust', value.user.account, '100.00', '--reason', 'journey: in-house crash');

  await prime(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHomeAs(page, 'member', 'en', '/inhouse/crash');
  await expect(page.getByRole('heading', { name: 'Crash' })).toBeVisible();
  const screen = page.getByTestId('crash-screen');
  const notice = page.getByTestId('crash-notice');
  const mine = page.locator('.crash-players__mine');
  const cashOut = page.getByRole('button', { name: /^Cash out at/ });
  const crashed = page.locator('[data-testid="crash-screen"][data-phase="crashed"]');
  // What a player can meet, all of it normal: a bet that reaches the server after the betting phase
  // closed (refused, with a notice), a round that crashes before the page shows it running (about one in
  // ten crash below 1.10×, within the first announcement), and a cash-out that arrives after the crash.
  // The journey tries rounds until one is cashed out; each try is one round.
  for (let attempt = 0; attempt < 8; attempt += 1) {
    await expect(screen).toHaveAttribute('data-phase', 'betting', { timeout: LONGEST_ROUND_MS });
    await page.getByRole('button', { name: 'Bet', exact: true }).click();
    await expect(mine.or(notice)).toBeVisible({ timeout: 15_000 });
    if (!(await mine.isVisible())) {
      // Too late for this round: wait for the next one.
      await expect(screen).not.toHaveAttribute('data-phase', 'betting', { timeout: 30_000 });
      continue;
    }
    // Every player's bet shows in the round's list, this member's as "You".
    await expect(cashOut.or(crashed)).toBeVisible({ timeout: 30_000 });
    if (!(await cashOut.isVisible()) || !(await cashOut.isEnabled())) {
      await expect(screen).toHaveAttribute('data-phase', 'crashed', { timeout: LONGEST_ROUND_MS });
      continue;
    }
    await cashOut.click();
    await expect(notice).toHaveText(/^(Cashed out at .+|Too late: the round crashed at .+)$/, {
      timeout: 15_000,
    });
    if ((await notice.textContent())?.startsWith('Cashed out')) {
      await expect(mine).toContainText('×');
      await snapshot(page, 'crash-cashed-out-en-390');
      return;
    }
    await expect(screen).toHaveAttribute('data-phase', 'crashed', { timeout: LONGEST_ROUND_MS });
  }
  throw new Error('eight rounds in a row ended before a cash-out');
});
