import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import { withRateLimit } from '../../lib/rate-limit.js';
import type { SlotService } from './slot.service.js';

/** Free play asks no session, so it is limited per address: a page's autoplay, not a script's loop. */
export const FREE_SPINS_PER_MINUTE = 120;

export function registerSlotRoutes(app: FastifyInstance, slot: SlotService): void {
  route(app, api.inhouseSlotInfo, () => slot.info());
  route(app, api.inhouseSlotSpin, ({ member, body }) => slot.spin(member, body));
  route(app, api.inhouseSlotRounds, ({ member }) => slot.recent(member));
  withRateLimit(app, { name: 'slot-free', max: FREE_SPINS_PER_MINUTE, timeWindow: 60_000 }, (scope) => {
    route(scope, api.inhouseSlotFreeSpin, ({ body }) => slot.freeSpin(body));
  });
}
