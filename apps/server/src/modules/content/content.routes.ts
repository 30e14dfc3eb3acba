import { api, headers } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { ContentService } from './content.service.js';

export function registerContentRoutes(app: FastifyInstance, services: { content: ContentService }): void {
  const { content } = services;
  route(app, api.banners, async ({ query, request }) =>
    content.banners(
      query.groupName,
      await content.language(query.language, request.headers[headers.language]),
    ),
  );
  route(app, api.announcements, async ({ query, request }) =>
    content.announcements(query, await content.language(query.language, request.headers[headers.language])),
  );
  route(app, api.promotions, async ({ query, request }) =>
    content.promotions(
      query.category,
      await content.language(query.language, request.headers[headers.language]),
    ),
  );
  route(app, api.promotionDetail, async ({ params, query, request }) =>
    content.promotionDetail(
      params.id,
      await content.language(query.language, request.headers[headers.language]),
    ),
  );
  route(app, api.helpCenter, async ({ query, request }) =>
    content.helpCenter(await content.language(query.language, request.headers[headers.language])),
  );
}
