import AxeBuilder from '@axe-core/playwright';
import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * The transfer wallet model (ADR 021) as a member sees it in "my wallet": money moved into the demo
 * transfer vendor's own wallet (confirmed first) shows as that vendor's balance, and one confirmed click
 * brings everything back to main, which is then what it was before.
 */
test('a member transfers into the transfer-model vendor, sees its balance, and consolidates back to main', async ({
  page,
}) => {
  // Two servers, a build and the member centre's chunks on a shared machine: room for a slow start.
  test.slow();
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { user: { account: string } } };
  await operator('adjust', value.user.account, '100.00', '--reason', 'journey: transfer wallet');
  const before = await mainBalance(value.user.account);

  await prime(page, 'en');
  await openHomeAs(page, 'member', 'en', '/?mc=transferFund');
  const vendor = page.getByRole('listitem', { name: 'Demo Transfer Wallet (simulator)' });
  await expect(vendor).toBeVisible({ timeout: 30_000 });
  const vendorBalance = page.getByTestId('transfer-balance-DEMO_XFER');
  await expect(vendorBalance).toHaveText(/^\D*0\.00$/);

  await vendor.getByRole('button', { name: 'Transfer in to Demo Transfer Wallet (simulator)' }).click();
  // The game wallets with the transfer form open: axe (WCAG 2.2 AA) finds nothing.
  await expect(vendor.getByRole('textbox', { name: 'Amount' })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include('.transfer-wallets')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`),
    ),
  ).toEqual([]);
  await vendor.getByRole('textbox', { name: 'Amount' }).fill('40');
  await vendor.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm transfer in' });
  await expect(confirm).toContainText('40.00');
  await confirm.getByRole('button', { name: 'Move money' }).click();
  await expect(
    vendor.getByText(/Done: .*40\.00 moved to Demo Transfer Wallet \(simulator\)\./),
  ).toBeVisible();
  await expect(vendorBalance).toHaveText(/^\D*40\.00$/);
  expect(await mainBalance(value.user.account)).toBe((Number(before) - 40).toFixed(2));
  await snapshot(page, 'transfer-wallet-after-transfer-in');

  await page.getByRole('button', { name: 'Move all back to main wallet' }).click();
  const all = page.getByRole('dialog', { name: 'Move everything back?' });
  await expect(all).toContainText('Demo Transfer Wallet (simulator)');
  await all.getByRole('button', { name: 'Move all back' }).click();
  await expect(page.getByText(/^Moved back\. Main wallet: /)).toBeVisible();
  await expect(vendorBalance).toHaveText(/^\D*0\.00$/);
  expect(await mainBalance(value.user.account)).toBe(before);
  // Nothing is left to bring back: the button says so beside itself.
  await expect(page.getByText('Your game wallets are empty.')).toBeVisible();
  await snapshot(page, 'transfer-wallet-after-consolidate');
});

test("opening the transfer vendor's game moves the main balance in (auto-transfer-in) and the game plays on it", async ({
  page,
}) => {
  test.slow();
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { user: { account: string } } };
  await operator('adjust', value.user.account, '50.00', '--reason', 'journey: auto-transfer-in');
  const before = await mainBalance(value.user.account);

  await prime(page, 'en');
  await openHomeAs(page, 'member', 'en', '/rng?page=DEMO_XFER');
  await page.getByRole('button', { name: 'Play Tea Garden Reels (demo)' }).click();
  await expect(page).toHaveURL(/\/game/);
  const game = page.frameLocator('iframe');
  await expect(game.getByText('Demo game vendor — simulator, not real money')).toBeVisible({
    timeout: 30_000,
  });
  // The whole main balance went in before the game opened.
  await expect(game.getByTestId('vendor-balance')).toHaveText(`${before} BDT`);
  expect(await mainBalance(value.user.account)).toBe('0.00');
  await game.getByRole('button', { name: 'Spin' }).click();
  await expect(game.getByRole('status')).toHaveText(/^(You won \d+\.\d{2} BDT|No win this time)$/);
  const after = /^([\d.]+) BDT$/.exec((await game.getByTestId('vendor-balance').textContent()) ?? '')?.[1];
  await snapshot(page, 'transfer-wallet-game');

  await page.goto('/?mc=transferFund');
  await page.getByRole('button', { name: 'Move all back to main wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Move everything back?' })
    .getByRole('button', { name: 'Move all back' })
    .click();
  await expect(page.getByText(/^Moved back\. Main wallet: /)).toBeVisible();
  expect(await mainBalance(value.user.account)).toBe(after);
});

/** The member's main balance as our ledger has it (the operator tool's `balance`). */
async function mainBalance(account: string): Promise<string> {
  const out = await operator('balance', account);
  return /main\s+([\d,]+\.\d{2})/.exec(out)?.[1]?.replaceAll(',', '') ?? `not found in: ${out}`;
}
