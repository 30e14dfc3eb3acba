import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import { withRateLimit } from '../../lib/rate-limit.js';
import type { CrashService } from './crash.service.js';

/** The page polls the state about once a second; free play asks no session. Both limited per address. */
export const CRASH_STATE_PER_MINUTE = 240;
export const FREE_CRASH_PER_MINUTE = 120;

export function registerCrashRoutes(app: FastifyInstance, crash: CrashService): void {
  route(app, api.inhouseCrashBet, ({ member, body }) => crash.bet(member, body));
  route(app, api.inhouseCrashCashOut, ({ member, body }) => crash.cashOut(member, body));
  withRateLimit(app, { name: 'crash-state', max: CRASH_STATE_PER_MINUTE, timeWindow: 60_000 }, (scope) => {
    route(scope, api.inhouseCrashState, ({ member }) => crash.state(member?.id ?? null));
  });
  withRateLimit(app, { name: 'crash-free', max: FREE_CRASH_PER_MINUTE, timeWindow: 60_000 }, (scope) => {
    route(scope, api.inhouseCrashFreeBet, ({ body }) => crash.freeBet(body));
    route(scope, api.inhouseCrashFreeCashOut, ({ body }) => crash.freeCashOut(body));
  });
}
