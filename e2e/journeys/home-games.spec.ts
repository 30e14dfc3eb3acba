import { createHmac, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * Home's games (ADR 023): category tiles with their icons lead to their lobbies; each category's hot
 * and new games in rows with their art; a visitor who taps a game is asked to log in; a member also
 * sees recent and favourite games; and a big win of a real round shows in the ticker, the player
 * masked.
 */

/** The demo seed's signing secret for the simulator (apps/server/src/modules/provider/demo-vendor.ts): demo play only. */
const DEMO_VENDOR_SECRET = 'demo-vendor-secret-NOT-FOR-REAL-MONEY-0123456789';
const VENDOR = 'DEMO_RNG';
const GAME = 'Mango Grove (demo)';

/** A call to our provider API exactly as the vendor signs it (packages/contract/src/provider.ts). */
async function vendorCall(
  request: APIRequestContext,
  call: 'authenticate' | 'bet' | 'win',
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', DEMO_VENDOR_SECRET)
    .update(`${timestamp}.`)
    .update(raw)
    .digest('hex');
  const answer = await request.post(`/provider/v1/${VENDOR}/${call}`, {
    headers: {
      'content-type': 'application/json',
      'x-provider-timestamp': timestamp,
      'x-provider-signature': signature,
    },
    data: raw,
  });
  const json = (await answer.json()) as Record<string, unknown>;
  expect(json.status, `${call}: ${raw}`).toBe('RS_OK');
  return json;
}

/**
 * The demo member plays one round of the demo slot for real money through the vendor's side of the API:
 * launched by us (a launch token, the game joins the member's recent games), then a 2.00 bet carrying
 * that token (the game session's, once authenticated) and a 60.00 win (30x) closing the round. Also keeps
 * the game as a favourite.
 */
async function playBigWin(request: APIRequestContext): Promise<void> {
  const login = await request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { token: string; user: { account: string } } };
  await operator('adjust', value.user.account, '100.00', '--reason', 'journey: home big win');
  const auth = { authorization: `Bearer ${value.token}` };
  const nodeId = `${VENDOR}-mango-grove`;
  const launch = await request.post('/wps/game/launchGame', {
    headers: auth,
    data: { nodeId, language: 'en' },
  });
  const launched = (await launch.json()) as { success: boolean; value: { game_url: string } };
  expect(launched.success).toBe(true);
  const token = new URL(launched.value.game_url).searchParams.get('token');
  expect(token).toBeTruthy();
  const player = await vendorCall(request, 'authenticate', {
    request_uuid: randomUUID(),
    token,
    game_code: 'mango-grove',
  });
  const round = `home-journey-${randomUUID()}`;
  const money = {
    player_id: player.player_id,
    round,
    game_code: 'mango-grove',
    currency: player.currency,
    is_free: false,
  };
  const bet = {
    ...money,
    token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    round_closed: false,
    amount: '2.00',
  };
  await vendorCall(request, 'bet', bet);
  await vendorCall(request, 'win', {
    ...money,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: bet.transaction_uuid,
    round_closed: true,
    amount: '60.00',
  });
  const favourite = await request.post('/wps/game/favourites', { headers: auth, data: { nodeId } });
  expect(((await favourite.json()) as { success: boolean }).success).toBe(true);
}

