import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { adminSession, adminUser, member } from '../../db/schema.js';

export type AdminUserRow = typeof adminUser.$inferSelect;

export interface AdminSessionRow {
  sessionId: bigint;
  adminId: bigint;
  username: string;
  role: string;
  active: boolean;
  expiresAt: Date;
  revokedAt: Date | null;
}

export const adminRepository = {
  async findByUsername(db: Executor, username: string): Promise<AdminUserRow | undefined> {
    const [row] = await db.select().from(adminUser).where(eq(adminUser.username, username)).limit(1);
    return row;
  },

  /** undefined when the username is taken */
  async insertUser(
    db: Executor,
    values: { username: string; passwordHash: string; role: string; createdAt: Date },
  ): Promise<AdminUserRow | undefined> {
    const [row] = await db.insert(adminUser).values(values).onConflictDoNothing().returning();
    return row;
  },

  async listUsers(db: Executor): Promise<AdminUserRow[]> {
    return db.select().from(adminUser).orderBy(asc(adminUser.username));
  },

  async setActive(db: Executor, id: bigint, active: boolean): Promise<void> {
    await db.update(adminUser).set({ active }).where(eq(adminUser.id, id));
  },

  async setPasswordHash(db: Executor, id: bigint, passwordHash: string): Promise<void> {
    await db.update(adminUser).set({ passwordHash }).where(eq(adminUser.id, id));
  },

  async insertSession(
    db: Executor,
    values: { adminId: bigint; tokenHash: string; createdAt: Date; expiresAt: Date },
  ): Promise<void> {
    await db.insert(adminSession).values(values);
  },

  async findSession(db: Executor, tokenHash: string): Promise<AdminSessionRow | undefined> {
    const [row] = await db
      .select({
        sessionId: adminSession.id,
        adminId: adminUser.id,
        username: adminUser.username,
        role: adminUser.role,
        active: adminUser.active,
        expiresAt: adminSession.expiresAt,
        revokedAt: adminSession.revokedAt,
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

export interface MemberForAdjustment {
  id: bigint;
  account: string;
  username: string;
  type: number;
}

export const adminMemberRepository = {
  async findByAccount(db: Executor, account: string): Promise<MemberForAdjustment | undefined> {
    const [row] = await db
      .select({ id: member.id, account: member.account, username: member.username, type: member.type })
      .from(member)
      .where(eq(member.account, account))
      .limit(1);
    return row;
  },
};
