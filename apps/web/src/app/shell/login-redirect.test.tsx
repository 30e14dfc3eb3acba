import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalSiteRoutes, renderApp, startI18n } from '@/test/shell-test-utils';
import { needsLoginRedirect } from './login-redirect';
import { fakeServer } from '@/test/fake-server';

describe('loginedToHomePage redirect', () => {
  beforeEach(async () => {
    await startI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends a visitor without a session to /login when the flag is on', async () => {
    fakeServer(normalSiteRoutes({ info: { loginedToHomePage: true } }));
    const app = renderApp('/rng');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(app.router().state.location.pathname).toBe('/login');
  });

  it.each(['/login', '/register', '/register.html', '/helpmc', '/download'])(
    'lets %s through',
    async (path) => {
      fakeServer(normalSiteRoutes({ info: { loginedToHomePage: true } }));
      const app = renderApp(path);
      await screen.findByRole('main');
      await waitFor(() => expect(app.router().state.location.pathname).toBe(path));
    },
  );

  it('lets a visitor with a session token through', async () => {
    sessionStorage.setItem('token', 'session-token');
    fakeServer(normalSiteRoutes({ info: { loginedToHomePage: true } }));
    const app = renderApp('/rng');
    expect(await screen.findByRole('heading', { level: 1, name: 'Slots' })).toBeInTheDocument();
    expect(app.router().state.location.pathname).toBe('/rng');
  });

  it('does nothing when the flag is off', () => {
    expect(needsLoginRedirect('/rng', false, null)).toBe(false);
    expect(needsLoginRedirect('/rng', true, null)).toBe(true);
    expect(needsLoginRedirect('/download/', true, null)).toBe(false);
    expect(needsLoginRedirect('/', true, 'token')).toBe(false);
  });
});
