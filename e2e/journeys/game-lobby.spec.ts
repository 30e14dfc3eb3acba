import { expect, test } from '../support/test.js';
import { openHomeAs, prime } from '../support/sessions.js';
import { snapshot } from '../support/screenshot.js';

/**
 * The slots lobby with the demo seed's games (the demo game vendor DEMO_RNG comes first): a visitor is
 * asked to log in before a game opens; a member searches, keeps a favourite (on the server and in
 * LOTTFAV) and opens the game in the /game frame at the vendor's launch URL.
 */
const game = 'Mango Grove (demo)';

test.describe('game lobby', () => {
  test('a visitor who clicks a game is asked to log in, in Bengali', async ({ page }) => {
    await prime(page, 'bn');
    await page.goto('/rng');
    await expect(page.getByRole('heading', { level: 1, name: 'স্লট' })).toBeVisible();
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab').first()).toHaveText(/গেম হল$/);
    await page.getByRole('button', { name: `${game} খেলুন` }).click();
    await expect(page.getByRole('dialog', { name: 'লগ ইন' })).toBeVisible();
    await expect(page).toHaveURL(/\/rng/);
    await snapshot(page, 'lobby-visitor-login-bn-mobile');
  });

  test('a visitor who toggles a favourite is asked to log in', async ({ page }) => {
    await prime(page, 'en');
    await page.goto('/rng');
    await page.getByRole('button', { name: `Favourite: ${game}` }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('LOTTFAV'))).toBeNull();
  });

  test('a member searches, keeps a favourite and opens the game in the /game frame', async ({ page }) => {
    await prime(page, 'en');
    await openHomeAs(page, 'member', 'en', '/rng');
    await expect(page.getByRole('heading', { level: 1, name: 'Slots' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search games' }).fill('mango');
    await expect(page).toHaveURL(/[?&]q=mango/);
    const grid = page.getByRole('tabpanel');
    await expect(grid.getByRole('button', { name: `Play ${game}` })).toBeVisible();
    await expect(grid.getByRole('button', { name: /^Play / })).toHaveCount(1);

    const heart = grid.getByRole('button', { name: `Favourite: ${game}` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('LOTTFAV') ?? '{}') as unknown);
    expect(stored).toEqual({ demo01: [expect.stringMatching(/^DEMO_RNG-/)] });
    // The favourites row above the tabs now holds it.
    const favourites = page.getByRole('region', { name: 'My favourites' });
    await expect(favourites.getByRole('button', { name: `Play ${game}` })).toBeVisible();
    await snapshot(page, 'lobby-member-en-mobile');

    await grid.getByRole('button', { name: `Play ${game}` }).click();
    await expect(page).toHaveURL(/\/game$/);
    const frame = page.locator('iframe.game-frame__frame');
    await expect(frame).toHaveAttribute('title', `${game} game`);
    const src = await frame.getAttribute('src');
    // The vendor's launch URL (the seed's template), with a one-time token, the game and the language.
    expect(src).toMatch(/^https?:\/\/[^/]+\/v\/DEMO_RNG\/play\?token=[^&]+&game=mango-grove&language=en/);
    await expect(page.getByRole('heading', { level: 1, name: game })).toBeVisible();

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL(/\/rng\?.*q=mango/);
    // Played: the recent row remembers it.
    await expect(
      page.getByRole('region', { name: 'Recently played' }).getByRole('button', { name: `Play ${game}` }),
    ).toBeVisible();
  });
});
