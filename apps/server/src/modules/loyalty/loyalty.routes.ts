import { api, headers } from '@platform/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { route } from '../../lib/http.js';
import type { MallService } from './mall.service.js';
import type { PointsService } from './points.service.js';
import type { RankService } from './rank.service.js';

/** The language of item names: the request's language header, else Bengali (the site's default). */
const languageOf = (request: FastifyRequest): string => {
  const given = request.headers[headers.language];
  return typeof given === 'string' && /^[a-z]{2}$/.test(given) ? given : 'bn';
};

export function registerLoyaltyRoutes(
  app: FastifyInstance,
  services: { points: PointsService; mall: MallService; ranks: RankService },
): void {
  const { points, mall, ranks } = services;
  route(app, api.points, ({ member }) => points.summary(member));
  route(app, api.pointsHistory, ({ member, query }) => points.history(member, query.pageNo, query.pageSize));
  route(app, api.convertPoints, ({ member, body, origin }) => points.convert(member, body, origin));
  route(app, api.pointMall, ({ member, request }) => mall.items(member, languageOf(request)));
  route(app, api.redeemMallItem, ({ member, params, body, request }) =>
    mall.redeem(member, params.id, body, languageOf(request)),
  );
  route(app, api.redeemRecords, ({ member, query, request }) =>
    mall.records(member, query.pageNo, query.pageSize, languageOf(request)),
  );
  route(app, api.playerRank, ({ member }) => ranks.playerRank(member));
  route(app, api.claimMonthlyGift, ({ member }) => ranks.claimMonthlyGift(member));
  route(app, api.adminRedeems, ({ query }) => mall.adminRecords(query.status, query.pageNo, query.pageSize));
  route(app, api.adminApproveRedeem, ({ admin, params }) => mall.approve(params.reference, { admin }));
  route(app, api.adminRejectRedeem, ({ admin, params, body }) =>
    mall.reject(params.reference, body.reason, { admin }),
  );
  route(app, api.adminMallItems, () => mall.adminItems());
  route(app, api.adminCreateMallItem, ({ admin, body }) => mall.createItem({ admin }, body));
  route(app, api.adminUpdateMallItem, ({ admin, params, body }) =>
    mall.updateItem({ admin }, params.id, body),
  );
  route(app, api.adminSetMallItemActive, ({ admin, params, body }) =>
    mall.setActive({ admin }, params.id, body.active),
  );
  route(app, api.adminSetMallItemStock, ({ admin, params, body }) =>
    mall.setStock({ admin }, params.id, body.stock),
  );
  route(app, api.adminRanks, () => ranks.adminList());
  route(app, api.adminSetRank, ({ admin, params, body }) => ranks.set({ admin }, params.level, body));
}
