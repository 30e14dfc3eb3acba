import type { FastifyInstance } from 'fastify';
import { isProduction } from '../../config.js';
import type { AppDeps } from '../../lib/deps.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { AuditService } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import type { CaptchaService } from '../verification/index.js';
import type { LedgerService } from '../wallet/index.js';
import { AdjustmentService } from './adjustment.service.js';
import { adminOperatorCommands } from './admin.operator.js';
import { registerAdminRoutes } from './admin.routes.js';
import { AdminService, type StaffSettings } from './admin.service.js';

export { AdminService } from './admin.service.js';
export {
  AdjustmentService,
  type BonusAnswer,
  type BonusGrant,
  type BonusRequest,
} from './adjustment.service.js';
export { ADMIN_TOKEN_HEADER, type AdminRole, type AuthenticatedAdmin } from './admin-guard.js';
export { DEMO_ADMIN_LOGIN, DEMO_STAFF_LOGINS, DEMO_STAFF_PASSWORD, seedAdminDemo } from './admin.seed.js';

/** Operator staff (admin users, roles, sessions, second factor) and manual balance corrections. */
export function createAdminModule(
  deps: AppDeps,
  modules: {
    passwords: PasswordHasher;
    audit: AuditService;
    ledger: LedgerService;
    members: Pick<MemberService, 'byAccount'>;
    /** the captcha an account's logins carry after several recent failures */
    captcha: Pick<CaptchaService, 'check'>;
    settings: StaffSettings;
  },
) {
  const { passwords, audit, ledger, members, captcha, settings } = modules;
  const admin = new AdminService(
    deps.db,
    deps.clock,
    deps.rng,
    passwords,
    audit,
    captcha,
    settings,
    isProduction(deps.config),
  );
  const adjustments = new AdjustmentService(deps.db, deps.clock, ledger, audit, members, settings, deps.rng);
  return {
    admin,
    adjustments,
    registerRoutes: (app: FastifyInstance) => registerAdminRoutes(app, { admin, adjustments }),
    operatorCommands: adminOperatorCommands({ deps, admin, adjustments }),
  };
}
export type AdminModule = ReturnType<typeof createAdminModule>;
