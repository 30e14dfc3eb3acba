import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { WalletService } from './wallet.service.js';

/** The member's own wallet: balance, statement, bonuses, turnover. Reads only; money moves elsewhere. */
export function registerWalletRoutes(app: FastifyInstance, services: { wallet: WalletService }): void {
  route(app, api.balance, ({ member }) => services.wallet.balance(member));
  route(app, api.transactions, ({ member, query }) => services.wallet.transactions(member, query));
  route(app, api.bonuses, ({ member, query }) => services.wallet.bonuses(member, query));
  route(app, api.turnover, ({ member }) => services.wallet.turnoverOf(member));
}
