import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n, vendorList } from '@/test/shell-test-utils';
import { fakeServer } from '@/test/fake-server';

describe('game lobby', () => {
  beforeEach(async () => {
    await startI18n('en');
    fakeServer(normalSiteRoutes({ vendors: vendorList({ RNG: ['PG', 'JILI', 'CQ9'], LIVE: ['EVO'] }) }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows one tab per vendor, each 100/count % wide, titled with the game-hall suffix', async () => {
    renderApp('/rng');
    const tablist = await screen.findByRole('tablist', { name: 'Slots providers' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['PG Game Hall', 'JILI Game Hall', 'CQ9 Game Hall']);
    for (const tab of tabs) expect(tab.style.width).toBe(`${100 / 3}%`);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Games from this provider are coming soon');
  });

  it('selects the tab named by ?page, by vendor code or by position', async () => {
    const byCode = renderApp('/rng?page=JILI');
    expect(await screen.findByRole('tab', { name: 'JILI Game Hall' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    byCode.unmount();

    renderApp('/rng?page=2');
    expect(await screen.findByRole('tab', { name: 'CQ9 Game Hall' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('changes tab on click and records it in ?page', async () => {
    const app = renderApp('/rng');
    await userEvent.click(await screen.findByRole('tab', { name: 'CQ9 Game Hall' }));
    expect(screen.getByRole('tab', { name: 'CQ9 Game Hall' })).toHaveAttribute('aria-selected', 'true');
    expect(app.router().state.location.search).toBe('?page=CQ9');
  });

  it('gives a single vendor the whole row', async () => {
    renderApp('/live');
    expect(await screen.findByRole('tab', { name: 'EVO Game Hall' })).toHaveStyle({ width: '100%' });
  });

  it('says so when a category has no vendors', async () => {
    renderApp('/fish');
    expect(await screen.findByText('No providers in this category yet')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  });
});
