import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeStaffSession } from '@/lib/session';
import type { StaffApproval } from '../api/approvals';
import { ApprovalsPage } from './approvals-page';

const approval = (id: string, requestedBy: string): StaffApproval => ({
  id,
  kind: 'adjustment',
  memberAccount: '10000042',
  amount: '15000.00',
  turnoverMultiple: null,
  reason: 'goodwill credit',
  requestedBy,
  requestedAt: '2026-11-29T08:00:00.000Z',
  state: 'pending',
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
});

function page(items: StaffApproval[]) {
  return Response.json({
    success: true,
    value: { items, pageNo: 1, pageSize: 50, totalCount: items.length, totalPages: 1 },
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ApprovalsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the approvals page', () => {
  it('lets finance confirm someone else’s request, and says their own needs someone else', async () => {
    storeStaffSession({ token: 'tok', username: 'finance', roles: ['finance'] });
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        return Response.json({
          success: true,
          value: { ...approval('APR-OTHER', 'admin:admin'), state: 'confirmed' },
        });
      }
      expect(url).toContain('state=pending');
      return page([approval('APR-OTHER', 'admin:admin'), approval('APR-MINE', 'admin:finance')]);
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const table = await screen.findByRole('table', { name: 'Approvals: Pending' });
    await within(table).findAllByText('goodwill credit');
    const [, other, mine] = within(table).getAllByRole('row');
    expect(other).toHaveTextContent('admin');
    expect(mine).toHaveTextContent('Your request: a different member of staff must confirm it.');
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(within(other!).getByRole('button', { name: 'Confirm 15000.00 for 10000042' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm this request?' });
    expect(dialog).toHaveTextContent('Balance adjustment of 15000.00 for 10000042, asked by admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm 15000.00' }));
    expect(await screen.findByText('Confirmed: the change is carried out.')).toBeInTheDocument();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/wps/admin/approvals/APR-OTHER/confirm');
  });

  it('shows the server’s refusal by its code', async () => {
    storeStaffSession({ token: 'tok', username: 'finance', roles: ['finance'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: false, code: 'FORBIDDEN' }, { status: 403 })),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('(code FORBIDDEN)');
  });
});
