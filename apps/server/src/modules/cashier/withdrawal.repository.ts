import { and, asc, count, desc, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { memberBankAccount, withdrawal } from './cashier.schema.js';
import type { BankAccountRow } from './bank-account.repository.js';

export type WithdrawalRow = typeof withdrawal.$inferSelect;

export interface WithdrawalWithAccount {
  withdrawal: WithdrawalRow;
  bankAccount: BankAccountRow;
}

/** Columns a state change writes beside the status. */
export type WithdrawalChange = Partial<
  Pick<
    WithdrawalRow,
    | 'settleTransferId'
    | 'payoutReference'
    | 'reason'
    | 'decidedBy'
    | 'decidedAt'
    | 'paidAt'
    | 'confirmedAt'
    | 'forcedReceipt'
    | 'proof'
    | 'proofContentType'
    | 'firstApprovedBy'
    | 'firstApprovedAt'
    | 'firstPayoutReference'
    | 'heldBy'
    | 'heldAt'
    | 'holdReason'
  >
>;

const withAccount = { withdrawal, bankAccount: memberBankAccount } as const;

export const withdrawalRepository = {
  /** What each member has waiting for the operator's decision (pending withdrawals), by member id. */
  async pendingByMember(db: Executor): Promise<Map<bigint, bigint>> {
    const rows = await db
      .select({ memberId: withdrawal.memberId, total: sql<string>`sum(${withdrawal.amount})::text` })
      .from(withdrawal)
      .where(eq(withdrawal.status, 'pending'))
      .groupBy(withdrawal.memberId);
    return new Map(rows.map((row) => [row.memberId, BigInt(row.total)]));
  },

  async insert(db: Executor, values: typeof withdrawal.$inferInsert): Promise<WithdrawalRow> {
    const rows = await db.insert(withdrawal).values(values).returning();
    const row = rows[0];
    if (!row) throw new Error('withdrawal insert returned no row');
    return row;
  },

  async findByHoldTransfer(db: Executor, transferId: bigint): Promise<WithdrawalWithAccount | null> {
    const rows = await db
      .select(withAccount)
      .from(withdrawal)
      .innerJoin(memberBankAccount, eq(memberBankAccount.id, withdrawal.bankAccountId))
      .where(eq(withdrawal.holdTransferId, transferId))
      .limit(1);
    return rows[0] ?? null;
  },

  /** Only the member's own: another member's id reads as absent. */
  async findForMember(
    db: Executor,
    memberId: bigint,
    publicId: string,
  ): Promise<WithdrawalWithAccount | null> {
    const rows = await db
      .select(withAccount)
      .from(withdrawal)
      .innerJoin(memberBankAccount, eq(memberBankAccount.id, withdrawal.bankAccountId))
      .where(and(eq(withdrawal.memberId, memberId), eq(withdrawal.publicId, publicId)))
      .limit(1);
    return rows[0] ?? null;
  },

  async pageForMember(
    db: Executor,
    memberId: bigint,
    status: string | undefined,
    pageNo: number,
    pageSize: number,
  ): Promise<{ rows: WithdrawalWithAccount[]; total: number }> {
    const where = and(eq(withdrawal.memberId, memberId), status ? eq(withdrawal.status, status) : undefined);
    const rows = await db
      .select(withAccount)
      .from(withdrawal)
      .innerJoin(memberBankAccount, eq(memberBankAccount.id, withdrawal.bankAccountId))
      .where(where)
      .orderBy(desc(withdrawal.createdAt), desc(withdrawal.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    const totals = await db.select({ value: count() }).from(withdrawal).where(where);
    return { rows, total: totals[0]?.value ?? 0 };
  },

  async findForAdmin(db: Executor, publicId: string): Promise<WithdrawalWithAccount | null> {
    const rows = await adminSelect(db, eq(withdrawal.publicId, publicId)).limit(1);
    return rows[0] ?? null;
  },

  /** Oldest first: the queue is worked in the order members asked. */
  async pageForAdmin(
    db: Executor,
    status: string | undefined,
    pageNo: number,
    pageSize: number,
    also?: SQL,
  ): Promise<{ rows: WithdrawalWithAccount[]; total: number }> {
    const where = and(status ? eq(withdrawal.status, status) : undefined, also);
    const rows = await adminSelect(db, where)
      .orderBy(asc(withdrawal.createdAt), asc(withdrawal.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    const totals = await db.select({ value: count() }).from(withdrawal).where(where);
    return { rows, total: totals[0]?.value ?? 0 };
  },

  /**
   * Moves one withdrawal from `from` to `to` in a single conditional statement: of two concurrent
   * decisions only one finds the row still in `from`. Null when it was not in `from` (or not the member's).
   */
  async transition(
    db: Executor,
    where: { id: bigint; memberId?: bigint; also?: SQL },
    from: string,
    to: string,
    change: WithdrawalChange,
  ): Promise<WithdrawalRow | null> {
    const rows = await db
      .update(withdrawal)
      .set({ ...change, status: to })
      .where(
        and(
          eq(withdrawal.id, where.id),
          eq(withdrawal.status, from),
          where.memberId === undefined ? undefined : eq(withdrawal.memberId, where.memberId),
          where.also,
        ),
      )
      .returning();
    return rows[0] ?? null;
  },

  /** Four-eyes' first approval: only on a pending, unheld withdrawal nobody approved yet. */
  async recordFirstApproval(
    db: Executor,
    id: bigint,
    by: string,
    at: Date,
    payoutReference: string,
  ): Promise<WithdrawalRow | null> {
    const rows = await db
      .update(withdrawal)
      .set({ firstApprovedBy: by, firstApprovedAt: at, firstPayoutReference: payoutReference })
      .where(
        and(
          eq(withdrawal.id, id),
          eq(withdrawal.status, 'pending'),
          isNull(withdrawal.firstApprovedBy),
          isNull(withdrawal.heldAt),
        ),
      )
      .returning();
    return rows[0] ?? null;
  },

  /** Puts a pending withdrawal on hold, or releases it (hold null); conditional on its current state. */
  async setHold(
    db: Executor,
    id: bigint,
    hold: { by: string; at: Date; reason: string } | null,
  ): Promise<WithdrawalRow | null> {
    const rows = await db
      .update(withdrawal)
      .set(
        hold
          ? { heldBy: hold.by, heldAt: hold.at, holdReason: hold.reason }
          : { heldBy: null, heldAt: null, holdReason: null },
      )
      .where(
        and(
          eq(withdrawal.id, id),
          eq(withdrawal.status, 'pending'),
          hold ? isNull(withdrawal.heldAt) : isNotNull(withdrawal.heldAt),
        ),
      )
      .returning();
    return rows[0] ?? null;
  },

  /** The back office's counts: pending (unheld), awaiting a second approval, held. */
  async queueCounts(db: Executor): Promise<{ pending: number; awaitingSecond: number; held: number }> {
    const [row] = await db
      .select({
        pending: sql<number>`count(*) filter (where ${withdrawal.heldAt} is null)`.mapWith(Number),
        awaitingSecond:
          sql<number>`count(*) filter (where ${withdrawal.heldAt} is null and ${withdrawal.firstApprovedBy} is not null)`.mapWith(
            Number,
          ),
        held: sql<number>`count(*) filter (where ${withdrawal.heldAt} is not null)`.mapWith(Number),
      })
      .from(withdrawal)
      .where(eq(withdrawal.status, 'pending'));
    return { pending: row?.pending ?? 0, awaitingSecond: row?.awaitingSecond ?? 0, held: row?.held ?? 0 };
  },

  async setSettleTransfer(db: Executor, id: bigint, transferId: bigint): Promise<void> {
    await db.update(withdrawal).set({ settleTransferId: transferId }).where(eq(withdrawal.id, id));
  },

  /** Every paid withdrawal paid at or before `paidBy` becomes auto_received, in one statement. */
  async autoReceive(db: Executor, paidBy: Date, at: Date): Promise<{ publicId: string; memberId: bigint }[]> {
    return db
      .update(withdrawal)
      .set({ status: 'auto_received', forcedReceipt: true, confirmedAt: at })
      .where(and(eq(withdrawal.status, 'paid'), lte(withdrawal.paidAt, paidBy)))
      .returning({ publicId: withdrawal.publicId, memberId: withdrawal.memberId });
  },
};

function adminSelect(db: Executor, where: SQL | undefined) {
  return db
    .select(withAccount)
    .from(withdrawal)
    .innerJoin(memberBankAccount, eq(memberBankAccount.id, withdrawal.bankAccountId))
    .where(where)
    .$dynamic();
}
