import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * Missions: the operator adds a daily mission (roll the in-house dice once), the member plays a roll, the
 * mission's progress comes from settled play (the turnover feed runs every minute and waits a minute for
 * late commits, so this takes up to about three minutes), the member claims it in the member centre and
 * the reward lands once; the reward centre lists it as claimed.
 */
test('a member completes a mission by playing dice and claims it', async ({ page }) => {
  test.setTimeout(300_000);
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { user: { account: string } } };
  await operator('adjust', value.user.account, '50.00', '--reason', 'journey: missions');
  const title = `Roll the dice ${Date.now() % 100_000}`;
  const added = await operator(
    'missions',
    'add',
    '--kind',
    'daily',
    '--metric',
    'bets',
    '--target',
    '1',
    '--reward',
    '2.50',
    '--title-en',
    title,
    '--title-bn',
    `ডাইস খেলুন ${title.slice(-5)}`,
  );
  expect(added).toMatch(/^mis_[0-9a-f]{16}: daily bets 1 -> 2\.50/);

  await prime(page, 'en');
  await openHomeAs(page, 'member', 'en', '/inhouse/dice');
  await expect(page.getByRole('heading', { name: 'Fair Dice' })).toBeVisible();
  await page.getByRole('button', { name: 'Roll', exact: true }).click();
  await expect(page.getByTestId('dice-roll')).toHaveText(/^\d{1,3}\.\d{2}$/);

  await page.goto('/?mc=missionLeaderboard');
  const mission = page.getByTestId('mission-item').filter({ hasText: title });
  await expect(mission).toBeVisible();
  const claim = mission.getByRole('button', { name: 'Claim' });
  // Settled rounds reach the turnover aggregate through the minute's feed; the page asks again each minute.
  await expect(async () => {
    await page.reload();
    await expect(claim).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 200_000, intervals: [10_000] });
  await expect(mission.getByText('1 of 1')).toBeVisible();
  await snapshot(page, 'missions-claimable-en-390');
  const balanceBefore = (await page.locator('.header-balance').textContent()) ?? '';
  await claim.click();
  await expect(mission.getByText('Claimed')).toBeVisible();
  await expect(page.locator('.header-balance')).not.toHaveText(balanceBefore);

  await page.getByRole('tab', { name: 'Leaderboards' }).click();
  await expect(page.getByRole('heading', { name: 'Daily high rollers' })).toBeVisible();
  await snapshot(page, 'missions-leaderboards-en-390');

  await page.goto('/?mc=rewardCenter');
  const reward = page.getByTestId('reward-item').filter({ hasText: title });
  await expect(reward).toContainText('Claimed');
  await expect(reward).toContainText('2.50');
  await snapshot(page, 'reward-centre-en-390');
});

test('the mission pages in Bengali', async ({ page }) => {
  await prime(page, 'bn');
  await openHomeAs(page, 'member', 'bn', '/?mc=missionLeaderboard');
  await expect(page.getByRole('tab', { name: 'মিশন', exact: true })).toBeVisible();
  await snapshot(page, 'missions-bn-390');
  await page.goto('/?mc=rewardCenter');
  await expect(page.getByRole('heading', { name: 'আমার পুরস্কার' })).toBeVisible();
  await expect(page.getByTestId('raffle-item').first()).toContainText('সাপ্তাহিক র‍্যাফেল');
  await snapshot(page, 'reward-centre-bn-390');
});
