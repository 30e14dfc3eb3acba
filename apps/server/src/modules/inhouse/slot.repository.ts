import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { inhouseSlotRound } from './inhouse.schema.js';

export type SlotRoundRow = typeof inhouseSlotRound.$inferSelect;
export type NewSlotRoundRow = typeof inhouseSlotRound.$inferInsert;

/** The slot's own memory of its rounds (ADR 026); the money is the seamless wallet's. */
export const slotRepository = {
  /**
   * Claims the member's request id for a new round: the row, or null when the request id already has one
   * (a retried spin, answered by that round).
   */
  async claim(db: Executor, row: NewSlotRoundRow): Promise<SlotRoundRow | null> {
    const [claimed] = await db.insert(inhouseSlotRound).values(row).onConflictDoNothing().returning();
    return claimed ?? null;
  },

  async byRequest(db: Executor, memberId: bigint, requestId: string): Promise<SlotRoundRow | null> {
    const [row] = await db
      .select()
      .from(inhouseSlotRound)
      .where(and(eq(inhouseSlotRound.memberId, memberId), eq(inhouseSlotRound.requestId, requestId)));
    return row ?? null;
  },

  /** A round whose bet the wallet refused never happened: its claim goes, and nothing is left. */
  async forget(db: Executor, id: bigint): Promise<void> {
    await db
      .delete(inhouseSlotRound)
      .where(and(eq(inhouseSlotRound.id, id), eq(inhouseSlotRound.status, 'open')));
  },

  async close(db: Executor, id: bigint, status: 'settled' | 'cancelled', at: Date): Promise<void> {
    await db
      .update(inhouseSlotRound)
      .set({ status, settledAt: at })
      .where(and(eq(inhouseSlotRound.id, id), eq(inhouseSlotRound.status, 'open')));
  },

  /** The member's latest settled rounds, newest first (inhouse_slot_round_member_idx). */
  async recent(db: Executor, memberId: bigint, limit: number): Promise<SlotRoundRow[]> {
    return db
      .select()
      .from(inhouseSlotRound)
      .where(and(eq(inhouseSlotRound.memberId, memberId), eq(inhouseSlotRound.status, 'settled')))
      .orderBy(desc(inhouseSlotRound.createdAt), desc(inhouseSlotRound.id))
      .limit(limit);
  },
};
