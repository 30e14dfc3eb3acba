import { api, headers } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { route } from '../../lib/http.js';
import { adminActor, type AuditService } from '../audit/index.js';
import type { ContentService } from './content.service.js';

/** Not a JSON call of the contract: it answers a banner or promotion image rendition itself. */
export const RENDITION_PATH = '/wps/content/images/:imageId/:file';
const renditionParamsSchema = z.object({ imageId: z.string().max(64), file: z.string().max(16) });

export function registerContentRoutes(
  app: FastifyInstance,
  services: { content: ContentService; audit: AuditService },
): void {
  const { content, audit } = services;
  route(app, api.banners, async ({ query, request }) =>
    content.banners(
      query.groupName,
      await content.language(query.language, request.headers[headers.language]),
    ),
  );
  route(app, api.announcements, async ({ query, request }) =>
    content.announcements(query, await content.language(query.language, request.headers[headers.language])),
  );
  route(app, api.agentAnnouncements, async ({ query, request }) =>
    content.agentAnnouncements(
      query,
      await content.language(query.language, request.headers[headers.language]),
    ),
  );
  route(app, api.adminAddAnnouncement, async ({ admin, body }) => {
    const row = await content.addAnnouncement(body);
    // The same audit row the operator tool's `content announcements add` writes.
    await audit.record(adminActor(admin), 'content announcements add', { announcement: row.id }, { ...row });
    return content.storedAnnouncement(row);
  });
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
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(RENDITION_PATH, { schema: { params: renditionParamsSchema } }, async (request, reply) => {
      const image = await content.rendition(request.params.imageId, request.params.file);
      return (
        reply
          .header('content-type', image.contentType)
          // The id is a hash of the source and how it was rendered: these bytes never change.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(image.bytes)
      );
    });
  route(app, api.helpCenter, async ({ query, request }) =>
    content.helpCenter(await content.language(query.language, request.headers[headers.language])),
  );
}
