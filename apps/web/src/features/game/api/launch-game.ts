import type { LaunchGame, LaunchGameRequest } from '@platform/contract/client';
import { apiRequest } from '@/lib/api-client';

/** POST /wps/game/launchGame: the vendor's address for this player and game (SPEC section 3). */
export const launchGame = (request: LaunchGameRequest): Promise<LaunchGame> =>
  apiRequest('launchGame', { body: request });
