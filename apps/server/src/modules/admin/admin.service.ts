import { adminRoles } from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { Rng } from '../../lib/rng.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import type { RequestOrigin } from '../auth/session.service.js';
import { operatorRepository } from '../operator/operator.repository.js';
import { adminActor, auditAdmin } from './admin-audit.js';
import type { AdminRole, AuthenticatedAdmin } from './admin-guard.js';
import { adminRepository, type AdminUserRow } from './admin.repository.js';

/** An admin session lasts one working shift, then the admin logs in again. */
export const ADMIN_SESSION_HOURS = 8;
export const ADMIN_PASSWORD_MIN = 10;
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{2,31}$/;

export const isAdminRole = (value: string): value is AdminRole =>
  (adminRoles as readonly string[]).includes(value);

export interface AdminSummary {
  username: string;
  role: AdminRole;
  active: boolean;
  createdAt: Date;
}

/** Usernames are compared without regard to case or surrounding spaces. */
export const normaliseAdminUsername = (username: string): string => username.trim().toLowerCase();

function checkPassword(password: string): void {
  if (password.length < ADMIN_PASSWORD_MIN || password.length > 255) {
    throw new AppError('INVALID_PASSWORD', `an admin password has ${ADMIN_PASSWORD_MIN} to 255 characters`, [
      {
        path: 'password',
        message: `at least ${ADMIN_PASSWORD_MIN} characters`,
        params: { min: ADMIN_PASSWORD_MIN },
      },
    ]);
  }
}

const summary = (row: AdminUserRow): AdminSummary => ({
  username: row.username,
  role: isAdminRole(row.role) ? row.role : 'support',
  active: row.active,
  createdAt: row.createdAt,
});

/**
 * Operator staff: admin users with a role, their sessions (a random token kept only as its SHA-256,
 * `ADMIN_SESSION_HOURS` long), and the operator-tool commands that manage them. Admins are created only
 * with the operator tool; there is no self-service sign-up.
 */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly rng: Rng,
    private readonly passwords: PasswordHasher,
  ) {}

  async login(
    input: { username: string; password: string },
    origin: RequestOrigin,
  ): Promise<{ token: string; username: string; role: AdminRole }> {
    const username = normaliseAdminUsername(input.username);
    const found = username ? await adminRepository.findByUsername(this.db, username) : undefined;
    // An unknown name costs the same time as a wrong password, so timing does not list the admins.
    const matches = found
      ? await this.passwords.verify(found.passwordHash, input.password)
      : await this.passwords.verifyNothing(input.password);
    const at = this.clock.now();
    if (!found || !matches) {
      await operatorRepository.insertAudit(this.db, {
        at,
        actor: adminActor({ username: found ? found.username : '(unknown)' }),
        command: 'admin login failed',
        detail: { username: username.slice(0, 64), ip: origin.ip },
      });
      throw new AppError('INVALID_CREDENTIALS', 'wrong username or password');
    }
    if (!found.active || !isAdminRole(found.role)) {
      await auditAdmin(this.db, found, 'admin login refused', { reason: 'disabled', ip: origin.ip }, at);
      throw new AppError('FORBIDDEN', 'this admin is disabled', undefined, { disabled: true });
    }
    const role = found.role;
    const token = newToken(this.rng);
    await this.db.transaction(async (tx) => {
      await adminRepository.insertSession(tx, {
        adminId: found.id,
        tokenHash: sha256(token),
        createdAt: at,
        expiresAt: new Date(at.getTime() + ADMIN_SESSION_HOURS * 3_600_000),
      });
      await auditAdmin(
        tx,
        found,
        'admin login',
        { ip: origin.ip, userAgent: origin.userAgent?.slice(0, 200) ?? null },
        at,
      );
    });
    return { token, username: found.username, role };
  }

  /** The admin of a live session, or null for an unknown, ended or expired token or a disabled admin. */
  async resolve(token: string): Promise<AuthenticatedAdmin | null> {
    if (token.length < 20 || token.length > 200) return null;
    const found = await adminRepository.findSession(this.db, sha256(token));
    if (!found || found.revokedAt || !found.active || !isAdminRole(found.role)) return null;
    if (found.expiresAt <= this.clock.now()) return null;
    return { id: found.adminId, username: found.username, role: found.role, sessionId: found.sessionId };
  }

  // Operator-tool commands ---------------------------------------------------------------------------

  async create(input: { username: string; role: string; password: string }): Promise<AdminSummary> {
    const username = normaliseAdminUsername(input.username);
    if (!USERNAME_PATTERN.test(username)) {
      throw new AppError('VALIDATION_FAILED', 'invalid admin username', [
        {
          path: 'username',
          message: '3 to 32 lowercase letters, digits, _ . or -, starting with a letter or digit',
        },
      ]);
    }
    if (!isAdminRole(input.role)) {
      throw new AppError('VALIDATION_FAILED', 'invalid role', [
        { path: 'role', message: `one of ${adminRoles.join(', ')}` },
      ]);
    }
    checkPassword(input.password);
    const passwordHash = await this.passwords.hash(input.password);
    const row = await adminRepository.insertUser(this.db, {
      username,
      passwordHash,
      role: input.role,
      createdAt: this.clock.now(),
    });
    if (!row) throw new AppError('DUPLICATE_USERNAME', `an admin named ${username} exists`);
    return summary(row);
  }

  async list(): Promise<AdminSummary[]> {
    return (await adminRepository.listUsers(this.db)).map(summary);
  }

  /** Disabling ends the admin's sessions at once; enabling does not bring them back. */
  async setActive(username: string, active: boolean): Promise<{ endedSessions: number }> {
    const found = await this.find(username);
    return this.db.transaction(async (tx) => {
      await adminRepository.setActive(tx, found.id, active);
      const endedSessions = active ? 0 : await adminRepository.revokeAll(tx, found.id, this.clock.now());
      return { endedSessions };
    });
  }

  /** A new password ends every session of that admin. */
  async setPassword(username: string, password: string): Promise<{ endedSessions: number }> {
    checkPassword(password);
    const found = await this.find(username);
    const passwordHash = await this.passwords.hash(password);
    return this.db.transaction(async (tx) => {
      await adminRepository.setPasswordHash(tx, found.id, passwordHash);
      return { endedSessions: await adminRepository.revokeAll(tx, found.id, this.clock.now()) };
    });
  }

  private async find(username: string): Promise<AdminUserRow> {
    const found = await adminRepository.findByUsername(this.db, normaliseAdminUsername(username));
    if (!found) throw new AppError('NOT_FOUND', `no admin named ${normaliseAdminUsername(username)}`);
    return found;
  }
}
