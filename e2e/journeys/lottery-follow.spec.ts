import { operator } from '../support/operator';
import { snapshot } from '../support/screenshot';
import { openHomeAs, prime, type Language } from '../support/sessions';
import { expect, test } from '../support/test';

/**
 * Follow bets (ADR 062) as a member: the bet slip's "follow N draws", the whole chain paid at once, and
 * the chain in the lottery record with its progress and a cancel that refunds the draws not placed.
 */
const texts = {
  en: {
    add: 'Add to slip',
    total: '3.00',
    progress: /of 3 draws placed/,
    toggle: 'Follow: place this slip on the next draws too',
    draws: /Number of draws/,
    confirm: 'Follow 3 draws',
    placed: /Following 3 draws: .*3\.00 paid/,
    history: 'Betting history',
    lotteryTab: 'Lottery',
    follows: 'Your follow bets',
    cancel: 'Cancel the remaining draws',
    cancelled: /Cancelled: .* refunded/,
  },
  bn: {
    add: 'স্লিপে যোগ করুন',
    total: '৩.০০',
    progress: /৩টি ড্রয়ের মধ্যে/,
    toggle: 'ফলো: এই স্লিপটি পরের ড্রগুলোতেও ধরুন',
    draws: /ড্রয়ের সংখ্যা/,
    confirm: '৩টি ড্র ফলো করুন',
    placed: /৩টি ড্র ফলো করা হচ্ছে/,
    history: 'বাজির ইতিহাস',
    lotteryTab: 'লটারি',
    follows: 'আপনার ফলো বাজি',
    cancel: 'বাকি ড্রগুলো বাতিল করুন',
    cancelled: /বাতিল: .* ফেরত দেওয়া হয়েছে/,
  },
} as const;

for (const [language, width] of [
  ['en', 360],
  ['bn', 1440],
] as [Language, number][]) {
  test(`a member follows a slip for 3 draws and cancels the rest (${language}, ${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const t = texts[language];
    const login = await page.request.post('/wps/session/login', {
      data: { username: 'demo01', password: 'Demo1234' },
    });
    const { value } = (await login.json()) as { value: { user: { account: string } } };
    await operator('adjust', value.user.account, '50.00', '--reason', 'journey: lottery follow');

    await prime(page, language);
    await page.setViewportSize({ width, height: 900 });
    await openHomeAs(page, 'member', language, '/lottery?gameCode=K3-1&playType=size');
    const countdown = page.getByTestId('lottery-countdown');
    await expect(async () => {
      const match = /(\d\d):(\d\d)/.exec((await countdown.textContent()) ?? '');
      expect(match && Number(match[1]) * 60 + Number(match[2]) >= 20).toBe(true);
    }).toPass({ timeout: 70_000 });

    await page.getByTestId('pick-0-big').click();
    await page.getByRole('button', { name: t.add }).click();
    await page.getByRole('checkbox', { name: t.toggle }).check();
    await page.getByLabel(t.draws).fill('3');
    await expect(page.getByTestId('follow-total')).toContainText(t.total);
    await page.locator('.lottery-slip').scrollIntoViewIfNeeded();
    await snapshot(page, `lottery-follow-slip-${language}-${width}`);
    await page.getByRole('button', { name: t.confirm }).click();
    await expect(page.getByText(t.placed)).toBeVisible();

    await page.getByRole('button', { name: /^(Account menu|অ্যাকাউন্ট মেনু)/ }).click();
    await page.getByRole('menuitem', { name: t.history }).click();
    await page.getByRole('tab', { name: t.lotteryTab }).click();
    const follows = page.getByRole('list', { name: t.follows });
    await expect(follows).toBeVisible({ timeout: 20_000 });
    const chain = follows.getByRole('listitem').first();
    await expect(chain).toContainText(t.progress);
    await snapshot(page, `lottery-follow-record-${language}-${width}`);
    await chain.getByRole('button', { name: t.cancel }).click();
    await expect(chain.getByRole('status')).toHaveText(t.cancelled);
    await expect(chain.getByRole('button', { name: t.cancel })).toHaveCount(0);
  });
}
