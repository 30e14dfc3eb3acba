import { api, headers } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import { withRateLimit } from '../../lib/rate-limit.js';
import type { LoginService } from './login.service.js';
import type { RegistrationService } from './registration.service.js';
import type { SessionService } from './session.service.js';

/**
 * Per-address limits on top of the per-account and per-number rules in the services: a cheap first
 * wall against scripted sign-ups, password spraying and SMS flooding.
 */
export const authRateLimits = {
  login: { name: 'login', max: 30, timeWindow: 60_000 },
  register: { name: 'register', max: 10, timeWindow: 60_000 },
  sms: { name: 'sms', max: 5, timeWindow: 60_000 },
} as const;

export function registerAuthRoutes(
  app: FastifyInstance,
  services: {
    registration: RegistrationService;
    login: LoginService;
    sessions: SessionService;
  },
): void {
  const { registration, login } = services;
  withRateLimit(app, authRateLimits.register, (scope) => {
    route(scope, api.register, ({ body, origin }) => registration.register(body, origin));
    route(scope, api.registerMobile, ({ body, origin }) => registration.registerMobile(body, origin));
    route(scope, api.freePlay, ({ origin }) => login.freePlay(origin));
  });
  withRateLimit(app, authRateLimits.sms, (scope) => {
    route(scope, api.registerSms, ({ body, origin, request }) =>
      registration.sendRegisterSms(body, origin, request.headers[headers.language]),
    );
    route(scope, api.loginSms, ({ body, origin, request }) =>
      login.sendLoginSms(body, origin, request.headers[headers.language]),
    );
    route(scope, api.verifyLoginSms, ({ body, origin, request }) =>
      login.sendChallengeSms(body.challengeId, origin, request.headers[headers.language]),
    );
  });
  withRateLimit(app, authRateLimits.login, (scope) => {
    route(scope, api.login, ({ body, origin }) => login.login(body, origin));
    route(scope, api.loginV2, ({ body, origin }) => login.loginV2(body, origin));
    route(scope, api.verifyLogin, ({ body, origin }) => login.verifyLogin(body, origin));
    route(scope, api.redeemHandoff, ({ body, origin }) => login.redeemHandoff(body.code, origin));
  });
  route(app, api.createHandoff, ({ member }) => services.sessions.createHandoff(member));
  route(app, api.logout, ({ member, origin }) => login.logout(member, origin));
}
