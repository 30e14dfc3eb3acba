import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { handOffCode } from '../support/member.js';
import { operator } from '../support/operator.js';
import { snapshot } from '../support/screenshot.js';
import { prime } from '../support/sessions.js';

/**
 * The agent centre on the demo data (issue 14): agent01 > agent02 > agent03 with players and contracts.
 * An agent offers a downline a daily-wage contract, the downline accepts it, settled periods show in
 * my income with the figures behind them; drill-down through the team; a member who is not an agent
 * gets no agent centre.
 */

/** The journeys read the English texts; the site starts in Bengali. */
const inEnglish = async (page: Page) => page.addInitScript(() => localStorage.setItem('hisLang', 'en'));

test('an agent offers a daily wage, the downline accepts it, and both see their income', async ({
  browser,
}) => {
  const upline = await browser.newPage();
  await inEnglish(upline);
  await upline.goto(`/?token=${await handOffCode(upline, 'agent02', 'Agent1234')}&ac=dailyWages`);
  const centre = upline.getByRole('dialog', { name: 'Agent centre' });
  const form = centre.getByRole('form', { name: 'Offer a contract' });
  await form.getByLabel('Downline agent').selectOption({ label: 'agent03' });
  await form.getByLabel('Rate (%)').fill('0.40');
  await form.getByRole('button', { name: 'Send offer' }).click();
  await expect(form.getByRole('status')).toHaveText('Offer sent.');
  await expect(centre.getByText('Offered').first()).toBeVisible();

  const downline = await browser.newPage();
  await inEnglish(downline);
  await downline.goto(`/?token=${await handOffCode(downline, 'agent03', 'Agent1234')}&ac=dailyWages`);
  const theirs = downline.getByRole('dialog', { name: 'Agent centre' });
  await theirs.getByRole('button', { name: 'Accept' }).click();
  await expect(theirs.getByText('From 0.00 with 0 active members: 0.40%')).toBeVisible();
  await expect(theirs.getByText('replaced by a new contract')).toBeVisible();

  // The demo's past days are settled (the job, or at once by the operator tool).
  await operator('agents', 'settle');
  await downline.goto(`/?token=${await handOffCode(downline, 'agent03', 'Agent1234')}&ac=revenueReport`);
  const income = downline.getByRole('dialog', { name: 'Agent centre' });
  await expect(income.getByText('Daily wages').first()).toBeVisible();
  // A daily period reads as its site day ("Nov 25, 2026"), not as two midnight date-times.
  const daily = income
    .getByRole('region', { name: 'My income' })
    .getByRole('listitem')
    .filter({ hasText: 'Daily wages' })
    .first();
  await expect(daily.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(daily).not.toContainText('12:00');
  await snapshot(downline, 'agent-income-daily-en-390');
  await income.getByText('How it was worked out').first().click();
  await expect(income.getByText('Team valid bets').first()).toBeVisible();

  const report = await browser.newPage();
  await inEnglish(report);
  await report.goto(`/?token=${await handOffCode(report, 'agent02', 'Agent1234')}&ac=revenueReport`);
  const mine = report.getByRole('dialog', { name: 'Agent centre' });
  await expect(mine.getByText('Daily wages').first()).toBeVisible();
  await mine.getByText('How it was worked out').first().click();
  await expect(mine.getByText('Paid to your downlines').first()).toBeVisible();
});

test('an agent drills down its team level by level with a breadcrumb', async ({ page }) => {
  await inEnglish(page);
  await page.goto(`/?token=${await handOffCode(page, 'agent01', 'Agent1234')}&ac=downlineManagmentView`);
  const centre = page.getByRole('dialog', { name: 'Agent centre' });
  await centre.getByRole('button', { name: 'agent02' }).click();
  const crumbs = centre.getByRole('navigation', { name: 'Team levels' });
  await expect(crumbs).toContainText('agent01');
  await expect(crumbs).toContainText('agent02');
  await expect(centre.getByRole('button', { name: 'agent03' })).toBeVisible();
  await centre.getByRole('button', { name: 'agent01' }).click();
  await expect(centre.getByRole('button', { name: 'agent02' })).toBeVisible();
  await centre.getByRole('button', { name: 'Team overview' }).click();
  await expect(centre.getByText('Team members (all levels)')).toBeVisible();
  await expect(centre.getByRole('region', { name: 'Invite link' }).locator('svg')).toBeVisible();
});

test('a member who is not an agent gets no agent centre', async ({ page }) => {
  await inEnglish(page);
  await page.goto(`/?token=${await handOffCode(page)}&ac=agentTeamOverview`);
  await expect(page.getByRole('banner').first()).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Agent centre' })).toHaveCount(0);
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { token: string } };
  const refused = await page.request.get('/wps/agent/team/overview', {
    headers: { authorization: `Bearer ${value.token}` },
  });
  expect(refused.status()).toBe(403);
});

