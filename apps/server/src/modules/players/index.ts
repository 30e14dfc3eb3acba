import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { AuditService } from '../audit/index.js';
import type { MessageService } from '../messaging/index.js';
import type { TurnoverService } from '../wallet/index.js';
import { registerPlayersRoutes } from './players.routes.js';
import { PlayersService } from './players.service.js';

export { PlayersService, PLAYER_SECTION_LIMIT } from './players.service.js';

/**
 * The back office's Players section (issue 27): search by any identifier, the player 360, staff notes
 * and tags. The search and the 360 read many modules' tables as one read model (players.repository.ts);
 * tags are the messaging module's (a tag also addresses messages); every change is audited.
 */
export function createPlayersModule(
  deps: AppDeps,
  modules: {
    audit: AuditService;
    turnover: Pick<TurnoverService, 'status'>;
    tags: Pick<MessageService, 'tagsOf' | 'changeTag'>;
  },
) {
  const players = new PlayersService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    countryLookup: deps.countryLookup,
    ...modules,
  });
  return {
    players,
    registerRoutes: (app: FastifyInstance) => registerPlayersRoutes(app, players),
  };
}
export type PlayersModule = ReturnType<typeof createPlayersModule>;
