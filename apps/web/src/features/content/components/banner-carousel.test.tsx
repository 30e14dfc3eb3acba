import { bannerImageSizes, type Banner } from '@platform/contract/client';
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
  subtitle: null,
  action: null,
  image: null,
  ...overrides,
});

beforeEach(() => installBrowserStubs());
afterEach(() => vi.unstubAllGlobals());

const imageOf = (title: string) =>
  screen.getByText(title).closest('.content-banner')?.querySelector('img') ?? null;

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
    await screen.findByText('Route');
    expect(document.querySelectorAll('.content-banner img')).toHaveLength(5);

    const url = server.calls('GET /wps/content/banners')[0]!.url;
    expect(url.pathname).toBe('/wps/content/banners');
    expect(url.searchParams.get('groupName')).toBe('w_home');
    expect(url.searchParams.get('language')).toBe('bn');

    const linkOf = (title: string) => screen.getByText(title).closest('a');
    expect(linkOf('Route')).toHaveAttribute('href', '/live');
    expect(linkOf('Outside')).toHaveAttribute('href', 'https://example.com/x');
    expect(linkOf('Outside')).toHaveAttribute('target', '_blank');
    expect(linkOf('Outside')?.getAttribute('rel')).toContain('noopener');
    expect(linkOf('Promo')).toHaveAttribute('href', '/promoDetail/p1');
    expect(linkOf('Plain')).toBeNull();
    expect(linkOf('Unsafe')).toBeNull();
    // Only the first banner loads at once, first of all; the rest wait until needed.
    expect(imageOf('Route')).toHaveAttribute('loading', 'eager');
    expect(imageOf('Route')).toHaveAttribute('fetchpriority', 'high');
    for (const title of ['Outside', 'Promo', 'Plain', 'Unsafe']) {
      expect(imageOf(title)).toHaveAttribute('loading', 'lazy');
      expect(imageOf(title)).not.toHaveAttribute('fetchpriority');
    }
  });

  it('writes the texts over the image as HTML, with the call to action only where the banner leads', async () => {
    fakeServer({
      'GET /wps/content/banners': () => [
        banner({
          bannerId: '1',
          title: '১০০% স্বাগতম বোনাস',
          subtitle: 'প্রথম ডিপোজিটে দ্বিগুণ',
          action: 'বোনাস নিন',
          linkageType: 'PROMOTION',
          linkage: 'p1',
          image: { width: 1600, height: 533, srcset: '/i/480.webp 480w, /i/1600.webp 1600w' },
        }),
        banner({ bannerId: '2', title: 'Informs', subtitle: 'Only', action: 'Nowhere' }),
      ],
    });
    renderWithProviders(<BannerCarousel group="w_home" />, { language: 'bn' });
    const link = (await screen.findByText('১০০% স্বাগতম বোনাস')).closest('a');
    expect(link).toHaveTextContent('১০০% স্বাগতম বোনাসপ্রথম ডিপোজিটে দ্বিগুণবোনাস নিন');
    const image = imageOf('১০০% স্বাগতম বোনাস');
    // The image is decoration now: the words are the link's text.
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('srcset', '/i/480.webp 480w, /i/1600.webp 1600w');
    expect(image).toHaveAttribute('sizes', bannerImageSizes);
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '533');
    expect(screen.getByText('Only')).toBeInTheDocument();
    expect(screen.queryByText('Nowhere')).not.toBeInTheDocument();
    // An image given by address only keeps the 3:1 box and has no srcset.
    expect(imageOf('Informs')).not.toHaveAttribute('srcset');
    expect(imageOf('Informs')).toHaveAttribute('width', '1200');
  });

  it('navigates inside the site on a route banner', async () => {
    fakeServer({
      'GET /wps/content/banners': () => [
        banner({ title: 'Route', linkageType: 'ROUTE', linkage: '/promotions' }),
      ],
    });
    const { user } = renderWithProviders(<BannerCarousel group="w_home" />);
    await user.click(await screen.findByText('Route'));
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
