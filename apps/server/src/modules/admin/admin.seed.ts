import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { Rng } from '../../lib/rng.js';
import { AuditService } from '../audit/index.js';
import { CaptchaService } from '../verification/index.js';
import { AdminService } from './admin.service.js';

/** Printed at every start beside the demo members. */
export const DEMO_ADMIN_LOGIN = {
  username: 'admin',
  password: 'Admin-Pass-2026',
  role: 'operator staff (owner): POST /wps/admin/session/login',
} as const;

/**
 * The demo owner. Runs after the demo transaction committed: the admin service uses its own connection
 * (PGlite has only one).
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
  );
  await admins.create({
    username: DEMO_ADMIN_LOGIN.username,
    role: 'owner',
    password: DEMO_ADMIN_LOGIN.password,
  });
}
