import { z } from 'zod';
import { call } from './call.js';
import { inhouseGameCodes } from './constants.js';

export const inhouseGameCodeSchema = z.enum(inhouseGameCodes);
export type InhouseGameCode = z.infer<typeof inhouseGameCodeSchema>;

export const inhouseGameInfoSchema = z.object({
  gameCode: inhouseGameCodeSchema,
  /** the catalogue's id (favourites, recent games, launch) */
  nodeId: z.string(),
  gameName: z.string(),
  /** the operator turned it off in the catalogue: the page says so instead of playing */
  enabled: z.boolean(),
});
export type InhouseGameInfo = z.infer<typeof inhouseGameInfoSchema>;

export const inhouseInfoSchema = z.object({
  /** free play with play money that never touches the ledger (the FREEPLAY3 whitelabel switch) */
  freePlay: z.boolean(),
  games: z.array(inhouseGameInfoSchema),
});
export type InhouseInfo = z.infer<typeof inhouseInfoSchema>;

/** Our own games (slot, dice, crash): they place their bets on the seamless wallet in process. */
export const inhouseCalls = {
  inhouseInfo: call({
    method: 'GET',
    path: '/wps/inhouse/info',
    access: 'public',
    response: inhouseInfoSchema,
  }),
};
