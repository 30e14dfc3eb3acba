import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n, vendorList } from '@/test/shell-test-utils';
import { fakeServer } from '@/test/fake-server';
import { logIn } from '@/test/feature-test-utils';

describe('side menu', () => {
  beforeEach(async () => {
    await startI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists only the game categories that have vendors', async () => {
    fakeServer(
      normalSiteRoutes({ vendors: vendorList({ LIVE: ['EVO'], RNG: ['PG', 'JILI'], SPORTS: [], FISH: [] }) }),
    );
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(await within(nav).findByRole('link', { name: 'Live Casino' })).toHaveAttribute('href', '/live');
    expect(within(nav).getByRole('link', { name: 'Slots' })).toHaveAttribute('href', '/rng');
    expect(within(nav).queryByRole('link', { name: 'Sports' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Fishing' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Promotions' })).toHaveAttribute('href', '/promotions');
  });

  it("starts the lottery vendor directly instead of opening a lobby: TCG_SEA's special window, after login", async () => {
    fakeServer(normalSiteRoutes({ vendors: vendorList({ LOTT: ['TCG_SEA'] }) }));
    const open = vi.fn<typeof window.open>(() => ({}) as Window);
    vi.stubGlobal('open', open);
    const app = renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Lottery' }));
    // Login is checked first (SPEC section 2, game launching).
    expect(await screen.findByRole('dialog', { name: 'Log in' }, { timeout: 5000 })).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    logIn(0);
    await userEvent.click(within(nav).getByRole('button', { name: 'Lottery' }));
    expect(open).toHaveBeenCalledWith(
      '/lottery?vassalage=TCG_SEA',
      'TCG_SEA',
      expect.stringContaining('popup'),
    );
    expect(app.router().state.location.pathname).toBe('/');
    // The login modal's chunk loads on first use: slow on a busy machine.
  }, 20_000);

  it('expands the customer-service submenu and remembers mini mode', async () => {
    fakeServer(normalSiteRoutes());
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const support = within(nav).getByRole('button', { name: 'Customer service' });
    expect(support).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(support);
    expect(support).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('button', { name: 'Online support' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Help centre' })).toHaveAttribute('href', '/help');

    await userEvent.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(localStorage.getItem('sideMenuMini')).toBe('1');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toBeInTheDocument();
  });

  it('shows social links from the SOCIAL resources', async () => {
    fakeServer(
      normalSiteRoutes({
        info: {
          resources: [
            { resourceType: 'SOCIAL', labelNameEn: 'Telegram', url: 'https://t.me/khela', qrCodeUrl: null },
            { resourceType: 'SOCIAL', labelNameEn: 'Myspace', url: 'https://example.com', qrCodeUrl: null },
          ],
        },
      }),
    );
    renderApp('/');
    const link = await screen.findByRole('link', { name: 'Telegram (opens in a new window)' });
    expect(link).toHaveAttribute('href', 'https://t.me/khela');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: /Myspace/ })).not.toBeInTheDocument();
  });

  it('is a drawer that Escape closes from anywhere, giving focus back to the menu button', async () => {
    fakeServer(normalSiteRoutes());
    renderApp('/');
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(
      within(document.getElementById('side-menu') as HTMLElement).getByRole('button', { name: 'Close menu' }),
    ).toHaveFocus();

    // Focus left the drawer (a tap on the page behind): Escape still closes it.
    (document.activeElement as HTMLElement).blur();
    await userEvent.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
  });

  it('hands focus back to the menu button when a modal opened from the drawer closes', async () => {
    fakeServer(normalSiteRoutes());
    renderApp('/');
    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    await userEvent.click(menuButton);
    const drawer = document.getElementById('side-menu') as HTMLElement;
    await userEvent.click(within(drawer).getByRole('button', { name: 'App download' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download the app' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    // Focus moves into the dialog once its lazily loaded content is there.
    await vi.waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await userEvent.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(menuButton).toHaveFocus();
  });

  it('opens online support in the customer-service popup window, not the help centre', async () => {
    fakeServer(normalSiteRoutes());
    const popup = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    renderApp('/');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Customer service' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Online support' }));
    expect(open).toHaveBeenCalledWith(
      'https://chat.example.com/room',
      'customer-service',
      expect.stringContaining('popup'),
    );
    expect(popup.opener).toBeNull();
  });
});
