import { adminRoles, type SettingKey, type SettingValue } from '@platform/contract';
import ipaddr from 'ipaddr.js';
import * as OTPAuth from 'otpauth';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { Rng } from '../../lib/rng.js';
import { newToken, sha256 } from '../../lib/tokens.js';
import type { RequestOrigin } from '../auth/index.js';
import type { AuditService } from '../audit/index.js';
import type { CaptchaService } from '../verification/index.js';
import type { AdminRole, AuthenticatedAdmin } from './admin-guard.js';
import { adminRepository, type AdminUserRow, type StaffRow } from './admin.repository.js';

/** The settings the staff rules read (the system module's SettingsService). */
export interface StaffSettings {
  get<K extends SettingKey>(key: K): Promise<SettingValue<K>>;
}

/** Failures before an address waits; the first wait, doubling each time, up to a day. */
export const ADMIN_LOCK_AFTER = 5;
/**
 * Recent failures of an account after which every login to it carries a solved captcha. An account is
 * never locked: anyone who knows a staff name could keep that person out (ADR 092).
 */
export const ADMIN_CAPTCHA_AFTER = 3;
/** an account's count of recent failures stops here: it only has to stay past the captcha's threshold */
const ACCOUNT_FAILURES_CAP = 1_000;
const BASE_LOCK_MS = 5 * 60_000;
const MAX_LOCK_MS = 24 * 3_600_000;
/** failures older than this are forgotten */
const FAILURE_WINDOW_MS = 15 * 60_000;
/** a reserved slot of a login that never finished (the process died) is forgotten after this */
const STALE_SLOT_MS = 60_000;

