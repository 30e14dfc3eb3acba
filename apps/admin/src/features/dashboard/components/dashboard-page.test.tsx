import type { Dashboard, DashboardFigures } from '@platform/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { storeStaffSession } from '@/lib/session';
import { DashboardPage } from './dashboard-page';

const figures = (over: Partial<DashboardFigures>): DashboardFigures => ({
  bets: 0,
  stakes: '0.00',
  wins: '0.00',
  ggr: '0.00',
  registrations: 0,
  firstDeposits: { count: 0, amount: '0.00' },
  depositors: 0,
  deposits: { count: 0, amount: '0.00' },
  withdrawals: { count: 0, amount: '0.00' },
  netDeposits: '0.00',
  activePlayers: 0,
  bonuses: '0.00',
  commissions: '0.00',
  ngr: '0.00',
  ...over,
});

const play = { bets: 0, stakes: '0.00', wins: '0.00', ggr: '0.00' };
const answer: Dashboard = {
  from: '2026-11-29',
  to: '2026-11-29',
  previousFrom: '2026-11-28',
  previousTo: '2026-11-28',
  current: figures({ registrations: 4, deposits: { count: 3, amount: '1500.00' }, ggr: '-20.00', bets: 10 }),
  previous: figures({ registrations: 0, deposits: { count: 2, amount: '1000.00' }, ggr: '40.00', bets: 10 }),
  categories: [
    {
      category: 'RNG',
      current: { bets: 10, stakes: '100.00', wins: '120.00', ggr: '-20.00' },
      previous: { ...play, ggr: '40.00' },
    },
    { category: 'LOTTERY', current: play, previous: play },
  ],
  series: [
    { day: '2026-11-29', ...figures({ registrations: 4, deposits: { count: 3, amount: '1500.00' } }) },
  ],
  rolledUpTo: '2026-11-29T05:00:00.000Z',
};

describe('the dashboard', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input).startsWith('/wps/admin/dashboard'))
          return Response.json({ success: true, value: answer });
        return Response.json({
          success: true,
          value: { info: { currency: { code: 'BDT', locales: { en: 'en-US', bn: 'bn-BD' } } } },
        });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each figure beside the previous period with the change and percentage, from zero too', async () => {
    storeStaffSession({ token: 't', username: 'admin', roles: ['owner'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Figures of the period' });
    const deposits = within(list)
      .getAllByRole('listitem')
      .find((item) => item.dataset.figure === 'deposits');
    await waitFor(() => expect(deposits).toHaveTextContent('৳1,500.00'));
    expect(deposits).toHaveTextContent('Before: ৳1,000.00');
    expect(deposits).toHaveTextContent('up +৳500.00 (+50%)');
    const registrations = within(list)
      .getAllByRole('listitem')
      .find((item) => item.dataset.figure === 'registrations');
    expect(registrations).toHaveTextContent('up +4 (from zero)');
    const ggr = within(list)
      .getAllByRole('listitem')
      .find((item) => item.dataset.figure === 'ggr');
    expect(ggr).toHaveTextContent('down -৳60.00 (-150%)');
    const bets = within(list)
      .getAllByRole('listitem')
      .find((item) => item.dataset.figure === 'bets');
    expect(bets).toHaveTextContent('no change 0 (0%)');

    const table = screen.getByRole('table', { name: 'By game category' });
    const slots = within(table).getByRole('row', { name: /Slots/ });
    expect(slots).toHaveTextContent('-৳20.00');
    expect(screen.getByRole('figure', { name: 'Bets per day' })).toBeInTheDocument();
    // the request asked the site's today
    const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url).startsWith('/wps/admin/dashboard'));
    expect(String(call?.[0])).toMatch(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  });
});