/** Every art image in the element has loaded (not broken), and is drawn square. */
async function expectArtLoaded(page: Page, selector: string): Promise<void> {
  const images = page.locator(`${selector} .game-thumb img`);
  await expect(images.first()).toBeVisible();
  await expect
    .poll(() => images.evaluateAll((list) => list.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  const box = await images.first().boundingBox();
  expect(box && Math.abs(box.width - box.height)).toBeLessThan(1);
}

test.describe('home games', () => {
  test('a visitor sees the category icons, the hot and new rows with art, and is asked to log in to play', async ({
    page,
  }) => {
    await prime(page, 'en');
    await openHomeAs(page, 'visitor', 'en');

    const tiles = page.getByRole('region', { name: 'Game categories' });
    const slots = tiles.getByRole('link', { name: 'Slots' });
    await expect(slots).toHaveAttribute('href', '/rng');
    await expect(slots.locator('svg.category-icon')).toBeVisible();
    for (const [name, href] of [
      ['Live Casino', '/live'],
      ['Fishing', '/fish'],
      ['Sports', '/sports'],
    ] as const) {
      await expect(tiles.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    // Every tile has its own drawing, not an empty square: a symbol of the project's icon file.
    const icons = tiles.locator('svg.category-icon use');
    expect(await icons.count()).toBeGreaterThanOrEqual(4);
    const href = (await icons.first().getAttribute('href')) ?? '';
    const sprite = await (await page.request.get(href.split('#')[0] ?? '')).text();
    for (const icon of await icons.all()) {
      const id = ((await icon.getAttribute('href')) ?? '').split('#')[1] ?? '';
      expect(sprite, id).toMatch(new RegExp(`<symbol id="${id}"[^>]*>\\s*<(path|rect|circle)`));
    }

    const slotsRows = page.getByRole('region', { name: 'Slots', exact: true });
    await slotsRows.scrollIntoViewIfNeeded();
    const hot = slotsRows.getByRole('region', { name: 'Hot' });
    const fresh = slotsRows.getByRole('region', { name: 'New' });
    await expect(hot.getByRole('button', { name: `Play ${GAME}` })).toBeVisible();
    await expect(fresh.getByRole('button', { name: 'Play River Lanterns (demo)' })).toBeVisible();
    await expect(slotsRows.getByRole('link', { name: 'See all Slots games' })).toHaveAttribute(
      'href',
      '/rng',
    );
    await expectArtLoaded(page, '.home-rows__category');
    await snapshot(page, 'home-games-visitor-en-mobile');

    // The rows are reachable by keyboard: the play button takes focus.
    await hot.getByRole('button', { name: `Play ${GAME}` }).focus();
    await expect(hot.getByRole('button', { name: `Play ${GAME}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a member sees recent and favourite games, and a big win of a real round in the ticker', async ({
    page,
  }) => {
    await playBigWin(page.request);
    // The server shares its answer for up to 5 s: wait until the win is in it.
    await expect
      .poll(async () => JSON.stringify(await (await page.request.get('/wps/game/big-wins')).json()), {
        timeout: 15_000,
      })
      .toContain('de***1');

    await prime(page, 'en');
    await openHomeAs(page, 'member', 'en');
    const ticker = page.getByRole('region', { name: 'Big wins' });
    await expect(ticker).toBeVisible();
    const first = ticker.locator('.ticker__list:not(.ticker__list--copy) .ticker__item').first();
    await expect(first).toContainText('de***1');
    await expect(first).toContainText(`in ${GAME}`);
    await expect(first).toContainText('60.00');
    await expect(first).toContainText('(30×)');
    // Never the whole username, and not a live region that would talk over the page.
    await expect(ticker).not.toContainText('demo01');
    expect(await page.locator('.ticker [aria-live]').count()).toBe(0);
    // The strip stops while the pointer is on it.
    const track = ticker.locator('.ticker__track');
    await ticker.locator('.ticker__viewport').hover();
    await expect
      .poll(() => track.evaluate((node) => getComputedStyle(node).animationPlayState))
      .toBe('paused');

    const recent = page.getByRole('region', { name: 'Recently played' });
    const favourites = page.getByRole('region', { name: 'My favourites' });
    await expect(recent.getByRole('button', { name: `Play ${GAME}` })).toBeVisible();
    await expect(favourites.getByRole('button', { name: `Play ${GAME}` })).toBeVisible();
    await expect(favourites.getByRole('button', { name: `Favourite: ${GAME}` })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await snapshot(page, 'home-games-member-en-mobile');
    await recent.scrollIntoViewIfNeeded();
    await snapshot(page, 'home-games-member-rows-en-mobile');

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await snapshot(page, 'home-games-member-en-desktop');
    await page.getByRole('region', { name: 'Slots', exact: true }).scrollIntoViewIfNeeded();
    await snapshot(page, 'home-games-rows-en-desktop');

    // A member's tap opens the game in the /game frame, as in the lobby.
    await recent.getByRole('button', { name: `Play ${GAME}` }).click();
    await expect(page).toHaveURL(/\/game$/);
  });

  test('with reduced motion the ticker stands still and scrolls by hand; in Bengali', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await prime(page, 'bn');
    await openHomeAs(page, 'visitor', 'bn');
    const ticker = page.getByRole('region', { name: 'বড় জয়' });
    await expect(ticker).toBeVisible();
    await expect(ticker.locator('.ticker__item').first()).toContainText('de***1');
    const track = ticker.locator('.ticker__track');
    expect(await track.evaluate((node) => getComputedStyle(node).animationName)).toBe('none');
    await expect(ticker.locator('.ticker__list--copy')).toBeHidden();
    await expect(page.getByRole('region', { name: 'স্লট', exact: true })).toBeAttached();
    await snapshot(page, 'home-games-visitor-bn-mobile');
  });
});
