import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { loyaltyRank, loyaltyRankGift } from './loyalty.schema.js';

export type RankRow = typeof loyaltyRank.$inferSelect;

/** Typed SQL of the player ranks and the gifts paid. */
export const rankRepository = {
  async all(db: Executor): Promise<RankRow[]> {
    return db.select().from(loyaltyRank).orderBy(asc(loyaltyRank.level));
  },

  async upsert(db: Executor, row: RankRow): Promise<void> {
    const { level: _level, ...rest } = row;
    await db.insert(loyaltyRank).values(row).onConflictDoUpdate({ target: loyaltyRank.level, set: rest });
  },

  async remove(db: Executor, level: number): Promise<boolean> {
    const rows = await db
      .delete(loyaltyRank)
      .where(eq(loyaltyRank.level, level))
      .returning({ level: loyaltyRank.level });
    return rows.length > 0;
  },

  /** True when this gift was not paid before (and is now recorded as paid). */
  async claimGift(tx: Executor, row: typeof loyaltyRankGift.$inferInsert): Promise<boolean> {
    const inserted = await tx
      .insert(loyaltyRankGift)
      .values(row)
      .onConflictDoNothing({ target: [loyaltyRankGift.memberId, loyaltyRankGift.giftKey] })
      .returning({ key: loyaltyRankGift.giftKey });
    return inserted.length > 0;
  },

  /** The member's paid rank gifts, newest first (the reward centre). */
  async giftsOf(db: Executor, memberId: bigint, limit: number) {
    return db
      .select()
      .from(loyaltyRankGift)
      .where(eq(loyaltyRankGift.memberId, memberId))
      .orderBy(desc(loyaltyRankGift.paidAt))
      .limit(limit);
  },

  async hasGift(db: Executor, memberId: bigint, giftKey: string): Promise<boolean> {
    const rows = await db
      .select({ key: loyaltyRankGift.giftKey })
      .from(loyaltyRankGift)
      .where(and(eq(loyaltyRankGift.memberId, memberId), eq(loyaltyRankGift.giftKey, giftKey)));
    return rows.length > 0;
  },
};
