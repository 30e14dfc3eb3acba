import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { GameService } from './game.service.js';

export function registerGameRoutes(app: FastifyInstance, services: { game: GameService }): void {
  route(app, api.gameVendors, () => services.game.vendors());
}
