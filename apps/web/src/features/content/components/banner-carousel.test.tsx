import type { Banner } from '@platform/contract/client';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '@/test/browser-stubs';
import { fakeServer } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render-with-providers';
import { BannerCarousel } from './banner-carousel';

const banner = (overrides: Partial<Banner>): Banner => ({
  bannerId: 'b',
  groupName: 'w_home',
  url: '/img/b.jpg',
  title: 'Banner',
  linkageType: 'NONE',
  linkage: null,
  ...overrides,
});

beforeEach(() => installBrowserStubs());
afterEach(() => vi.unstubAllGlobals());

describe('BannerCarousel', () => {
  it('asks for the group in the current language and links each banner by its type', async () => {
    const server = fakeServer({
      'GET /wps/content/banners': () => [
        banner({ bannerId: '1', title: 'Route', linkageType: 'ROUTE', linkage: '/live' }),
        banner({ bannerId: '2', title: 'Outside', linkageType: 'URL', linkage: 'https://example.com/x' }),
        banner({ bannerId: '3', title: 'Promo', linkageType: 'PROMOTION', linkage: 'p1' }),
        banner({ bannerId: '4', title: 'Plain', linkageType: 'NONE' }),
        banner({ bannerId: '5', title: 'Unsafe', linkageType: 'URL', linkage: 'javascript:alert(1)' }),
      ],
    });
    renderWithProviders(<BannerCarousel group="w_home" />, { language: 'bn' });
    const images = await screen.findAllByRole('img', { hidden: true });
    expect(images).toHaveLength(5);

    const url = server.calls('GET /wps/content/banners')[0]!.url;
    expect(url.pathname).toBe('/wps/content/banners');
    expect(url.searchParams.get('groupName')).toBe('w_home');
    expect(url.searchParams.get('language')).toBe('bn');

    const linkOf = (title: string) => screen.getByAltText(title).closest('a');
    expect(linkOf('Route')).toHaveAttribute('href', '/live');
    expect(linkOf('Outside')).toHaveAttribute('href', 'https://example.com/x');
    expect(linkOf('Outside')).toHaveAttribute('target', '_blank');
    expect(linkOf('Outside')?.getAttribute('rel')).toContain('noopener');
    expect(linkOf('Promo')).toHaveAttribute('href', '/promoDetail/p1');
    expect(linkOf('Plain')).toBeNull();
    expect(linkOf('Unsafe')).toBeNull();
    // Only the first banner loads at once; the rest wait until needed.
    expect(screen.getByAltText('Route')).toHaveAttribute('loading', 'eager');
    expect(screen.getByAltText('Plain')).toHaveAttribute('loading', 'lazy');
  });

  it('navigates inside the site on a route banner', async () => {
    fakeServer({
      'GET /wps/content/banners': () => [
        banner({ title: 'Route', linkageType: 'ROUTE', linkage: '/promotions' }),
      ],
    });
    const { user } = renderWithProviders(<BannerCarousel group="w_home" />);
    await user.click(await screen.findByAltText('Route'));
    expect(screen.getByTestId('location')).toHaveTextContent('/promotions');
  });

  it('shows a placeholder while loading and nothing when the group is empty', async () => {
    fakeServer({ 'GET /wps/content/banners': () => [] });
    const { container } = renderWithProviders(<BannerCarousel group="w_live" />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    await vi.waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull());
    expect(container.querySelector('.content-banners')).toBeNull();
  });
});
