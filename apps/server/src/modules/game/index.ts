import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { SettingsService } from '../system/index.js';
import { gameOperatorCommands } from './game.operator.js';
import { registerGameRoutes } from './game.routes.js';
import { GameService } from './game.service.js';

export { GameService } from './game.service.js';
export { seedGameDemo } from './game.seed.js';

/** The game vendors of the lobby. */
export function createGameModule(deps: AppDeps, { settings }: { settings: SettingsService }) {
  const game = new GameService(deps, settings);
  return {
    game,
    registerRoutes: (app: FastifyInstance) => registerGameRoutes(app, { game }),
    operatorCommands: gameOperatorCommands({ game, settings }),
  };
}
export type GameModule = ReturnType<typeof createGameModule>;
