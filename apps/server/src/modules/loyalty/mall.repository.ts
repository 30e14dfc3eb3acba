import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { mallItem, mallRedeem } from './loyalty.schema.js';

export type MallItemRow = typeof mallItem.$inferSelect;
export type RedeemRow = typeof mallRedeem.$inferSelect & { item: MallItemRow };

export interface PageWindow {
  offset: number;
  limit: number;
}

/** Typed SQL of the point mall: items, their stock, and the redeems. */
export const mallRepository = {
  async activeItems(db: Executor): Promise<MallItemRow[]> {
    return db
      .select()
      .from(mallItem)
      .where(eq(mallItem.active, true))
      .orderBy(asc(mallItem.sort), asc(mallItem.id));
  },

  /** The member's redeemed pieces per item id (rejected redeems do not count). */
  async redeemedBy(db: Executor, memberId: bigint): Promise<Map<bigint, number>> {
    const rows = await db
      .select({ itemId: mallRedeem.itemId, pieces: sql<number>`sum(${mallRedeem.quantity})::int` })
      .from(mallRedeem)
      .where(and(eq(mallRedeem.memberId, memberId), ne(mallRedeem.status, 'rejected')))
      .groupBy(mallRedeem.itemId);
    return new Map(rows.map((row) => [row.itemId, Number(row.pieces)]));
  },

  /** The active item, locked: redeems of one item queue here, so stock and limits hold under races. */
  async lockItem(tx: Executor, publicId: string): Promise<MallItemRow | null> {
    const [row] = await tx
      .select()
      .from(mallItem)
      .where(and(eq(mallItem.publicId, publicId), eq(mallItem.active, true)))
      .for('update');
    return row ?? null;
  },

  async addStock(tx: Executor, itemId: bigint, pieces: number): Promise<void> {
    await tx
      .update(mallItem)
      .set({ stock: sql`${mallItem.stock} + ${pieces}` })
      .where(eq(mallItem.id, itemId));
  },

  async insertItem(db: Executor, row: typeof mallItem.$inferInsert): Promise<MallItemRow> {
    const [inserted] = await db.insert(mallItem).values(row).returning();
    if (!inserted) throw new Error('mall item insert returned no row');
    return inserted;
  },

  async setItem(
    db: Executor,
    publicId: string,
    set: Partial<
      Pick<
        MallItemRow,
        'stock' | 'active' | 'perMemberLimit' | 'points' | 'name' | 'description' | 'imageUrl' | 'bonus'
      >
    >,
  ): Promise<MallItemRow | null> {
    const [row] = await db.update(mallItem).set(set).where(eq(mallItem.publicId, publicId)).returning();
    return row ?? null;
  },

  /** Any item, active or not, locked (the operator's edits). */
  async lockAnyItem(tx: Executor, publicId: string): Promise<MallItemRow | null> {
    const [row] = await tx.select().from(mallItem).where(eq(mallItem.publicId, publicId)).for('update');
    return row ?? null;
  },

  async allItems(db: Executor): Promise<MallItemRow[]> {
    return db.select().from(mallItem).orderBy(asc(mallItem.sort), asc(mallItem.id));
  },

  async insertRedeem(tx: Executor, row: typeof mallRedeem.$inferInsert): Promise<void> {
    await tx.insert(mallRedeem).values(row);
  },

  async redeemByRequest(db: Executor, memberId: bigint, requestId: string) {
    const [row] = await db
      .select({ reference: mallRedeem.reference, itemId: mallRedeem.itemId, quantity: mallRedeem.quantity })
      .from(mallRedeem)
      .where(and(eq(mallRedeem.memberId, memberId), eq(mallRedeem.requestId, requestId)));
    return row ?? null;
  },

  async redeemByReference(db: Executor, reference: string): Promise<RedeemRow | null> {
    const [row] = await db
      .select({ redeem: mallRedeem, item: mallItem })
      .from(mallRedeem)
      .innerJoin(mallItem, eq(mallItem.id, mallRedeem.itemId))
      .where(eq(mallRedeem.reference, reference));
    return row ? { ...row.redeem, item: row.item } : null;
  },

  /** Moves a redeem out of `process`; null when it was not in process (decided already, or unknown). */
  async decide(
    tx: Executor,
    reference: string,
    set: { status: 'approved' | 'rejected'; reason?: string; decidedAt: Date; decidedBy: string },
  ): Promise<bigint | null> {
    const rows = await tx
      .update(mallRedeem)
      .set(set)
      .where(and(eq(mallRedeem.reference, reference), eq(mallRedeem.status, 'process')))
      .returning({ id: mallRedeem.id });
    return rows[0]?.id ?? null;
  },

  async redeems(
    db: Executor,
    filter: { memberId?: bigint; status?: string },
    window: PageWindow,
  ): Promise<{ rows: RedeemRow[]; total: number }> {
    const where = and(
      filter.memberId === undefined ? undefined : eq(mallRedeem.memberId, filter.memberId),
      filter.status === undefined ? undefined : eq(mallRedeem.status, filter.status),
    );
    const rows = await db
      .select({ redeem: mallRedeem, item: mallItem })
      .from(mallRedeem)
      .innerJoin(mallItem, eq(mallItem.id, mallRedeem.itemId))
      .where(where)
      .orderBy(desc(mallRedeem.id))
      .limit(window.limit)
      .offset(window.offset);
    const [total] = await db.select({ n: count() }).from(mallRedeem).where(where);
    return { rows: rows.map((row) => ({ ...row.redeem, item: row.item })), total: total?.n ?? 0 };
  },
};
