import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import {
  loyaltyBetAccrual,
  loyaltyDeposit,
  loyaltyPointsAccount,
  loyaltyPointsEntry,
} from './loyalty.schema.js';

export type PointsEntryRow = typeof loyaltyPointsEntry.$inferSelect;

/** Typed SQL of the points: accounts, their entries, the bets' accrual and the deposits heard of. */
export const pointsRepository = {
  async balanceOf(db: Executor, memberId: bigint): Promise<bigint> {
    const [row] = await db
      .select({ balance: loyaltyPointsAccount.balance })
      .from(loyaltyPointsAccount)
      .where(eq(loyaltyPointsAccount.memberId, memberId));
    return row?.balance ?? 0n;
  },

  /** Creates the member's account if missing and locks it: every change of one member's points queues here. */
  async lockAccount(tx: Executor, memberId: bigint): Promise<bigint> {
    await tx
      .insert(loyaltyPointsAccount)
      .values({ memberId, balance: 0n })
      .onConflictDoNothing({ target: loyaltyPointsAccount.memberId });
    const [row] = await tx
      .select({ balance: loyaltyPointsAccount.balance })
      .from(loyaltyPointsAccount)
      .where(eq(loyaltyPointsAccount.memberId, memberId))
      .for('update');
    return row?.balance ?? 0n;
  },

  async entryByKey(db: Executor, key: string): Promise<PointsEntryRow | null> {
    const [row] = await db
      .select()
      .from(loyaltyPointsEntry)
      .where(eq(loyaltyPointsEntry.idempotencyKey, key));
    return row ?? null;
  },

  async setBalance(tx: Executor, memberId: bigint, balance: bigint): Promise<void> {
    await tx.update(loyaltyPointsAccount).set({ balance }).where(eq(loyaltyPointsAccount.memberId, memberId));
  },

  async insertEntry(tx: Executor, row: typeof loyaltyPointsEntry.$inferInsert): Promise<PointsEntryRow> {
    const [inserted] = await tx.insert(loyaltyPointsEntry).values(row).returning();
    if (!inserted) throw new Error('points entry insert returned no row');
    return inserted;
  },

  async history(
    db: Executor,
    memberId: bigint,
    page: { offset: number; limit: number },
  ): Promise<{ rows: PointsEntryRow[]; total: number }> {
    const rows = await db
      .select()
      .from(loyaltyPointsEntry)
      .where(eq(loyaltyPointsEntry.memberId, memberId))
      .orderBy(desc(loyaltyPointsEntry.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await db
      .select({ n: count() })
      .from(loyaltyPointsEntry)
      .where(eq(loyaltyPointsEntry.memberId, memberId));
    return { rows, total: total?.n ?? 0 };
  },

  /** The valid bet of this day and category already counted, the row created (at 0) and locked. */
  async lockAccrual(tx: Executor, key: { memberId: bigint; day: string; category: string }): Promise<bigint> {
    await tx
      .insert(loyaltyBetAccrual)
      .values({ ...key, validBet: 0n })
      .onConflictDoNothing({
        target: [loyaltyBetAccrual.memberId, loyaltyBetAccrual.day, loyaltyBetAccrual.category],
      });
    const [row] = await tx
      .select({ validBet: loyaltyBetAccrual.validBet })
      .from(loyaltyBetAccrual)
      .where(
        and(
          eq(loyaltyBetAccrual.memberId, key.memberId),
          eq(loyaltyBetAccrual.day, key.day),
          eq(loyaltyBetAccrual.category, key.category),
        ),
      )
      .for('update');
    return row?.validBet ?? 0n;
  },

  async setAccrual(
    tx: Executor,
    key: { memberId: bigint; day: string; category: string },
    validBet: bigint,
  ): Promise<void> {
    await tx
      .update(loyaltyBetAccrual)
      .set({ validBet })
      .where(
        and(
          eq(loyaltyBetAccrual.memberId, key.memberId),
          eq(loyaltyBetAccrual.day, key.day),
          eq(loyaltyBetAccrual.category, key.category),
        ),
      );
  },

  /** True when this deposit was not heard of before (and is now recorded). */
  async claimDeposit(tx: Executor, row: typeof loyaltyDeposit.$inferInsert): Promise<boolean> {
    const inserted = await tx
      .insert(loyaltyDeposit)
      .values(row)
      .onConflictDoNothing({ target: loyaltyDeposit.reference })
      .returning({ reference: loyaltyDeposit.reference });
    return inserted.length > 0;
  },

  async depositsBetween(db: Executor, memberId: bigint, from: Date, to: Date): Promise<bigint> {
    const [row] = await db
      .select({ total: sql<string | null>`sum(${loyaltyDeposit.amount})` })
      .from(loyaltyDeposit)
      .where(
        and(
          eq(loyaltyDeposit.memberId, memberId),
          sql`${loyaltyDeposit.creditedAt} >= ${from.toISOString()}::timestamptz`,
          sql`${loyaltyDeposit.creditedAt} <= ${to.toISOString()}::timestamptz`,
        ),
      );
    return BigInt(row?.total ?? 0);
  },
};
