import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { PvpRoomsService } from './pvp-rooms.service.js';

/** GET /wps/game/pvp/rooms: the PVP lobby's rooms with their seats (SPEC section 7). */
export function registerPvpRoomsRoutes(app: FastifyInstance, rooms: PvpRoomsService): void {
  route(app, api.pvpRooms, ({ query }) => rooms.rooms(query));
}
