import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNREAD_REFETCH_MS, unreadCountQueryOptions, useUnreadCount } from './index';
import { callsTo, logIn, okResponse, renderFeature, stubCalls } from '@/test/feature-test-utils';

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
    const fetchMock = stubCalls({ 'GET /wps/member/unread': () => okResponse({ count: 2 }) });
    renderFeature(<Badge />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('badge')).toHaveTextContent('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the count with the session token and polls every 60 s and on focus', async () => {
    logIn();
    const fetchMock = stubCalls({ 'GET /wps/member/unread': () => okResponse({ count: 2 }) });
    renderFeature(<Badge />);
    expect(await screen.findByText('2')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'GET /wps/member/unread');
    expect(new Headers(call?.[1]?.headers).get('authorization')).toBe('Bearer token-1');
    const options = unreadCountQueryOptions('token-1');
    expect(UNREAD_REFETCH_MS).toBe(60_000);
    expect(options.refetchInterval).toBe(60_000);
    expect(options.refetchOnWindowFocus).toBe(true);
  });
});
