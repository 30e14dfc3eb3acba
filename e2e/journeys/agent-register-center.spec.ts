import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { handOffCode } from '../support/member.js';
import { operator } from '../support/operator.js';
import { uniqueSuffix } from '../support/outbox.js';
import { snapshot } from '../support/screenshot.js';

/**
 * registerCenter (issue 14): an agent makes a downline account directly and an invite link that offers
 * a daily-wage contract; an agent registers through the link's page, is placed below the inviting agent
 * with the offer waiting, and the link counts the sign-up. The member centre's transferUpline and the
 * agent centre's downline transaction details open with real data.
 */

const language = async (page: Page, lang: 'en' | 'bn') =>
  page.addInitScript((value) => localStorage.setItem('hisLang', value), lang);

test.beforeAll(async () => {
  // A person reads the captcha image; a browser test cannot.
  await operator('settings', 'set', 'register.captchaEnabled', 'false');
});
test.afterAll(async () => {
  await operator('settings', 'reset', 'register.captchaEnabled');
});

test('an agent creates a downline and an invite link with an offer; a sign-up through it is counted', async ({
  browser,
}) => {
  const agent = await browser.newPage();
  await language(agent, 'en');
  await agent.goto(`/?token=${await handOffCode(agent, 'agent02', 'Agent1234')}&ac=registerCenter`);
  const centre = agent.getByRole('dialog', { name: 'Agent centre' });

  const account = centre.getByRole('form', { name: 'Create a downline account' });
  const username = `dl${uniqueSuffix()}`;
  await account.getByLabel('Username').fill(username);
  await account.getByLabel('Password', { exact: true }).fill('Play12345');
  await account.getByLabel('Confirm password').fill('Play12345');
  await account.getByRole('button', { name: 'Create account' }).click();
  await expect(account.getByRole('status')).toHaveText(`${username} was created and joined your team.`);

  const linkForm = centre.getByRole('form', { name: 'New invite link' });
  await linkForm.getByLabel('Account type').selectOption('agent');
  await linkForm.getByLabel('Contract offered').selectOption('daily_wage');
  await linkForm.getByLabel('Rate (%)').fill('0.10');
  await linkForm.getByRole('button', { name: 'Create link' }).click();
  const links = centre.getByRole('region', { name: 'Your invite links' });
  const card = links.getByRole('listitem').first();
  await expect(card.getByText(/Offers a Daily wages contract/)).toBeVisible();
  const code = await card.getByRole('textbox', { name: 'Invitation code' }).inputValue();
  expect(code).toMatch(/^[A-Z2-9]{10}$/);

  // Someone opens the link and registers.
  const visitor = await browser.newPage();
  await language(visitor, 'en');
  await visitor.goto(`/register?affiliateCode=${code}`);
  const invited = `ia${uniqueSuffix()}`;
  await visitor.getByLabel('Username', { exact: true }).fill(invited);
  await visitor.getByLabel('Password', { exact: true }).fill('Play12345');
  await visitor.getByLabel('Confirm password').fill('Play12345');
  await visitor.getByLabel('I confirm that I am at least 18 years old').check();
  await visitor.getByRole('button', { name: 'Register' }).last().click();
  await expect(visitor.getByRole('dialog', { name: 'Registration successful' })).toBeVisible();

  // The new agent has the offer waiting in its own agent centre.
  const newcomer = await browser.newPage();
  await language(newcomer, 'en');
  await newcomer.goto(`/?token=${await handOffCode(newcomer, invited, 'Play12345')}&ac=dailyWages`);
  const theirs = newcomer.getByRole('dialog', { name: 'Agent centre' });
  await expect(theirs.getByRole('button', { name: 'Accept' })).toBeVisible();

  await agent.reload();
  await expect(card.getByText('Sign-ups').locator('xpath=following-sibling::dd')).toHaveText('1');
  await card.scrollIntoViewIfNeeded();
  await snapshot(agent, 'agent-register-center-en');
});

test('transferUpline, downline transactions and the referral page, in English and Bengali', async ({
  browser,
}) => {
  for (const lang of ['en', 'bn'] as const) {
    const member = await browser.newPage();
    await language(member, lang);
    await member.goto(`/?token=${await handOffCode(member)}&mc=transferUpline`);
    await expect(member.locator('form input[type="password"]').first()).toBeVisible();
    await snapshot(member, `member-transfer-upline-${lang}`);
    await member.goto(`/?mc=referral`);
    await expect(member.locator('.member-referral__friends')).toBeVisible();
    await member.locator('.member-referral__friends').scrollIntoViewIfNeeded();
    await snapshot(member, `member-referral-friends-${lang}`);
    await member.close();

    const agent = await browser.newPage();
    await language(agent, lang);
    await agent.goto(
      `/?token=${await handOffCode(agent, 'agent01', 'Agent1234')}&ac=downlineTransactionDetails`,
    );
    await expect(agent.locator('.agent-page input[type="search"]')).toBeVisible();
    await snapshot(agent, `agent-downline-transactions-${lang}`);
    await agent.goto(`/?ac=registerCenter`);
    await expect(agent.locator('.agent-offer').first()).toBeVisible();
    await agent.locator('.agent-offer').first().scrollIntoViewIfNeeded();
    await snapshot(agent, `agent-register-center-top-${lang}`);
    await agent.close();
  }
});
