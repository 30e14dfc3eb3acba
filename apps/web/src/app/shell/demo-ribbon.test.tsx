import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n } from '@/test/shell-test-utils';
import { fakeServer } from '@/test/fake-server';

describe('demo ribbon', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says on every page that the demo is not real money', async () => {
    await startI18n('en');
    fakeServer(normalSiteRoutes({ info: { demo: true } }));
    renderApp('/');
    expect(await screen.findByRole('note')).toHaveTextContent('Demo site: no real money');
  });

  it('says it in Bengali by default', async () => {
    await startI18n('bn');
    fakeServer(normalSiteRoutes({ info: { demo: true } }));
    renderApp('/');
    expect(await screen.findByRole('note')).toHaveTextContent('ডেমো সাইট');
  });

  // axe's `region` failed on every page: the ribbon stood outside every landmark.
  it.each([
    ['en', '/', 'Demo notice'],
    ['bn', '/', 'ডেমো বিজ্ঞপ্তি'],
    // A page without the header (the banner landmark) has the ribbon in a landmark too.
    ['en', '/helpmc', 'Demo notice'],
  ] as const)('stands in a landmark of its own, named in %s (%s)', async (language, path, name) => {
    await startI18n(language);
    fakeServer(normalSiteRoutes({ info: { demo: true } }));
    renderApp(path);
    const region = await screen.findByRole('region', { name });
    expect(within(region).getByRole('note')).toBeInTheDocument();
  });

  it('is not on a production site', async () => {
    await startI18n('en');
    fakeServer(normalSiteRoutes({ info: { demo: false } }));
    renderApp('/');
    await screen.findByRole('main');
    expect(screen.queryByText('Demo site: no real money')).toBeNull();
  });
});
