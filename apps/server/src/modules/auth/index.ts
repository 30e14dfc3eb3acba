import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { SettingsService } from '../system/index.js';
import type { VerificationModule } from '../verification/index.js';
import { AuthAuditService } from './auth-audit.service.js';
import { ClubLabels, type ClubLabelSource } from './club-label.js';
import type { AuthServices } from './auth-helpers.js';
import { registerAuthRoutes } from './auth.routes.js';
import { LoginService } from './login.service.js';
import { RegistrationService } from './registration.service.js';
import { sessionIsLive } from './session-liveness.js';
import { SessionService } from './session.service.js';

export { AuthAuditService, type AuthEvent } from './auth-audit.service.js';
export { issueLogin, presentLoginUser, isPasswordExpired, type LoginVia } from './login-result.js';
export { clubLabelOf, type ClubLabel, type ClubLabelSource } from './club-label.js';
export type { AuthServices } from './auth-helpers.js';
export { SessionService, type AuthenticatedMember, type RequestOrigin } from './session.service.js';
export { DEMO_MEMBER_LOGINS, seedAuthDemo, type DemoLogin } from './auth.seed.js';
export type { InviteLinks, NewDownline } from './registration.service.js';

/**
 * Members' sessions, registration, logins (password, SMS, new address, free play, hand-off) and the
 * security log of logins.
 */
export function createAuthModule(
  deps: AppDeps,
  modules: {
    settings: SettingsService;
    passwords: PasswordHasher;
    verification: Pick<VerificationModule, 'captcha' | 'codes' | 'messages'>;
    grantTrialDemoMoney: AuthServices['grantTrialDemoMoney'];
  },
) {
  const { settings, passwords, verification, grantTrialDemoMoney } = modules;
  const sessions = new SessionService(deps.db, deps.clock, deps.rng, settings);
  const authAudit = new AuthAuditService(deps.db, deps.clock);
  const clubLabels = new ClubLabels();
  const services: AuthServices = {
    deps,
    settings,
    passwords,
    audit: authAudit,
    sessions,
    captcha: verification.captcha,
    codes: verification.codes,
    messages: verification.messages,
    clubLabels,
    grantTrialDemoMoney,
  };
  const registration = new RegistrationService(services);
  const login = new LoginService(services, registration);
  return {
    sessions,
    /** what a long-lived connection (the WebSocket) checks: the member of a token, and later its session's liveness */
    liveSessions: {
      resolve: (token: string) => sessions.resolve(token),
      isLive: (tokenHash: string) => sessionIsLive(deps, tokenHash),
    },
    authAudit,
    registration,
    login,
    /** what the member module builds on: the same services the auth services use */
    services,
    /** the loyalty module's ranks label the members from now on */
    useClubLabels: (source: ClubLabelSource) => clubLabels.use(source),
    registerRoutes: (app: FastifyInstance) => registerAuthRoutes(app, { registration, login, sessions }),
  };
}
export type AuthModule = ReturnType<typeof createAuthModule>;
