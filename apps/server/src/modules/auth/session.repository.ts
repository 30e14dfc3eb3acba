import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { preparedPer } from '../../lib/prepared.js';
import { member, memberSession, sessionHandoff } from './auth.schema.js';

export interface SessionWithMember {
  sessionId: bigint;
  memberId: bigint;
  publicId: string;
  username: string;
  type: number;
  status: string;
  memberAccess: boolean;
  lastSeenAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Every request with a session token looks its session up (at most once per cache window). */
const sessionByTokenHash = preparedPer((db: Executor) =>
  db
    .select({
      sessionId: memberSession.id,
      memberId: member.id,
      publicId: member.publicId,
      username: member.username,
      type: member.type,
      status: member.status,
      memberAccess: member.memberAccess,
      lastSeenAt: memberSession.lastSeenAt,
      expiresAt: memberSession.expiresAt,
      revokedAt: memberSession.revokedAt,
    })
    .from(memberSession)
    .innerJoin(member, eq(member.id, memberSession.memberId))
    .where(eq(memberSession.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token_hash'),
);

export const sessionRepository = {
  async insertHandoff(
    db: Executor,
    row: { codeHash: string; sessionId: bigint; createdAt: Date; expiresAt: Date },
  ): Promise<void> {
    await db.insert(sessionHandoff).values(row);
  },

  /**
   * Uses a hand-off code, once: one statement marks it used only while it is unused, unexpired and
   * its session is still open, and answers the member; two redeemers racing get one member between them.
   */
  async claimHandoff(db: Executor, codeHash: string, now: Date): Promise<bigint | null> {
    const rows = await db
      .update(sessionHandoff)
      .set({ usedAt: now })
      .from(memberSession)
      .where(
        and(
          eq(sessionHandoff.codeHash, codeHash),
          isNull(sessionHandoff.usedAt),
          sql`${sessionHandoff.expiresAt} > ${now}`,
          eq(memberSession.id, sessionHandoff.sessionId),
          isNull(memberSession.revokedAt),
          sql`${memberSession.expiresAt} > ${now}`,
        ),
      )
      .returning({ memberId: memberSession.memberId });
    return rows[0]?.memberId ?? null;
  },

  async insert(
    db: Executor,
    row: {
      memberId: bigint;
      tokenHash: string;
      at: Date;
      expiresAt: Date;
      ip: string | null;
      userAgent: string | null;
    },
  ): Promise<void> {
    await db.insert(memberSession).values({
      memberId: row.memberId,
      tokenHash: row.tokenHash,
      createdAt: row.at,
      lastSeenAt: row.at,
      expiresAt: row.expiresAt,
      ip: row.ip,
      userAgent: row.userAgent,
    });
  },

  async findByTokenHash(db: Executor, tokenHash: string): Promise<SessionWithMember | null> {
    const rows = await sessionByTokenHash(db).execute({ tokenHash });
    return rows[0] ?? null;
  },

  async touch(db: Executor, sessionId: bigint, at: Date): Promise<void> {
    await db.update(memberSession).set({ lastSeenAt: at }).where(eq(memberSession.id, sessionId));
  },

  async revoke(db: Executor, sessionId: bigint, at: Date, reason: string): Promise<void> {
    await db
      .update(memberSession)
      .set({ revokedAt: at, revokedReason: reason })
      .where(and(eq(memberSession.id, sessionId), isNull(memberSession.revokedAt)));
  },

  /** Ends every live session of a member, except `keepSessionId` when given. Returns how many. */
  async revokeAllForMember(
    db: Executor,
    memberId: bigint,
    at: Date,
    reason: string,
    keepSessionId?: bigint,
  ): Promise<number> {
    const ended = await db
      .update(memberSession)
      .set({ revokedAt: at, revokedReason: reason })
      .where(
        and(
          eq(memberSession.memberId, memberId),
          isNull(memberSession.revokedAt),
          keepSessionId === undefined ? sql`true` : ne(memberSession.id, keepSessionId),
        ),
      )
      .returning({ id: memberSession.id });
    return ended.length;
  },
};
