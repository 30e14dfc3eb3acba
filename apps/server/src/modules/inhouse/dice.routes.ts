import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import { withRateLimit } from '../../lib/rate-limit.js';
import type { DiceService } from './dice.service.js';
import { verifyFair } from './fair.service.js';

/** Free play and verification ask no session, so they are limited per address. */
export const FREE_DICE_PER_MINUTE = 120;
export const VERIFICATIONS_PER_MINUTE = 120;

export function registerDiceRoutes(app: FastifyInstance, dice: DiceService): void {
  route(app, api.inhouseDiceInfo, () => dice.info());
  route(app, api.inhouseDiceSeed, ({ member }) => dice.seed(member));
  route(app, api.inhouseDiceRotate, ({ member, body }) => dice.rotate(member, body));
  route(app, api.inhouseDiceBet, ({ member, body }) => dice.bet(member, body));
  route(app, api.inhouseDiceRounds, ({ member }) => dice.recent(member));
  withRateLimit(app, { name: 'dice-free', max: FREE_DICE_PER_MINUTE, timeWindow: 60_000 }, (scope) => {
    route(scope, api.inhouseDiceFreeBet, ({ body }) => dice.freeBet(body));
  });
  withRateLimit(app, { name: 'fair-verify', max: VERIFICATIONS_PER_MINUTE, timeWindow: 60_000 }, (scope) => {
    route(scope, api.inhouseFairVerify, ({ query }) => verifyFair(query));
    route(scope, api.inhouseFairSeed, ({ query }) => dice.revealedSeed(query.hash));
  });
}
