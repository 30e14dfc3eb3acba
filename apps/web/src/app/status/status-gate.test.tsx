import type { LoginUser } from '@platform/contract/client';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n, systemStatus } from '@/test/shell-test-utils';
import { fail, fakeServer } from '@/test/fake-server';

const MESSAGE = 'Due to restriction of your location or IP address, you are not allowed to access the site.';

describe('status gate', () => {
  beforeEach(async () => {
    await startI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it('shows the maintenance page with its end time for status 1, even though the permission call is refused', async () => {
    const end = '2030-01-02T03:04:00Z';
    fakeServer({
      'GET /wps/system/status': () => systemStatus({ status: 1, maintenanceEnd: end }),
      'GET /wps/system/permission': () => fail('MAINTENANCE', 503),
    });
    renderApp('/');

    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'System Maintenance' })).toBeInTheDocument();
    expect(within(main).getByText('RESTRICTION OF VISIT')).toBeInTheDocument();
    // In the site's time zone (Dhaka, UTC+6), whatever zone the machine is in.
    expect(within(main).getByText(/^Expected to end: Jan 2, 2030, 9:04\sAM$/)).toBeInTheDocument();
    expect(within(main).getByText(MESSAGE)).toBeInTheDocument();
    // Nothing of the normal site leaks through.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('opens customer service in a popup from the maintenance page', async () => {
    fakeServer({
      'GET /wps/system/status': () => systemStatus({ status: 1 }),
      'GET /wps/system/permission': () => fail('MAINTENANCE', 503),
    });
    const popup = { opener: window } as unknown as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Contact Us' }));
    // A popup window (SPEC section 2), one named window however often it is asked for.
    expect(open).toHaveBeenCalledWith(
      'https://chat.example.com/room',
      'customer-service',
      expect.stringContaining('popup'),
    );
    expect(popup.opener).toBeNull();
  });

  it('shows the IP restriction page with the address and country for status 2', async () => {
    fakeServer({
      'GET /wps/system/status': () =>
        systemStatus({ status: 2, location: { ip: '198.51.100.23', country: 'BD' } }),
      'GET /wps/system/permission': () => fail('REGION_RESTRICTED', 403),
    });
    renderApp('/');

    const main = await screen.findByRole('main');
    expect(within(main).getByRole('heading', { level: 1, name: 'IP Restriction' })).toBeInTheDocument();
    expect(within(main).getByText('198.51.100.23')).toBeInTheDocument();
    expect(within(main).getByText('Bangladesh (BD)')).toBeInTheDocument();
    expect(within(main).getByText(MESSAGE)).toBeInTheDocument();
    expect(within(main).getByRole('button', { name: 'Contact Us' })).toBeEnabled();
  });

  it('shows nothing for an unknown status value', async () => {
    const server = fakeServer({
      // An unknown status value, and an empty answer: the shell must show nothing rather than guess.
      'GET /wps/system/status': () =>
        new Response(JSON.stringify({ success: true, value: { ...systemStatus(), status: 7 } })),
      'GET /wps/system/permission': () =>
        new Response(JSON.stringify({ success: true, value: { info: {} } })),
    });
    const { container } = renderApp('/');
    await vi.waitFor(() => expect(server.fetch).toHaveBeenCalled());
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('opens the normal site for status 0 and exchanges a URL hand-off code for a session of its own', async () => {
    window.history.replaceState(null, '', '/?token=handoff-code-0123456789abcdef&ref=x#top');
    const user: LoginUser = {
      id: 'mbr_1',
      userName: 'player1',
      account: '10000001',
      nickname: null,
      type: 0,
      toUpline: null,
      clubLabel: { labelName: 'VIP0', color: '#fff', color2: '#000', rankLevel: 0 },
      firstTimeLogin: false,
      passwordExpired: false,
    };
    const server = fakeServer({
      ...normalSiteRoutes(),
      'POST /wps/session/handoff/redeem': () => ({
        status: 'ok',
        token: 'new-session-token',
        user,
        mustChangePassword: false,
      }),
    });
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Khela' })).toBeInTheDocument();
    await vi.waitFor(() => expect(sessionStorage.getItem('token')).toBe('new-session-token'));
    const [redeemCall] = server.calls('POST /wps/session/handoff/redeem');
    expect(redeemCall?.body).toEqual({ code: 'handoff-code-0123456789abcdef' });
    expect(window.location.search).toBe('?ref=x');
    expect(window.location.hash).toBe('#top');
  });
});
