import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * The demo's card rooms, esports and the vendor entries (ADR 024), at a phone's width: /pvp lists the
 * demo card vendor's rooms with their seats; a member joins one and the game opens in the /game frame
 * seated in that room; /esports lists the demo esports vendor's game; a provider whose entry stands for
 * its games opens their popup list.
 */
test.describe('PVP rooms and esports', () => {
  test('/pvp shows the rooms with their seats, free or taken, each with a join button', async ({ page }) => {
    await prime(page, 'en');
    await openHomeAs(page, 'visitor', 'en', '/pvp');
    await expect(page.getByRole('heading', { level: 1, name: 'Card Games' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Rooms' })).toBeVisible();
    const room = page.getByRole('listitem', { name: 'Lamp Room 1' });
    await expect(room.getByText('Three Lamps Showdown (demo)')).toBeVisible();
    await expect(room.getByText('4 of 4 seats free')).toBeVisible();
    await expect(room.getByRole('list', { name: 'Seats of Lamp Room 1' }).getByRole('listitem')).toHaveText([
      'Seat 1: free',
      'Seat 2: free',
      'Seat 3: free',
      'Seat 4: free',
    ]);
    await snapshot(page, 'pvp-rooms-en-390');
    // A visitor is asked to log in first.
    await room.getByRole('button', { name: 'Join Lamp Room 1' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });

  test('a member joins a room: the game opens in the frame seated there, and the lobby shows the seat taken', async ({
    page,
  }) => {
    const login = await page.request.post('/wps/session/login', {
      data: { username: 'demo01', password: 'Demo1234' },
    });
    const { value } = (await login.json()) as { value: { user: { account: string } } };
    await operator('adjust', value.user.account, '100.00', '--reason', 'journey: pvp room');

    await prime(page, 'en');
    await openHomeAs(page, 'member', 'en', '/pvp');
    await page.getByRole('button', { name: 'Join Duel Table' }).click();
    await expect(page).toHaveURL(/\/game/);
    const game = page.frameLocator('iframe');
    await expect(game.getByText('Demo game vendor — simulator, not real money')).toBeVisible();
    await expect(game.getByText('You are seated: Duel Table, Seat 1')).toBeVisible();
    await expect(game.getByRole('button', { name: /Play this hand/ })).toBeVisible();
    await snapshot(page, 'pvp-seated-en-390');

    // One hand against the simulated opponent in the free seat: the ante is debited, the cards shown.
    // (Other journeys play as demo01 too: the balance is read, not assumed.)
    await expect(game.locator('#balance')).toHaveText(/^\d+\.\d{2} BDT$/);
    const before = Math.round(
      Number.parseFloat((await game.locator('#balance').innerText()).replace(/,/g, '')) * 100,
    );
    const money = (minor: number) => `${(minor / 100).toFixed(2)} BDT`;
    // An ante whose answer comes after the cards are dealt is refunded and refused ("Antes are closed");
    // the player antes again in the next hand. On a loaded machine a click near the phase's end does that.
    const message = game.locator('#message');
    for (let attempt = 1; ; attempt += 1) {
      await game.getByRole('button', { name: /Play this hand/ }).click();
      await expect(message).toHaveText(
        /^(You are in this hand|Antes are closed for this hand; wait for the next one)$/,
      );
      if ((await message.innerText()) === 'You are in this hand') break;
      await expect(game.locator('#balance')).toHaveText(money(before));
      expect(attempt, 'antes refused as late').toBeLessThan(3);
    }
    await expect(game.locator('#balance')).toHaveText(money(before - 2000));
    await expect(message).toHaveText(/^(You won|Your hand lost)$/, { timeout: 20_000 });
    await expect(game.getByText('Seat 2: Simulated opponent')).toBeVisible();
    await snapshot(page, 'pvp-showdown-en-390');
    // Two antes of 20.00 make a pot of 40.00: the winner gets 38.00 (19.00 each when split).
    const outcomes = [before - 2000, before + 1800, before - 100].map(money);
    await expect.poll(async () => outcomes.includes(await game.locator('#balance').innerText())).toBe(true);

    // Back in the lobby the seat is taken (the list is read again within seconds).
    await page.getByRole('button', { name: 'Back' }).click();
    const duel = page.getByRole('listitem', { name: 'Duel Table' });
    await expect(duel.getByText('Seat 1: taken')).toBeVisible({ timeout: 20_000 });
    await expect(duel.getByText('1 of 2 seats free')).toBeVisible();
  });

  test('/pvp in Bengali: room names, bet and seats in Bengali', async ({ page }) => {
    await prime(page, 'bn');
    await openHomeAs(page, 'visitor', 'bn', '/pvp');
    const room = page.getByRole('listitem', { name: 'প্রদীপ ঘর ১' });
    await expect(room.getByText('৪টি আসনের ৪টি খালি')).toBeVisible();
    await expect(room.getByText('আসন ১: খালি')).toBeVisible();
    await expect(room.getByRole('button', { name: 'প্রদীপ ঘর ১-এ যোগ দিন' })).toBeVisible();
    await snapshot(page, 'pvp-rooms-bn-390');
  });

  test("/esports lists the demo esports vendor's game, not /sports", async ({ page }) => {
    await prime(page, 'en');
    await openHomeAs(page, 'visitor', 'en', '/esports');
    await expect(page.getByRole('heading', { level: 1, name: 'E-Sports' })).toBeVisible();
    await expect(page.getByRole('tab', { selected: true })).toContainText('Demo Esports (simulator)');
    await expect(page.getByRole('button', { name: 'Play Pixel Arena Cup esports (demo)' })).toBeVisible();
    await snapshot(page, 'esports-en-390');
    await page.goto('/sports');
    await expect(page.getByRole('button', { name: 'Play Village League football (demo)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play Pixel Arena Cup esports (demo)' })).toHaveCount(0);
  });

  test("a provider whose entry stands for its games (isGame VASSALAGE) opens the popup list of that vendor's games", async ({
    page,
  }) => {
    await prime(page, 'en');
    await openHomeAs(page, 'visitor', 'en', '/');
    const providers = page.getByRole('region', { name: 'Game providers' });
    await providers.getByRole('button', { name: 'Demo Live Table (simulator)' }).click();
    const list = page.getByRole('dialog', { name: 'Demo Live Table (simulator) games' });
    await expect(list.getByRole('button', { name: 'Play Teak Table Roulette (demo)' })).toBeVisible();
    await snapshot(page, 'vendor-games-popup-en-390');
  });
});
