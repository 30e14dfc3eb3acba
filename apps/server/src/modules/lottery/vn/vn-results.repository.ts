import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.js';
import { lotteryBet, lotteryGame, lotteryPeriod, lotteryVnResult } from '../lottery.schema.js';
import type { LotteryPeriodRow } from '../lottery.repository.js';

export type VnResultRow = typeof lotteryVnResult.$inferSelect;
export type NewVnResult = typeof lotteryVnResult.$inferInsert;

/** Typed SQL of the entered results of the daily VN draws (ADR 060); no rules. */
export const vnResultsRepository = {
  async entries(db: Executor, periodId: bigint): Promise<VnResultRow[]> {
    return db
      .select()
      .from(lotteryVnResult)
      .where(eq(lotteryVnResult.periodId, periodId))
      .orderBy(asc(lotteryVnResult.revision));
  },

  /** The revision the next entry takes: one past the last confirmed one. */
  async nextRevision(db: Executor, periodId: bigint): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(lotteryVnResult)
      .where(and(eq(lotteryVnResult.periodId, periodId), sql`${lotteryVnResult.confirmedBy} IS NOT NULL`));
    return row?.n ?? 0;
  },

  /** Writes an entry, or enters over the unconfirmed one of that revision; null when it was confirmed meanwhile. */
  async enter(db: Executor, entry: NewVnResult): Promise<VnResultRow | null> {
    const [row] = await db
      .insert(lotteryVnResult)
      .values(entry)
      .onConflictDoUpdate({
        target: [lotteryVnResult.periodId, lotteryVnResult.revision],
        set: {
          tiers: sql`excluded.tiers`,
          digits: sql`excluded.digits`,
          enteredBy: sql`excluded.entered_by`,
          enteredAt: sql`excluded.entered_at`,
        },
        setWhere: isNull(lotteryVnResult.confirmedBy),
      })
      .returning();
    return row ?? null;
  },

  /** The period's unconfirmed entry, locked for the confirmation. */
  async pendingForUpdate(db: Executor, periodId: bigint): Promise<VnResultRow | null> {
    const [row] = await db
      .select()
      .from(lotteryVnResult)
      .where(and(eq(lotteryVnResult.periodId, periodId), isNull(lotteryVnResult.confirmedBy)))
      .orderBy(desc(lotteryVnResult.revision))
      .limit(1)
      .for('update');
    return row ?? null;
  },

  async confirm(
    db: Executor,
    id: bigint,
    by: string,
    at: Date,
    correction?: { credited: bigint; debited: bigint; shortfall: bigint },
  ): Promise<VnResultRow | null> {
    const [row] = await db
      .update(lotteryVnResult)
      .set({ confirmedBy: by, confirmedAt: at, ...correction })
      .where(and(eq(lotteryVnResult.id, id), isNull(lotteryVnResult.confirmedBy)))
      .returning();
    return row ?? null;
  },

  async periodForUpdate(db: Executor, periodId: bigint) {
    const [row] = await db.select().from(lotteryPeriod).where(eq(lotteryPeriod.id, periodId)).for('update');
    return row ?? null;
  },

  /** The settled bets a correction judges again (cancelled and refunded bets are out of it). */
  async settledBets(db: Executor, periodId: bigint) {
    return db
      .select()
      .from(lotteryBet)
      .where(and(eq(lotteryBet.periodId, periodId), inArray(lotteryBet.status, ['win', 'lose'])))
      .orderBy(asc(lotteryBet.id));
  },

  async rejudgeBet(
    db: Executor,
    id: bigint,
    change: { status: 'win' | 'lose'; hits: number; win: bigint },
  ): Promise<void> {
    await db.update(lotteryBet).set(change).where(eq(lotteryBet.id, id));
  },

  async redraw(db: Executor, periodId: bigint, draw: number[]): Promise<void> {
    await db.update(lotteryPeriod).set({ draw }).where(eq(lotteryPeriod.id, periodId));
  },

  /**
   * Periods of the games whose results operators enter that are still open or closed although their
   * draw was before `drawnBefore`: no result was confirmed for them in time (ADR 063).
   */
  async overdueEnteredPeriods(db: Executor, drawnBefore: Date): Promise<LotteryPeriodRow[]> {
    return db
      .select({ period: lotteryPeriod })
      .from(lotteryPeriod)
      .innerJoin(lotteryGame, eq(lotteryGame.code, lotteryPeriod.gameCode))
      .where(
        and(
          eq(lotteryGame.enteredResults, true),
          inArray(lotteryPeriod.status, ['open', 'closed']),
          lt(lotteryPeriod.drawAt, drawnBefore),
        ),
      )
      .orderBy(asc(lotteryPeriod.drawAt))
      .limit(100)
      .then((rows) => rows.map((row) => row.period));
  },
};
