import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * The Vietnamese lottery: a member places a lô bet on the 1-minute North game (VN-MB-1), sees the
 * period close, the house draw arrive as a North result table, and the bet settled by the VN rules in
 * "My bets" without reloading.
 */
test('a member places a VN lô bet on a fast VN game and sees it settled', async ({ page }) => {
  test.setTimeout(180_000);
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { user: { account: string } } };
  await operator('adjust', value.user.account, '100.00', '--reason', 'journey: VN lottery');

  await prime(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await openHomeAs(page, 'member', 'en', '/vnlottery?gameCode=VN-MB-1');
  await expect(page.getByRole('heading', { name: 'Vietnamese lottery (Xổ số)' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Vietnamese lottery games' });
  await expect(menu.getByRole('link', { name: /Miền Bắc 1 phút/ })).toHaveAttribute('aria-current', 'page');

  // Betting closes 5 s before each draw: wait for a period with time enough left to fill the slip.
  const timer = page.getByRole('timer', { name: 'Betting closes in' });
  await expect
    .poll(
      async () => {
        const text = (await timer.textContent({ timeout: 1000 }).catch(() => null)) ?? '00:00';
        const [m = 0, s = 0] = text.split(':').map(Number);
        return m * 60 + s;
      },
      { timeout: 75_000, intervals: [1000] },
    )
    .toBeGreaterThan(25);

  const picker = page.getByRole('group', { name: 'Choose 1 number' });
  await picker.getByRole('button', { name: '45', exact: true }).click();
  const stake = page.getByLabel('Stake per prize');
  await stake.fill('1');
  await expect(page.getByText(/\(27 × stake\)/)).toBeVisible();
  await page.getByRole('button', { name: 'Add to slip' }).click();
  await expect(page.getByRole('region', { name: 'Bet slip' })).toContainText('Lô (bao lô 2 số) · 45');
  await snapshot(page, 'vn-lottery-slip-en-390');
  await page.getByRole('button', { name: 'Place bets' }).click();
  await expect(page.getByText(/1 bet placed\. Balance/)).toBeVisible();

  const mine = page.getByRole('region', { name: 'My bets' });
  await expect(mine.getByRole('listitem').first()).toContainText('Waiting for the draw');
  // The draw comes from the engine within a minute; the page follows its push.
  await expect(mine.getByRole('listitem').first()).toContainText(/Won .+ \(\d+×\)|Lost/, { timeout: 90_000 });
  const result = page.getByRole('table', { name: /^Result of period / }).first();
  await expect(result).toBeVisible();
  await expect(result.getByTestId('vn-tier-0')).toHaveText(/^\d{5}$/);
  await expect(result.getByTestId('vn-tier-7').getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('table', { name: /^Đầu \/ đuôi of period / })).toBeVisible();
  await result.scrollIntoViewIfNeeded();
  await snapshot(page, 'vn-lottery-settled-en-390');
});
