import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { AppServices } from '../../services.js';

export function registerGameRoutes(app: FastifyInstance, services: AppServices): void {
  route(app, api.gameVendors, () => services.game.vendors());
}
