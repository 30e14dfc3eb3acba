import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test.js';
import { operator } from '../support/operator.js';
import { registerMember } from '../support/member.js';
import { snapshot } from '../support/screenshot.js';

/**
 * The money queues of the back office (issue 27, part 1): a player's bank-transfer deposit with a proof
 * image is confirmed by finance from the image and credited once; a withdrawal above the four-eyes
 * amount needs finance's first approval and the owner's second; support sees neither queue and gets
 * 403 from their calls; axe finds nothing on each queue page.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];
const LANDMARK_RULES = [
  'landmark-no-duplicate-banner',
  'landmark-unique',
  'landmark-no-duplicate-contentinfo',
  'region',
];
const STAFF_PASSWORD = 'Staff-Pass-2026';
const OWNER = { username: 'admin', password: 'Admin-Pass-2026' };
/** The journey's four-eyes amount: a withdrawal of 2000.00 is above it. */
const FOUR_EYES_WITHDRAWAL = '1000';

async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const wcag = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const landmarks = await new AxeBuilder({ page }).withRules(LANDMARK_RULES).analyze();
  return [...wcag.violations, ...landmarks.violations].flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary ?? ''})`),
  );
}

async function staffToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/wps/admin/session/login', { data: { username, password } });
  const body = (await response.json()) as { success: boolean; value: { token: string } };
  expect(body.success, `staff login ${username}`).toBe(true);
  return body.value.token;
}

async function memberBalance(request: APIRequestContext, username: string): Promise<string> {
  const login = await request.post('/wps/session/login', { data: { username, password: 'Play12345' } });
  const session = (await login.json()) as { success: boolean; value: { token: string } };
  expect(session.success).toBe(true);
  const response = await request.get('/wps/v2/wallets/balance', {
    headers: { authorization: `Bearer ${session.value.token}` },
  });
  const body = (await response.json()) as { success: boolean; value: { sumBalance: string } };
  expect(body.success).toBe(true);
  return body.value.sumBalance;
}

/** A desktop tab signed into the back office as this member of staff. */
async function staffPage(browser: Browser, username: string, password: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/admin');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${username}`)).toBeVisible();
  return page;
}

