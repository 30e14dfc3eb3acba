import { z } from 'zod';
import { call } from './call.js';
import { inputText } from './input-text.js';
import { localizedTextSchema } from './languages.js';
import { moneyStringSchema } from './money.js';

/** SPEC section 7's PVP rooms call: which vendor's rooms, optionally of one game. */
export const pvpRoomsQuerySchema = z.object({
  vassalage: inputText(40)
    .regex(/^[A-Z0-9_]{1,40}$/, 'not a vendor code')
    .optional(),
  gameCode: inputText(59)
    .regex(/^[A-Za-z0-9_.-]{1,59}$/, 'not a game code')
    .optional(),
  language: inputText(10).optional(),
  clientType: inputText(10).optional(),
});
export type PvpRoomsQuery = z.input<typeof pvpRoomsQuerySchema>;

export const pvpSeatSchema = z.object({
  /** from 0, in the room's order */
  seat: z.number().int().min(0),
  /** a player sits there; a free seat is played by the vendor's simulated opponent until someone sits */
  taken: z.boolean(),
});

/** One room of a vendor's PVP game: its seats and its bet, and the game that opens it. */
export const pvpRoomSchema = z.object({
  /** the vendor's room id: the launch request's roomId */
  roomId: z.string(),
  /** the room's game in our catalogue (the launch request's nodeId) */
  nodeId: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  /** the room's name as the vendor gives it */
  name: localizedTextSchema,
  /** every hand's stake in this room, decimal major units */
  minBet: moneyStringSchema,
  seats: z.array(pvpSeatSchema),
  seatsFree: z.number().int().min(0),
});
export type PvpRoom = z.infer<typeof pvpRoomSchema>;

export const pvpRoomsSchema = z.object({
  /**
   * ok: every PVP vendor asked answered; partial: some did not (their rooms are missing);
   * unavailable: none answered (no rooms can be shown now; try again later); none: no PVP vendor has rooms
   */
  state: z.enum(['ok', 'partial', 'unavailable', 'none']),
  rooms: z.array(pvpRoomSchema),
});
export type PvpRooms = z.infer<typeof pvpRoomsSchema>;

/**
 * PVP rooms (SPEC section 7, "PVP rooms, PVP launch | GET"): the rooms of the lobby's PVP vendors with
 * their seats, read from each vendor and kept a few seconds. A room opens through launchGame with its
 * roomId.
 */
export const pvpCalls = {
  pvpRooms: call({
    method: 'GET',
    path: '/wps/game/pvp/rooms',
    access: 'public',
    query: pvpRoomsQuerySchema,
    response: pvpRoomsSchema,
  }),
};
