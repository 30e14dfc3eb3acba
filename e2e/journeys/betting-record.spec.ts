import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { dismissDialogs, openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * The record of a round, on a phone: a member spins a demo slot in the /game frame, the balance moves,
 * and the betting record lists that round first; its detail shows the reels as they stopped (the demo
 * vendor sent them on the closing call). Personal profit and loss then has today's totals.
 */
test('a spin in the demo slot shows in the betting record with its reels, and in the day’s profit', async ({
  page,
}) => {
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { user: { account: string } } };
  await operator('adjust', value.user.account, '100.00', '--reason', 'journey: betting record');

  await prime(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await openHomeAs(page, 'member', 'en', '/rng');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Play Mango Grove (demo)' }).click();
  await expect(page).toHaveURL(/\/game/);

  const game = page.frameLocator('iframe');
  const balance = game.locator('#balance');
  await expect(balance).toHaveText(/^[\d,]+\.\d{2} BDT$/);
  const before = Number(((await balance.textContent()) ?? '').replace(/[^\d.]/g, ''));
  await game.getByRole('button', { name: 'Spin' }).click();
  const message = game.locator('#message');
  await expect(message).toHaveText(/^(Win: \d+\.\d{2} BDT|No win this time)$/);
  const win = /Win: (\d+\.\d{2})/.exec((await message.textContent()) ?? '')?.[1] ?? '0.00';
  const after = (before - 1 + Number(win)).toFixed(2);
  await expect(balance).toHaveText(`${after} BDT`);

  // The betting record: the spin is the newest round, settled, with the stake and its net.
  // Back on the site, the account menu's betting history entry opens the record in the member centre.
  await page.goto('/');
  await dismissDialogs(page, 'en');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Betting history' }).click();
  const centre = page.getByRole('dialog', { name: 'Member centre' });
  const rounds = centre.getByRole('list', { name: 'Betting record' });
  await expect(rounds).toBeVisible({ timeout: 20_000 });
  // The header's balance is the ledger's, after the spin.
  await expect(page.locator('.header-balance')).toContainText(
    Number(after).toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  const newest = rounds.getByRole('button').first();
  await expect(newest).toContainText('Mango Grove (demo)');
  await expect(newest).toContainText('Settled');
  await expect(newest).toContainText(/Bet\s*\D*1\.00/);
  const net = (Number(win) - 1).toFixed(2);
  await expect(newest.locator('.records-net')).toContainText(net.replace('-', ''));
  await snapshot(page, 'betting-record-en-390');

  await newest.click();
  const detail = page.getByRole('dialog', { name: 'Mango Grove (demo)' });
  const reels = detail.getByRole('table', { name: 'The reels as they stopped' });
  await expect(reels).toBeVisible();
  await expect(reels.getByRole('columnheader')).toHaveText(['Reel 1', 'Reel 2', 'Reel 3']);
  await expect(reels.locator('tbody tr')).toHaveCount(3);
  await expect(detail.getByText(Number(win) > 0 ? /^Line \d+: / : 'No line paid.').first()).toBeVisible();
  await snapshot(page, 'betting-record-detail-en-390');
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();

  // Personal profit and loss: today has at least this round.
  await centre.getByRole('button', { name: 'Personal profit and loss' }).click();
  const byDay = page.getByRole('table', { name: 'By day' });
  await expect(byDay).toBeVisible();
  await expect(byDay.locator('tbody tr')).not.toHaveCount(0);
  await expect(page.getByRole('img', { name: /Net result per day/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By category' })).toContainText('Slots');
  await snapshot(page, 'personal-profit-en-390');
});
