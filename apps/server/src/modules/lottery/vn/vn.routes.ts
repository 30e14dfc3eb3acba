import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/http.js';
import type { VnLotteryService } from './vn.service.js';

export function registerVnLotteryRoutes(app: FastifyInstance, vn: VnLotteryService): void {
  route(app, api.vnGameMenu, () => vn.menu());
  route(app, api.vnOpenedGame, ({ query }) => vn.opened(query.gameCode));
  route(app, api.vnNumbers, ({ query }) => vn.numbers(query.gameCode, query.count));
}
