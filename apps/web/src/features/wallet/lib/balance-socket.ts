import { MONEY_PATTERN, type Balance } from '@platform/contract/client';

/** Reconnect waits: 1 s, 2 s, 4 s ... capped at 30 s, reset once a connection opens. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** Close codes after which reconnecting cannot help: the server refused the session. */
const FINAL_CLOSE_CODES = new Set([1008, 4001, 4003, 4401, 4403]);

export const reconnectDelay = (attempt: number): number =>
  Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));

/** ws(s)://<this host>/ws: wss on an https page. */
export function socketUrl(location: Location = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** A balance push, or null for any other message (draw results, chat ... are for other features). */
export function parseBalanceMessage(data: unknown): Balance | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object') return null;
  const { type, sumBalance, demo } = message as Record<string, unknown>;
  if (type !== 'balance' || typeof sumBalance !== 'string' || !MONEY_PATTERN.test(sumBalance)) return null;
  return { sumBalance, demo: demo === true };
}

type Listener = (balance: Balance) => void;

interface Connection {
  token: string;
  listeners: Set<Listener>;
  socket: WebSocket | null;
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  closed: boolean;
}

let current: Connection | null = null;

function open(connection: Connection): void {
  if (connection.closed || typeof WebSocket === 'undefined') return;
  let socket: WebSocket;
  try {
    socket = new WebSocket(socketUrl());
  } catch {
    schedule(connection);
    return;
  }
  connection.socket = socket;
  socket.addEventListener('open', () => {
    connection.attempt = 0;
    // The first message authenticates the connection; the token never goes in the URL (logs keep URLs).
    socket.send(JSON.stringify({ type: 'auth', token: connection.token }));
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    const balance = parseBalanceMessage(event.data);
    if (balance) for (const listener of [...connection.listeners]) listener(balance);
  });
  socket.addEventListener('close', (event: CloseEvent) => {
    if (connection.socket === socket) connection.socket = null;
    if (!connection.closed && !FINAL_CLOSE_CODES.has(event.code)) schedule(connection);
  });
}

function schedule(connection: Connection): void {
  if (connection.closed || connection.timer) return;
  const delay = reconnectDelay(connection.attempt);
  connection.attempt += 1;
  connection.timer = setTimeout(() => {
    connection.timer = null;
    open(connection);
  }, delay);
}

function shut(connection: Connection): void {
  connection.closed = true;
  if (connection.timer) clearTimeout(connection.timer);
  connection.timer = null;
  const socket = connection.socket;
  connection.socket = null;
  if (socket && socket.readyState !== WebSocket.CLOSED) socket.close(1000, 'logout');
}

/**
 * Listens for balance pushes for this session. There is one socket for the whole page whatever the
 * number of listeners; it closes when the last one leaves or the session changes (logout).
 */
export function subscribeBalance(token: string, listener: Listener): () => void {
  if (current && current.token !== token) {
    shut(current);
    current = null;
  }
  if (!current) {
    current = { token, listeners: new Set(), socket: null, attempt: 0, timer: null, closed: false };
    open(current);
  }
  const connection = current;
  connection.listeners.add(listener);
  return () => {
    connection.listeners.delete(listener);
    if (connection.listeners.size === 0) {
      shut(connection);
      if (current === connection) current = null;
    }
  };
}
