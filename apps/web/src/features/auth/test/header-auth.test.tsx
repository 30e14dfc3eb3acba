import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HeaderAuth } from '../index';
import { resetAuthUi } from '@/lib/auth-modals';
import { clearSession, storeSession } from '@/lib/session';
import { renderAuth, testUser } from './auth-test-utils';
import { fakeServer } from '@/test/fake-server';

beforeEach(() => resetAuthUi());
afterEach(() => vi.unstubAllGlobals());

describe('HeaderAuth', () => {
  it('keeps Log in and Register as links that open the modals', async () => {
    fakeServer({});
    renderAuth(<HeaderAuth />, { route: '/promotions' });
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(login).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    fireEvent.click(login);
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/promotions');
  });

  it('shows the member dropdown with the unread badge; Escape closes it', async () => {
    fakeServer({});
    storeSession('tok', testUser({ nickname: 'Rahim', type: 1 }));
    renderAuth(<HeaderAuth unreadCount={3} />, { route: '/live' });
    const button = screen.getByRole('button', { name: 'Account menu: Rahim' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(within(button).getByLabelText('3 unread messages')).toHaveTextContent('3');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Member centre' })).toHaveAttribute(
      'href',
      '/live?mc=securityCenter',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Agent centre' })).toHaveAttribute(
      'href',
      '/live?ac=agentTeamOverview',
    );
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Member centre' })).toHaveFocus());
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('hides the agent centre from members and asks before logging out', async () => {
    fakeServer({});
    storeSession('tok', testUser({ type: 0 }));
    renderAuth(<HeaderAuth />);
    fireEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(screen.queryByRole('menuitem', { name: 'Agent centre' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('dialog', { name: 'Log out' })).toBeInTheDocument();
    act(() => clearSession());
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });
});
