import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { deposit, paymentChannel } from './cashier.schema.js';

export type ChannelRow = typeof paymentChannel.$inferSelect;
export type NewChannelRow = typeof paymentChannel.$inferInsert;

export const channelRepository = {
  async all(db: Executor): Promise<ChannelRow[]> {
    return db
      .select()
      .from(paymentChannel)
      .orderBy(asc(paymentChannel.sortOrder), asc(paymentChannel.createdAt), asc(paymentChannel.id));
  },
  async enabled(db: Executor): Promise<ChannelRow[]> {
    return db
      .select()
      .from(paymentChannel)
      .where(eq(paymentChannel.enabled, true))
      .orderBy(asc(paymentChannel.sortOrder), asc(paymentChannel.createdAt), asc(paymentChannel.id));
  },
  async find(db: Executor, id: string): Promise<ChannelRow | null> {
    const [row] = await db.select().from(paymentChannel).where(eq(paymentChannel.id, id)).limit(1);
    return row ?? null;
  },
  async insert(db: Executor, row: NewChannelRow): Promise<ChannelRow> {
    const [inserted] = await db.insert(paymentChannel).values(row).returning();
    if (!inserted) throw new Error('payment_channel insert returned no row');
    return inserted;
  },
  async rename(
    db: Executor,
    id: string,
    name: string,
    names: ChannelRow['names'],
  ): Promise<ChannelRow | null> {
    const [row] = await db
      .update(paymentChannel)
      .set({ name, names })
      .where(eq(paymentChannel.id, id))
      .returning();
    return row ?? null;
  },
  async setEnabled(db: Executor, id: string, enabled: boolean): Promise<ChannelRow | null> {
    const [row] = await db
      .update(paymentChannel)
      .set({ enabled })
      .where(eq(paymentChannel.id, id))
      .returning();
    return row ?? null;
  },
  async setLimits(db: Executor, id: string, min: bigint, max: bigint): Promise<ChannelRow | null> {
    const [row] = await db
      .update(paymentChannel)
      .set({ minAmount: min, maxAmount: max })
      .where(eq(paymentChannel.id, id))
      .returning();
    return row ?? null;
  },
  async setSortOrder(db: Executor, id: string, sortOrder: number): Promise<void> {
    await db.update(paymentChannel).set({ sortOrder }).where(eq(paymentChannel.id, id));
  },
  async delete(db: Executor, id: string): Promise<boolean> {
    const removed = await db
      .delete(paymentChannel)
      .where(eq(paymentChannel.id, id))
      .returning({ id: paymentChannel.id });
    return removed.length > 0;
  },
  async depositCount(db: Executor, channelId: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(deposit).where(eq(deposit.channelId, channelId));
    return row?.n ?? 0;
  },
};
