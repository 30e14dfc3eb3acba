import multipart from '@fastify/multipart';
import { api, feedbackFieldsSchema, UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGES_MAX } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import { readImagesForm } from '../../lib/multipart-images.js';
import type { FeedbackService } from './feedback.service.js';

/** PUT /wps/feedback (multipart, in a scope of its own so no other route parses multipart by accident). */
export async function registerFeedbackRoutes(
  app: FastifyInstance,
  services: { feedback: FeedbackService },
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One more file than allowed, so a fourth is seen and refused with the field's error.
      limits: { fileSize: UPLOAD_IMAGE_MAX_BYTES, files: UPLOAD_IMAGES_MAX + 1, fields: 5 },
    });
    route(scope, api.feedback, async ({ member, request }) => {
      const { fields, images } = await readImagesForm(request, feedbackFieldsSchema, {
        fileField: 'images',
        maxFiles: UPLOAD_IMAGES_MAX,
        maxBytes: UPLOAD_IMAGE_MAX_BYTES,
      });
      return services.feedback.submit(member.id, fields, images);
    });
  });
  route(app, api.adminFeedback, ({ query }) => services.feedback.list(query.pageNo, query.pageSize));
}
