import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { SettingsService } from '../system/index.js';
import { CaptchaService } from './captcha.service.js';
import { emailProviderFrom, MessageService, smsProviderFrom } from './message.service.js';
import { VerificationCodeService } from './verification-code.service.js';
import { registerVerificationRoutes } from './verification.routes.js';
import { VerificationService, type ReferralCodeOwners } from './verification.service.js';

export { CaptchaService } from './captcha.service.js';
export { MessageService } from './message.service.js';
export { VerificationCodeService } from './verification-code.service.js';
export { VerificationService, type ReferralCodeOwners } from './verification.service.js';
export { normalizeMobile } from './mobile.js';
export { requestLanguage, resetLinkEmail } from './message-templates.js';
export { CAPTCHA_RATE_LIMIT } from './verification.routes.js';

/** Captchas, SMS and email codes, every outgoing message (and the development outbox), countries. */
export function createVerificationModule(deps: AppDeps, { settings }: { settings: SettingsService }) {
  const captcha = new CaptchaService(deps.db, deps.clock, deps.rng);
  const messages = new MessageService(
    deps.db,
    deps.clock,
    deps.rng,
    deps.config,
    smsProviderFrom(deps.config),
    emailProviderFrom(deps.config),
  );
  const codes = new VerificationCodeService(deps.db, deps.clock, deps.rng, settings, messages);
  let owners: ReferralCodeOwners | undefined;
  const verification = new VerificationService(settings, () => {
    if (!owners) throw new Error('verification was not given the member module (useMembers)');
    return owners;
  });
  return {
    captcha,
    messages,
    codes,
    verification,
    /** the member module, once built: who owns a referral code (the invitation check) */
    useMembers(next: ReferralCodeOwners): void {
      owners = next;
    },
    registerRoutes: (app: FastifyInstance) =>
      registerVerificationRoutes(app, { deps, captcha, verification, messages }),
  };
}
export type VerificationModule = ReturnType<typeof createVerificationModule>;
