import { and, asc, eq, sql } from 'drizzle-orm';
import { namedQuery, type Executor } from '../../db/database.js';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from '../../db/schema.js';

export type LedgerAccountRow = typeof ledgerAccount.$inferSelect;
export type LedgerTransferRow = typeof ledgerTransfer.$inferSelect;
export type NewLedgerAccount = typeof ledgerAccount.$inferInsert;
export type NewLedgerTransfer = typeof ledgerTransfer.$inferInsert;
export type NewLedgerEntry = typeof ledgerEntry.$inferInsert;

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

/** One leg as the database function reads it (amounts as text: JSON has no 64-bit integers). */
export interface TransferLegRow {
  code: string;
  kind: string;
  currency: string;
  member_id: string | null;
  tracks: boolean;
  amount: string;
}

export interface ApplyTransferRow {
  idempotencyKey: string;
  kind: string;
  currency: string;
  reference: string | null;
  memo: string | null;
  actor: string;
  requestHash: string;
  createdAt: Date;
  legs: TransferLegRow[];
}

/** What ledger_transfer_apply answered (migration 0009): moved, a repeat, a refusal. */
export type ApplyTransferOutcome =
  | { status: 'ok'; transferId: bigint; balances: Map<string, bigint>; memberIds: bigint[] }
  | { status: 'repeat'; transferId: bigint; balances: Map<string, bigint> }
  | { status: 'conflict' }
  | { status: 'insufficient'; account: string };

interface ApplyTransferJson {
  status: 'ok' | 'repeat' | 'conflict' | 'insufficient';
  transferId?: string;
  balances?: Record<string, string>;
  memberIds?: string[];
  account?: string;
}

function balancesFrom(json: Record<string, string> | undefined): Map<string, bigint> {
  return new Map(Object.entries(json ?? {}).map(([code, balance]) => [code, BigInt(balance)]));
}

export const ledgerRepository = {
  /**
   * The whole transfer in one statement (the database function of migration 0009): claim the key,
   * lock and check the tracked accounts, create missing accounts, move the balances, write the entries.
   */
  async applyTransfer(db: Executor, row: ApplyTransferRow): Promise<ApplyTransferOutcome> {
    const values = [
      row.idempotencyKey,
      row.kind,
      row.currency,
      row.reference,
      row.memo,
      row.actor,
      row.requestHash,
      row.createdAt.toISOString(),
      JSON.stringify(row.legs),
    ];
    const rows = await namedQuery<{ result: ApplyTransferJson }>(
      db,
      {
        name: 'ledger_transfer_apply',
        text: 'select ledger_transfer_apply($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::jsonb) as result',
        values,
      },
      async () => {
        const [key, kind, currency, reference, memo, actor, hash, at, legs] = values;
        const result = await db.execute(
          sql`select ledger_transfer_apply(${key}, ${kind}, ${currency}, ${reference}, ${memo}, ${actor},
            ${hash}, ${at}::timestamptz, ${legs}::jsonb) as result`,
        );
        // Both drivers answer { rows }; the Database type leaves the shape open.
        return (result as unknown as { rows: { result: ApplyTransferJson }[] }).rows;
      },
    );
    const answer = rows[0]?.result;
    if (!answer) throw new Error('ledger: ledger_transfer_apply answered nothing');
    switch (answer.status) {
      case 'ok':
        return {
          status: 'ok',
          transferId: BigInt(answer.transferId as string),
          balances: balancesFrom(answer.balances),
          memberIds: (answer.memberIds ?? []).map((id) => BigInt(id)),
        };
      case 'repeat':
        return {
          status: 'repeat',
          transferId: BigInt(answer.transferId as string),
          balances: balancesFrom(answer.balances),
        };
      case 'conflict':
        return { status: 'conflict' };
      case 'insufficient':
        return { status: 'insufficient', account: answer.account as string };
    }
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
