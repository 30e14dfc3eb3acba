import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { AppServices } from '../../services.js';

export function registerVerificationRoutes(app: FastifyInstance, services: AppServices): void {
  route(app, api.captcha, ({ reply }) => {
    // Each answer is a new challenge; a cached image would not match any stored answer.
    reply.header('cache-control', 'no-store');
    return services.captcha.create();
  });
  route(app, api.countries, ({ request }) => services.verification.countries(request.location));
  route(app, api.affiliateCheck, async ({ query }) => ({
    valid: await services.verification.affiliateValid(query.code),
  }));
  route(app, api.devOutbox, ({ query }) => services.messages.devOutbox(query.to));
}
