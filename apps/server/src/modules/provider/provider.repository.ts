import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { RoundDetail } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { providerLaunchToken, providerRound, providerTransaction, providerVendor } from '../../db/schema.js';

export type ProviderVendorRow = typeof providerVendor.$inferSelect;
export type NewProviderVendorRow = typeof providerVendor.$inferInsert;
export type LaunchTokenRow = typeof providerLaunchToken.$inferSelect;
export type RoundRow = typeof providerRound.$inferSelect;
export type ProviderTransactionRow = typeof providerTransaction.$inferSelect;
export type NewProviderTransactionRow = typeof providerTransaction.$inferInsert;

export const providerRepository = {
  async vendor(db: Executor, vendorCode: string): Promise<ProviderVendorRow | null> {
    const [row] = await db.select().from(providerVendor).where(eq(providerVendor.vendorCode, vendorCode));
    return row ?? null;
  },
  async vendors(db: Executor): Promise<ProviderVendorRow[]> {
    return db.select().from(providerVendor).orderBy(asc(providerVendor.vendorCode));
  },
  /** false when the vendor has its terms already */
  async insertVendor(db: Executor, row: NewProviderVendorRow): Promise<boolean> {
    const inserted = await db
      .insert(providerVendor)
      .values(row)
      .onConflictDoNothing({ target: providerVendor.vendorCode })
      .returning({ vendorCode: providerVendor.vendorCode });
    return inserted.length > 0;
  },

  /** null when the vendor has no wallet terms */
  async updateVendor(
    db: Executor,
    vendorCode: string,
    change: Partial<Omit<NewProviderVendorRow, 'vendorCode' | 'createdAt'>>,
  ): Promise<ProviderVendorRow | null> {
    const [row] = await db
      .update(providerVendor)
      .set(change)
      .where(eq(providerVendor.vendorCode, vendorCode))
      .returning();
    return row ?? null;
  },

  async insertLaunchToken(db: Executor, row: typeof providerLaunchToken.$inferInsert): Promise<void> {
    await db.insert(providerLaunchToken).values(row);
  },
  /** The token's row, locked, so two authenticate calls with one token are answered one after the other. */
  async lockLaunchToken(db: Executor, tokenHash: string): Promise<LaunchTokenRow | null> {
    const [row] = await db
      .select()
      .from(providerLaunchToken)
      .where(eq(providerLaunchToken.tokenHash, tokenHash))
      .for('update');
    return row ?? null;
  },
  async useLaunchToken(db: Executor, tokenHash: string, at: Date, requestUuid: string): Promise<void> {
    await db
      .update(providerLaunchToken)
      .set({ usedAt: at, usedByRequest: requestUuid })
      .where(eq(providerLaunchToken.tokenHash, tokenHash));
  },

  /** Removes launch tokens that expired before `before`; answers how many. */
  async deleteExpiredLaunchTokens(db: Executor, before: Date): Promise<number> {
    const removed = await db
      .delete(providerLaunchToken)
      .where(lt(providerLaunchToken.expiresAt, before))
      .returning({ tokenHash: providerLaunchToken.tokenHash });
    return removed.length;
  },

  /**
   * Claims (vendor, transaction_uuid) for this call. null: the id is taken (a copy of this call, or a
   * tombstone); a concurrent copy still in flight makes this insert wait until it commits or rolls back.
   */
  async claimTransaction(db: Executor, row: NewProviderTransactionRow): Promise<bigint | null> {
    const [inserted] = await db
      .insert(providerTransaction)
      .values(row)
      .onConflictDoNothing({ target: [providerTransaction.vendorCode, providerTransaction.transactionUuid] })
      .returning({ id: providerTransaction.id });
    return inserted?.id ?? null;
  },
  async lockTransaction(
    db: Executor,
    vendorCode: string,
    transactionUuid: string,
  ): Promise<ProviderTransactionRow | null> {
    const [row] = await db
      .select()
      .from(providerTransaction)
      .where(
        and(
          eq(providerTransaction.vendorCode, vendorCode),
          eq(providerTransaction.transactionUuid, transactionUuid),
        ),
      )
      .for('update');
    return row ?? null;
  },
  async setTransactionStatus(db: Executor, id: bigint, status: string): Promise<void> {
    await db.update(providerTransaction).set({ status }).where(eq(providerTransaction.id, id));
  },
  async hasWinOn(db: Executor, vendorCode: string, betUuid: string): Promise<boolean> {
    const [row] = await db
      .select({ id: providerTransaction.id })
      .from(providerTransaction)
      .where(
        and(
          eq(providerTransaction.vendorCode, vendorCode),
          eq(providerTransaction.referenceUuid, betUuid),
          eq(providerTransaction.kind, 'win'),
        ),
      )
      .limit(1);
    return row !== undefined;
  },
  /** The round's bets that still hold money (not rolled back, not free), locked. */
  async liveBetsOfRound(
    db: Executor,
    vendorCode: string,
    roundId: string,
  ): Promise<ProviderTransactionRow[]> {
    return db
      .select()
      .from(providerTransaction)
      .where(
        and(
          eq(providerTransaction.vendorCode, vendorCode),
          eq(providerTransaction.roundId, roundId),
          eq(providerTransaction.kind, 'bet'),
          eq(providerTransaction.status, 'ok'),
        ),
      )
      .orderBy(asc(providerTransaction.id))
      .for('update');
  },

  /** The round, created open if new, and locked either way. */
  async openOrLockRound(db: Executor, row: typeof providerRound.$inferInsert): Promise<RoundRow> {
    const [round] = await db
      .insert(providerRound)
      .values(row)
      .onConflictDoUpdate({
        target: [providerRound.vendorCode, providerRound.roundId],
        // A no-op update: it takes the row lock and returns the stored row.
        set: { roundId: sql`${providerRound.roundId}` },
      })
      .returning();
    if (!round) throw new Error('provider: round upsert returned no row');
    return round;
  },
  async lockRound(db: Executor, vendorCode: string, roundId: string): Promise<RoundRow | null> {
    const [row] = await db
      .select()
      .from(providerRound)
      .where(and(eq(providerRound.vendorCode, vendorCode), eq(providerRound.roundId, roundId)))
      .for('update');
    return row ?? null;
  },
  async updateRound(
    db: Executor,
    id: bigint,
    change: {
      addBet?: bigint;
      addWin?: bigint;
      addRefund?: bigint;
      at: Date;
      close?: { status: 'settled' | 'cancelled'; by: string };
      /** replaces the round's detail when given */
      detail?: RoundDetail | undefined;
    },
  ): Promise<void> {
    await db
      .update(providerRound)
      .set({
        betTotal: sql`${providerRound.betTotal} + ${change.addBet ?? 0n}`,
        winTotal: sql`${providerRound.winTotal} + ${change.addWin ?? 0n}`,
        refundTotal: sql`${providerRound.refundTotal} + ${change.addRefund ?? 0n}`,
        lastActivityAt: change.at,
        ...(change.detail ? { detail: change.detail } : {}),
        ...(change.close
          ? { status: change.close.status, closedAt: change.at, closedBy: change.close.by }
          : {}),
      })
      .where(eq(providerRound.id, id));
  },
  /**
   * The end of a money call in one statement: the round's totals, activity, detail and closing, the
   * call's ledger transfer id, and for a rollback its bet marked rolled back.
   */
  async finishCall(
    db: Executor,
    call: {
      roundId: bigint;
      transactionId: bigint;
      ledgerTransferId?: bigint | undefined;
      rolledBackBetId?: bigint | undefined;
      addBet?: bigint;
      addWin?: bigint;
      addRefund?: bigint;
      at: Date;
      close?: { status: 'settled' | 'cancelled'; by: string };
      detail?: RoundDetail | undefined;
    },
  ): Promise<void> {
    const at = call.at.toISOString();
    await db.execute(sql`
      WITH ledger AS (
        UPDATE provider_transaction SET ledger_transfer_id = ${call.ledgerTransferId ?? null}::bigint
        WHERE id = ${call.transactionId} AND ${call.ledgerTransferId ?? null}::bigint IS NOT NULL
      ), rolled_back AS (
        UPDATE provider_transaction SET status = 'rolled_back'
        WHERE id = ${call.rolledBackBetId ?? null}::bigint
      )
      UPDATE provider_round SET
        bet_total = bet_total + ${call.addBet ?? 0n}::bigint,
        win_total = win_total + ${call.addWin ?? 0n}::bigint,
        refund_total = refund_total + ${call.addRefund ?? 0n}::bigint,
        last_activity_at = ${at}::timestamptz,
        detail = coalesce(${call.detail ? JSON.stringify(call.detail) : null}::jsonb, detail),
        status = coalesce(${call.close?.status ?? null}::text, status),
        closed_at = CASE WHEN ${call.close?.status ?? null}::text IS NULL THEN closed_at ELSE ${at}::timestamptz END,
        closed_by = coalesce(${call.close?.by ?? null}::text, closed_by)
      WHERE id = ${call.roundId}`);
  },
  /** Open rounds of a vendor whose last call is older than `before`, oldest first. */
  async staleOpenRounds(db: Executor, vendorCode: string, before: Date, limit: number): Promise<RoundRow[]> {
    return db
      .select()
      .from(providerRound)
      .where(
        and(
          eq(providerRound.vendorCode, vendorCode),
          eq(providerRound.status, 'open'),
          lt(providerRound.lastActivityAt, before),
        ),
      )
      .orderBy(asc(providerRound.lastActivityAt))
      .limit(limit);
  },
  async openRounds(db: Executor, limit: number): Promise<RoundRow[]> {
    return db
      .select()
      .from(providerRound)
      .where(eq(providerRound.status, 'open'))
      .orderBy(asc(providerRound.lastActivityAt))
      .limit(limit);
  },
};
