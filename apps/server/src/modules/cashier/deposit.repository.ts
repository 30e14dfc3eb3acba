import { and, count, desc, eq, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { LocalizedText } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { deposit, gatewayCallback, paymentChannel } from './cashier.schema.js';

export type DepositRow = Omit<typeof deposit.$inferSelect, 'proof'>;
export type NewDepositRow = typeof deposit.$inferInsert;
export type NewGatewayCallbackRow = typeof gatewayCallback.$inferInsert;

/** A deposit with what a list shows beside it; the proof's bytes are never read for a list. */
export interface DepositView {
  deposit: DepositRow;
  hasProof: boolean;
  channelName: string;
  channelNames: LocalizedText | null;
  channelKind: string;
}

/** Everything but the proof bytes. */
const depositColumns = {
  id: deposit.id,
  publicId: deposit.publicId,
  memberId: deposit.memberId,
  channelId: deposit.channelId,
  amount: deposit.amount,
  status: deposit.status,
  reference: deposit.reference,
  gatewayOrderId: deposit.gatewayOrderId,
  proofContentType: deposit.proofContentType,
  transferId: deposit.transferId,
  decidedBy: deposit.decidedBy,
  reason: deposit.reason,
  createdAt: deposit.createdAt,
  decidedAt: deposit.decidedAt,
  expiresAt: deposit.expiresAt,
};

const viewColumns = {
  deposit: depositColumns,
  hasProof: isNotNull(deposit.proofContentType).mapWith(Boolean),
  channelName: paymentChannel.name,
  channelNames: paymentChannel.names,
  channelKind: paymentChannel.kind,
};

export interface PageRequest {
  limit: number;
  offset: number;
}

export const depositRepository = {
  /** The member's deposits credited (decided) in [from, until): how many and how much. */
  async creditedTotals(
    db: Executor,
    memberId: bigint,
    from: Date,
    until: Date,
  ): Promise<{ count: number; amount: bigint }> {
    const [row] = await db
      .select({ count: count(), amount: sql<string | null>`sum(${deposit.amount})` })
      .from(deposit)
      .where(
        and(
          eq(deposit.memberId, memberId),
          eq(deposit.status, 'credited'),
          sql`${deposit.decidedAt} >= ${from.toISOString()}::timestamptz`,
          sql`${deposit.decidedAt} < ${until.toISOString()}::timestamptz`,
        ),
      );
    return { count: Number(row?.count ?? 0), amount: BigInt(row?.amount ?? 0) };
  },

  /** null when the public id is taken (the same member's same request id, see deposit.service) */
  async insert(db: Executor, row: NewDepositRow): Promise<DepositRow | null> {
    const [inserted] = await db
      .insert(deposit)
      .values(row)
      .onConflictDoNothing({ target: deposit.publicId })
      .returning(depositColumns);
    return inserted ?? null;
  },

  /** false when the deposit already has an order (a racing twin of the same request stored its own) */
  /** The public id of the member's first credited deposit (by the time it was credited), if any. */
  async firstCredited(db: Executor, memberId: bigint): Promise<string | null> {
    const [row] = await db
      .select({ publicId: deposit.publicId })
      .from(deposit)
      .where(and(eq(deposit.memberId, memberId), eq(deposit.status, 'credited')))
      .orderBy(deposit.decidedAt, deposit.id)
      .limit(1);
    return row?.publicId ?? null;
  },

  async setGatewayOrder(db: Executor, id: bigint, orderId: string): Promise<boolean> {
    const updated = await db
      .update(deposit)
      .set({ gatewayOrderId: orderId })
      .where(and(eq(deposit.id, id), isNull(deposit.gatewayOrderId)))
      .returning({ id: deposit.id });
    return updated.length > 0;
  },

  async findView(db: Executor, where: SQL | undefined): Promise<DepositView | null> {
    const [row] = await db
      .select(viewColumns)
      .from(deposit)
      .innerJoin(paymentChannel, eq(paymentChannel.id, deposit.channelId))
      .where(where)
      .limit(1);
    return row ?? null;
  },

  async byPublicId(db: Executor, publicId: string): Promise<DepositView | null> {
    return this.findView(db, eq(deposit.publicId, publicId));
  },

  async byGatewayOrderId(db: Executor, orderId: string): Promise<DepositView | null> {
    return this.findView(db, eq(deposit.gatewayOrderId, orderId));
  },

  async page(
    db: Executor,
    filter: { memberId?: bigint; status?: string },
    page: PageRequest,
  ): Promise<{ rows: DepositView[]; total: number }> {
    const where = and(
      filter.memberId === undefined ? undefined : eq(deposit.memberId, filter.memberId),
      filter.status === undefined ? undefined : eq(deposit.status, filter.status),
    );
    const rows = await db
      .select(viewColumns)
      .from(deposit)
      .innerJoin(paymentChannel, eq(paymentChannel.id, deposit.channelId))
      .where(where)
      .orderBy(desc(deposit.createdAt), desc(deposit.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await db.select({ n: count() }).from(deposit).where(where);
    return { rows, total: total?.n ?? 0 };
  },

  async countByStatus(db: Executor, status: string): Promise<number> {
    const [row] = await db.select({ n: count() }).from(deposit).where(eq(deposit.status, status));
    return row?.n ?? 0;
  },

  /** the row, locked until the transaction ends, so two decisions on one deposit run one after the other */
  async lockByPublicId(tx: Executor, publicId: string): Promise<DepositRow | null> {
    const [row] = await tx
      .select(depositColumns)
      .from(deposit)
      .where(eq(deposit.publicId, publicId))
      .for('update');
    return row ?? null;
  },

  async lockByGatewayOrderId(tx: Executor, orderId: string): Promise<DepositRow | null> {
    const [row] = await tx
      .select(depositColumns)
      .from(deposit)
      .where(eq(deposit.gatewayOrderId, orderId))
      .for('update');
    return row ?? null;
  },

  /** moves a pending deposit to its decision; false when it was no longer pending */
  async decide(
    tx: Executor,
    id: bigint,
    change: {
      status: 'credited' | 'rejected' | 'expired';
      decidedBy: string;
      decidedAt: Date;
      reason?: string | null;
      transferId?: bigint | null;
    },
  ): Promise<boolean> {
    const updated = await tx
      .update(deposit)
      .set({
        status: change.status,
        decidedBy: change.decidedBy,
        decidedAt: change.decidedAt,
        reason: change.reason ?? null,
        transferId: change.transferId ?? null,
      })
      .where(and(eq(deposit.id, id), eq(deposit.status, 'pending')))
      .returning({ id: deposit.id });
    return updated.length > 0;
  },

  /** stores the proof of a pending deposit of this member; false when it is not (or no longer) pending */
  async setProof(
    db: Executor,
    id: bigint,
    memberId: bigint,
    proof: { contentType: string; bytes: Buffer },
  ): Promise<boolean> {
    const updated = await db
      .update(deposit)
      .set({ proofContentType: proof.contentType, proof: proof.bytes })
      .where(and(eq(deposit.id, id), eq(deposit.memberId, memberId), eq(deposit.status, 'pending')))
      .returning({ id: deposit.id });
    return updated.length > 0;
  },

  async proof(db: Executor, id: bigint): Promise<{ contentType: string; bytes: Buffer } | null> {
    const [row] = await db
      .select({ contentType: deposit.proofContentType, bytes: deposit.proof })
      .from(deposit)
      .where(eq(deposit.id, id));
    return row?.contentType && row.bytes ? { contentType: row.contentType, bytes: row.bytes } : null;
  },

  /**
   * Pending bank transfers past their expiry and without a proof become expired, in one statement
   * (no money moves, so a second server doing the same finds nothing left).
   */
  async expireDue(db: Executor, now: Date, decidedBy: string): Promise<string[]> {
    const rows = await db
      .update(deposit)
      .set({ status: 'expired', decidedAt: now, decidedBy })
      .where(
        and(
          eq(deposit.status, 'pending'),
          lte(deposit.expiresAt, now),
          isNull(deposit.proofContentType),
          sql`${deposit.channelId} IN (SELECT ${paymentChannel.id} FROM ${paymentChannel} WHERE ${paymentChannel.kind} = 'bank_transfer')`,
        ),
      )
      .returning({ publicId: deposit.publicId });
    return rows.map((row) => row.publicId);
  },

  async insertCallback(db: Executor, row: NewGatewayCallbackRow): Promise<void> {
    await db.insert(gatewayCallback).values(row);
  },
};
