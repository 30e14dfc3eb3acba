import { adminRoles } from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { Rng } from '../../lib/rng.js';
import { AuditService } from '../audit/index.js';
import { SettingsService } from '../system/index.js';
import { CaptchaService } from '../verification/index.js';
import { AdminService } from './admin.service.js';

/** Printed at every start beside the demo members. */
export const DEMO_ADMIN_LOGIN = {
  username: 'admin',
  password: 'Admin-Pass-2026',
  role: 'back office /admin, owner',
} as const;

/** One member of staff per role besides the owner, named after the role (issue 27), TOTP off (demo only). */
export const DEMO_STAFF_PASSWORD = 'Staff-Pass-2026';
const staffRoles = adminRoles.filter((role) => role !== 'owner');
export const DEMO_STAFF_LOGINS = [
  DEMO_ADMIN_LOGIN,
  ...staffRoles.map((role) => ({
    username: role,
    password: DEMO_STAFF_PASSWORD,
    role: `back office /admin, ${role}`,
  })),
] as const;

/**
 * The demo owner and one member of staff per role. Runs after the demo transaction committed: the
 * admin service uses its own connection (PGlite has only one).
 */
export async function seedAdminDemo(
  db: Database,
  deps: { clock: Clock; rng: Rng; passwords: PasswordHasher },
): Promise<void> {
  const admins = new AdminService(
    db,
    deps.clock,
    deps.rng,
    deps.passwords,
    new AuditService({ db, clock: deps.clock }),
    new CaptchaService(db, deps.clock, deps.rng),
    new SettingsService(db, deps.clock, 0),
  );
  await admins.create({
    username: DEMO_ADMIN_LOGIN.username,
    roles: ['owner'],
    password: DEMO_ADMIN_LOGIN.password,
  });
  for (const role of staffRoles) {
    await admins.create({ username: role, roles: [role], password: DEMO_STAFF_PASSWORD });
  }
}
