import multipart from '@fastify/multipart';
import { api, applicationFieldsSchema, UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGES_MAX } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import { readImagesForm } from '../../lib/multipart-images.js';
import type { ApplicationService } from './application.service.js';
import type { AutoRewardService } from './auto-reward.service.js';
import type { BonusService } from './bonus.service.js';

export async function registerApplicationRoutes(
  app: FastifyInstance,
  services: { applications: ApplicationService; bonuses: BonusService; autoRewards: AutoRewardService },
): Promise<void> {
  const { applications, bonuses, autoRewards } = services;
  // Multipart only in this scope, so no other route parses it by accident.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One more file than allowed, so a fourth is seen and refused with the field's error.
      limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: UPLOAD_IMAGES_MAX + 1, fields: 3 },
    });
    route(scope, api.applyPromotion, async ({ member, params, request }) => {
      const { fields, images } = await readImagesForm(request, applicationFieldsSchema, {
        fileField: 'images',
        maxFiles: UPLOAD_IMAGES_MAX,
        maxBytes: UPLOAD_IMAGE_MAX_BYTES,
      });
      return applications.apply(member, params.id, fields.comment, images);
    });
  });
  route(app, api.myApplications, ({ member }) => applications.mine(member));
  route(app, api.claimApplication, ({ member, params }) => applications.claim(member, params.id));
  route(app, api.myBonuses, ({ member }) => bonuses.mine(member.id));
  route(app, api.adminPayRebate, ({ admin, body }) => autoRewards.payRebate(body.day, { admin }));
  route(app, api.adminApplications, ({ query }) => applications.list(query.status));
  route(app, api.adminApproveApplication, ({ admin, params, body }) =>
    applications.approve(params.id, body, { admin }),
  );
  route(app, api.adminRejectApplication, ({ admin, params, body }) =>
    applications.reject(params.id, body.reason, { admin }),
  );
}
