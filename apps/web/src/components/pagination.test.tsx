import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { Pagination, pageItems } from './pagination';

describe('pageItems', () => {
  it('shows the margins, three pages around the current one, and ellipses between', () => {
    expect(pageItems(10, 5)).toEqual([1, '…', 4, 5, 6, '…', 10]);
  });

  it('keeps three pages in view at either end', () => {
    expect(pageItems(10, 1)).toEqual([1, 2, 3, '…', 10]);
    expect(pageItems(10, 10)).toEqual([1, '…', 8, 9, 10]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(pageItems(10, 4)).toEqual([1, 2, 3, 4, 5, '…', 10]);
  });

  it('lists every page when they all fit', () => {
    expect(pageItems(3, 2)).toEqual([1, 2, 3]);
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(0, 1)).toEqual([]);
  });
});

function Harness({ onChange }: { onChange(page: number): void }) {
  const [page, setPage] = useState(5);
  return (
    <Pagination
      pageCount={10}
      page={page}
      onChange={(next) => {
        onChange(next);
        setPage(next);
      }}
    />
  );
}

describe('Pagination', () => {
  it('marks the current page and moves on clicks', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav).toHaveTextContent('1…456…10');
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onChange).toHaveBeenLastCalledWith(6);
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 7' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(5);
    await user.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('disables previous on the first page and renders nothing for a single page', () => {
    const { rerender } = renderWithProviders(
      <Pagination pageCount={4} page={1} onChange={() => undefined} />,
    );
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    rerender(<Pagination pageCount={1} page={1} onChange={() => undefined} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
