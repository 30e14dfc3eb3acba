import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { PagedRecords, type PagedQuery } from './paged-records';

const base = { isError: false, error: null, refetch: vi.fn() };

function renderList(query: PagedQuery<string>, onPageChange = vi.fn()) {
  return renderWithProviders(
    <PagedRecords
      query={query}
      page={2}
      onPageChange={onPageChange}
      loadingLabel="Loading records"
      errorText={() => 'Could not load'}
      empty={{ title: 'Nothing yet', hint: 'Records show here' }}
    >
      {(list) => (
        <ul aria-label="rows">
          {list.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </PagedRecords>,
  );
}

describe('PagedRecords', () => {
  it('says it is loading, then shows the rows with the pagination', async () => {
    const loading = renderList({ ...base });
    expect(screen.getByText('Loading records')).toBeInTheDocument();
    loading.unmount();
    const onPageChange = vi.fn();
    const { user } = renderList({ ...base, data: { list: ['a', 'b'], totalPages: 3 } }, onPageChange);
    expect(screen.getByRole('list', { name: 'rows' })).toHaveTextContent('ab');
    await user.click(screen.getByRole('button', { name: /3/ }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('shows the empty state and the error state with a retry', async () => {
    const empty = renderList({ ...base, data: { list: [], totalPages: 0 } });
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
    empty.unmount();
    const refetch = vi.fn();
    const { user } = renderList({ isError: true, error: new Error('x'), refetch });
    expect(screen.getByText('Could not load')).toBeInTheDocument();
    await user.click(screen.getByRole('button'));
    expect(refetch).toHaveBeenCalled();
  });
});
