import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { SettingsService } from '../system/index.js';
import { gameOperatorCommands } from './game.operator.js';
import { registerGameRoutes } from './game.routes.js';
import { GameCatalogueService } from './game-catalogue.service.js';
import { GameService } from './game.service.js';

export { GameService } from './game.service.js';
export { GameCatalogueService } from './game-catalogue.service.js';
export { seedGameDemo } from './game.seed.js';
/** The demo game vendor's studios and games (the provider's demo seed registers their wallet terms). */
export { demoGameImage, demoGameStudios, demoTransferStudio, type DemoGameStudio } from './demo-games.js';

/** The game vendors and games of the lobby, and each member's favourites and recent games. */
export function createGameModule(deps: AppDeps, { settings }: { settings: SettingsService }) {
  const game = new GameService(deps, settings);
  const catalogue = new GameCatalogueService(deps, game);
  return {
    game,
    catalogue,
    registerRoutes: (app: FastifyInstance) => registerGameRoutes(app, { game, catalogue }),
    operatorCommands: gameOperatorCommands({ game, catalogue, settings }),
  };
}
export type GameModule = ReturnType<typeof createGameModule>;
