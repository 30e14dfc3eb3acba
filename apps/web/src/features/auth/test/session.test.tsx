import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { useRequireRealAccount, useRequireLogin, useSession, useLogout } from '../index';
import { resetAuthUi } from '@/lib/auth-modals';
import { clearSession, storeSession } from '@/lib/session';
import { watchUnauthorized } from '../session/unauthorized-guard';
import { renderAuth, testUser } from './auth-test-utils';
import { fail, fakeServer } from '@/test/fake-server';

beforeEach(() => resetAuthUi());
afterEach(() => vi.unstubAllGlobals());

describe('session store', () => {
  it('stores token, account, isAgent and memberLabel, and useSession follows', () => {
    const { result } = renderHook(() => useSession());
    expect(result.current.isLoggedIn).toBe(false);
    act(() => storeSession('tok-1', testUser({ type: 41 })));
    expect(result.current).toMatchObject({ isLoggedIn: true, token: 'tok-1', isAgent: true, isTrial: false });
    expect(sessionStorage.getItem('token')).toBe('tok-1');
    expect(sessionStorage.getItem('account')).toBe('A100200');
    expect(sessionStorage.getItem('isAgent')).toBe('41');
    expect(sessionStorage.getItem('memberLabel')).toContain('Bronze');
    act(() => clearSession());
    expect(result.current.isLoggedIn).toBe(false);
  });
});

describe('useRequireLogin / useRequireRealAccount', () => {
  function Probe({ onAction }: { onAction(): void }) {
    const requireLogin = useRequireLogin();
    const requireReal = useRequireRealAccount();
    return (
      <>
        <button type="button" onClick={() => requireLogin(onAction)}>
          favourite
        </button>
        <button type="button" onClick={() => requireReal(onAction)}>
          chat
        </button>
      </>
    );
  }

  it('opens the login modal instead of running the action without a session', async () => {
    fakeServer({});
    const action = vi.fn();
    renderAuth(<Probe onAction={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'favourite' }));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it('blocks a trial account (type 4) with the need-a-real-account warning', async () => {
    fakeServer({});
    storeSession('tok', testUser({ type: 4 }));
    const action = vi.fn();
    renderAuth(<Probe onAction={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'favourite' }));
    expect(action).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(dialog).toHaveTextContent('You need a real account for this.');
    expect(action).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('runs the action for a real account', () => {
    storeSession('tok', testUser({ type: 0 }));
    const action = vi.fn();
    render(<Probe onAction={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'chat' }));
    expect(action).toHaveBeenCalledTimes(1);
  });
});

describe('logout', () => {
  function LogoutButton() {
    const logout = useLogout();
    return (
      <button type="button" onClick={logout}>
        leave
      </button>
    );
  }

  it('asks first, then clears session storage but keeps the merchant, and goes home', async () => {
    const api = fakeServer({ 'DELETE /wps/session/logout': () => ({}) });
    sessionStorage.setItem('merchant', 'KHELA');
    storeSession('tok', testUser());
    sessionStorage.setItem('someCache', 'x');
    renderAuth(<LogoutButton />, { route: '/promotions' });
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    expect(dialog).toHaveTextContent('Are you sure');
    expect(api.calls('DELETE /wps/session/logout')).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Log out' }).at(-1) as HTMLElement);
    await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
    expect(api.calls('DELETE /wps/session/logout')).toHaveLength(1);
    expect(sessionStorage.getItem('merchant')).toBe('KHELA');
    expect(sessionStorage.getItem('someCache')).toBeNull();
    expect(sessionStorage.getItem('account')).toBeNull();
    // Home comes after the session is cleared, in a later render.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });

  it('drops the local session even when the logout call fails', async () => {
    fakeServer({ 'DELETE /wps/session/logout': () => fail('INTERNAL', 500) });
    storeSession('tok', testUser());
    renderAuth(<LogoutButton />);
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    await screen.findByRole('dialog', { name: 'Log out' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Log out' }).at(-1) as HTMLElement);
    await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
  });
});

describe('401 while logged in', () => {
  it('drops the session when any query answers 401', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = watchUnauthorized(queryClient);
    storeSession('tok', testUser());
    await queryClient
      .fetchQuery({
        queryKey: ['wallet', 'balance'],
        queryFn: () => Promise.reject(new ApiError('UNAUTHORIZED', 401)),
      })
      .catch(() => undefined);
    expect(sessionStorage.getItem('token')).toBeNull();
    stop();
  });

  it('keeps the session for other failures and for a wrong password at login', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = watchUnauthorized(queryClient);
    storeSession('tok', testUser());
    await queryClient
      .fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(new ApiError('FORBIDDEN', 403)) })
      .catch(() => undefined);
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => Promise.reject(new ApiError('INVALID_CREDENTIALS', 401)) })
      .execute(undefined)
      .catch(() => undefined);
    expect(sessionStorage.getItem('token')).toBe('tok');
    stop();
  });

  it('is installed by the modal host', async () => {
    fakeServer({ 'GET /wps/member/info': () => fail('UNAUTHORIZED', 401) });
    storeSession('tok', testUser());
    const { queryClient } = renderAuth(null);
    await queryClient
      .fetchQuery({
        queryKey: ['member', 'info'],
        queryFn: () => Promise.reject(new ApiError('UNAUTHORIZED', 401)),
      })
      .catch(() => undefined);
    await waitFor(() => expect(sessionStorage.getItem('token')).toBeNull());
  });
});
