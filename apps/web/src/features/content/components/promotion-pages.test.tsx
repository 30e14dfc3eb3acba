import type { Promotion, PromotionDetail } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render-with-providers';
import PromotionDetailPage from '../pages/promotion-detail-page';
import PromotionsPage from '../pages/promotions-page';

const promotion = (id: string, category: Promotion['category'], title: string): Promotion => ({
  id,
  category,
  title,
  summary: `${title} summary`,
  imageUrl: `/img/${id}.jpg`,
  image: null,
  action: null,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
});

const detail = (id: string, title: string): PromotionDetail => ({
  ...promotion(id, 'daily', title),
  content: 'Deposit and get a bonus.\n\nWagering applies.\n<script>x</script>',
});

afterEach(() => vi.unstubAllGlobals());

function servePromotions() {
  return fakeServer({
    'GET /wps/promotions': () => [
      promotion('p1', 'new_player', 'Welcome bonus'),
      promotion('p2', 'daily', 'Daily reload'),
    ],
    'GET /wps/promotions/:id': ({ params }) =>
      params.id === 'p2' ? detail('p2', 'Daily reload') : fail('NOT_FOUND', 404),
  });
}

describe('PromotionsPage', () => {
  it('filters by category and links each card to its detail', async () => {
    servePromotions();
    const { user } = renderWithProviders(<PromotionsPage />, { route: '/promotions' });
    expect(await screen.findByRole('link', { name: /Welcome bonus/ })).toHaveAttribute(
      'href',
      '/promoDetail/p1',
    );
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    // Only categories that have promotions get a tab.
    expect(tabs).toEqual(['All', 'New player', 'Daily']);

    await user.click(screen.getByRole('tab', { name: 'Daily' }));
    expect(screen.queryByRole('link', { name: /Welcome bonus/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Daily reload/ })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/promotions?category=daily');
  });

  it('opens the promotion named in ?id= and closes it again', async () => {
    servePromotions();
    const { user } = renderWithProviders(<PromotionsPage />, { route: '/promotions?id=p2' });
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByRole('heading', { name: 'Daily reload', level: 2 }),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('Wagering applies.\n<script>x</script>', { normalizer: (text) => text }),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/promotions$/);
  });
});

describe('PromotionDetailPage', () => {
  it('shows the promotion with its paragraphs as plain text', async () => {
    servePromotions();
    renderWithProviders(<PromotionDetailPage />, { route: '/promoDetail/p2', path: '/promoDetail/:id' });
    expect(await screen.findByRole('heading', { name: 'Daily reload', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Deposit and get a bonus.')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText(/no end date/)).toBeInTheDocument();
  });

  it('shows not found with a way back when the server answers 404', async () => {
    servePromotions();
    renderWithProviders(<PromotionDetailPage />, { route: '/promoDetail/gone', path: '/promoDetail/:id' });
    expect(await screen.findByText('This promotion was not found')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /All promotions/ })[0]).toHaveAttribute('href', '/promotions');
  });
});
