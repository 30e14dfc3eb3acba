import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { authAudit, member } from '../../db/schema.js';

/**
 * Payment-password events live in auth_audit beside the login events: one place to read an account's
 * security history, and the memory that counts failed guesses for the lockout.
 */
export type PaymentPasswordEvent =
  'payment_password_set' | 'payment_password_failed' | 'payment_password_set_failed';

export interface PaymentPasswordState {
  paymentPasswordHash: string | null;
  passwordHash: string | null;
}

export const paymentPasswordRepository = {
  async findHashes(db: Executor, memberId: bigint): Promise<PaymentPasswordState | null> {
    const rows = await db
      .select({ paymentPasswordHash: member.paymentPasswordHash, passwordHash: member.passwordHash })
      .from(member)
      .where(eq(member.id, memberId))
      .limit(1);
    return rows[0] ?? null;
  },

  async setHash(db: Executor, memberId: bigint, hash: string): Promise<void> {
    await db.update(member).set({ paymentPasswordHash: hash }).where(eq(member.id, memberId));
  },

  async record(
    db: Executor,
    row: {
      memberId: bigint;
      event: PaymentPasswordEvent;
      at: Date;
      ip: string | null;
      userAgent: string | null;
    },
  ): Promise<void> {
    await db.insert(authAudit).values({ ...row, detail: {} });
  },

  async countSince(
    db: Executor,
    memberId: bigint,
    event: PaymentPasswordEvent,
    since: Date,
  ): Promise<number> {
    const rows = await db
      .select({ value: count() })
      .from(authAudit)
      .where(and(eq(authAudit.memberId, memberId), eq(authAudit.event, event), gt(authAudit.at, since)));
    return rows[0]?.value ?? 0;
  },

  /** The time of the n-th most recent event after `since` (n from 1), or null. */
  async nthRecentAt(
    db: Executor,
    memberId: bigint,
    event: PaymentPasswordEvent,
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

  async latestAt(db: Executor, memberId: bigint, event: PaymentPasswordEvent): Promise<Date | null> {
    const rows = await db
      .select({ at: authAudit.at })
      .from(authAudit)
      .where(and(eq(authAudit.memberId, memberId), eq(authAudit.event, event)))
      .orderBy(desc(authAudit.at), desc(authAudit.id))
      .limit(1);
    return rows[0]?.at ?? null;
  },
};