test('an agent reads the announcements for agents; the public list never shows them', async ({ page }) => {
  await inEnglish(page);
  await page.goto(`/?token=${await handOffCode(page, 'agent01', 'Agent1234')}&ac=announcement`);
  const centre = page.getByRole('dialog', { name: 'Agent centre' });
  const list = centre.getByRole('list', { name: 'Announcements for agents' });
  await expect(list.getByText('Real-time salary is settled every 5 minutes')).toBeVisible();
  await list.getByText('Dividend periods: 1st and 16th').click();
  await expect(list.getByText('carried into the next one')).toBeVisible();

  const everyone = await page.request.get('/wps/announcements/v2?execution=L&pageSize=100&language=en');
  const titles = ((await everyone.json()) as { value: { list: { title: string }[] } }).value.list.map(
    (row) => row.title,
  );
  expect(titles).toContain('Welcome to Khela');
  expect(titles).not.toContain('Real-time salary is settled every 5 minutes');
});

/**
 * What of the agent centre's page reaches past its right edge (a few pixels past it already sit under the
 * centre's padding, short of the screen's edge), or makes the page or the centre scroll sideways.
 */
function pastTheRightEdge(): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push(`the page scrolls sideways: ${root.scrollWidth} > ${root.clientWidth}`);
  }
  const body = document.querySelector<HTMLElement>('.ui-modal__body');
  const section = document.querySelector<HTMLElement>('.ui-centre__page');
  if (!body || !section) return ['no agent centre'];
  if (body.scrollWidth > body.clientWidth) {
    problems.push(`the centre scrolls sideways: ${body.scrollWidth} > ${body.clientWidth}`);
  }
  const edge = Math.min(section.getBoundingClientRect().right, root.clientWidth);
  // The centre's menu is a strip that scrolls on its own: the page's content is what must fit.
  for (const element of section.querySelectorAll<HTMLElement>('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width > 0 && rect.right > edge + 0.5) {
      problems.push(
        `${element.tagName.toLowerCase()}.${element.className} ends at ${Math.round(rect.right)} > ${Math.round(edge)}`,
      );
    }
  }
  return problems.slice(0, 8);
}

for (const language of ['bn', 'en'] as const) {
  test(`the report's date filter fits a 360 px phone without scrolling sideways, and the menu reads whole at 1440 px (${language})`, async ({
    page,
  }) => {
    await prime(page, language);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(`/?token=${await handOffCode(page, 'agent01', 'Agent1234')}&ac=revenueReport`);
    const centre = page.getByRole('dialog').last();
    const days = centre.locator('input[type="date"]');
    await expect(days).toHaveCount(2);
    await expect(days.last()).toBeVisible();
    expect(await page.evaluate(pastTheRightEdge)).toEqual([]);
    await snapshot(page, `agent-report-filters-360-${language}`);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(days.last()).toBeVisible();
    expect(await page.evaluate(pastTheRightEdge)).toEqual([]);
    // Every menu entry reads whole in the desktop column ("Downline transaction details" wraps).
    const cut = await centre
      .locator('.ui-centre-menu__item')
      .evaluateAll((items) =>
        items.filter((item) => item.scrollWidth > item.clientWidth + 1).map((item) => item.textContent),
      );
    expect(cut).toEqual([]);
    // ... and so does every entry of the site's side menu beside it ("Customer service" takes two lines).
    const cutInSideMenu = await page
      .locator('.side-menu__label')
      .evaluateAll((labels) =>
        labels
          .filter(
            (label) =>
              label.scrollWidth > label.clientWidth + 1 || label.scrollHeight > label.clientHeight + 1,
          )
          .map((label) => label.textContent),
      );
    expect(cutInSideMenu).toEqual([]);
    await snapshot(page, `agent-report-filters-1440-${language}`);
  });
}
