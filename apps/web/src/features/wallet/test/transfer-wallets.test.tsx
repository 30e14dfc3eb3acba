import type { MemberInfo, VendorTransfer, VendorWallets } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WalletPage } from '../pages/wallet-page';
import { bodyOf, fail, fakeServer } from '@/test/fake-server';
import { logIn, renderWallet } from './wallet-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const wallets = (balance = '0.00', main = '100.00', pendingAmount = '0.00'): VendorWallets => ({
  main,
  wallets: [
    {
      vendor: 'DEMO_XFER',
      title: 'Demo Transfer Wallet (simulator)',
      balance,
      refreshedAt: null,
      pendingAmount,
      autoTransferIn: true,
    },
  ],
});
const transfer = (overrides: Partial<VendorTransfer> = {}): VendorTransfer => ({
  id: 'VT0000000000000000001',
  vendor: 'DEMO_XFER',
  direction: 'in',
  amount: '30.00',
  status: 'succeeded',
  createdAt: '2026-11-21T08:00:00.000Z',
  resolvedAt: '2026-11-21T08:00:01.000Z',
  ...overrides,
});
const props = { info: {} as MemberInfo, onNavigate: () => {} };
const base = {
  'GET /wps/v2/wallets/balance': () => ({ sumBalance: '100.00', demo: false }),
  'GET /wps/wallet/turnover': () => ({ required: '0.00', wagered: '0.00', remaining: '0.00' }),
};

describe('game wallets on my wallet (transfer model)', () => {
  it('transfers in after a confirmation, with a request id, and shows the new balance', async () => {
    logIn();
    let current = wallets();
    const server = fakeServer({
      ...base,
      'GET /wps/transfer/wallets': () => current,
      'POST /wps/transfer/in': () => {
        current = wallets('30.00', '70.00');
        return transfer();
      },
    });
    const { user } = renderWallet(<WalletPage {...props} />);
    const item = await screen.findByRole('listitem', { name: 'Demo Transfer Wallet (simulator)' });
    expect(within(item).getByText('৳0.00')).toBeInTheDocument();
    await user.click(
      within(item).getByRole('button', { name: 'Transfer in to Demo Transfer Wallet (simulator)' }),
    );
    // Nothing moves on a bad amount.
    await user.type(within(item).getByRole('textbox', { name: 'Amount' }), '500');
    await user.click(within(item).getByRole('button', { name: 'Continue' }));
    expect(await within(item).findByText('You have ৳100.00 there.')).toBeInTheDocument();
    await user.clear(within(item).getByRole('textbox', { name: 'Amount' }));
    await user.type(within(item).getByRole('textbox', { name: 'Amount' }), '30');
    await user.click(within(item).getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm transfer in' });
    expect(dialog).toHaveTextContent('Move ৳30.00 from Main wallet to Demo Transfer Wallet (simulator)?');
    expect(server.calls('POST /wps/transfer/in')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Move money' }));
    expect(
      await screen.findByText('Done: ৳30.00 moved to Demo Transfer Wallet (simulator).'),
    ).toBeInTheDocument();
    const posts = server.calls('POST /wps/transfer/in');
    expect(posts).toHaveLength(1);
    expect(bodyOf(posts[0]!)).toMatchObject({ vendor: 'DEMO_XFER', amount: '30.00' });
    expect(String(bodyOf(posts[0]!).requestId)).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByTestId('transfer-balance-DEMO_XFER')).toHaveTextContent('৳30.00');
  });

  it('says honestly that a transfer is pending and shows the amount on its way', async () => {
    logIn();
    let current = wallets('10.00');
    fakeServer({
      ...base,
      'GET /wps/transfer/wallets': () => current,
      'POST /wps/transfer/out': () => {
        current = wallets('10.00', '100.00', '5.00');
        return transfer({ direction: 'out', amount: '5.00', status: 'pending', resolvedAt: null });
      },
    });
    const { user } = renderWallet(<WalletPage {...props} />);
    const item = await screen.findByRole('listitem', { name: 'Demo Transfer Wallet (simulator)' });
    await user.click(
      within(item).getByRole('button', { name: 'Transfer out of Demo Transfer Wallet (simulator)' }),
    );
    await user.type(within(item).getByRole('textbox', { name: 'Amount' }), '5');
    await user.click(within(item).getByRole('button', { name: 'Continue' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Confirm transfer out' })).getByRole('button', {
        name: 'Move money',
      }),
    );
    expect(
      await screen.findByText(
        /৳5.00 is on its way: Demo Transfer Wallet \(simulator\) has not confirmed yet/,
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('৳5.00 pending')).toBeInTheDocument();
  });

  it('consolidates everything after a confirmation; with nothing held the button is off', async () => {
    logIn();
    let current = wallets('55.00', '45.00');
    const server = fakeServer({
      ...base,
      'GET /wps/transfer/wallets': () => current,
      'POST /wps/transfer/consolidate': () => {
        current = wallets('0.00', '100.00');
        return {
          transfers: [transfer({ direction: 'out', amount: '55.00' })],
          failedVendors: [],
          main: '100.00',
        };
      },
    });
    const { user } = renderWallet(<WalletPage {...props} />);
    await user.click(await screen.findByRole('button', { name: 'Move all back to main wallet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move everything back?' });
    expect(dialog).toHaveTextContent('Demo Transfer Wallet (simulator): ৳55.00');
    await user.click(within(dialog).getByRole('button', { name: 'Move all back' }));
    expect(await screen.findByText('Moved back. Main wallet: ৳100.00.')).toBeInTheDocument();
    expect(server.calls('POST /wps/transfer/consolidate')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Move all back to main wallet' })).toBeDisabled();
  });

  it('shows a refresh failure and a loading failure with a retry', async () => {
    logIn();
    let broken = true;
    fakeServer({
      ...base,
      'GET /wps/transfer/wallets': () => (broken ? fail('INTERNAL', 500) : wallets()),
      'POST /wps/transfer/wallets/:vendor/refresh': () => fail('VENDOR_UNAVAILABLE', 503),
    });
    const { user } = renderWallet(<WalletPage {...props} />);
    const retry = await screen.findByRole('button', { name: /retry|try again/i });
    broken = false;
    await user.click(retry);
    const item = await screen.findByRole('listitem', { name: 'Demo Transfer Wallet (simulator)' });
    await user.click(
      within(item).getByRole('button', { name: 'Refresh the balance at Demo Transfer Wallet (simulator)' }),
    );
    expect(await within(item).findByRole('alert')).toHaveTextContent(
      'The game vendor did not answer. Please try again later.',
    );
  });

  it('is not shown to a trial account', async () => {
    logIn(4);
    const server = fakeServer({ ...base, 'GET /wps/transfer/wallets': () => wallets() });
    renderWallet(<WalletPage {...props} />);
    expect(await screen.findByText('৳100.00')).toBeInTheDocument();
    expect(screen.queryByText('Game wallets')).not.toBeInTheDocument();
    expect(server.calls('GET /wps/transfer/wallets')).toHaveLength(0);
  });
});