test.describe('back office: money queues', () => {
  test.beforeAll(async () => {
    await operator('settings', 'set', 'register.captchaEnabled', 'false');
    await operator('settings', 'set', 'cashier.depositTurnoverMultiple', '0');
  });
  test.afterAll(async () => {
    await operator('settings', 'reset', 'register.captchaEnabled');
    await operator('settings', 'reset', 'cashier.depositTurnoverMultiple');
  });

  test('finance confirms a deposit from its proof, four-eyes on a large withdrawal, support kept out', async ({
    page,
    browser,
    request,
  }) => {
    // Four people in three tabs and a dozen pages: about a minute alone, far longer on a shared machine.
    test.setTimeout(300_000);
    // The owner lowers the four-eyes withdrawal amount for this journey, with a reason.
    const ownerToken = await staffToken(request, OWNER.username, OWNER.password);
    const ownerHeaders = { 'x-admin-token': ownerToken };
    const put = await request.put('/wps/admin/settings/staff.fourEyes', {
      headers: ownerHeaders,
      data: {
        value: { withdrawal: FOUR_EYES_WITHDRAWAL, adjustment: '10000', bonus: '10000' },
        reason: 'journey: four-eyes on a small withdrawal',
      },
    });
    expect(put.status(), await put.text()).toBe(200);

    try {
      // 1. The player asks for a bank-transfer deposit on the player site and uploads a proof image.
      await page.addInitScript(() => localStorage.setItem('hisLang', 'en'));
      const { username, account, code } = await registerMember(page, 'mq');
      await page.goto(`/?token=${code}&mc=depositv2`);
      const centre = page.getByRole('dialog', { name: 'Member centre' });
      await expect(centre).toBeVisible();
      const proof = await page.screenshot({ clip: { x: 0, y: 0, width: 390, height: 600 } });
      await centre.getByText('Bank transfer', { exact: true }).first().click();
      await centre.getByRole('textbox', { name: 'Amount' }).fill('5000');
      await centre.getByRole('button', { name: 'Continue' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm deposit' })
        .getByRole('button', { name: 'Confirm deposit' })
        .click();
      await expect(centre.getByText('Transfer exactly', { exact: false })).toBeVisible();
      await centre
        .locator('input[type="file"]')
        .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: proof });
      await centre.getByRole('button', { name: 'Upload proof' }).click();
      await expect(centre.getByText('Proof received. Thank you.')).toBeVisible();
      expect(await memberBalance(request, username)).toBe('0.00');

      // 2. Finance opens the deposit in the back office, sees the proof image, confirms it.
      const finance = await staffPage(browser, 'finance', STAFF_PASSWORD);
      const menu = finance.getByRole('navigation', { name: 'Main menu' });
      for (const entry of ['Deposits', 'Withdrawals', 'Approvals', 'Payment channels']) {
        await expect(menu.getByRole('link', { name: entry, exact: true })).toBeVisible();
      }
      await expect(finance.getByTestId('badge-deposits')).toBeVisible();
      await menu.getByRole('link', { name: 'Deposits', exact: true }).click();
      await expect(finance.getByRole('heading', { level: 1, name: 'Deposits' })).toBeVisible();
      const row = finance.getByRole('row').filter({ hasText: username });
      await expect(row).toContainText('5000.00');
      await expect(row).toContainText('Bank transfer');
      expect(await violations(finance), 'axe on the deposits queue').toEqual([]);
      await snapshot(finance, 'back-office-deposits');
      await row.getByRole('link').click();
      const image = finance.getByRole('img', {
        name: new RegExp(`Proof of payment uploaded by ${username}`),
      });
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(100);
      const box = await image.boundingBox();
      expect(box?.width ?? 0, 'the proof is shown large').toBeGreaterThan(400);
      expect(await violations(finance), 'axe on a deposit').toEqual([]);
      await snapshot(finance, 'back-office-deposit-proof');
      await finance.getByRole('button', { name: 'Confirm deposit' }).click();
      const confirm = finance.getByRole('dialog', { name: 'Confirm this deposit?' });
      await expect(confirm).toContainText(username);
      await confirm.getByRole('button', { name: 'Credit 5000.00' }).click();
      await expect(finance.getByText('Confirmed: 5000.00 was credited to the member.')).toBeVisible();
      expect(await memberBalance(request, username)).toBe('5000.00');
      // Confirming it again moves nothing: the server says it is decided, by its code.
      const financeToken = await staffToken(request, 'finance', STAFF_PASSWORD);
      const pending = await request.get('/wps/admin/deposits?status=credited', {
        headers: { 'x-admin-token': financeToken },
      });
      const credited = (await pending.json()) as {
        value: { list: { id: string; memberUsername: string }[] };
      };
      const depositId = credited.value.list.find((deposit) => deposit.memberUsername === username)?.id;
      expect(depositId).toBeTruthy();
      const again = await request.post(`/wps/admin/deposits/${depositId}/confirm`, {
        headers: { 'x-admin-token': financeToken },
      });
      expect(again.ok()).toBe(false);
      expect(await memberBalance(request, username)).toBe('5000.00');

      // 3. The player withdraws 2000.00, above the four-eyes amount.
      await page.goto('/?mc=withdraw');
      const withdraw = page.getByRole('dialog', { name: 'Member centre' });
      await expect(withdraw.getByRole('heading', { name: 'Withdraw', exact: true })).toBeVisible();
      await withdraw.getByLabel('Login password').fill('Play12345');
      await withdraw.getByLabel('New payment password').fill('246810');
      await withdraw.getByLabel('Confirm payment password').fill('246810');
      await withdraw.getByRole('button', { name: /Save payment password|Set payment password/ }).click();
      await withdraw.getByLabel('Bank name').fill('Demo Bank');
      await withdraw.getByLabel('Account name').fill('Queue Tester');
      await withdraw.getByLabel('Account number').fill('0099887766');
      await withdraw.getByRole('button', { name: 'Save bank account' }).click();
      await withdraw.getByRole('textbox', { name: 'Amount' }).fill('2000');
      await withdraw.getByLabel('Payment password').fill('246810');
      await withdraw.getByRole('button', { name: 'Continue' }).click();
      await page
        .getByRole('dialog', { name: 'Confirm withdrawal' })
        .getByRole('button', { name: 'Confirm withdrawal' })
        .click();
      await expect(page.getByRole('group', { name: 'Balance' })).toContainText('3,000.00');

      // 4. Finance gives the first approval: it waits for a second approver, not finance again.
      await finance
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Withdrawals' })
        .click();
      await expect(finance.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
      const wrow = finance.getByRole('row').filter({ hasText: username });
      await expect(wrow).toContainText('2000.00');
      await expect(wrow).toContainText('New bank account');
      await expect(wrow).toContainText('First withdrawal');
      expect(await violations(finance), 'axe on the withdrawals queue').toEqual([]);
      await snapshot(finance, 'back-office-withdrawals');
      await wrow.getByRole('link').click();
      await finance.getByRole('button', { name: 'Approve', exact: true }).click();
      const approve = finance.getByRole('dialog', { name: 'Approve this withdrawal?' });
      await approve.getByLabel('Payout reference').fill('BANK-REF-FIRST');
      await approve.getByRole('button', { name: 'Approve 2000.00' }).click();
      await expect(
        finance.getByText('First approval recorded: the withdrawal is awaiting a second approver.'),
      ).toBeVisible();
      await expect(finance.getByText(/a different member of staff must give the second/)).toBeVisible();
      await expect(finance.getByRole('button', { name: /approv/i })).toHaveCount(0);
      expect(await violations(finance), 'axe on a withdrawal awaiting its second approval').toEqual([]);
      await snapshot(finance, 'back-office-withdrawal-first-approval');

      // Approvals: the owner asks a manual adjustment above its four-eyes amount (10000); finance confirms it.
      const adjust = await request.post(`/wps/admin/members/${account}/adjust`, {
        headers: ownerHeaders,
        data: { amount: '15000.00', reason: 'journey: goodwill credit', requestId: `mq-adjust-${account}` },
      });
      const adjusted = (await adjust.json()) as {
        success: boolean;
        value: { approval: { id: string } | null };
      };
      expect(adjusted.success, JSON.stringify(adjusted)).toBe(true);
      expect(adjusted.value.approval).not.toBeNull();
      await finance
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Approvals' })
        .click();
      await expect(finance.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
      const arow = finance.getByRole('row').filter({ hasText: account });
      await expect(arow).toContainText('15000.00');
      await expect(arow).toContainText('goodwill credit');
      expect(await violations(finance), 'axe on the approvals').toEqual([]);
      await snapshot(finance, 'back-office-approvals');
      await arow.getByRole('button', { name: /^Confirm/ }).click();
      const confirmApproval = finance.getByRole('dialog', { name: 'Confirm this request?' });
      await confirmApproval.getByRole('button', { name: 'Confirm 15000.00' }).click();
      await expect(finance.getByText('Confirmed: the change is carried out.')).toBeVisible();
      expect(await memberBalance(request, username)).toBe('18000.00');
      await finance
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('link', { name: 'Payment channels' })
        .click();
      await expect(finance.getByRole('heading', { level: 1, name: 'Payment channels' })).toBeVisible();
      await expect(finance.getByRole('table', { name: /Payment channels/ })).toContainText('Bank transfer');
      expect(await violations(finance), 'axe on the payment channels').toEqual([]);
      await snapshot(finance, 'back-office-channels');

      // 5. The owner gives the second approval: the withdrawal is paid.
      const owner = await staffPage(browser, OWNER.username, OWNER.password);
      await owner.goto('/admin/withdrawals?status=awaiting_second');
      const orow = owner.getByRole('row').filter({ hasText: username });
      await expect(orow).toContainText('first: finance');
      await orow.getByRole('link').click();
      await expect(owner.getByText(/finance approved first/)).toBeVisible();
      await owner.getByRole('button', { name: 'Give the second approval' }).click();
      const second = owner.getByRole('dialog', { name: 'Give the second approval?' });
      await second.getByLabel('Payout reference').fill('BANK-REF-SECOND');
      await second.getByRole('button', { name: 'Approve 2000.00' }).click();
      await expect(owner.getByText('Approved: 2000.00 is paid.')).toBeVisible();
      await expect(owner.getByText('Decided by')).toBeVisible();
      await snapshot(owner, 'back-office-withdrawal-paid');
      // Usable at 768 px: the menu folds, the queue stays readable.
      await owner.setViewportSize({ width: 768, height: 900 });
      await owner.goto('/admin/withdrawals?status=paid');
      await expect(owner.getByRole('row').filter({ hasText: username })).toContainText('2000.00');
      expect(await violations(owner), 'axe on the withdrawals at 768 px').toEqual([]);
      await snapshot(owner, 'back-office-withdrawals-768');
      await owner.context().close();
      await finance.context().close();

      // 6. Support sees no money queue, and their calls answer 403.
      const support = await staffPage(browser, 'support', STAFF_PASSWORD);
      const supportMenu = support.getByRole('navigation', { name: 'Main menu' });
      for (const entry of ['Deposits', 'Withdrawals', 'Approvals', 'Payment channels']) {
        await expect(supportMenu.getByRole('link', { name: entry, exact: true })).toHaveCount(0);
      }
      await support.context().close();
      const supportToken = await staffToken(request, 'support', STAFF_PASSWORD);
      const forbidden = await request.get('/wps/admin/withdrawals', {
        headers: { 'x-admin-token': supportToken },
      });
      expect(forbidden.status()).toBe(403);
      const forbiddenDeposits = await request.get('/wps/admin/deposits?status=pending', {
        headers: { 'x-admin-token': supportToken },
      });
      expect(forbiddenDeposits.status()).toBe(403);
    } finally {
      await request.post('/wps/admin/settings/staff.fourEyes/reset', {
        headers: ownerHeaders,
        data: { reason: 'journey done' },
      });
    }
  });
});
