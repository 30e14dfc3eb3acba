import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../db/schema.js';

export type LedgerAccountRow = typeof ledgerAccount.$inferSelect;
export type LedgerTransferRow = typeof ledgerTransfer.$inferSelect;
export type NewLedgerAccount = typeof ledgerAccount.$inferInsert;
export type NewLedgerTransfer = typeof ledgerTransfer.$inferInsert;
export type NewLedgerEntry = typeof ledgerEntry.$inferInsert;

export interface AccountRef {
  id: bigint;
  code: string;
  currency: string;
  tracksBalance: boolean;
  memberId: bigint | null;
}

const accountRef = {
  id: ledgerAccount.id,
  code: ledgerAccount.code,
  currency: ledgerAccount.currency,
  tracksBalance: ledgerAccount.tracksBalance,
  memberId: ledgerAccount.memberId,
};

export interface BalanceMismatchRow {
  code: string;
  balance: bigint;
  entrySum: bigint;
}
export interface UnbalancedTransferRow {
  transferId: bigint;
  idempotencyKey: string;
  entrySum: bigint;
  entryCount: number;
}
export interface CurrencyMismatchRow {
  transferId: bigint;
  code: string;
  transferCurrency: string;
  accountCurrency: string;
}

export const ledgerRepository = {
  async findAccounts(db: Executor, codes: string[]): Promise<AccountRef[]> {
    if (codes.length === 0) return [];
    return db.select(accountRef).from(ledgerAccount).where(inArray(ledgerAccount.code, codes));
  },

  /** Rows must come sorted by code, so two transfers creating the same accounts lock them in one order. */
  async insertAccountsIfMissing(db: Executor, rows: NewLedgerAccount[]): Promise<void> {
    if (rows.length === 0) return;
    await db.insert(ledgerAccount).values(rows).onConflictDoNothing({ target: ledgerAccount.code });
  },

  /** null when the key was used before (the first transfer stands). */
  async insertTransfer(db: Executor, row: NewLedgerTransfer): Promise<bigint | null> {
    const inserted = await db
      .insert(ledgerTransfer)
      .values(row)
      .onConflictDoNothing({ target: ledgerTransfer.idempotencyKey })
      .returning({ id: ledgerTransfer.id });
    return inserted[0]?.id ?? null;
  },

  async findTransferByKey(db: Executor, idempotencyKey: string): Promise<LedgerTransferRow | null> {
    const rows = await db
      .select()
      .from(ledgerTransfer)
      .where(eq(ledgerTransfer.idempotencyKey, idempotencyKey))
      .limit(1);
    return rows[0] ?? null;
  },

  /**
   * The one statement that moves a tracked balance: the row is changed only when it stays >= 0, so two
   * concurrent debits can never both spend the same money. null: not enough money.
   */
  async addToBalance(db: Executor, accountId: bigint, amount: bigint): Promise<bigint | null> {
    const rows = await db
      .update(ledgerAccount)
      .set({ balance: sql`${ledgerAccount.balance} + ${amount}::bigint` })
      .where(and(eq(ledgerAccount.id, accountId), sql`${ledgerAccount.balance} + ${amount}::bigint >= 0`))
      .returning({ balance: ledgerAccount.balance });
    return rows[0]?.balance ?? null;
  },

  async insertEntries(db: Executor, rows: NewLedgerEntry[]): Promise<void> {
    await db.insert(ledgerEntry).values(rows);
  },

  async balancesOf(db: Executor, accountIds: bigint[]): Promise<{ id: bigint; balance: bigint }[]> {
    if (accountIds.length === 0) return [];
    return db
      .select({ id: ledgerAccount.id, balance: ledgerAccount.balance })
      .from(ledgerAccount)
      .where(inArray(ledgerAccount.id, accountIds))
      .orderBy(asc(ledgerAccount.id));
  },

  /** A tracked account's column, or the sum of an untracked account's entries; null: no such account. */
  async balanceByCode(db: Executor, code: string): Promise<bigint | null> {
    const rows = await db
      .select({
        tracksBalance: ledgerAccount.tracksBalance,
        balance: ledgerAccount.balance,
        entrySum: sql<string>`coalesce(sum(${ledgerEntry.amount}), 0)::text`,
      })
      .from(ledgerAccount)
      .leftJoin(ledgerEntry, eq(ledgerEntry.accountId, ledgerAccount.id))
      .where(eq(ledgerAccount.code, code))
      .groupBy(ledgerAccount.id);
    const row = rows[0];
    if (!row) return null;
    return row.tracksBalance ? row.balance : BigInt(row.entrySum);
  },

  // Reconciliation -------------------------------------------------------------------------------

  async trackedBalanceMismatches(db: Executor): Promise<BalanceMismatchRow[]> {
    const sums = db
      .select({
        accountId: ledgerEntry.accountId,
        total: sql<string>`sum(${ledgerEntry.amount})`.as('total'),
      })
      .from(ledgerEntry)
      .groupBy(ledgerEntry.accountId)
      .as('sums');
    const rows = await db
      .select({
        code: ledgerAccount.code,
        balance: ledgerAccount.balance,
        entrySum: sql<string>`coalesce(${sums.total}, 0)::text`,
      })
      .from(ledgerAccount)
      .leftJoin(sums, eq(sums.accountId, ledgerAccount.id))
      .where(
        and(
          eq(ledgerAccount.tracksBalance, true),
          sql`${ledgerAccount.balance} <> coalesce(${sums.total}, 0)`,
        ),
      )
      .orderBy(asc(ledgerAccount.code));
    return rows.map((row) => ({ code: row.code, balance: row.balance, entrySum: BigInt(row.entrySum) }));
  },

  async negativeTrackedBalances(db: Executor): Promise<{ code: string; balance: bigint }[]> {
    const rows = await db
      .select({ code: ledgerAccount.code, balance: ledgerAccount.balance })
      .from(ledgerAccount)
      .where(and(eq(ledgerAccount.tracksBalance, true), sql`${ledgerAccount.balance} < 0`))
      .orderBy(asc(ledgerAccount.code));
    return rows;
  },

  async unbalancedTransfers(db: Executor): Promise<UnbalancedTransferRow[]> {
    const rows = await db
      .select({
        transferId: ledgerTransfer.id,
        idempotencyKey: ledgerTransfer.idempotencyKey,
        entrySum: sql<string>`coalesce(sum(${ledgerEntry.amount}), 0)::text`,
        entryCount: sql<number>`count(${ledgerEntry.id})::int`,
      })
      .from(ledgerTransfer)
      .leftJoin(ledgerEntry, eq(ledgerEntry.transferId, ledgerTransfer.id))
      .groupBy(ledgerTransfer.id, ledgerTransfer.idempotencyKey)
      .having(sql`coalesce(sum(${ledgerEntry.amount}), 0) <> 0 or count(${ledgerEntry.id}) < 2`)
      .orderBy(asc(ledgerTransfer.id));
    return rows.map((row) => ({
      ...row,
      entrySum: BigInt(row.entrySum),
      entryCount: Number(row.entryCount),
    }));
  },

  async currencyMismatches(db: Executor): Promise<CurrencyMismatchRow[]> {
    return db
      .select({
        transferId: ledgerTransfer.id,
        code: ledgerAccount.code,
        transferCurrency: ledgerTransfer.currency,
        accountCurrency: ledgerAccount.currency,
      })
      .from(ledgerEntry)
      .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .where(sql`${ledgerAccount.currency} <> ${ledgerTransfer.currency}`)
      .orderBy(asc(ledgerTransfer.id), asc(ledgerAccount.code));
  },
};
