import { and, asc, desc, eq, gt, ilike, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { adminLoginGuard, adminSession, adminUser } from './admin.schema.js';

export type AdminUserRow = typeof adminUser.$inferSelect;

export interface AdminSessionRow {
  sessionId: bigint;
  adminId: bigint;
  username: string;
  roles: string[];
  active: boolean;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date;
}

export interface SignInRow {
  id: bigint;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  lastSeenAt: Date;
  ip: string | null;
  userAgent: string | null;
}

export type StaffRow = AdminUserRow & { lastSignInAt: Date | null };

export interface LoginGuardState {
  failures: number;
  pending: number;
  lockedUntil: Date | null;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export const adminRepository = {
  /**
   * One statement: takes a slot for a login about to be checked and answers the subject's state with
   * it. A slot left by a process that died is forgotten after `staleBefore`; failures older than
   * `failuresSince` no longer count.
   */
  async reserveLoginSlot(
    db: Executor,
    subject: string,
    at: Date,
    staleBefore: Date,
    failuresSince: Date,
  ): Promise<LoginGuardState> {
    const [row] = await db
      .insert(adminLoginGuard)
      .values({ subject, pending: 1, failures: 0, lastAttemptAt: at })
      .onConflictDoUpdate({
        target: adminLoginGuard.subject,
        set: {
          pending: sql`case when ${adminLoginGuard.lastAttemptAt} < ${staleBefore} then 1 else ${adminLoginGuard.pending} + 1 end`,
          failures: sql`case when ${adminLoginGuard.lastFailureAt} < ${failuresSince} then 0 else ${adminLoginGuard.failures} end`,
          lastAttemptAt: at,
        },
      })
      .returning({
        failures: adminLoginGuard.failures,
        pending: adminLoginGuard.pending,
        lockedUntil: adminLoginGuard.lockedUntil,
      });
    if (!row) throw new Error('admin login guard upsert returned no row');
    return row;
  },

  /**
   * The slot is given back and a failure counted. Where the subject locks (an address), the
   * `lockAfter`-th failure locks it for a doubling time; where it does not (an account), failures only
   * add up, to `failuresCap`, until the window forgets them.
   */
  async settleLoginSlot(
    db: Executor,
    subject: string,
    outcome: { failed: boolean; cleared: boolean },
    at: Date,
    rule:
      { lockAfter: number; baseLockMs: number; maxLockMs: number } | { lockAfter: null; failuresCap: number },
  ): Promise<void> {
    const pending = sql`greatest(${adminLoginGuard.pending} - 1, 0)`;
    if (outcome.cleared) {
      await db
        .update(adminLoginGuard)
        .set({ pending, failures: 0, lockouts: 0, lockedUntil: null })
        .where(eq(adminLoginGuard.subject, subject));
      return;
    }
    if (!outcome.failed) {
      await db.update(adminLoginGuard).set({ pending }).where(eq(adminLoginGuard.subject, subject));
      return;
    }
    if (rule.lockAfter === null) {
      await db
        .update(adminLoginGuard)
        .set({
          pending,
          failures: sql`least(${adminLoginGuard.failures} + 1, ${rule.failuresCap})`,
          lastFailureAt: at,
          lockedUntil: null,
        })
        .where(eq(adminLoginGuard.subject, subject));
      return;
    }
    const reached = sql`${adminLoginGuard.failures} + 1 >= ${rule.lockAfter}`;
    const lockMs = sql`least(${rule.baseLockMs}::bigint * power(2, least(${adminLoginGuard.lockouts}, 20))::bigint, ${rule.maxLockMs}::bigint)`;
    await db
      .update(adminLoginGuard)
      .set({
        pending,
        failures: sql`case when ${reached} then 0 else ${adminLoginGuard.failures} + 1 end`,
        lastFailureAt: at,
        lockedUntil: sql`case when ${reached} then ${at}::timestamptz + (${lockMs} || ' milliseconds')::interval else ${adminLoginGuard.lockedUntil} end`,
        lockouts: sql`case when ${reached} then ${adminLoginGuard.lockouts} + 1 else ${adminLoginGuard.lockouts} end`,
      })
      .where(eq(adminLoginGuard.subject, subject));
  },

  async setTotp(db: Executor, id: bigint, secret: string | null): Promise<void> {
    await db
      .update(adminUser)
      .set({ totpSecret: secret, totpLastStep: null, totpPendingSecret: null })
      .where(eq(adminUser.id, id));
  },

  async setPendingTotp(db: Executor, id: bigint, secret: string): Promise<void> {
    await db.update(adminUser).set({ totpPendingSecret: secret }).where(eq(adminUser.id, id));
  },

  /**
   * The pending secret becomes the second factor with the step its first code used, once: false when
   * the pending secret changed meanwhile (a newer enrolment) or is gone.
   */
  async promotePendingTotp(db: Executor, id: bigint, secret: string, step: bigint): Promise<boolean> {
    const rows = await db
      .update(adminUser)
      .set({ totpSecret: secret, totpLastStep: step, totpPendingSecret: null })
      .where(and(eq(adminUser.id, id), eq(adminUser.totpPendingSecret, secret)))
      .returning({ id: adminUser.id });
    return rows.length === 1;
  },

  /** Claims a TOTP step for the admin; false when that step (or a later one) was used already. */
  async claimTotpStep(db: Executor, id: bigint, step: bigint): Promise<boolean> {
    const rows = await db
      .update(adminUser)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(adminUser.id, id),
          sql`(${adminUser.totpLastStep} is null or ${adminUser.totpLastStep} < ${step})`,
        ),
      )
      .returning({ id: adminUser.id });
    return rows.length === 1;
  },

  async countOwners(db: Executor, options: { activeOnly?: boolean } = {}): Promise<number> {
    const rows = await db
      .select({ id: adminUser.id })
      .from(adminUser)
      .where(
        and(
          sql`'owner' = any(${adminUser.roles})`,
          options.activeOnly ? eq(adminUser.active, true) : undefined,
        ),
      );
    return rows.length;
  },

  /** Serialises changes to who holds the owner role, so two owners cannot remove each other at once. */
  async lockStaffChanges(db: Executor): Promise<void> {
    await db.execute(sql`select pg_advisory_xact_lock(27, 1)`);
  },

  async findByUsername(db: Executor, username: string): Promise<AdminUserRow | undefined> {
    const [row] = await db.select().from(adminUser).where(eq(adminUser.username, username)).limit(1);
    return row;
  },

  /** undefined when the username is taken */
  async insertUser(
    db: Executor,
    values: { username: string; passwordHash: string; roles: string[]; createdAt: Date },
  ): Promise<AdminUserRow | undefined> {
    const [row] = await db.insert(adminUser).values(values).onConflictDoNothing().returning();
    return row;
  },

  async listUsers(db: Executor): Promise<AdminUserRow[]> {
    return db.select().from(adminUser).orderBy(asc(adminUser.username));
  },

  /** Staff by name (a part of it), with their latest sign-in, a page at a time. */
  async staffPage(
    db: Executor,
    filter: { q?: string | undefined },
    page: { offset: number; limit: number; order: 'asc' | 'desc'; sort: 'username' | 'createdAt' },
  ): Promise<{ rows: StaffRow[]; total: number }> {
    const where = filter.q ? ilike(adminUser.username, `%${escapeLike(filter.q)}%`) : undefined;
    const lastSignInAt =
      sql<Date | null>`(select max(${adminSession.createdAt}) from ${adminSession} where ${adminSession.adminId} = ${adminUser.id})`.mapWith(
        adminSession.createdAt,
      );
    const column = page.sort === 'createdAt' ? adminUser.createdAt : adminUser.username;
    const rows = await db
      .select({ user: adminUser, lastSignInAt })
      .from(adminUser)
      .where(where)
      .orderBy(page.order === 'asc' ? asc(column) : desc(column), asc(adminUser.id))
      .offset(page.offset)
      .limit(page.limit);
    const [count] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(adminUser)
      .where(where);
    return {
      rows: rows.map((row) => ({ ...row.user, lastSignInAt: row.lastSignInAt })),
      total: count?.total ?? 0,
    };
  },

  async setRoles(db: Executor, id: bigint, roles: string[]): Promise<void> {
    await db.update(adminUser).set({ roles }).where(eq(adminUser.id, id));
  },

  async setActive(db: Executor, id: bigint, active: boolean): Promise<void> {
    await db.update(adminUser).set({ active }).where(eq(adminUser.id, id));
  },

  async setPasswordHash(db: Executor, id: bigint, passwordHash: string): Promise<void> {
    await db.update(adminUser).set({ passwordHash }).where(eq(adminUser.id, id));
  },

  async insertSession(
    db: Executor,
    values: {
      adminId: bigint;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    },
  ): Promise<void> {
    await db.insert(adminSession).values({ ...values, lastSeenAt: values.createdAt });
  },

  /** Marks a session used now, when its mark is older than `before` (one write a minute, not a call). */
  async touchSession(db: Executor, sessionId: bigint, at: Date, before: Date): Promise<void> {
    await db
      .update(adminSession)
      .set({ lastSeenAt: at })
      .where(and(eq(adminSession.id, sessionId), sql`${adminSession.lastSeenAt} < ${before}`));
  },

  async endSession(db: Executor, sessionId: bigint, at: Date): Promise<number> {
    const rows = await db
      .update(adminSession)
      .set({ revokedAt: at })
      .where(and(eq(adminSession.id, sessionId), isNull(adminSession.revokedAt)))
      .returning({ id: adminSession.id });
    return rows.length;
  },

  async signIns(db: Executor, adminId: bigint, limit: number): Promise<SignInRow[]> {
    return db
      .select({
        id: adminSession.id,
        createdAt: adminSession.createdAt,
        expiresAt: adminSession.expiresAt,
        revokedAt: adminSession.revokedAt,
        lastSeenAt: adminSession.lastSeenAt,
        ip: adminSession.ip,
        userAgent: adminSession.userAgent,
      })
      .from(adminSession)
      .where(eq(adminSession.adminId, adminId))
      .orderBy(desc(adminSession.createdAt), desc(adminSession.id))
      .limit(limit);
  },

  async findSession(db: Executor, tokenHash: string): Promise<AdminSessionRow | undefined> {
    const [row] = await db
      .select({
        sessionId: adminSession.id,
        adminId: adminUser.id,
        username: adminUser.username,
        roles: adminUser.roles,
        active: adminUser.active,
        createdAt: adminSession.createdAt,
        expiresAt: adminSession.expiresAt,
        revokedAt: adminSession.revokedAt,
        lastSeenAt: adminSession.lastSeenAt,
      })
      .from(adminSession)
      .innerJoin(adminUser, eq(adminUser.id, adminSession.adminId))
      .where(eq(adminSession.tokenHash, tokenHash))
      .limit(1);
    return row;
  },

  /** Ends every live session of the admin; returns how many ended. */
  async revokeAll(db: Executor, adminId: bigint, at: Date): Promise<number> {
    const rows = await db
      .update(adminSession)
      .set({ revokedAt: at })
      .where(
        and(
          eq(adminSession.adminId, adminId),
          isNull(adminSession.revokedAt),
          gt(adminSession.expiresAt, at),
        ),
      )
      .returning({ id: adminSession.id });
    return rows.length;
  },
};
