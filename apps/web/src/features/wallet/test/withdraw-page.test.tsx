import type { BankAccount, ErrorCode, MemberInfo, Withdrawal, WithdrawInfo } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WithdrawPage } from '../pages/withdraw-page';
import { bodyOf, fail, fakeServer } from '@/test/fake-server';
import { logIn, page, renderWallet } from './wallet-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account: BankAccount = {
  id: 'ba1',
  bankName: 'City Bank',
  accountName: 'Rahim Uddin',
  accountNumber: '******7890',
  createdAt: '2026-11-01T00:00:00.000Z',
};
const info = (overrides: Partial<WithdrawInfo> = {}): WithdrawInfo => ({
  withdrawable: '5000.00',
  minAmount: '500',
  maxAmount: '20000',
  turnover: { required: '1000.00', wagered: '1000.00', remaining: '0.00' },
  hasPaymentPassword: true,
  requireRealName: true,
  realName: 'Rahim Uddin',
  bankAccounts: [account],
  ...overrides,
});
const withdrawal = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  id: 'w1',
  amount: '1000.00',
  status: 'pending',
  bankAccount: account,
  payoutReference: null,
  reason: null,
  forcedReceipt: false,
  createdAt: '2026-11-20T08:00:00.000Z',
  decidedAt: null,
  paidAt: null,
  confirmedAt: null,
  autoReceiptAt: null,
  ...overrides,
});
const props = { info: {} as MemberInfo, onNavigate: () => {} };

async function fillAndConfirm(user: ReturnType<typeof renderWallet>['user'], amount = '1000') {
  await user.type(await screen.findByRole('textbox', { name: 'Amount' }), amount);
  await user.type(screen.getByLabelText('Payment password'), '123456');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
  expect(dialog).toHaveTextContent('Withdraw ৳1,000.00 to City Bank ******7890?');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
}