const totpFor = (secret: string, username: string) =>
  new OTPAuth.TOTP({
    issuer: 'Khela staff',
    label: username,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** The 30-second step the code belongs to (this one or a neighbour, for clock drift), or null. */
function totpStep(secret: string, otp: string, at: Date): bigint | null {
  if (!/^\d{6}$/.test(otp)) return null;
  const delta = totpFor(secret, '').validate({ token: otp, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  return BigInt(Math.floor(at.getTime() / 30_000) + delta);
}

const toArrayBuffer = (bytes: Buffer): ArrayBuffer => {
  const copy = new ArrayBuffer(bytes.length);
  new Uint8Array(copy).set(bytes);
  return copy;
};

export const ADMIN_PASSWORD_MIN = 10;
/** a session's last-used mark is written at most this often (not once per call) */
const TOUCH_EVERY_MS = 60_000;
const SIGN_INS_SHOWN = 20;
const USERNAME_PATTERN = /^[a-z0-9][a-z0-9_.-]{2,31}$/;

export const isAdminRole = (value: string): value is AdminRole =>
  (adminRoles as readonly string[]).includes(value);

export interface AdminSummary {
  username: string;
  roles: AdminRole[];
  active: boolean;
  totpEnrolled: boolean;
  createdAt: Date;
  lastSignInAt: Date | null;
}

/** Known roles only, each once, in the contract's order. */
export const rolesOf = (stored: readonly string[]): AdminRole[] =>
  adminRoles.filter((role) => stored.includes(role));

/** Is this address inside one of the allow-list's blocks (an empty list allows every address)? */
export function addressAllowed(ip: string | null, blocks: readonly string[]): boolean {
  if (blocks.length === 0) return true;
  if (!ip || !ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  // An IPv4 client seen through an IPv6 socket (::ffff:10.0.0.1) is matched as the IPv4 address.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  return blocks.some((block) => {
    try {
      const [range, bits] = block.includes('/')
        ? ipaddr.parseCIDR(block)
        : [ipaddr.parse(block), ipaddr.parse(block).kind() === 'ipv4' ? 32 : 128];
      return range.kind() === address.kind() && address.match(range, bits);
    } catch {
      return false;
    }
  });
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

const summary = (row: AdminUserRow | StaffRow): AdminSummary => ({
  username: row.username,
  roles: rolesOf(row.roles),
  active: row.active,
  totpEnrolled: row.totpSecret !== null,
  createdAt: row.createdAt,
  lastSignInAt: 'lastSignInAt' in row ? row.lastSignInAt : null,
});

/**
 * Operator staff: admin users with their roles, their sessions (a random token kept only as its SHA-256,
 * one shift long at most and ended by `staff.sessionIdleMinutes` without a call), and the commands
 * that manage them. Staff are created by an owner (back office or operator tool); there is no sign-up.
 */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly rng: Rng,
    private readonly passwords: PasswordHasher,
    private readonly audit: Pick<AuditService, 'record'>,
    private readonly captcha: Pick<CaptchaService, 'check'>,
    private readonly settings: StaffSettings,
    /** production requires a second factor of every member of staff */
    private readonly production = false,
  ) {}

  /** FORBIDDEN when the staff allow-list is set and the address is outside it. */
  async checkAddress(ip: string | null): Promise<void> {
    const blocks = await this.settings.get('staff.allowedAddresses');
    if (!addressAllowed(ip, blocks)) {
      throw new AppError('ADDRESS_NOT_ALLOWED', 'staff calls are not allowed from this address');
    }
  }

  /**
   * Staff login. A slot is reserved per account and per address before anything is checked, so
   * parallel guesses cannot slip past the limits: after `ADMIN_LOCK_AFTER` failures an address waits
   * 5 minutes, twice as long at each further lockout; after `ADMIN_CAPTCHA_AFTER` recent failures of an
   * account (from any address) its logins carry a solved captcha, checked before the password, and the
   * right password (with the TOTP code) still gets in. An admin with a second factor also gives the
   * current TOTP code; in production an owner must have one.
   */
  async login(
    input: { username: string; password: string; otp?: string; captchaId?: string; captcha?: string },
    origin: RequestOrigin,
  ): Promise<{ token: string; username: string; roles: AdminRole[] }> {
    await this.checkAddress(origin.ip);
    const username = normaliseAdminUsername(input.username);
    const at = this.clock.now();
    const account = `account:${username.slice(0, 64)}`;
    const subjects = [account, ...(origin.ip ? [`address:${origin.ip}`] : [])];
    const guards = await Promise.all(
      subjects.map(async (subject) => ({
        subject,
        state: await adminRepository.reserveLoginSlot(
          this.db,
          subject,
          at,
          new Date(at.getTime() - STALE_SLOT_MS),
          new Date(at.getTime() - FAILURE_WINDOW_MS),
        ),
      })),
    );
    let outcome: { failed: boolean; cleared: boolean } = { failed: false, cleared: false };
    try {
      const addresses = guards.filter((guard) => guard.subject !== account).map((guard) => guard.state);
      const locked = addresses
        .map((state) => state.lockedUntil)
        .filter((until): until is Date => until !== null && until > at);
      const full = addresses.some((state) => state.failures + state.pending > ADMIN_LOCK_AFTER);
      if (locked.length > 0 || full) {
        const until = Math.max(at.getTime() + BASE_LOCK_MS, ...locked.map((date) => date.getTime()));
        throw new AppError('ACCOUNT_LOCKED', 'too many failed staff logins from this address', undefined, {
          retryAfterSeconds: Math.ceil((until - at.getTime()) / 1000),
        });
      }
      const accountState = guards.find((guard) => guard.subject === account)?.state;
      // Failures so far and attempts still being checked, this one not counted: a burst of parallel
      // guesses cannot all pass under the threshold.
      const before = accountState ? accountState.failures + accountState.pending - 1 : 0;
      if (before >= ADMIN_CAPTCHA_AFTER) {
        try {
          await this.captcha.check(input.captchaId, input.captcha);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcome = { failed: true, cleared: false };
          await this.recordFailure(username, null, 'bad_captcha', origin, at);
          throw new AppError('INVALID_CAPTCHA', error.message, error.issues, { captchaRequired: true });
        }
      }
      const found = username ? await adminRepository.findByUsername(this.db, username) : undefined;
      // An unknown name costs the same time as a wrong password, so timing does not list the admins.
      const matches = found
        ? await this.passwords.verify(found.passwordHash, input.password)
        : await this.passwords.verifyNothing(input.password);
      if (!found || !matches) {
        outcome = { failed: true, cleared: false };
        await this.recordFailure(username, found ?? null, null, origin, at);
        throw new AppError('INVALID_CREDENTIALS', 'wrong username or password', undefined, {
          captchaRequired: before + 1 >= ADMIN_CAPTCHA_AFTER,
        });
      }
      const roles = rolesOf(found.roles);
      if (!found.active || roles.length === 0) {
        await this.audit.record(
          { admin: found },
          'admin login refused',
          null,
          { reason: 'disabled', ip: origin.ip },
          { at },
        );
        throw new AppError('FORBIDDEN', 'this admin is disabled', undefined, { disabled: true });
      }
      await this.checkSecondFactor(found, input.otp, at, origin, (failed) => {
        outcome = { failed, cleared: false };
      });
      outcome = { failed: false, cleared: true };
      return await this.openSession(found, roles, at, origin);
    } finally {
      for (const { subject } of guards) {
        const isAccount = subject === account;
        await adminRepository.settleLoginSlot(
          this.db,
          subject,
          // An address is not cleared by one good login: a guesser with one account of their own
          // could otherwise reset it between guesses at others.
          isAccount ? outcome : { ...outcome, cleared: false },
          at,
          isAccount
            ? { lockAfter: null, failuresCap: ACCOUNT_FAILURES_CAP }
            : { lockAfter: ADMIN_LOCK_AFTER, baseLockMs: BASE_LOCK_MS, maxLockMs: MAX_LOCK_MS },
        );
      }
    }
  }

  private async recordFailure(
    username: string,
    found: AdminUserRow | null,
    reason: 'bad_captcha' | null,
    origin: RequestOrigin,
    at: Date,
  ): Promise<void> {
    await this.audit.record(
      { admin: { username: found ? found.username : '(unknown)' } },
      'admin login failed',
      { username: username.slice(0, 64) },
      reason ? { reason, ip: origin.ip } : { ip: origin.ip },
      { at },
    );
  }

  private async checkSecondFactor(
    found: AdminUserRow,
    otp: string | undefined,
    at: Date,
    origin: RequestOrigin,
    markFailed: (failed: boolean) => void,
  ): Promise<void> {
    if (!found.totpSecret) {
      // Enrolment at login: a code from the secret shown last time makes it the second factor.
      if (otp && found.totpPendingSecret) {
        const step = totpStep(found.totpPendingSecret, otp, at);
        if (
          step !== null &&
          (await adminRepository.promotePendingTotp(this.db, found.id, found.totpPendingSecret, step))
        ) {
          await this.audit.record(
            { admin: found },
            'admin totp enrolled',
            null,
            {},
            { at, ip: origin.ip ?? undefined },
          );
          return;
        }
        markFailed(true);
        throw new AppError('TOTP_INVALID', 'wrong or used TOTP code', [
          { path: 'otp', message: 'errors.TOTP_INVALID' },
        ]);
      }
      if (this.production) {
        // The password was right: the secret is shown once, for the staff member's authenticator app.
        const { uri, secret } = await this.newPendingTotp(found);
        await this.audit.record(
          { admin: found },
          'admin login refused',
          null,
          { reason: 'no_totp', ip: origin.ip },
          { at },
        );
        throw new AppError('TOTP_SETUP_REQUIRED', 'staff need a second factor in production', undefined, {
          totpUri: uri,
          totpSecret: secret,
        });
      }
      return;
    }
    if (!otp) throw new AppError('TOTP_REQUIRED', 'this admin gives a TOTP code too');
    const step = totpStep(found.totpSecret, otp, at);
    if (step === null || !(await adminRepository.claimTotpStep(this.db, found.id, step))) {
      markFailed(true);
      await this.audit.record(
        { admin: found },
        'admin login failed',
        null,
        { reason: 'bad_totp', ip: origin.ip },
        { at },
      );
      throw new AppError('TOTP_INVALID', 'wrong or used TOTP code', [
        { path: 'otp', message: 'errors.TOTP_INVALID' },
      ]);
    }
  }

  private async newPendingTotp(found: AdminUserRow): Promise<{ uri: string; secret: string }> {
    const secret = new OTPAuth.Secret({ buffer: toArrayBuffer(this.rng.bytes(20)) });
    await adminRepository.setPendingTotp(this.db, found.id, secret.base32);
    return { uri: totpFor(secret.base32, found.username).toString(), secret: secret.base32 };
  }

  private async openSession(
    found: AdminUserRow,
    roles: AdminRole[],
    at: Date,
    origin: RequestOrigin,
  ): Promise<{ token: string; username: string; roles: AdminRole[] }> {
    const token = newToken(this.rng);
    const shiftHours = await this.settings.get('staff.shiftHours');
    await this.db.transaction(async (tx) => {
      await adminRepository.insertSession(tx, {
        adminId: found.id,
        tokenHash: sha256(token),
        createdAt: at,
        expiresAt: new Date(at.getTime() + shiftHours * 3_600_000),
        ip: origin.ip,
        userAgent: origin.userAgent?.slice(0, 300) ?? null,
      });
      await this.audit.record(
        { admin: found },
        'admin login',
        null,
        { ip: origin.ip, userAgent: origin.userAgent?.slice(0, 200) ?? null },
        { tx, at },
      );
    });
    return { token, username: found.username, roles };
  }

  /** Turns on a second factor: a new secret, answered once as an otpauth:// URI for the app to scan. */
  async enableTotp(username: string): Promise<{ uri: string }> {
    const found = await this.find(username);
    const secret = new OTPAuth.Secret({ buffer: toArrayBuffer(this.rng.bytes(20)) });
    await adminRepository.setTotp(this.db, found.id, secret.base32);
    return { uri: totpFor(secret.base32, found.username).toString() };
  }

  async disableTotp(username: string): Promise<void> {
    const found = await this.find(username);
    await adminRepository.setTotp(this.db, found.id, null);
  }

  /**
   * The first owner, once: a generated password shown once (and, in production, the second factor).
   * Refused when an owner exists, so the command cannot be used to take over a running site.
   */
  async createFirstOwner(
    username: string,
  ): Promise<{ username: string; password: string; totpUri: string | null }> {
    if ((await adminRepository.countOwners(this.db)) > 0) {
      throw new AppError('CONFLICT', 'an owner exists already; owners add staff with `admin create`');
    }
    const password = this.rng.bytes(18).toString('base64url');
    const created = await this.create({ username, roles: ['owner'], password });
    const totpUri = this.production ? (await this.enableTotp(created.username)).uri : null;
    return { username: created.username, password, totpUri };
  }

  /**
   * The admin of a live session, or null for an unknown, ended, expired (shift over) or idle token or
   * a disabled admin; FORBIDDEN from an address outside the staff allow-list.
   */
  async resolve(token: string, ip: string | null = null): Promise<AuthenticatedAdmin | null> {
    if (token.length < 20 || token.length > 200) return null;
    await this.checkAddress(ip);
    const found = await adminRepository.findSession(this.db, sha256(token));
    const roles = found ? rolesOf(found.roles) : [];
    if (!found || found.revokedAt || !found.active || roles.length === 0) return null;
    const now = this.clock.now();
    if (found.expiresAt <= now) return null;
    const idleMs = (await this.settings.get('staff.sessionIdleMinutes')) * 60_000;
    if (found.lastSeenAt.getTime() + idleMs <= now.getTime()) return null;
    await adminRepository.touchSession(
      this.db,
      found.sessionId,
      now,
      new Date(now.getTime() - TOUCH_EVERY_MS),
    );
    return { id: found.adminId, username: found.username, roles, sessionId: found.sessionId };
  }

  // The signed-in staff member's own session -----------------------------------------------------------

  async me(admin: AuthenticatedAdmin): Promise<{
    username: string;
    roles: AdminRole[];
    totpEnrolled: boolean;
    expiresAt: Date;
    idleMinutes: number;
  }> {
    const found = await this.find(admin.username);
    const session = (await adminRepository.signIns(this.db, admin.id, SIGN_INS_SHOWN)).find(
      (row) => row.id === admin.sessionId,
    );
    return {
      username: found.username,
      roles: rolesOf(found.roles),
      totpEnrolled: found.totpSecret !== null,
      expiresAt: session?.expiresAt ?? this.clock.now(),
      idleMinutes: await this.settings.get('staff.sessionIdleMinutes'),
    };
  }

  async logout(admin: AuthenticatedAdmin): Promise<{ endedSessions: number }> {
    const endedSessions = await adminRepository.endSession(this.db, admin.sessionId, this.clock.now());
    await this.audit.record({ admin }, 'admin logout', null);
    return { endedSessions };
  }

  /** Ends every session of the staff member, this one included (a lost laptop, a shared screen). */
  async logoutEverywhere(admin: AuthenticatedAdmin): Promise<{ endedSessions: number }> {
    return this.db.transaction(async (tx) => {
      const endedSessions = await adminRepository.revokeAll(tx, admin.id, this.clock.now());
      await this.audit.record({ admin }, 'admin logout everywhere', null, { endedSessions }, { tx });
      return { endedSessions };
    });
  }

  async signIns(admin: AuthenticatedAdmin): Promise<
    {
      at: Date;
      ip: string | null;
      userAgent: string | null;
      state: 'live' | 'ended' | 'expired';
      current: boolean;
    }[]
  > {
    const now = this.clock.now();
    const idleMs = (await this.settings.get('staff.sessionIdleMinutes')) * 60_000;
    return (await adminRepository.signIns(this.db, admin.id, SIGN_INS_SHOWN)).map((row) => ({
      at: row.createdAt,
      ip: row.ip,
      userAgent: row.userAgent,
      state: row.revokedAt
        ? 'ended'
        : row.expiresAt <= now || row.lastSeenAt.getTime() + idleMs <= now.getTime()
          ? 'expired'
          : 'live',
      current: row.id === admin.sessionId,
    }));
  }

  /** A new secret for the staff member's authenticator app, shown once; the next code confirms it. */
  async startTotp(admin: AuthenticatedAdmin): Promise<{ uri: string; secret: string }> {
    const found = await this.find(admin.username);
    if (found.totpSecret) {
      throw new AppError('CONFLICT', 'a second factor is set already; an owner removes it first');
    }
    return this.newPendingTotp(found);
  }

  async confirmTotp(admin: AuthenticatedAdmin, otp: string): ReturnType<AdminService['me']> {
    const found = await this.find(admin.username);
    const at = this.clock.now();
    const pending = found.totpPendingSecret;
    const step = pending ? totpStep(pending, otp, at) : null;
    if (
      !pending ||
      step === null ||
      !(await adminRepository.promotePendingTotp(this.db, found.id, pending, step))
    ) {
      throw new AppError('TOTP_INVALID', 'wrong or used TOTP code', [
        { path: 'otp', message: 'errors.TOTP_INVALID' },
      ]);
    }
    await this.audit.record({ admin }, 'admin totp enrolled', { staff: found.username });
    return this.me(admin);
  }

  // Staff, managed by owners ---------------------------------------------------------------------------

  async staffPage(
    filter: { q?: string | undefined },
    page: { pageNo: number; pageSize: number; order: 'asc' | 'desc'; sort?: string | undefined },
  ): Promise<{ items: AdminSummary[]; total: number }> {
    const sort =
      page.sort === undefined || page.sort === 'username'
        ? 'username'
        : page.sort === 'createdAt'
          ? 'createdAt'
          : null;
    if (sort === null) {
      throw new AppError('VALIDATION_FAILED', 'unknown sort', [
        { path: 'sort', message: 'username or createdAt' },
      ]);
    }
    const { rows, total } = await adminRepository.staffPage(this.db, filter, {
      offset: (page.pageNo - 1) * page.pageSize,
      limit: page.pageSize,
      order: page.order,
      sort,
    });
    return { items: rows.map(summary), total };
  }

  /**
   * Roles, active, password or sessions of a member of staff, audited with the before and after and
   * the reason. The last active owner cannot lose the role or be disabled: the site would have no one
   * to manage staff.
   */
  async updateStaff(
    by: AuthenticatedAdmin,
    username: string,
    change: { roles?: AdminRole[]; active?: boolean; password?: string; endSessions?: true; reason: string },
  ): Promise<AdminSummary & { endedSessions: number }> {
    if (change.password !== undefined) checkPassword(change.password);
    const passwordHash = change.password === undefined ? null : await this.passwords.hash(change.password);
    return this.db.transaction(async (tx) => {
      await adminRepository.lockStaffChanges(tx);
      const found = await adminRepository.findByUsername(tx, normaliseAdminUsername(username));
      if (!found) throw new AppError('NOT_FOUND', `no admin named ${normaliseAdminUsername(username)}`);
      const before = { roles: rolesOf(found.roles), active: found.active };
      const after = { roles: change.roles ?? before.roles, active: change.active ?? before.active };
      const losesOwner =
        before.roles.includes('owner') && before.active && (!after.roles.includes('owner') || !after.active);
      if (losesOwner && (await adminRepository.countOwners(tx, { activeOnly: true })) <= 1) {
        throw new AppError('CONFLICT', 'the last active owner keeps the owner role');
      }
      if (change.roles) await adminRepository.setRoles(tx, found.id, change.roles);
      if (change.active !== undefined) await adminRepository.setActive(tx, found.id, change.active);
      if (passwordHash) await adminRepository.setPasswordHash(tx, found.id, passwordHash);
      const endsSessions =
        change.endSessions === true ||
        passwordHash !== null ||
        after.active === false ||
        change.roles !== undefined;
      const endedSessions = endsSessions
        ? await adminRepository.revokeAll(tx, found.id, this.clock.now())
        : 0;
      await this.audit.record(
        { admin: by },
        'admin update',
        { staff: found.username },
        { passwordChanged: passwordHash !== null, endedSessions },
        { tx, before, after, reason: change.reason },
      );
      const updated = await adminRepository.findByUsername(tx, found.username);
      if (!updated) throw new Error('the updated staff member vanished');
      return { ...summary(updated), endedSessions };
    });
  }

  // Operator-tool commands ---------------------------------------------------------------------------

  async create(
    input: { username: string; roles: readonly string[]; password: string },
    by?: AuthenticatedAdmin,
  ): Promise<AdminSummary> {
    const username = normaliseAdminUsername(input.username);
    if (!USERNAME_PATTERN.test(username)) {
      throw new AppError('VALIDATION_FAILED', 'invalid admin username', [
        {
          path: 'username',
          message: '3 to 32 lowercase letters, digits, _ . or -, starting with a letter or digit',
        },
      ]);
    }
    const roles = rolesOf(input.roles);
    if (roles.length === 0 || roles.length !== new Set(input.roles).size) {
      throw new AppError('VALIDATION_FAILED', 'invalid role', [
        { path: 'roles', message: `one or more of ${adminRoles.join(', ')}` },
      ]);
    }
    checkPassword(input.password);
    const passwordHash = await this.passwords.hash(input.password);
    const row = await adminRepository.insertUser(this.db, {
      username,
      passwordHash,
      roles,
      createdAt: this.clock.now(),
    });
    if (!row) throw new AppError('DUPLICATE_USERNAME', `an admin named ${username} exists`);
    if (by) {
      await this.audit.record(
        { admin: by },
        'admin create',
        { staff: username },
        {},
        { after: { roles, active: true } },
      );
    }
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
