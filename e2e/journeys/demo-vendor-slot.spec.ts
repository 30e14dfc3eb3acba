import { operator } from '../support/operator';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * The demo game vendor plays like a real one: a member opens the slots lobby, launches a demo slot,
 * which opens in our /game frame from the simulator's own address, spins there, and the balance the
 * game shows moves by the stake and the win, through our wallet API.
 */
test('a member launches a demo slot from /rng and spins in the frame: the balance moves by stake and win', async ({
  page,
}) => {
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { user: { account: string } } };
  await operator('adjust', value.user.account, '100.00', '--reason', 'journey: demo vendor slot');
  const before = await mainBalance(value.user.account);

  await prime(page, 'en');
  await openHomeAs(page, 'member', 'en', '/rng');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Play Mango Grove (demo)' }).click();
  await expect(page).toHaveURL(/\/game/);

  const game = page.frameLocator('iframe');
  await expect(game.getByText('Demo game vendor — simulator, not real money')).toBeVisible();
  const balance = game.locator('#balance');
  await expect(balance).toHaveText(`${before} BDT`);
  await game.getByRole('button', { name: 'Spin' }).click();
  const message = game.locator('#message');
  await expect(message).toHaveText(/^(Win: \d+\.\d{2} BDT|No win this time)$/);
  const win = /Win: (\d+\.\d{2})/.exec((await message.textContent()) ?? '')?.[1] ?? '0.00';
  // The stake is the game's smallest, 1.00; a spin never pays exactly the stake back (pays are 1.20 up).
  const after = (Number(before) - 1 + Number(win)).toFixed(2);
  await expect(balance).toHaveText(`${after} BDT`);
  expect(await mainBalance(value.user.account)).toBe(after);
});

/** The member's main balance as our ledger has it (the operator tool's `balance`). */
async function mainBalance(account: string): Promise<string> {
  const out = await operator('balance', account);
  return /main\s+([\d,]+\.\d{2})/.exec(out)?.[1]?.replaceAll(',', '') ?? `not found in: ${out}`;
}
