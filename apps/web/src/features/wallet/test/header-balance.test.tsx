import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderBalance } from '../components/header-balance';
import { fakeServer } from '@/test/fake-server';
import { logIn, renderWallet } from './wallet-test-utils';

/** A stand-in WebSocket: records what is sent and lets the test push messages. */
class FakeWebSocket extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static instances: FakeWebSocket[] = [];
  readyState = FakeWebSocket.CONNECTING;
  sent: string[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = FakeWebSocket.CLOSED;
  }
  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  push(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop(code = 1006) {
    this.readyState = FakeWebSocket.CLOSED;
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
}

afterEach(() => {
  FakeWebSocket.instances = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('header balance', () => {
  it('shows the balance with the symbol, refreshes, and follows WebSocket pushes', async () => {
    logIn();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    const server = fakeServer({
      'GET /wps/v2/wallets/balance': () => ({ sumBalance: '1234.5', demo: false }),
    });
    const { user, unmount } = renderWallet(<HeaderBalance />);
    const group = await screen.findByRole('group', { name: 'Balance' });
    await waitFor(() => expect(group).toHaveTextContent('৳1,234.50'));
    expect(within(group).queryByText('Demo')).not.toBeInTheDocument();

    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = FakeWebSocket.instances[0]!;
    expect(socket.url).toBe(`ws://${window.location.host}/ws`);
    act(() => socket.open());
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'auth', token: 'token-1' });

    act(() => socket.push({ type: 'balance', sumBalance: '98765.43', demo: false }));
    await waitFor(() => expect(group).toHaveTextContent('৳98,765.43'));
    // Other messages and malformed amounts are ignored.
    act(() => socket.push({ type: 'balance', sumBalance: '1.234', demo: false }));
    act(() => socket.push({ type: 'chat', text: 'hi' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(group).toHaveTextContent('৳98,765.43');

    await user.click(within(group).getByRole('button', { name: 'Refresh balance' }));
    await waitFor(() => expect(server.calls('GET /wps/v2/wallets/balance')).toHaveLength(2));

    unmount();
    expect(socket.closed).toBe(true);
  });

  it('marks demo money and reconnects with backoff after a drop', async () => {
    logIn(4);
    vi.stubGlobal('WebSocket', FakeWebSocket);
    fakeServer({ 'GET /wps/v2/wallets/balance': () => ({ sumBalance: '2000.00', demo: true }) });
    renderWallet(<HeaderBalance />);
    const group = await screen.findByRole('group', { name: 'Balance' });
    expect(await within(group).findByText('Demo')).toBeInTheDocument();

    vi.useFakeTimers();
    act(() => FakeWebSocket.instances[0]!.drop());
    expect(FakeWebSocket.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => FakeWebSocket.instances[1]!.drop());
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeWebSocket.instances).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1_000));
    expect(FakeWebSocket.instances).toHaveLength(3);
    vi.useRealTimers();
    act(() => FakeWebSocket.instances[2]!.open());
    act(() => FakeWebSocket.instances[2]!.push({ type: 'balance', sumBalance: '2500', demo: true }));
    await waitFor(() => expect(group).toHaveTextContent('৳2,500.00'));
  });

  it('shows nothing and opens no socket when logged out, and closes it on logout', async () => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
    fakeServer({ 'GET /wps/v2/wallets/balance': () => ({ sumBalance: '10.00', demo: false }) });
    const first = renderWallet(<HeaderBalance />);
    expect(screen.queryByRole('group', { name: 'Balance' })).not.toBeInTheDocument();
    expect(FakeWebSocket.instances).toHaveLength(0);
    first.unmount();

    logIn();
    const second = renderWallet(<HeaderBalance />);
    await screen.findByRole('group', { name: 'Balance' });
    expect(FakeWebSocket.instances).toHaveLength(1);
    // Logout clears the session storage; the session store is read again on the next render.
    sessionStorage.clear();
    second.rerender(<HeaderBalance />);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Balance' })).not.toBeInTheDocument());
    expect(FakeWebSocket.instances[0]!.closed).toBe(true);
  });
});
