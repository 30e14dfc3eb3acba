import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownlineTransactionsPage } from './pages/downline-transactions-page';
import { logIn, renderFeature } from '@/test/feature-test-utils';
import { fakeServer } from '@/test/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = (
  list: { kind: 'deposit' | 'transfer'; username: string; amount: string; status: string }[],
) => ({
  list: list.map((row, index) => ({
    ...row,
    id: `tx${index}`,
    detail: null,
    at: '2026-11-21T10:00:00.000Z',
  })),
  pageNo: 1,
  pageSize: 20,
  totalCount: list.length,
  totalPages: list.length > 0 ? 1 : 0,
});

describe('downline transaction details', () => {
  it('lists the team’s transactions and filters them by type and username', async () => {
    logIn(1);
    const server = fakeServer({
      'GET /wps/agent/team/transactions': (request) =>
        request.query.get('kind') === 'transfer'
          ? page([])
          : page([
              { kind: 'deposit', username: 'karim01', amount: '250.00', status: 'credited' },
              { kind: 'transfer', username: 'nadia02', amount: '-30.00', status: 'sent' },
            ]),
    });
    const { user } = renderFeature(<DownlineTransactionsPage />);
    const table = await screen.findByRole('table', { name: 'Team transactions' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(/karim01.*Deposit.*250\.00.*Credited/);
    expect(rows[2]).toHaveTextContent(/nadia02.*Transfer.*-.*30\.00.*Sent/);

    await user.selectOptions(screen.getByLabelText('Type'), 'transfer');
    expect(await screen.findByText('No transactions in these days')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Username'), 'nadia');
    await vi.waitFor(() =>
      expect(server.calls('GET /wps/agent/team/transactions').at(-1)?.query.get('username')).toBe('nadia'),
    );
    expect(server.calls('GET /wps/agent/team/transactions').at(-1)?.query.get('kind')).toBe('transfer');
  });
});
