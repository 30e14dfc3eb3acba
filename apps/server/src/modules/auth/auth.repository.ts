import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { LocalizedText } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { memberMessage } from '../../db/schema.js';
import { loginChallenge, member, memberKnownIp, type MemberContacts } from './auth.schema.js';

export type MemberRow = typeof member.$inferSelect;
export type NewMember = typeof member.$inferInsert;
export type LoginChallengeRow = typeof loginChallenge.$inferSelect;

export const authRepository = {
  async findById(db: Executor, id: bigint): Promise<MemberRow | null> {
    const rows = await db.select().from(member).where(eq(member.id, id)).limit(1);
    return rows[0] ?? null;
  },

  /**
   * Members a login name could mean: username (any case), account number, full mobile number with its
   * dialing code, or the bare mobile number. The caller decides which one wins.
   */
  async findLoginCandidates(db: Executor, name: string): Promise<MemberRow[]> {
    return db
      .select()
      .from(member)
      .where(
        or(
          sql`lower(${member.username}) = lower(${name})`,
          eq(member.account, name),
          sql`${member.countryDialingCode} || ${member.mobile} = ${name}`,
          eq(member.mobile, name),
        ),
      )
      .limit(10);
  },

  async findByMobile(db: Executor, dialingCode: string, mobile: string): Promise<MemberRow | null> {
    const rows = await db
      .select()
      .from(member)
      .where(and(eq(member.countryDialingCode, dialingCode), eq(member.mobile, mobile)))
      .limit(1);
    return rows[0] ?? null;
  },

  async usernameExists(db: Executor, username: string): Promise<boolean> {
    const rows = await db
      .select({ id: member.id })
      .from(member)
      .where(sql`lower(${member.username}) = lower(${username})`)
      .limit(1);
    return rows.length > 0;
  },

  async accountExists(db: Executor, account: string): Promise<boolean> {
    const rows = await db.select({ id: member.id }).from(member).where(eq(member.account, account)).limit(1);
    return rows.length > 0;
  },

  async findByReferralCode(db: Executor, code: string): Promise<MemberRow | null> {
    const rows = await db
      .select()
      .from(member)
      .where(sql`lower(${member.referralCode}) = lower(${code})`)
      .limit(1);
    return rows[0] ?? null;
  },

  async accountOf(db: Executor, id: bigint): Promise<string | null> {
    const rows = await db.select({ account: member.account }).from(member).where(eq(member.id, id)).limit(1);
    return rows[0]?.account ?? null;
  },

  async insertMember(db: Executor, row: NewMember & { contacts: MemberContacts }): Promise<MemberRow> {
    const rows = await db.insert(member).values(row).returning();
    const inserted = rows[0];
    if (!inserted) throw new Error('member insert returned no row');
    return inserted;
  },

  /** Stamps a login; first_login_at only when it was still empty. Returns the row as it is now. */
  async recordLogin(db: Executor, id: bigint, at: Date, ip: string | null): Promise<MemberRow> {
    const rows = await db
      .update(member)
      .set({
        firstLoginAt: sql`coalesce(${member.firstLoginAt}, ${at.toISOString()}::timestamptz)`,
        lastLoginAt: at,
        lastLoginIp: ip,
      })
      .where(eq(member.id, id))
      .returning();
    const updated = rows[0];
    if (!updated) throw new Error('member vanished during login');
    return updated;
  },

  async knownIpCount(db: Executor, memberId: bigint): Promise<number> {
    const rows = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(memberKnownIp)
      .where(eq(memberKnownIp.memberId, memberId));
    return rows[0]?.value ?? 0;
  },

  async isKnownIp(db: Executor, memberId: bigint, ip: string): Promise<boolean> {
    const rows = await db
      .select({ ip: memberKnownIp.ip })
      .from(memberKnownIp)
      .where(and(eq(memberKnownIp.memberId, memberId), eq(memberKnownIp.ip, ip)))
      .limit(1);
    return rows.length > 0;
  },

  async addKnownIp(db: Executor, memberId: bigint, ip: string, at: Date): Promise<void> {
    await db.insert(memberKnownIp).values({ memberId, ip, firstSeenAt: at }).onConflictDoNothing();
  },

  async insertChallenge(db: Executor, row: typeof loginChallenge.$inferInsert): Promise<void> {
    await db.insert(loginChallenge).values(row);
  },

  async findChallenge(db: Executor, id: string): Promise<LoginChallengeRow | null> {
    const rows = await db.select().from(loginChallenge).where(eq(loginChallenge.id, id)).limit(1);
    return rows[0] ?? null;
  },

  /** Counts one attempt on an open challenge; returns the new count, or null when it is already used. */
  async countChallengeAttempt(db: Executor, id: string): Promise<number | null> {
    const rows = await db
      .update(loginChallenge)
      .set({ attempts: sql`${loginChallenge.attempts} + 1` })
      .where(and(eq(loginChallenge.id, id), isNull(loginChallenge.consumedAt)))
      .returning({ attempts: loginChallenge.attempts });
    return rows[0]?.attempts ?? null;
  },

  /** Marks a challenge used; false when someone else used it first. */
  async consumeChallenge(db: Executor, id: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(loginChallenge)
      .set({ consumedAt: at })
      .where(and(eq(loginChallenge.id, id), isNull(loginChallenge.consumedAt)))
      .returning({ id: loginChallenge.id });
    return rows.length > 0;
  },

  async insertMessage(
    db: Executor,
    row: { memberId: bigint; title: LocalizedText; body: LocalizedText; at: Date },
  ): Promise<void> {
    await db.insert(memberMessage).values({
      memberId: row.memberId,
      title: row.title,
      body: row.body,
      createdAt: row.at,
      kind: 'welcome',
      sentBy: 'event:registered',
    });
  },
};
