import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeStaffSession } from '@/lib/session';
import { DataGrid, gridColumns, gridQuery, type GridState } from './data-grid';

interface Deposit {
  id: string;
  account: string;
  amount: string;
}

const column = gridColumns<Deposit>();
const columns = column.columns([
  column.accessor('account', { header: 'Account' }),
  column.accessor('amount', { header: 'Amount' }),
  column.accessor('id', { header: 'Reference', enableSorting: false }),
]);
const rows: Deposit[] = [
  { id: 'D1', account: '1000001', amount: '100.00' },
  { id: 'D2', account: '1000002', amount: '250.00' },
];

function Grid(props: {
  status?: 'pending' | 'error' | 'success';
  rows?: Deposit[];
  onState?: (state: GridState) => void;
}) {
  const [state, setState] = useState<GridState>({ page: 1, pageSize: 20, sort: null });
  return (
    <DataGrid
      caption="Deposits"
      columns={columns}
      rows={props.rows ?? rows}
      rowCount={45}
      state={state}
      onStateChange={(next) => {
        setState(next);
        props.onState?.(next);
      }}
      status={props.status ?? 'success'}
      rowId={(row) => row.id}
      csv={{ call: 'adminDeposits', query: { status: 'pending' }, fileName: 'deposits.csv' }}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('DataGrid', () => {
  it('draws the page of rows the server answered, with the row count and pages', () => {
    render(<Grid />);
    const table = screen.getByRole('table', { name: 'Deposits' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('45 rows')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('asks the server for another order, from the first page, and marks the sorted column', async () => {
    const onState = vi.fn();
    render(<Grid onState={onState} />);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onState).toHaveBeenLastCalledWith({ page: 2, pageSize: 20, sort: null });
    await userEvent.click(screen.getByRole('button', { name: /Amount/ }));
    const last = onState.mock.lastCall?.[0] as GridState;
    expect(last.page).toBe(1);
    expect(last.sort?.id).toBe('amount');
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort');
    expect(gridQuery(last)).toMatchObject({ pageNo: 1, pageSize: 20, sort: 'amount' });
    // A column that does not sort has no button.
    expect(within(screen.getByRole('columnheader', { name: 'Reference' })).queryByRole('button')).toBeNull();
  });

  it('says loading, empty and failed in words', () => {
    const { rerender } = render(<Grid status="pending" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    rerender(<Grid rows={[]} />);
    expect(screen.getByText('Nothing to show.')).toBeInTheDocument();
    rerender(<Grid status="error" />);
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be loaded.');
  });

  it('exports the same list as CSV with the staff token', async () => {
    storeStaffSession({ token: 'staff-token', username: 'admin', roles: ['owner'] });
    const fetchMock = vi.fn(
      async () =>
        new Response('account,amount\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    // jsdom cannot download: the click on the file's link is what the browser would act on.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    render(<Grid />);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/wps/admin/deposits?status=pending&format=csv');
    expect((init.headers as Record<string, string>)['x-admin-token']).toBe('staff-token');
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    click.mockRestore();
  });
});
