import { expect, test } from '../support/test.js';
import { operator } from '../support/operator.js';
import { registerMember } from '../support/member.js';
import { snapshot } from '../support/screenshot.js';

test.describe('wallet and cashier', () => {
  test.beforeAll(async () => {
    await operator('settings', 'set', 'register.captchaEnabled', 'false');
    // No games yet to wager a deposit on: this journey withdraws without a turnover requirement.
    await operator('settings', 'set', 'cashier.depositTurnoverMultiple', '0');
  });
  test.afterAll(async () => {
    await operator('settings', 'reset', 'register.captchaEnabled');
    await operator('settings', 'reset', 'cashier.depositTurnoverMultiple');
  });

  test('deposit through the sandbox gateway, withdraw, operator approves, member confirms receipt', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('hisLang', 'en'));
    const { code } = await registerMember(page, 'cash');
    await page.goto(`/?token=${code}&mc=depositv2`);
    const centre = page.getByRole('dialog', { name: 'Member centre' });
    await expect(centre).toBeVisible();
    const balance = page.getByRole('group', { name: 'Balance' });
    await expect(balance).toContainText('0.00');

    // Deposit 500 through the online gateway's hosted page.
    // The card is the label of its radio button: a person taps the card.
    await centre.getByText('Online payment (sandbox)').click();
    await expect(centre.getByRole('radio', { name: /Online payment \(sandbox\)/ })).toBeChecked();
    await centre.getByRole('textbox', { name: 'Amount' }).fill('500');
    await centre.getByRole('button', { name: 'Continue' }).click();
    await snapshot(page, 'deposit-confirm-en');
    await page
      .getByRole('dialog', { name: 'Confirm deposit' })
      .getByRole('button', { name: 'Confirm deposit' })
      .click();
    await expect(page).toHaveURL(/\/sandbox-gateway\/pay\//);
    await snapshot(page, 'sandbox-gateway');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.getByRole('link', { name: 'Return to the merchant' }).click();
    await expect(page.getByRole('group', { name: 'Balance' })).toContainText('500.00');

    // Withdraw 200: payment password, bank account, request.
    await page.goto('/?mc=withdraw');
    const withdraw = page.getByRole('dialog', { name: 'Member centre' });
    await expect(withdraw.getByRole('heading', { name: 'Withdraw', exact: true })).toBeVisible();
    await snapshot(page, 'withdraw-start-en');
    await withdraw.getByLabel('Login password').fill('Play12345');
    await withdraw.getByLabel('New payment password').fill('246810');
    await withdraw.getByLabel('Confirm payment password').fill('246810');
    await withdraw.getByRole('button', { name: /Save payment password|Set payment password/ }).click();
    await withdraw.getByLabel('Bank name').fill('Demo Bank');
    await withdraw.getByLabel('Account name').fill('Cash Tester');
    await withdraw.getByLabel('Account number').fill('0011223344');
    await withdraw.getByRole('button', { name: 'Save bank account' }).click();
    await withdraw.getByRole('textbox', { name: 'Amount' }).fill('200');
    await withdraw.getByLabel('Payment password').fill('246810');
    await withdraw.getByRole('button', { name: 'Continue' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm withdrawal' })
      .getByRole('button', { name: 'Confirm withdrawal' })
      .click();
    await expect(page.getByRole('group', { name: 'Balance' })).toContainText('300.00');

    // The operator approves it with the operator tool.
    const pending = await operator('withdrawals', 'list', '--status', 'pending');
    const id = pending.match(/wdr_[a-z0-9]+/)?.[0];
    expect(id, pending).toBeTruthy();
    await operator('withdrawals', 'approve', id as string, '--payout-ref', 'BANK-REF-1');

    // The member confirms the money arrived.
    await page.goto('/?mc=withdraw');
    await page.getByRole('tab', { name: 'Withdrawal records' }).click();
    await page.getByRole('button', { name: /I received it/ }).click();
    await page
      .getByRole('dialog', { name: 'Confirm receipt' })
      .getByRole('button', { name: 'Yes, I received it' })
      .click();
    await expect(page.getByRole('table', { name: 'Withdrawal records' })).toContainText(/Received/);
    await snapshot(page, 'withdrawal-received-en');

    // The account record shows each step.
    await page.goto('/?mc=transactionHistory');
    const record = page.getByRole('table', { name: 'Account record' });
    await expect(record).toContainText('500.00');
    await expect(record).toContainText('200.00');
    await expect(record.getByRole('row')).toHaveCount(4);
    await snapshot(page, 'account-record-en');
  });
});
