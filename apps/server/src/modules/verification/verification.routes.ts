import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { servesDevOutbox } from '../../config.js';
import { route } from '../../lib/http.js';
import { withRateLimit } from '../../lib/rate-limit.js';
import type { AppDeps } from '../../lib/deps.js';
import type { CaptchaService } from './captcha.service.js';
import type { MessageService } from './message.service.js';
import type { VerificationService } from './verification.service.js';

interface RouteServices {
  deps: Pick<AppDeps, 'config'>;
  captcha: CaptchaService;
  verification: VerificationService;
  messages: MessageService;
}

/** Every captcha is a stored challenge: a script asking in a loop would only fill the table. */
export const CAPTCHA_RATE_LIMIT = { name: 'captcha', max: 30, timeWindow: 60_000 } as const;

export function registerVerificationRoutes(app: FastifyInstance, services: RouteServices): void {
  withRateLimit(app, CAPTCHA_RATE_LIMIT, (scope) => {
    route(scope, api.captcha, ({ reply }) => {
      // Each answer is a new challenge; a cached image would not match any stored answer.
      reply.header('cache-control', 'no-store');
      return services.captcha.create();
    });
  });
  route(app, api.countries, ({ request }) => services.verification.countries(request.location));
  route(app, api.affiliateCheck, async ({ query }) => ({
    valid: await services.verification.affiliateValid(query.code),
  }));
  // Never mounted in production, whatever the flags say: it shows anyone every SMS and email code.
  if (servesDevOutbox(services.deps.config)) {
    route(app, api.devOutbox, ({ query }) => services.messages.devOutbox(query.to));
  }
}
