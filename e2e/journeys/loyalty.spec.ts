import { expect, test } from '../support/test.js';
import { operator } from '../support/operator.js';
import { registerMember } from '../support/member.js';
import { snapshot } from '../support/screenshot.js';
import { dismissDialogs, prime, type Language } from '../support/sessions.js';

const text = {
  en: {
    redeemJersey: 'Redeem Cricket jersey',
    confirm: 'Redeem now',
    done: /Reference RD[0-9A-F]{16}/,
    records: 'Records',
    inProcess: 'In process',
    approved: 'Approved',
    points: 'My points',
  },
  bn: {
    redeemJersey: 'ক্রিকেট জার্সি রিডিম করুন',
    confirm: 'এখনই রিডিম করুন',
    done: /রেফারেন্স RD[0-9A-F]{16}/,
    records: 'রেকর্ড',
    inProcess: 'প্রক্রিয়াধীন',
    approved: 'অনুমোদিত',
    points: 'পয়েন্ট',
  },
} as const;

test.describe('points mall', () => {
  test.beforeAll(async () => {
    await operator('settings', 'set', 'register.captchaEnabled', 'false');
  });
  test.afterAll(async () => {
    await operator('settings', 'reset', 'register.captchaEnabled');
  });

  for (const language of ['en', 'bn'] as const satisfies readonly Language[]) {
    test(`a member redeems points in the mall and the operator approves (${language})`, async ({ page }) => {
      const words = text[language];
      await prime(page, language);
      const { account, code } = await registerMember(page, 'mall');
      await operator('points', 'adjust', account, '5000', '--reason', 'e2e grant');

      await page.goto(`/pointMall?token=${code}`);
      await dismissDialogs(page, language);
      const redeem = page.getByRole('button', { name: words.redeemJersey });
      await expect(redeem).toBeEnabled();
      await expect(page.getByTestId('mall-balance')).toHaveText(language === 'en' ? '5,000' : '৫,০০০');
      await snapshot(page, `point-mall-${language}`);
      await redeem.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: words.confirm }).click();
      await expect(dialog.getByText(words.done)).toBeVisible();
      await snapshot(page, `point-mall-redeemed-${language}`);
      const reference = /RD[0-9A-F]{16}/.exec((await dialog.textContent()) ?? '')?.[0] ?? '';
      await dialog.getByRole('button').last().click();
      // The jersey's limit is one per member: it is spent now, and the points with it.
      await expect(redeem).toBeDisabled();
      await expect(page.getByTestId('mall-balance')).toHaveText(language === 'en' ? '3,000' : '৩,০০০');

      await page.getByRole('tab', { name: words.records }).click();
      await expect(page.getByText(reference)).toBeVisible();
      await expect(page.getByText(words.inProcess)).toBeVisible();
      expect(await operator('points', 'approve', reference)).toContain('approved');
      await page.reload();
      await expect(page.getByText(words.approved)).toBeVisible();
      await snapshot(page, `point-mall-records-${language}`);

      await page.getByRole('tab', { name: words.points }).click();
      await expect(page.getByTestId('points-balance')).toBeVisible();
      await snapshot(page, `points-${language}`);

      await page.goto('/pointMall?mc=playerRank');
      await expect(page.getByRole('progressbar')).toBeVisible();
      await snapshot(page, `player-rank-${language}`);
    });
  }
});
