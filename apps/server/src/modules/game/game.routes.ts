import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { GameCatalogueService } from './game-catalogue.service.js';
import type { GameService } from './game.service.js';

export function registerGameRoutes(
  app: FastifyInstance,
  services: { game: GameService; catalogue: GameCatalogueService },
): void {
  const { game, catalogue } = services;
  route(app, api.gameVendors, () => game.vendors());
  route(app, api.gameList, ({ query }) => catalogue.list(query));
  route(app, api.hotGames, ({ query }) => catalogue.hot(query));
  route(app, api.recentGames, ({ member, query }) => catalogue.recent(member, query));
  route(app, api.favouriteGames, ({ member, query }) => catalogue.favourites(member, query));
  route(app, api.favouriteGameIds, ({ member }) => catalogue.favouriteIds(member));
  route(app, api.addFavouriteGame, ({ member, body }) => catalogue.addFavourite(member, body));
  route(app, api.removeFavouriteGame, ({ member, query }) => catalogue.removeFavourite(member, query.nodeId));
}
