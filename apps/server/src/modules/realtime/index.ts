import type { FastifyInstance } from 'fastify';
import type { AppDeps, ServiceLogger } from '../../lib/deps.js';
import type { AuthModule } from '../auth/index.js';
import type { WalletModule } from '../wallet/index.js';
import { registerRealtimeRoutes } from './realtime.routes.js';
import { RealtimeService } from './realtime.service.js';

export { RealtimeService } from './realtime.service.js';
export { REALTIME_PATH } from './realtime.routes.js';

/**
 * The WebSocket endpoint (/ws) and the hub that pushes events to members, across instances through
 * Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY. It subscribes to the wallet's balance changes.
 */
export function createRealtimeModule(
  deps: AppDeps,
  modules: {
    wallet: Pick<WalletModule, 'ledger' | 'wallet' | 'onBalanceChange'>;
    sessions: AuthModule['liveSessions'];
    logger: ServiceLogger;
  },
) {
  const { wallet, sessions, logger } = modules;
  const realtime = new RealtimeService({
    db: deps.db,
    ledger: wallet.ledger,
    wallet: wallet.wallet,
    logger,
    listenUrl: deps.config.DATABASE_URL,
    ...(deps.redis ? { redis: deps.redis } : {}),
  });
  wallet.onBalanceChange(realtime);
  return {
    realtime,
    /** register inside a scope where @fastify/websocket is registered */
    registerRoutes: (app: FastifyInstance) => registerRealtimeRoutes(app, { realtime, sessions }),
  };
}
export type RealtimeModule = ReturnType<typeof createRealtimeModule>;