describe('withdraw', () => {
  it('confirms, then posts with a requestId and shows success', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/cashier/withdraw-info': () => info(),
      'POST /wps/cashier/withdrawals': () => withdrawal(),
    });
    const { user } = renderWallet(<WithdrawPage {...props} />);
    await fillAndConfirm(user);
    expect(await screen.findByText(/Withdrawal of ৳1,000.00 requested/)).toBeInTheDocument();
    const posts = server.calls('POST /wps/cashier/withdrawals');
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0]!)).toMatchObject({
      bankAccountId: 'ba1',
      amount: '1000.00',
      paymentPassword: '123456',
    });
    expect(String(bodyOf(posts[0]!).requestId)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('chooses a newly bound bank account for the request', async () => {
    logIn();
    let accounts: BankAccount[] = [];
    const server = fakeServer({
      'GET /wps/cashier/withdraw-info': () => info({ bankAccounts: accounts }),
      'POST /wps/cashier/bank-accounts': () => {
        accounts = [{ ...account, bankName: 'Demo Bank' }];
        return accounts[0]!;
      },
      'POST /wps/cashier/withdrawals': () => withdrawal(),
    });
    const { user } = renderWallet(<WithdrawPage {...props} />);
    await user.type(await screen.findByLabelText('Bank name'), 'Demo Bank');
    await user.type(screen.getByLabelText('Account number'), '0011223344');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByRole('radio', { name: /Demo Bank/ })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '1000');
    await user.type(screen.getByLabelText('Payment password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm withdrawal' }));
    await vi.waitFor(() => expect(server.calls('POST /wps/cashier/withdrawals')).toHaveLength(1));
    expect(bodyOf(server.calls('POST /wps/cashier/withdrawals')[0]!)).toMatchObject({ bankAccountId: 'ba1' });
  });

  it('blocks an amount above the withdrawable balance before sending', async () => {
    logIn();
    const server = fakeServer({ 'GET /wps/cashier/withdraw-info': () => info() });
    const { user } = renderWallet(<WithdrawPage {...props} />);
    await user.type(await screen.findByRole('textbox', { name: 'Amount' }), '6000');
    await user.type(screen.getByLabelText('Payment password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('You can withdraw at most ৳5,000.00.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls('POST /wps/cashier/withdrawals')).toHaveLength(0);
  });

  it.each([
    ['INVALID_PAYMENT_PASSWORD', 400, {}, 'Payment password', 'The payment password is not correct.'],
    [
      'AMOUNT_OUT_OF_RANGE',
      400,
      { minAmount: '500.00', maxAmount: '800.00' },
      'Amount',
      'The amount must be between ৳500.00 and ৳800.00.',
    ],
    ['INSUFFICIENT_FUNDS', 409, { withdrawable: '750.25' }, 'Amount', 'You can withdraw at most ৳750.25.'],
    ['TURNOVER_NOT_MET', 409, { remaining: '1234.50' }, 'Amount', 'Remaining: ৳1,234.50.'],
  ])('shows %s under the right field with the numbers', async (code, status, details, field, message) => {
    logIn();
    fakeServer({
      'GET /wps/cashier/withdraw-info': () => info(),
      'POST /wps/cashier/withdrawals': () => fail(code as ErrorCode, status, { details }),
    });
    const { user } = renderWallet(<WithdrawPage {...props} />);
    await fillAndConfirm(user);
    const input = await screen.findByLabelText(field);
    await vi.waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('error'));
    expect(document.getElementById(errorId ?? '')).toHaveTextContent(message);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // What the member typed stays.
    expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveValue('1000');
  });

  it('explains the remaining turnover and disables the form', async () => {
    logIn();
    fakeServer({
      'GET /wps/cashier/withdraw-info': () =>
        info({ turnover: { required: '1000.00', wagered: '400.00', remaining: '600.00' } }),
    });
    renderWallet(<WithdrawPage {...props} />);
    expect(
      await screen.findByText(/must be wagered before you can withdraw. Remaining: ৳600.00/),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Wagering progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(screen.getByRole('textbox', { name: 'Amount' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('asks to set a payment password first, and locks the account name to the real name', async () => {
    logIn();
    fakeServer({
      'GET /wps/cashier/withdraw-info': () => info({ hasPaymentPassword: false, bankAccounts: [] }),
    });
    renderWallet(<WithdrawPage {...props} />);
    expect(await screen.findByRole('form', { name: 'Set a payment password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Login password')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Account name' });
    expect(name).toHaveValue('Rahim Uddin');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Amount' })).toBeDisabled();
  });

  it('shows receipt buttons only for paid withdrawals and confirms receipt', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/cashier/withdraw-info': () => info(),
      'GET /wps/cashier/withdrawals': () =>
        page([
          withdrawal({
            id: 'w1',
            status: 'paid',
            amount: '1000.00',
            autoReceiptAt: '2026-11-22T08:00:00.000Z',
          }),
          withdrawal({ id: 'w2', status: 'pending', amount: '2000.00' }),
          withdrawal({ id: 'w3', status: 'auto_received', amount: '3000.00', forcedReceipt: true }),
          withdrawal({ id: 'w4', status: 'received', amount: '4000.00' }),
        ]),
      'POST /wps/cashier/withdrawals/:id/received': () => withdrawal({ id: 'w1', status: 'received' }),
    });
    const { user } = renderWallet(<WithdrawPage {...props} />);
    await user.click(await screen.findByRole('tab', { name: 'Withdrawal records' }));
    const table = await screen.findByRole('table', { name: 'Withdrawal records' });
    expect(within(table).getAllByRole('button', { name: /^I received it/ })).toHaveLength(1);
    expect(within(table).getAllByRole('button', { name: /^Not received/ })).toHaveLength(1);
    expect(within(table).getByText('Forced receipt')).toBeInTheDocument();
    expect(within(table).getByText(/Counts as received on/)).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'I received it, ৳1,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm receipt' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, I received it' }));
    await vi.waitFor(() =>
      expect(server.calls('POST /wps/cashier/withdrawals/:id/received')).toHaveLength(1),
    );
    expect(bodyOf(server.calls('POST /wps/cashier/withdrawals/:id/received')[0]!)).toEqual({
      received: true,
    });
  });

  it('requires a proof image for "not received" and sends it as multipart', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/cashier/withdraw-info': () => info(),
      'GET /wps/cashier/withdrawals': () => page([withdrawal({ status: 'paid' })]),
      'POST /wps/cashier/withdrawals/:id/not-received': () => withdrawal({ status: 'not_received' }),
    });
    const { user } = renderWallet(<WithdrawPage {...props} />);
    await user.click(await screen.findByRole('tab', { name: 'Withdrawal records' }));
    await user.click(await screen.findByRole('button', { name: 'Not received, ৳1,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report not received' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please choose an image as proof.')).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'x.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Proof image'), big);
    expect(await within(dialog).findByText(/larger than 5 MB/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(server.calls('POST /wps/cashier/withdrawals/:id/not-received')).toHaveLength(0);

    await user.upload(
      within(dialog).getByLabelText('Proof image'),
      new File(['j'], 'x.jpg', { type: 'image/jpeg' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await vi.waitFor(() =>
      expect(server.calls('POST /wps/cashier/withdrawals/:id/not-received')).toHaveLength(1),
    );
    const sent = server.calls('POST /wps/cashier/withdrawals/:id/not-received')[0]!;
    expect((sent.body as FormData).get('proof')).toBeInstanceOf(File);
  });
});
