import {
  MONEY_PATTERN,
  type ChatMessage,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
  type RealtimeServerMessageOf,
  type RealtimeServerMessageType,
} from '@platform/contract/client';

/**
 * THE realtime client: one WebSocket for the page, typed by the contract's message union, shared by
 * every feature that listens for pushes (balance today; draws, messages and chat later).
 */

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

type Fields = Record<string, unknown>;

/** A chat message's fields, checked without zod. */
function isChatMessage(value: unknown): value is ChatMessage {
  if (!value || typeof value !== 'object') return false;
  const fields = value as Fields;
  return (
    ['id', 'room', 'sender', 'senderId', 'text', 'sentAt'].every((key) => typeof fields[key] === 'string') &&
    typeof fields.rankLevel === 'number'
  );
}

/**
 * Shape checks per message type, without zod (this module is in the first load). A message of an
 * unknown type, or a known type with bad fields, is dropped.
 */
const readers: { [T in RealtimeServerMessageType]: (fields: Fields) => RealtimeServerMessageOf<T> | null } = {
  ready: () => ({ type: 'ready' }),
  pong: () => ({ type: 'pong' }),
  resync: () => ({ type: 'resync' }),
  error: ({ code }) =>
    typeof code === 'string' ? ({ type: 'error', code } as RealtimeServerMessageOf<'error'>) : null,
  unread: ({ count }) =>
    count === null || (typeof count === 'number' && Number.isInteger(count) && count >= 0)
      ? { type: 'unread', count }
      : null,
  subscribed: ({ topic }) => (typeof topic === 'string' ? { type: 'subscribed', topic } : null),
  refused: ({ topic }) => (typeof topic === 'string' ? { type: 'refused', topic } : null),
  'chat.message': ({ room, message }) =>
    typeof room === 'string' && isChatMessage(message) ? { type: 'chat.message', room, message } : null,
  'chat.deleted': ({ room, id }) =>
    typeof room === 'string' && typeof id === 'string' ? { type: 'chat.deleted', room, id } : null,
  balance: ({ sumBalance, demo }) =>
    typeof sumBalance === 'string' && MONEY_PATTERN.test(sumBalance)
      ? { type: 'balance', sumBalance, demo: demo === true }
      : null,
  crash: readCrash,
};

const CRASH_KINDS = new Set(['betting', 'running', 'tick', 'bet', 'cashout', 'crashed']);
const text = (value: unknown): value is string => typeof value === 'string';
const textOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** A crash round's push: its phase, the multiplier, a bet or a cash-out (features/inhouse/crash). */
function readCrash(fields: Fields): RealtimeServerMessageOf<'crash'> | null {
  const { kind, roundId, serverTime, bettingEndsAt, multiplier, crashPoint, seed, bet } = fields;
  if (!text(kind) || !CRASH_KINDS.has(kind)) return null;
  if (!text(roundId) || !text(serverTime) || !text(bettingEndsAt) || !text(multiplier)) return null;
  if (!textOrNull(crashPoint) || !textOrNull(seed)) return null;
  let shownBet: RealtimeServerMessageOf<'crash'>['bet'] = null;
  if (bet && typeof bet === 'object') {
    const { betId, player, stake, cashedOutAt, win } = bet as Fields;
    if (!text(betId) || !text(player) || !text(stake) || !textOrNull(cashedOutAt) || !textOrNull(win))
      return null;
    shownBet = { betId, player, stake, cashedOutAt, win };
  } else if (bet !== null) return null;
  return {
    type: 'crash',
    kind: kind as RealtimeServerMessageOf<'crash'>['kind'],
    roundId,
    serverTime,
    bettingEndsAt,
    multiplier,
    crashPoint,
    seed,
    bet: shownBet,
  };
}

const isKnownType = (type: unknown): type is RealtimeServerMessageType =>
  typeof type === 'string' && Object.hasOwn(readers, type);

/** A server message from the wire, or null for anything malformed or unknown. */
export function parseRealtimeMessage(data: unknown): RealtimeServerMessage | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object') return null;
  const fields = message as Fields;
  if (!isKnownType(fields.type)) return null;
  return (readers[fields.type] as (fields: Fields) => RealtimeServerMessage | null)(fields);
}

type AnyListener = (message: RealtimeServerMessage) => void;

interface Connection {
  token: string;
  listeners: Map<RealtimeServerMessageType, Set<AnyListener>>;
  size: number;
  socket: WebSocket | null;
  attempt: number;
  timer: ReturnType<typeof setTimeout> | null;
  closed: boolean;
  /** topics (chat rooms) this page listens to, by how many listeners want each; sent again after each reconnect */
  topics: Map<string, number>;
  /** the server accepted the auth message on the current socket */
  ready: boolean;
}

let current: Connection | null = null;

function send(socket: WebSocket, message: RealtimeClientMessage): void {
  socket.send(JSON.stringify(message));
}

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
    send(socket, { type: 'auth', token: connection.token });
  });
  socket.addEventListener('message', (event: MessageEvent) => {
    const message = parseRealtimeMessage(event.data);
    if (!message) return;
    if (message.type === 'ready') {
      connection.ready = true;
      for (const topic of connection.topics.keys()) send(socket, { type: 'subscribe', topic });
    }
    for (const listener of [...(connection.listeners.get(message.type) ?? [])]) listener(message);
  });
  socket.addEventListener('close', (event: CloseEvent) => {
    connection.ready = false;
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
 * Listens for one type of push for this session. There is one socket for the whole page whatever the
 * number of listeners; it closes when the last one leaves or the session changes (logout).
 */
export function subscribeRealtime<T extends RealtimeServerMessageType>(
  token: string,
  type: T,
  listener: (message: RealtimeServerMessageOf<T>) => void,
): () => void {
  if (current && current.token !== token) {
    shut(current);
    current = null;
  }
  if (!current) {
    current = {
      token,
      listeners: new Map(),
      size: 0,
      socket: null,
      attempt: 0,
      timer: null,
      closed: false,
      topics: new Map(),
      ready: false,
    };
    open(current);
  }
  const connection = current;
  // The map is keyed by type, so a listener only ever receives messages of its own type.
  const entry = listener as AnyListener;
  const set = connection.listeners.get(type) ?? new Set<AnyListener>();
  connection.listeners.set(type, set);
  set.add(entry);
  connection.size += 1;
  return () => {
    if (!set.delete(entry)) return;
    connection.size -= 1;
    if (connection.size === 0) {
      shut(connection);
      if (current === connection) current = null;
    }
  };
}

/**
 * Hears a topic's pushes (a chat room, `chat:<room>`) on the page's one socket, and again after every
 * reconnect. Listen for the pushes themselves with subscribeRealtime; call the returned function to stop.
 */
export function subscribeTopic(token: string, topic: string): () => void {
  // Keeps the socket open while the topic is wanted, even with no other listener.
  const stopKeepAlive = subscribeRealtime(token, 'subscribed', () => undefined);
  const connection = current;
  if (!connection) return stopKeepAlive;
  const wanted = connection.topics.get(topic) ?? 0;
  connection.topics.set(topic, wanted + 1);
  if (wanted === 0 && connection.ready && connection.socket?.readyState === WebSocket.OPEN) {
    send(connection.socket, { type: 'subscribe', topic });
  }
  return () => {
    const left = (connection.topics.get(topic) ?? 1) - 1;
    if (left > 0) connection.topics.set(topic, left);
    else {
      connection.topics.delete(topic);
      if (connection.socket?.readyState === WebSocket.OPEN)
        send(connection.socket, { type: 'unsubscribe', topic });
    }
    stopKeepAlive();
  };
}
