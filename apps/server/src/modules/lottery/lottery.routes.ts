import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import { adminActor, type AuditService } from '../audit/index.js';
import type { LotteryFollowService } from './follow/follow.service.js';
import type { LotteryService } from './lottery.service.js';

export function registerLotteryRoutes(
  app: FastifyInstance,
  services: { lottery: LotteryService; follows: LotteryFollowService; audit: Pick<AuditService, 'record'> },
): void {
  const { lottery, follows, audit } = services;
  route(app, api.lotteryMenus, ({ query }) => lottery.menus(query.prizeMode));
  route(app, api.lotteryPopular, ({ query }) => lottery.popular(query.count));
  route(app, api.lotteryGameInfo, ({ params }) => lottery.gameInfo(params.gameCode));
  route(app, api.lotteryResults, ({ params, query }) =>
    lottery.results(params.gameCode, query.pageNo, query.pageSize),
  );
  route(app, api.lotteryPeriod, ({ params }) => lottery.period(params.gameCode, params.periodNo));
  route(app, api.lotteryPlaceBets, ({ member, body }) => lottery.place(member, body));
  route(app, api.lotteryBets, ({ member, query }) => lottery.bets(member, query));
  route(app, api.lotteryBetDetail, ({ member, params }) => lottery.betDetail(member, params.betId));
  route(app, api.lotteryFollowCreate, ({ member, body }) => follows.create(member, body));
  route(app, api.lotteryFollows, ({ member, query }) => follows.list(member, query));
  route(app, api.lotteryFollowDetail, ({ member, params }) => follows.detail(member, params.followId));
  route(app, api.lotteryFollowCancel, ({ member, params }) => follows.cancel(member, params.followId));
  route(app, api.adminLotteryExposure, ({ query }) => lottery.exposure(query.gameCode, query.periodNo));
  route(app, api.adminLotteryVoid, async ({ admin, body }) => {
    const period = await lottery.voidPeriod(body.gameCode, body.periodNo, body.reason);
    await audit.record(
      adminActor(admin),
      'lottery-void',
      { game: body.gameCode, period: body.periodNo },
      {
        reason: body.reason,
      },
    );
    return period;
  });
}
