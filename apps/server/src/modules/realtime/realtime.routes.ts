import {
  REALTIME_PATH,
  realtimeClientMessageSchema,
  realtimeCloseCodes,
  type RealtimeServerMessage,
} from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { sha256 } from '../../lib/tokens.js';
import type { AuthModule } from '../auth/index.js';
import type { RealtimeService } from './realtime.service.js';

export { REALTIME_PATH };

export interface RealtimeTimings {
  /** ping every open socket this often; one that has not answered the last ping is dropped */
  heartbeatMs: number;
  /** a socket that has not authenticated by then is closed */
  authTimeoutMs: number;
}
export const defaultRealtimeTimings: RealtimeTimings = { heartbeatMs: 30_000, authTimeoutMs: 10_000 };

/** Close codes in the private range, so the client can tell why it was closed (the contract's). */
export const closeCodes = realtimeCloseCodes;

const textOf = (data: RawData): string =>
  (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString(
    'utf8',
  );

interface Connection {
  socket: WebSocket;
  alive: boolean;
  memberId: bigint | null;
  tokenHash: string | null;
}

/**
 * GET /ws. The client's first message is `{ "type": "auth", "token": "<member session token>" }`
 * (tokens never go in a URL, where proxies log them); the server answers `{ "type": "ready" }` and the
 * current balance, then pushes events for that member. `{ "type": "ping" }` is answered with a pong.
 * The socket is closed when the session ends (logout, password change, expiry, account disabled).
 */
export function registerRealtimeRoutes(
  app: FastifyInstance,
  services: { realtime: RealtimeService; sessions: AuthModule['liveSessions'] },
  timings: RealtimeTimings = defaultRealtimeTimings,
): void {
  const { realtime } = services;
  const connections = new Set<Connection>();

  const sessionIsLive = (tokenHash: string): Promise<boolean> => services.sessions.isLive(tokenHash);

  const heartbeat = async (): Promise<void> => {
    for (const connection of connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      try {
        connection.socket.ping();
      } catch {
        connection.socket.terminate();
        continue;
      }
      if (connection.tokenHash && !(await sessionIsLive(connection.tokenHash).catch(() => true))) {
        connection.socket.close(closeCodes.sessionEnded, 'session ended');
      }
    }
  };

  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    await realtime.start();
    timer = setInterval(() => void heartbeat(), timings.heartbeatMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    for (const connection of connections) connection.socket.close(1001, 'server shutting down');
    await realtime.stop();
  });

  app.get(REALTIME_PATH, { websocket: true }, (socket: WebSocket) => {
    const connection: Connection = { socket, alive: true, memberId: null, tokenHash: null };
    connections.add(connection);
    const authTimer = setTimeout(
      () => socket.close(closeCodes.authTimeout, 'auth timeout'),
      timings.authTimeoutMs,
    );
    authTimer.unref();

    const send = (event: RealtimeServerMessage) => {
      if (socket.readyState === 1) socket.send(JSON.stringify(event));
    };

    const authenticate = async (token: string): Promise<void> => {
      const member = await services.sessions.resolve(token);
      clearTimeout(authTimer);
      if (!member) {
        send({ type: 'error', code: 'UNAUTHORIZED' });
        socket.close(closeCodes.unauthorized, 'unauthorized');
        return;
      }
      if (socket.readyState !== 1) return;
      connection.memberId = member.id;
      connection.tokenHash = sha256(token);
      realtime.attach(member.id, socket);
      send({ type: 'ready' });
      // The current balance closes the gap between the page's last fetch and the subscription.
      const balance = await realtime.balanceOf(member.id);
      if (balance) send({ type: 'balance', ...balance });
    };

    let authStarted = false;
    socket.on('message', (data: RawData) => {
      let message: unknown;
      try {
        message = JSON.parse(textOf(data));
      } catch {
        socket.close(closeCodes.badMessage, 'not JSON');
        return;
      }
      const parsed = realtimeClientMessageSchema.safeParse(message);
      const known = parsed.success ? parsed.data : null;
      if (!authStarted) {
        if (known?.type !== 'auth') {
          clearTimeout(authTimer);
          send({ type: 'error', code: 'UNAUTHORIZED' });
          socket.close(closeCodes.unauthorized, 'first message must be auth');
          return;
        }
        authStarted = true;
        authenticate(known.token).catch((error: unknown) => {
          app.log.error({ err: error }, 'realtime: authentication failed');
          socket.close(1011, 'internal error');
        });
        return;
      }
      if (known?.type === 'ping') send({ type: 'pong' });
      else if (known?.type === 'subscribe' && connection.memberId !== null) {
        const topic = known.topic;
        realtime
          .subscribe(connection.memberId, socket, topic)
          .then((ok) => send(ok ? { type: 'subscribed', topic } : { type: 'refused', topic }))
          .catch((error: unknown) => app.log.error({ err: error }, 'realtime: subscribe failed'));
      } else if (known?.type === 'unsubscribe') realtime.unsubscribe(socket, known.topic);
    });
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      connections.delete(connection);
      realtime.unsubscribe(socket);
      if (connection.memberId !== null) realtime.detach(connection.memberId, socket);
    });
    socket.on('error', () => socket.terminate());
  });
}
