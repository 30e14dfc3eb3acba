import { and, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { authAudit } from './auth.schema.js';

export interface AuditRow {
  at: Date;
  memberId: bigint | null;
  username: string | null;
  event: string;
  ip: string | null;
  userAgent: string | null;
  detail: Record<string, unknown>;
}

/** Who a count of audit rows is about: exactly one of these is used per query. */
export type AuditSubject = { memberId: bigint } | { username: string } | { ip: string };

const subjectFilter = (subject: AuditSubject) =>
  'memberId' in subject
    ? eq(authAudit.memberId, subject.memberId)
    : 'username' in subject
      ? eq(authAudit.username, subject.username)
      : eq(authAudit.ip, subject.ip);

/** `detail.reason` is one of `reasons`; rows without a reason never match. */
const reasonIn = (reasons: readonly string[]) =>
  inArray(sql<string>`${authAudit.detail} ->> 'reason'`, [...reasons]);

export const authAuditRepository = {
  /** A member's rows of one event after `since`. */
  async memberEventsSince(db: Executor, memberId: bigint, event: string, since: Date): Promise<number> {
    const rows = await db
      .select({ value: count() })
      .from(authAudit)
      .where(and(eq(authAudit.memberId, memberId), eq(authAudit.event, event), gt(authAudit.at, since)));
    return rows[0]?.value ?? 0;
  },

  /** The time of a member's n-th most recent row of one event after `since` (n from 1), or null. */
  async memberEventNthRecentAt(
    db: Executor,
    memberId: bigint,
    event: string,
    since: Date,
    n: number,
  ): Promise<Date | null> {
    const rows = await db
      .select({ at: authAudit.at })
      .from(authAudit)
      .where(and(eq(authAudit.memberId, memberId), eq(authAudit.event, event), gt(authAudit.at, since)))
      .orderBy(desc(authAudit.at), desc(authAudit.id))
      .offset(n - 1)
      .limit(1);
    return rows[0]?.at ?? null;
  },

  async memberEventLatestAt(db: Executor, memberId: bigint, event: string): Promise<Date | null> {
    const rows = await db
      .select({ at: authAudit.at })
      .from(authAudit)
      .where(and(eq(authAudit.memberId, memberId), eq(authAudit.event, event)))
      .orderBy(desc(authAudit.at), desc(authAudit.id))
      .limit(1);
    return rows[0]?.at ?? null;
  },

  async insert(db: Executor, row: AuditRow): Promise<bigint> {
    const [inserted] = await db.insert(authAudit).values(row).returning({ id: authAudit.id });
    if (!inserted) throw new Error('auth audit insert returned no row');
    return inserted.id;
  },

  async setDetail(db: Executor, id: bigint, detail: Record<string, unknown>): Promise<void> {
    await db.update(authAudit).set({ detail }).where(eq(authAudit.id, id));
  },

  async remove(db: Executor, id: bigint): Promise<void> {
    await db.delete(authAudit).where(eq(authAudit.id, id));
  },

  /** Matching rows after `since`, and row `alwaysId` whatever its time (a reservation just written). */
  async countSince(
    db: Executor,
    event: string,
    subject: AuditSubject,
    since: Date,
    reasons: readonly string[],
    alwaysId?: bigint,
  ): Promise<number> {
    const inWindow =
      alwaysId === undefined
        ? gt(authAudit.at, since)
        : or(gt(authAudit.at, since), eq(authAudit.id, alwaysId));
    const rows = await db
      .select({ value: count() })
      .from(authAudit)
      .where(and(eq(authAudit.event, event), subjectFilter(subject), inWindow, reasonIn(reasons)));
    return rows[0]?.value ?? 0;
  },

  /** The time of the n-th most recent matching row after `since` (n from 1), or null. */
  async nthRecentAt(
    db: Executor,
    event: string,
    subject: AuditSubject,
    since: Date,
    reasons: readonly string[],
    n: number,
  ): Promise<Date | null> {
    const rows = await db
      .select({ at: authAudit.at })
      .from(authAudit)
      .where(
        and(eq(authAudit.event, event), subjectFilter(subject), gt(authAudit.at, since), reasonIn(reasons)),
      )
      .orderBy(desc(authAudit.at), desc(authAudit.id))
      .offset(n - 1)
      .limit(1);
    return rows[0]?.at ?? null;
  },

  async listForMember(db: Executor, memberId: bigint, limit: number): Promise<AuditRow[]> {
    const rows = await db
      .select()
      .from(authAudit)
      .where(eq(authAudit.memberId, memberId))
      .orderBy(desc(authAudit.at), desc(authAudit.id))
      .limit(limit);
    return rows.map((row) => ({ ...row, detail: row.detail as Record<string, unknown> }));
  },
};
