import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeStaffSession } from '@/lib/session';
import { PlayerSearchPage } from './player-search-page';

const item = {
  account: '10000042',
  username: 'rahim01',
  realName: 'Rahim Uddin',
  mobile: '017****5678',
  email: null,
  status: 'active',
  type: 0,
  createdAt: '2026-11-01T04:00:00.000Z',
  matchedOn: ['bankAccount'],
  matchedValue: '0011223344',
};

describe('the player search', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/wps/admin/players?q=0011'))
          return Response.json({
            success: true,
            value: { items: [item], page: 1, pageSize: 20, total: 1, totalCapped: false, totalPages: 1 },
          });
        if (url.startsWith('/wps/admin/players?q=boom'))
          return Response.json({ success: false, code: 'RATE_LIMITED' }, { status: 429 });
        if (url.startsWith('/wps/admin/players'))
          return Response.json({
            success: true,
            value: { items: [], page: 1, pageSize: 20, total: 0, totalCapped: false, totalPages: 0 },
          });
        return Response.json({ success: false, code: 'NOT_FOUND' }, { status: 404 });
      }),
    );
    storeStaffSession({ token: 't', username: 'support', roles: ['support'] });
  });
  afterEach(() => vi.unstubAllGlobals());

  const show = () =>
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={['/players']}>
          <Routes>
            <Route path="/players" element={<PlayerSearchPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );

  it('says which field matched and links each row to its 360', async () => {
    const user = userEvent.setup();
    show();
    expect(await screen.findByText('Nothing to show.')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search players' }), '0011223344');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Players matching “0011223344”' });
    const row = await within(table).findByRole('row', { name: /rahim01/ });
    expect(row).toHaveTextContent('Bank account · 0011223344');
    expect(within(row).getByRole('link', { name: 'Open the 360 of rahim01' })).toHaveAttribute(
      'href',
      '/players/10000042',
    );
  });

  it('shows a server error with its code', async () => {
    const user = userEvent.setup();
    show();
    await user.type(screen.getByRole('searchbox', { name: 'Search players' }), 'boom');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('(RATE_LIMITED)');
  });
});
