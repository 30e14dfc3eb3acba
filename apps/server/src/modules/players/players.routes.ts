import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { PlayersService } from './players.service.js';

export function registerPlayersRoutes(app: FastifyInstance, players: PlayersService): void {
  route(app, api.adminPlayerSearch, ({ query }) => players.search(query));
  route(app, api.adminPlayer, ({ params }) => players.player(params.account));
  route(app, api.adminPlayerNoteAdd, ({ admin, params, body, origin }) =>
    players.addNote(params.account, body.text, { admin }, origin.ip),
  );
  route(app, api.adminPlayerTagAdd, ({ admin, params, body, origin }) =>
    players.changeTag(params.account, body.tag, 'add', { admin }, { reason: body.reason, ip: origin.ip }),
  );
  route(app, api.adminPlayerTagRemove, ({ admin, params, query, origin }) =>
    players.changeTag(
      params.account,
      params.tag,
      'remove',
      { admin },
      { reason: query.reason, ip: origin.ip },
    ),
  );
}
