import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { AuditService } from '../audit/index.js';
import type { MessageService } from '../messaging/index.js';
import type { TurnoverService } from '../wallet/index.js';
import { PlayerActionsService, type PlayerActionServices } from './player-actions.service.js';
import { registerPlayerActionRoutes } from './player-actions.routes.js';
import { registerPlayersRoutes } from './players.routes.js';
import { PlayersService } from './players.service.js';

export { PlayersService, PLAYER_SECTION_LIMIT } from './players.service.js';
export { PlayerActionsService } from './player-actions.service.js';

/**
 * The back office's Players section (issue 27): search by any identifier, the player 360, staff notes
 * and tags. The search and the 360 read many modules' tables as one read model (players.repository.ts);
 * tags are the messaging module's (a tag also addresses messages); every change is audited. Actions
 * (lock, suspensions, log-out, password reset, bonus, move) write through the modules that own what they
 * change; the suspensions are enforced where bets and withdrawals are made (app.ts, the member module).
 */
export function createPlayersModule(
  deps: AppDeps,
  modules: {
    audit: AuditService;
    turnover: Pick<TurnoverService, 'status'>;
    tags: Pick<MessageService, 'tagsOf' | 'changeTag'>;
    actions: Omit<PlayerActionServices, 'db' | 'audit'>;
  },
) {
  const { actions: actionServices, ...readModel } = modules;
  const players = new PlayersService({
    db: deps.db,
    clock: deps.clock,
    rng: deps.rng,
    countryLookup: deps.countryLookup,
    ...readModel,
  });
  const actions = new PlayerActionsService({ db: deps.db, audit: modules.audit, ...actionServices });
  return {
    players,
    actions,
    registerRoutes: (app: FastifyInstance) => {
      registerPlayersRoutes(app, players);
      registerPlayerActionRoutes(app, actions);
    },
  };
}
export type PlayersModule = ReturnType<typeof createPlayersModule>;
