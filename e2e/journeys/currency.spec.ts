import { expect, test } from '../support/test.js';
import { handOffCode } from '../support/member.js';

test.describe("one currency, the deployment's, in the reader's digits", () => {
  test('the registration title offers the welcome bonus in taka, in Bengali digits', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByText('প্রথম ডিপোজিটে ১০০% স্বাগতম বোনাস, সর্বোচ্চ ১০,০০০.০০৳')).toBeVisible();
    await expect(page.locator('main')).not.toContainText('VND');
  });

  test("a member's balance and deposit limits are in taka, in the language's digits", async ({ page }) => {
    await page.goto(`/?token=${await handOffCode(page)}&mc=depositv2`);
    await expect(page.getByRole('group', { name: 'ব্যালেন্স' })).toContainText(/^[০-৯,.]+৳/);
    const centre = page.getByRole('dialog', { name: 'মেম্বার সেন্টার' });
    await expect(centre).toContainText('সর্বনিম্ন ১০০.০০৳');
    await expect(page.locator('body')).not.toContainText('$');

    await page.evaluate(() => localStorage.setItem('hisLang', 'en'));
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Member centre' })).toContainText(
      'Min ৳100.00 · Max ৳50,000.00',
    );
    await expect(page.getByRole('group', { name: 'Balance' })).toContainText('৳');
    await expect(page.locator('body')).not.toContainText('$');
  });
});
