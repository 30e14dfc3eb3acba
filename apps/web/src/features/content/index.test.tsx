import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { AnnouncementsModal, PromotionsPage } from './index';

afterEach(() => vi.unstubAllGlobals());

describe('content entry points', () => {
  it('loads a modal only when it first opens', async () => {
    const server = fakeServer({
      'GET /wps/announcements/v2': () => ({ list: [], pageNo: 1, pageSize: 9, totalCount: 0, totalPages: 0 }),
    });
    const { rerender } = renderWithProviders(<AnnouncementsModal open={false} onClose={() => undefined} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.fetch).not.toHaveBeenCalled();
    rerender(<AnnouncementsModal open onClose={() => undefined} />);
    expect(await screen.findByRole('dialog', { name: 'Announcements' })).toBeInTheDocument();
  });

  it('renders a lazily loaded page', async () => {
    fakeServer({ 'GET /wps/promotions': () => [] });
    renderWithProviders(<PromotionsPage />, { route: '/promotions' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Promotions' })).toBeInTheDocument();
    expect(await screen.findByText('No promotions right now')).toBeInTheDocument();
  });
});
