import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../../lib/http.js';
import { adminActor, type AuditService } from '../../audit/index.js';
import type { VnResultsService } from './vn-results.service.js';
import type { VnLotteryService } from './vn.service.js';

export function registerVnLotteryRoutes(
  app: FastifyInstance,
  vn: VnLotteryService,
  results: VnResultsService,
  audit: Pick<AuditService, 'record'>,
): void {
  route(app, api.vnGameMenu, () => vn.menu());
  route(app, api.vnOpenedGame, ({ query }) => vn.opened(query.gameCode));
  route(app, api.vnNumbers, ({ query }) => vn.numbers(query.gameCode, query.count));
  route(app, api.adminVnResults, ({ query }) => results.entries(query.gameCode, query.periodNo));
  route(app, api.adminVnResultEnter, async ({ admin, body }) => {
    const entry = await results.enter(adminActor(admin), body);
    await audit.record(
      adminActor(admin),
      'lottery-vn-enter',
      { game: body.gameCode, period: body.periodNo },
      { revision: entry.revision, tiers: entry.tiers },
    );
    return entry;
  });
  route(app, api.adminVnResultConfirm, async ({ admin, body }) => {
    const entry = await results.confirm(adminActor(admin), body);
    await audit.record(
      adminActor(admin),
      'lottery-vn-confirm',
      { game: body.gameCode, period: body.periodNo },
      { revision: entry.revision, correction: entry.correction },
    );
    return entry;
  });
}
