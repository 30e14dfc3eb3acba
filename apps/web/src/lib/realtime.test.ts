import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRealtimeMessage, reconnectDelay, subscribeRealtime } from './realtime';

/** A stand-in WebSocket that lets the test push messages. */
class FakeSocket extends EventTarget {
  static CLOSED = 3;
  static last: FakeSocket | null = null;
  readyState = 0;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  push(message: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

afterEach(() => vi.unstubAllGlobals());

describe('realtime client', () => {
  it('reads only the contract messages, with their fields checked', () => {
    expect(
      parseRealtimeMessage(JSON.stringify({ type: 'balance', sumBalance: '10.50', demo: true })),
    ).toEqual({
      type: 'balance',
      sumBalance: '10.50',
      demo: true,
    });
    expect(parseRealtimeMessage(JSON.stringify({ type: 'resync' }))).toEqual({ type: 'resync' });
    expect(parseRealtimeMessage(JSON.stringify({ type: 'balance', sumBalance: 10.5 }))).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ type: 'chat', text: 'hi' }))).toBeNull();
    expect(parseRealtimeMessage('not json')).toBeNull();
  });

  it('hands each listener only its own type, on one socket for the page', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const balances = vi.fn();
    const resyncs = vi.fn();
    const stopBalance = subscribeRealtime('tok', 'balance', balances);
    const socket = FakeSocket.last!;
    const stopResync = subscribeRealtime('tok', 'resync', resyncs);
    expect(FakeSocket.last).toBe(socket);
    socket.push({ type: 'balance', sumBalance: '1.00', demo: false });
    socket.push({ type: 'resync' });
    expect(balances).toHaveBeenCalledWith({ type: 'balance', sumBalance: '1.00', demo: false });
    expect(balances).toHaveBeenCalledTimes(1);
    expect(resyncs).toHaveBeenCalledTimes(1);
    stopBalance();
    expect(socket.readyState).not.toBe(FakeSocket.CLOSED);
    stopResync();
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
  });

  it('backs off 1 s, 2 s, 4 s ... up to 30 s', () => {
    expect([0, 1, 2, 5, 10].map(reconnectDelay)).toEqual([1_000, 2_000, 4_000, 30_000, 30_000]);
  });
});
