import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { vendorTransfer, vendorWallet } from './transfer.schema.js';

export type VendorTransferRow = typeof vendorTransfer.$inferSelect;
export type NewVendorTransferRow = typeof vendorTransfer.$inferInsert;
export type VendorWalletRow = typeof vendorWallet.$inferSelect;

/** The sub-wallets and transfers of transfer-model vendors (ADR 021). */
export const transferRepository = {
  /** Makes the member's sub-wallet row at the vendor if it is missing (a no-op otherwise). */
  async ensureWallet(db: Executor, memberId: bigint, vendorCode: string, now: Date): Promise<void> {
    await db
      .insert(vendorWallet)
      .values({ memberId, vendorCode, balance: 0n, refreshedAt: null, createdAt: now })
      .onConflictDoNothing();
  },

  /**
   * Locks the member's sub-wallet at the vendor for the rest of the transaction: one member's transfers
   * with one vendor start one after the other, so a repeated request id is always seen.
   */
  async lockWallet(db: Executor, memberId: bigint, vendorCode: string): Promise<VendorWalletRow | null> {
    const [row] = await db
      .select()
      .from(vendorWallet)
      .where(and(eq(vendorWallet.memberId, memberId), eq(vendorWallet.vendorCode, vendorCode)))
      .for('update');
    return row ?? null;
  },

  async walletsOf(db: Executor, memberId: bigint): Promise<VendorWalletRow[]> {
    return db.select().from(vendorWallet).where(eq(vendorWallet.memberId, memberId));
  },

  async setWalletBalance(
    db: Executor,
    memberId: bigint,
    vendorCode: string,
    balance: bigint,
    at: Date,
  ): Promise<VendorWalletRow> {
    const [row] = await db
      .insert(vendorWallet)
      .values({ memberId, vendorCode, balance, refreshedAt: at, createdAt: at })
      .onConflictDoUpdate({
        target: [vendorWallet.memberId, vendorWallet.vendorCode],
        set: { balance, refreshedAt: at },
      })
      .returning();
    if (!row) throw new Error('transfer: the sub-wallet row was not written');
    return row;
  },

  async insertTransfer(db: Executor, row: NewVendorTransferRow): Promise<VendorTransferRow> {
    const [inserted] = await db.insert(vendorTransfer).values(row).returning();
    if (!inserted) throw new Error('transfer: the transfer row was not written');
    return inserted;
  },

  async byRequest(db: Executor, memberId: bigint, requestId: string): Promise<VendorTransferRow | null> {
    const [row] = await db
      .select()
      .from(vendorTransfer)
      .where(and(eq(vendorTransfer.memberId, memberId), eq(vendorTransfer.requestId, requestId)));
    return row ?? null;
  },

  async byPublicId(db: Executor, publicId: string): Promise<VendorTransferRow | null> {
    const [row] = await db.select().from(vendorTransfer).where(eq(vendorTransfer.publicId, publicId));
    return row ?? null;
  },

  async lockTransfer(db: Executor, id: bigint): Promise<VendorTransferRow | null> {
    const [row] = await db.select().from(vendorTransfer).where(eq(vendorTransfer.id, id)).for('update');
    return row ?? null;
  },

  async resolveTransfer(
    db: Executor,
    id: bigint,
    change: {
      status: 'succeeded' | 'failed';
      resolvedBy: string;
      resolvedAt: Date;
      lastError: string | null;
    },
  ): Promise<VendorTransferRow> {
    const [row] = await db.update(vendorTransfer).set(change).where(eq(vendorTransfer.id, id)).returning();
    if (!row) throw new Error(`transfer: transfer ${id} vanished`);
    return row;
  },

  /** Why a transfer is still pending (a timeout, a 5xx); `checked`: a reconciliation status call. */
  async notePending(db: Executor, id: bigint, reason: string, checked: boolean): Promise<void> {
    await db
      .update(vendorTransfer)
      .set({
        lastError: reason.slice(0, 200),
        ...(checked ? { checks: sql`${vendorTransfer.checks} + 1` } : {}),
      })
      .where(and(eq(vendorTransfer.id, id), eq(vendorTransfer.status, 'pending')));
  },

  /** Pending transfers created at or before `before`, oldest first. */
  async pending(db: Executor, before: Date, limit: number): Promise<VendorTransferRow[]> {
    return db
      .select()
      .from(vendorTransfer)
      .where(and(eq(vendorTransfer.status, 'pending'), lte(vendorTransfer.createdAt, before)))
      .orderBy(asc(vendorTransfer.createdAt), asc(vendorTransfer.id))
      .limit(limit);
  },

  /** The member's pending amounts by vendor (both directions). */
  async pendingByVendor(db: Executor, memberId: bigint): Promise<Map<string, bigint>> {
    const rows = await db
      .select({
        vendorCode: vendorTransfer.vendorCode,
        total: sql<string>`sum(${vendorTransfer.amount})::text`,
      })
      .from(vendorTransfer)
      .where(and(eq(vendorTransfer.memberId, memberId), eq(vendorTransfer.status, 'pending')))
      .groupBy(vendorTransfer.vendorCode);
    return new Map(rows.map((row) => [row.vendorCode, BigInt(row.total)]));
  },

  /** Money sent in and not resolved yet, by vendor: what each vendor's in-transit account holds. */
  async pendingInByVendor(db: Executor): Promise<Map<string, bigint>> {
    const rows = await db
      .select({
        vendorCode: vendorTransfer.vendorCode,
        total: sql<string>`sum(${vendorTransfer.amount})::text`,
      })
      .from(vendorTransfer)
      .where(and(eq(vendorTransfer.direction, 'in'), eq(vendorTransfer.status, 'pending')))
      .groupBy(vendorTransfer.vendorCode);
    return new Map(rows.map((row) => [row.vendorCode, BigInt(row.total)]));
  },

  async page(
    db: Executor,
    memberId: bigint,
    filter: { vendorCode?: string | undefined; status?: string | undefined },
    pageNo: number,
    pageSize: number,
  ): Promise<{ rows: VendorTransferRow[]; total: number }> {
    const where = and(
      eq(vendorTransfer.memberId, memberId),
      filter.vendorCode ? eq(vendorTransfer.vendorCode, filter.vendorCode) : undefined,
      filter.status ? eq(vendorTransfer.status, filter.status) : undefined,
    );
    const rows = await db
      .select()
      .from(vendorTransfer)
      .where(where)
      .orderBy(desc(vendorTransfer.createdAt), desc(vendorTransfer.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize);
    const [counted] = await db.select({ total: count() }).from(vendorTransfer).where(where);
    return { rows, total: counted?.total ?? 0 };
  },
};
