import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREAD_REFETCH_MS, unreadCountQueryOptions, useUnreadCount } from './index';
import { logIn, renderFeature } from '@/test/feature-test-utils';
import { fakeServer } from '@/test/fake-server';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Badge() {
  const { data } = useUnreadCount();
  return <span data-testid="badge">{data ?? 'none'}</span>;
}

describe('useUnreadCount', () => {
  it('makes no call while logged out', async () => {
    const server = fakeServer({ 'GET /wps/member/unread': () => ({ count: 2 }) });
    renderFeature(<Badge />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('badge')).toHaveTextContent('none');
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('reads the count with the session token and polls every 60 s and on focus', async () => {
    logIn();
    const server = fakeServer({ 'GET /wps/member/unread': () => ({ count: 2 }) });
    renderFeature(<Badge />);
    expect(await screen.findByText('2')).toBeInTheDocument();
    const [call] = server.calls('GET /wps/member/unread');
    expect(new Headers(call?.init?.headers).get('authorization')).toBe('Bearer token-1');
    const options = unreadCountQueryOptions('token-1');
    expect(UNREAD_REFETCH_MS).toBe(60_000);
    expect(options.refetchInterval).toBe(60_000);
    expect(options.refetchOnWindowFocus).toBe(true);
  });
});
