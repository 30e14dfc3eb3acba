import type { MemberInfo, Transaction } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quickPickRange } from '@/lib/site-days';
import { BonusDetailsPage } from '../pages/bonus-details-page';
import { TransactionHistoryPage } from '../pages/transaction-history-page';
import { fakeServer, type FakeServer } from '@/test/fake-server';
import { logIn, page, renderWallet } from './wallet-test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const props = { info: {} as MemberInfo, onNavigate: () => {} };
const row = (id: string, amount: string): Transaction => ({
  id,
  type: amount.startsWith('-') ? 'bet' : 'deposit',
  amount,
  balanceAfter: '12345.60',
  reference: `REF-${id}`,
  memo: null,
  createdAt: '2026-11-20T08:00:00.000Z',
});

const lastQuery = (server: FakeServer) => {
  const calls = server.calls('GET /wps/wallet/transactions');
  return calls[calls.length - 1]!.query;
};

describe('account record', () => {
  it('shows signed amounts, balance after and reference; paginates; quick picks set the range', async () => {
    logIn();
    const server = fakeServer({
      'GET /wps/wallet/transactions': ({ url }) => {
        const pageNo = Number(url.searchParams.get('pageNo'));
        return page([row(`t${pageNo}`, pageNo === 1 ? '500.00' : '-20.50')], 5, pageNo);
      },
    });
    const { user } = renderWallet(<TransactionHistoryPage {...props} />);
    const table = await screen.findByRole('table', { name: 'Account record' });
    expect(within(table).getByText('+৳500.00')).toHaveClass('wallet-signed--credit');
    expect(within(table).getByText('৳12,345.60')).toBeInTheDocument();
    expect(within(table).getByText('REF-t1')).toBeInTheDocument();
    expect(within(table).getByText('Deposit')).toBeInTheDocument();
    // Opens on the last 7 days.
    const week = quickPickRange('last7');
    expect(lastQuery(server).get('from')).toBe(week.from);
    expect(lastQuery(server).get('to')).toBe(week.to);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('-৳20.50')).toHaveClass('wallet-signed--debit');
    expect(lastQuery(server).get('pageNo')).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Next 30 days' }));
    const month = quickPickRange('next30');
    expect(screen.getByLabelText('From')).toHaveValue(month.from);
    expect(screen.getByLabelText('To')).toHaveValue(month.to);
    expect(screen.getByRole('button', { name: 'Next 30 days' })).toHaveAttribute('aria-pressed', 'true');
    await vi.waitFor(() => expect(lastQuery(server).get('from')).toBe(month.from));
    expect(lastQuery(server).get('pageNo')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(screen.getByLabelText('From')).toHaveValue(quickPickRange('last30').from);

    await user.selectOptions(screen.getByLabelText('Type'), 'bonus');
    await vi.waitFor(() => expect(lastQuery(server).get('type')).toBe('bonus'));
  });

  it('shows the empty and error states', async () => {
    logIn();
    let failNext = true;
    fakeServer({
      'GET /wps/wallet/transactions': () =>
        failNext
          ? new Response(JSON.stringify({ success: false, code: 'INTERNAL', message: 'errors.INTERNAL' }), {
              status: 500,
            })
          : page([]),
    });
    const { user } = renderWallet(<TransactionHistoryPage {...props} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    failNext = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No transactions in this period')).toBeInTheDocument();
  });
});

describe('bonus details', () => {
  it('lists bonuses and shows an empty state', async () => {
    logIn();
    fakeServer({
      'GET /wps/wallet/bonuses': () =>
        page([{ ...row('b1', '88.00'), type: 'bonus', memo: 'Welcome bonus' }]),
      'GET /wps/bonuses': () => ({ bonuses: [], withdrawRule: 'refuse' }),
    });
    renderWallet(<BonusDetailsPage {...props} />);
    const table = await screen.findByRole('table', { name: 'Bonus details' });
    expect(within(table).getByText('Welcome bonus')).toBeInTheDocument();
    expect(within(table).getByText('+৳88.00')).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    logIn();
    fakeServer({
      'GET /wps/wallet/bonuses': () => page([]),
      'GET /wps/bonuses': () => ({ bonuses: [], withdrawRule: 'refuse' }),
    });
    renderWallet(<BonusDetailsPage {...props} />);
    expect(await screen.findByText('No bonuses yet')).toBeInTheDocument();
    expect(screen.queryByText('Your bonuses and their wagering')).not.toBeInTheDocument();
  });

  it("shows each bonus's turnover requirement and progress, and the withdrawal rule while one is open", async () => {
    logIn();
    const bonus = {
      reference: '2026-11-20',
      grantedAt: '2026-11-21T08:00:00Z',
    };
    fakeServer({
      'GET /wps/wallet/bonuses': () => page([]),
      'GET /wps/bonuses': () => ({
        withdrawRule: 'forfeit',
        bonuses: [
          {
            ...bonus,
            id: 'grant_2',
            kind: 'first-deposit',
            amount: '200.00',
            turnoverRequired: '600.00',
            wagered: '150.00',
            remaining: '450.00',
            status: 'open',
          },
          {
            ...bonus,
            id: 'grant_1',
            kind: 'rebate',
            amount: '5.00',
            turnoverRequired: '0.00',
            wagered: '0.00',
            remaining: '0.00',
            status: 'met',
          },
        ],
      }),
    });
    renderWallet(<BonusDetailsPage {...props} />);
    expect(await screen.findByText('First-deposit bonus')).toBeInTheDocument();
    expect(screen.getByText('Wagering')).toBeInTheDocument();
    expect(screen.getByText('Daily rebate')).toBeInTheDocument();
    expect(screen.getByText('Completed')).toBeInTheDocument();
    // One bar: the rebate has no requirement.
    const bars = screen.getAllByRole('progressbar');
    expect(bars).toHaveLength(1);
    expect(bars[0]).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText(/what is left of that bonus is forfeited/)).toBeInTheDocument();
  });
});
