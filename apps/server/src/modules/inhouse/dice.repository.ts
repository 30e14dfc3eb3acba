import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { inhouseDiceRound, inhouseDiceSeed } from './inhouse.schema.js';

export type DiceSeedRow = typeof inhouseDiceSeed.$inferSelect;
export type NewDiceSeedRow = typeof inhouseDiceSeed.$inferInsert;
export type DiceRoundRow = typeof inhouseDiceRound.$inferSelect;
export type NewDiceRoundRow = typeof inhouseDiceRound.$inferInsert;

/** Dice's own memory of seed pairs and rounds (ADR 030); the money is the seamless wallet's. */
export const diceRepository = {
  async activeSeed(db: Executor, memberId: bigint, lock = false): Promise<DiceSeedRow | null> {
    const query = db
      .select()
      .from(inhouseDiceSeed)
      .where(and(eq(inhouseDiceSeed.memberId, memberId), eq(inhouseDiceSeed.status, 'active')));
    const [row] = await (lock ? query.for('update') : query);
    return row ?? null;
  },

  /** A new active pair; null when the member already has one (two first requests at once). */
  async addSeed(db: Executor, row: NewDiceSeedRow): Promise<DiceSeedRow | null> {
    const [added] = await db.insert(inhouseDiceSeed).values(row).onConflictDoNothing().returning();
    return added ?? null;
  },

  async reveal(db: Executor, id: bigint, at: Date): Promise<void> {
    await db
      .update(inhouseDiceSeed)
      .set({ status: 'revealed', revealedAt: at })
      .where(and(eq(inhouseDiceSeed.id, id), eq(inhouseDiceSeed.status, 'active')));
  },

  async seedByHash(db: Executor, hash: string): Promise<DiceSeedRow | null> {
    const [row] = await db.select().from(inhouseDiceSeed).where(eq(inhouseDiceSeed.serverSeedHash, hash));
    return row ?? null;
  },

  async seedById(db: Executor, id: bigint): Promise<DiceSeedRow | null> {
    const [row] = await db.select().from(inhouseDiceSeed).where(eq(inhouseDiceSeed.id, id));
    return row ?? null;
  },

  async useNonce(db: Executor, seedId: bigint): Promise<void> {
    await db
      .update(inhouseDiceSeed)
      .set({ nonce: sql`${inhouseDiceSeed.nonce} + 1` })
      .where(eq(inhouseDiceSeed.id, seedId));
  },

  /** A bet the wallet refused gives its nonce back when no later bet took the next one. */
  async returnNonce(db: Executor, seedId: bigint, nonce: number): Promise<void> {
    await db
      .update(inhouseDiceSeed)
      .set({ nonce })
      .where(and(eq(inhouseDiceSeed.id, seedId), eq(inhouseDiceSeed.nonce, nonce + 1)));
  },

  /** Claims the member's request id for a round: the row, or null when the request id has one already. */
  async claim(db: Executor, row: NewDiceRoundRow): Promise<DiceRoundRow | null> {
    const [claimed] = await db.insert(inhouseDiceRound).values(row).onConflictDoNothing().returning();
    return claimed ?? null;
  },

  async byRequest(db: Executor, memberId: bigint, requestId: string): Promise<DiceRoundRow | null> {
    const [row] = await db
      .select()
      .from(inhouseDiceRound)
      .where(and(eq(inhouseDiceRound.memberId, memberId), eq(inhouseDiceRound.requestId, requestId)));
    return row ?? null;
  },

  async forget(db: Executor, id: bigint): Promise<void> {
    await db
      .delete(inhouseDiceRound)
      .where(and(eq(inhouseDiceRound.id, id), eq(inhouseDiceRound.status, 'open')));
  },

  async close(db: Executor, id: bigint, status: 'settled' | 'cancelled', at: Date): Promise<void> {
    await db
      .update(inhouseDiceRound)
      .set({ status, settledAt: at })
      .where(and(eq(inhouseDiceRound.id, id), eq(inhouseDiceRound.status, 'open')));
  },

  /** The member's latest settled rounds with their seed pair, newest first. */
  async recent(
    db: Executor,
    memberId: bigint,
    limit: number,
  ): Promise<{ round: DiceRoundRow; seed: DiceSeedRow }[]> {
    return db
      .select({ round: inhouseDiceRound, seed: inhouseDiceSeed })
      .from(inhouseDiceRound)
      .innerJoin(inhouseDiceSeed, eq(inhouseDiceSeed.id, inhouseDiceRound.seedId))
      .where(and(eq(inhouseDiceRound.memberId, memberId), eq(inhouseDiceRound.status, 'settled')))
      .orderBy(desc(inhouseDiceRound.createdAt), desc(inhouseDiceRound.id))
      .limit(limit);
  },
};
