import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/database.js';
import { lotteryBet, lotteryFollow, lotteryPeriod } from '../lottery.schema.js';

export type LotteryFollowRow = typeof lotteryFollow.$inferSelect;
export type NewLotteryFollow = typeof lotteryFollow.$inferInsert;
export type FollowEndStatus = 'won' | 'cancelled' | 'stopped';

/** The request id of a chain's slip on one period: one slip per chain and period (the bets' unique key). */
export const followRequestId = (followId: string, periodNo: string) => `follow:${followId}:${periodNo}`;
const chainBets = (row: Pick<LotteryFollowRow, 'memberId' | 'publicId'>) =>
  and(
    eq(lotteryBet.memberId, row.memberId),
    sql`starts_with(${lotteryBet.requestId}, ${`follow:${row.publicId}:`})`,
  );

/** Typed SQL of follow (chained) bets; no rules. */
export const followRepository = {
  async insert(db: Executor, row: NewLotteryFollow): Promise<LotteryFollowRow> {
    const [inserted] = await db.insert(lotteryFollow).values(row).returning();
    if (!inserted) throw new Error('lottery follow: insert returned nothing');
    return inserted;
  },

  async byRequest(db: Executor, memberId: bigint, requestId: string): Promise<LotteryFollowRow | null> {
    const [row] = await db
      .select()
      .from(lotteryFollow)
      .where(and(eq(lotteryFollow.memberId, memberId), eq(lotteryFollow.requestId, requestId)));
    return row ?? null;
  },

  async byPublicId(db: Executor, memberId: bigint, publicId: string): Promise<LotteryFollowRow | null> {
    const [row] = await db
      .select()
      .from(lotteryFollow)
      .where(and(eq(lotteryFollow.memberId, memberId), eq(lotteryFollow.publicId, publicId)));
    return row ?? null;
  },

  async active(db: Executor, limit: number): Promise<LotteryFollowRow[]> {
    return db
      .select()
      .from(lotteryFollow)
      .where(eq(lotteryFollow.status, 'active'))
      .orderBy(lotteryFollow.id)
      .limit(limit);
  },

  async memberFollows(
    db: Executor,
    memberId: bigint,
    gameCode: string | undefined,
    limit: number,
    offset: number,
  ) {
    const where = and(
      eq(lotteryFollow.memberId, memberId),
      gameCode ? eq(lotteryFollow.gameCode, gameCode) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(lotteryFollow)
        .where(where)
        .orderBy(desc(lotteryFollow.createdAt), desc(lotteryFollow.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(lotteryFollow)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },

  /** How the chain's placed bets stand: still pending, won, and what they credited (wins, ties, refunds). */
  async outcome(db: Executor, row: Pick<LotteryFollowRow, 'memberId' | 'publicId'>) {
    const [result] = await db
      .select({
        pending: sql<number>`count(*) filter (where ${lotteryBet.status} = 'pending')::int`,
        won: sql<number>`count(*) filter (where ${lotteryBet.status} = 'win')::int`,
        credited: sql<string>`coalesce(sum(${lotteryBet.win}), 0)::text`,
      })
      .from(lotteryBet)
      .where(chainBets(row));
    return {
      pending: result?.pending ?? 0,
      won: result?.won ?? 0,
      credited: BigInt(result?.credited ?? '0'),
    };
  },

  async bets(db: Executor, row: Pick<LotteryFollowRow, 'memberId' | 'publicId'>) {
    return db
      .select({ bet: lotteryBet, period: lotteryPeriod })
      .from(lotteryBet)
      .innerJoin(lotteryPeriod, eq(lotteryPeriod.id, lotteryBet.periodId))
      .where(chainBets(row))
      .orderBy(desc(lotteryPeriod.drawAt), lotteryBet.slipIndex);
  },

  /**
   * Locks an active chain that has no slip on this period yet; null when it ended or was placed
   * meanwhile. The lock orders a placement against a cancel of the same chain.
   */
  async lockForPlacement(db: Executor, id: bigint, periodNo: string): Promise<LotteryFollowRow | null> {
    const [row] = await db
      .select()
      .from(lotteryFollow)
      .where(
        and(
          eq(lotteryFollow.id, id),
          eq(lotteryFollow.status, 'active'),
          lt(lotteryFollow.lastPeriodNo, periodNo),
        ),
      )
      .for('update');
    return row ?? null;
  },

  /** What lottery:follow-held should hold: the unplaced periods of the active chains paid into it (ADR 089). */
  async heldStake(db: Executor): Promise<bigint> {
    const [row] = await db
      .select({
        amount: sql<string>`coalesce(sum((${lotteryFollow.periods} - ${lotteryFollow.placed}) * ${lotteryFollow.periodAmount}), 0)::text`,
      })
      .from(lotteryFollow)
      .where(and(eq(lotteryFollow.status, 'active'), eq(lotteryFollow.stakeHeld, true)));
    return BigInt(row?.amount ?? '0');
  },

  /** One more period placed; the chain is done with its last. */
  async markPlaced(db: Executor, id: bigint, periodNo: string, at: Date): Promise<void> {
    await db
      .update(lotteryFollow)
      .set({
        placed: sql`${lotteryFollow.placed} + 1`,
        lastPeriodNo: periodNo,
        status: sql`case when ${lotteryFollow.placed} + 1 = ${lotteryFollow.periods} then 'done' else 'active' end`,
        endedAt: sql`case when ${lotteryFollow.placed} + 1 = ${lotteryFollow.periods} then ${at.toISOString()}::timestamptz end`,
      })
      .where(eq(lotteryFollow.id, id));
  },

  /**
   * Ends an active chain and records what it gives back: the periods never placed. null when it had
   * ended already: the claim that makes the refund happen once.
   */
  async end(
    db: Executor,
    id: bigint,
    status: FollowEndStatus,
    reason: string | null,
    at: Date,
  ): Promise<LotteryFollowRow | null> {
    const [row] = await db
      .update(lotteryFollow)
      .set({
        status,
        endReason: reason,
        endedAt: at,
        refunded: sql`(${lotteryFollow.periods} - ${lotteryFollow.placed}) * ${lotteryFollow.periodAmount}`,
      })
      .where(and(eq(lotteryFollow.id, id), eq(lotteryFollow.status, 'active')))
      .returning();
    return row ?? null;
  },
};
