import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { BigWinsService } from './big-wins.service.js';

/** GET /wps/game/big-wins: public, for home's ticker. */
export function registerBigWinsRoutes(app: FastifyInstance, bigWins: BigWinsService): void {
  route(app, api.bigWins, ({ query }) => bigWins.latest(query.limit));
}
