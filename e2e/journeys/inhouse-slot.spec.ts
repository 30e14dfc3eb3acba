import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { dismissDialogs, openHomeAs, prime } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * Royal Bengal Reels, our own slot (INHOUSE): a member plays it for real money and sees the balance and
 * the betting record change; a visitor plays it for free with play money, marked as such; axe finds
 * nothing on the page or its paytable, at a phone's width and a desktop's, in both themes.
 */

const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

async function axe(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  const builder = within ? new AxeBuilder({ page }).include(within) : new AxeBuilder({ page });
  const result = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary ?? ''})`),
  );
}

test('a member plays the slot for real money: the balance and the betting record change', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const login = await page.request.post('/wps/session/login', {
    data: { username: 'demo01', password: 'Demo1234' },
  });
  const { value } = (await login.json()) as { value: { user: { account: string } } };
  await operator('adjust', value.user.account, '100.00', '--reason', 'journey: in-house slot');

  await prime(page, 'en');
  await page.setViewportSize({ width: 390, height: 844 });
  await openHomeAs(page, 'member', 'en', '/inhouse');
  // The lobby lists our games; the slot opens its own page.
  await page
    .getByRole('list', { name: 'Khela Originals games' })
    .getByRole('button', { name: 'Play Royal Bengal Reels' })
    .click();
  await expect(page).toHaveURL(/\/inhouse\/slot$/);
  await expect(page.getByRole('heading', { name: 'Royal Bengal Reels' })).toBeVisible();
  await expect(page.getByText('Free play · play money, not real money')).toHaveCount(0);
  await expect(page.getByText('Return to player: 96.00%')).toBeVisible();

  const balance = page.getByTestId('slot-balance');
  await expect(balance).toHaveText(/\d/);
  const before = amountOf(await balance.textContent());
  await page.getByRole('combobox', { name: 'Bet' }).selectOption('1.00');
  await snapshot(page, 'slot-member-en-390');
  await page.getByRole('button', { name: 'Spin', exact: true }).click();
  const status = page.locator('.slot-status');
  // The reels land on the server's outcome (free spins, when won, play out before the result).
  await expect(status).toHaveText(/^(You won .+!|No win this time\.)$/, { timeout: 60_000 });
  const win = /You won (.+)!/.exec((await status.textContent()) ?? '')?.[1];
  const after = before - 1 + (win ? amountOf(win) : 0);
  await expect(balance).toHaveText(
    new RegExp(after.toLocaleString('en-US', { minimumFractionDigits: 2 }).replace('.', '\\.')),
  );
  await expect(page.locator('.header-balance')).toContainText(
    after.toLocaleString('en-US', { minimumFractionDigits: 2 }),
  );
  // The round is first among the last rounds beside the reels.
  await expect(page.locator('.slot-rounds li').first()).toContainText('Bet ৳1.00');
  await snapshot(page, 'slot-member-after-spin-en-390');

  // The betting record has the round, with the reels as they stopped.
  await page.goto('/');
  await dismissDialogs(page, 'en');
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Betting history' }).click();
  const rounds = page
    .getByRole('dialog', { name: 'Member centre' })
    .getByRole('list', { name: 'Betting record' });
  await expect(rounds).toBeVisible({ timeout: 20_000 });
  const newest = rounds.getByRole('button').first();
  await expect(newest).toContainText('Royal Bengal Reels');
  await expect(newest).toContainText('Settled');
  await newest.click();
  const detail = page.getByRole('dialog', { name: 'Royal Bengal Reels' });
  const reels = detail.getByRole('table', { name: 'The reels as they stopped' });
  await expect(reels.getByRole('columnheader')).toHaveText([
    'Reel 1',
    'Reel 2',
    'Reel 3',
    'Reel 4',
    'Reel 5',
  ]);
  await expect(reels.locator('tbody tr')).toHaveCount(3);
  await snapshot(page, 'slot-betting-record-detail-en-390');
});

test('a visitor plays the slot for free, with play money that is marked as such', async ({ page }) => {
  await prime(page, 'bn');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openHomeAs(page, 'visitor', 'bn', '/inhouse/slot');
  await expect(page.getByText('ফ্রি খেলা · খেলার টাকা, আসল টাকা নয়')).toBeVisible();
  await expect(page.getByText('খেলার টাকা', { exact: true })).toBeVisible();
  const balance = page.getByTestId('slot-balance');
  // The operator's play-money amount (the trial balance setting), in Bengali digits.
  await expect(balance).toHaveText(/^[০-৯,]+\.[০-৯]{2}৳$/);
  const start = (await balance.textContent()) ?? '';
  await snapshot(page, 'slot-free-bn-360');
  await page.getByRole('button', { name: 'স্পিন (ফ্রি খেলা)' }).click();
  const status = page.locator('.slot-status');
  await expect(status).toHaveText(/(আপনি জিতেছেন|এবার জয় নেই)/, { timeout: 30_000 });
  await expect(balance).not.toHaveText(start);
  await expect(page.locator('.slot-rounds li')).toHaveCount(1);
  await snapshot(page, 'slot-free-after-spin-bn-360');
  // No session, no ledger: the header still offers to log in.
  await expect(page.locator('.header-balance')).toHaveCount(0);
});

for (const theme of ['dark', 'light'] as const) {
  for (const width of [360, 1440]) {
    test(`axe finds nothing on the slot and its paytable, ${theme} theme at ${width} px`, async ({
      page,
    }) => {
      await page.addInitScript((chosen) => localStorage.setItem('theme', chosen), theme);
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      for (const language of ['en', 'bn'] as const) {
        await prime(page, language, theme);
        await page.goto('/inhouse/slot');
        await expect(page.locator('.slot-reels')).toBeVisible();
        await page.locator('.slot-spin').click();
        await expect(page.locator('.slot-rounds li')).toHaveCount(1, { timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        expect(await axe(page, 'main'), `axe on the slot (${language})`).toEqual([]);
        await snapshot(page, `slot-${theme}-${language}-${width}`);
        await page
          .locator('.slot-controls')
          .getByRole('button', { name: language === 'en' ? 'Paytable and rules' : 'পে-টেবিল ও নিয়ম' })
          .click();
        await expect(page.getByRole('dialog')).toBeVisible();
        expect(await axe(page, '[role="dialog"]'), `axe on the paytable (${language})`).toEqual([]);
        await snapshot(page, `slot-paytable-${theme}-${language}-${width}`);
      }
    });
  }
}
