import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { preparedPer } from '../../lib/prepared.js';
import { ledgerAccount, ledgerEntry, ledgerTransfer, turnoverRequirement } from './wallet.schema.js';

export interface EntryRow {
  entryId: bigint;
  accountCode: string;
  kind: string;
  amount: bigint;
  balanceAfter: bigint | null;
  reference: string | null;
  memo: string | null;
  createdAt: Date;
}

export interface EntryFilter {
  /** the member's accounts, by code */
  accountCodes: string[];
  /** also the payouts from this (held) account, so a paid withdrawal shows in the statement */
  payoutsFrom?: string;
  kind?: string;
  /** inclusive */
  from?: Date;
  /** exclusive */
  until?: Date;
}

function conditions(filter: EntryFilter): SQL | undefined {
  return and(
    or(
      inArray(ledgerAccount.code, filter.accountCodes),
      filter.payoutsFrom
        ? and(eq(ledgerAccount.code, filter.payoutsFrom), eq(ledgerTransfer.kind, 'withdrawal_payout'))
        : undefined,
    ),
    filter.kind ? eq(ledgerTransfer.kind, filter.kind) : undefined,
    filter.from ? gte(ledgerEntry.createdAt, filter.from) : undefined,
    filter.until ? lt(ledgerEntry.createdAt, filter.until) : undefined,
  );
}

/** A member's balance is read on every balance call: one or two accounts, by code. */
const balancesOfTwo = preparedPer((db: Executor) =>
  db
    .select({ code: ledgerAccount.code, balance: ledgerAccount.balance })
    .from(ledgerAccount)
    .where(inArray(ledgerAccount.code, [sql.placeholder('first'), sql.placeholder('second')]))
    .prepare('wallet_balances_of_two'),
);

export const walletRepository = {
  /** Tracked balances by code; an account never used is missing from the map. */
  async balances(db: Executor, codes: string[]): Promise<Map<string, bigint>> {
    const [first, second = first] = codes;
    const rows =
      codes.length > 0 && codes.length <= 2
        ? await balancesOfTwo(db).execute({ first, second })
        : await db
            .select({ code: ledgerAccount.code, balance: ledgerAccount.balance })
            .from(ledgerAccount)
            .where(inArray(ledgerAccount.code, codes));
    return new Map(rows.map((row) => [row.code, row.balance]));
  },

  /** Newest first. */
  async entries(db: Executor, filter: EntryFilter, limit: number, offset: number): Promise<EntryRow[]> {
    return db
      .select({
        entryId: ledgerEntry.id,
        accountCode: ledgerAccount.code,
        kind: ledgerTransfer.kind,
        amount: ledgerEntry.amount,
        balanceAfter: ledgerEntry.balanceAfter,
        reference: ledgerTransfer.reference,
        memo: ledgerTransfer.memo,
        createdAt: ledgerEntry.createdAt,
      })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
      .where(conditions(filter))
      .orderBy(desc(ledgerEntry.createdAt), desc(ledgerEntry.id))
      .limit(limit)
      .offset(offset);
  },

  async countEntries(db: Executor, filter: EntryFilter): Promise<number> {
    const rows = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
      .where(conditions(filter));
    return Number(rows[0]?.count ?? 0);
  },

  /** The sum of the member's turnover requirements and when the first one began; null: none. */
  async insertRequirement(
    tx: Executor,
    row: { memberId: bigint; transferId: bigint; required: bigint; source: string; createdAt: Date },
  ): Promise<void> {
    await tx.insert(turnoverRequirement).values(row);
  },

  /** Gives up the member's requirements of these transfers (a forfeited bonus); answers how many. */
  async forfeitRequirements(
    tx: Executor,
    memberId: bigint,
    transferIds: readonly bigint[],
    at: Date,
  ): Promise<number> {
    if (transferIds.length === 0) return 0;
    const rows = await tx
      .update(turnoverRequirement)
      .set({ forfeitedAt: at })
      .where(
        and(
          eq(turnoverRequirement.memberId, memberId),
          inArray(turnoverRequirement.transferId, [...transferIds]),
          isNull(turnoverRequirement.forfeitedAt),
        ),
      )
      .returning({ id: turnoverRequirement.id });
    return rows.length;
  },

  /** The forfeited requirements among these transfers. */
  async forfeitedOf(db: Executor, transferIds: readonly bigint[]): Promise<Set<bigint>> {
    if (transferIds.length === 0) return new Set();
    const rows = await db
      .select({ transferId: turnoverRequirement.transferId })
      .from(turnoverRequirement)
      .where(
        and(
          inArray(turnoverRequirement.transferId, [...transferIds]),
          isNotNull(turnoverRequirement.forfeitedAt),
        ),
      );
    return new Set(rows.flatMap((row) => (row.transferId === null ? [] : [row.transferId])));
  },

  async requirementTotal(db: Executor, memberId: bigint): Promise<{ required: bigint; since: Date } | null> {
    const rows = await db
      .select({
        required: sql<string>`coalesce(sum(${turnoverRequirement.required}), 0)::text`,
        since: sql<Date | null>`min(${turnoverRequirement.createdAt})`.mapWith(turnoverRequirement.createdAt),
      })
      .from(turnoverRequirement)
      .where(and(eq(turnoverRequirement.memberId, memberId), isNull(turnoverRequirement.forfeitedAt)));
    const row = rows[0];
    if (!row || row.since === null) return null;
    return { required: BigInt(row.required), since: row.since };
  },

  /** The absolute sum of the member's REAL bet entries since a moment. */
  async wageredSince(db: Executor, memberId: bigint, since: Date): Promise<bigint> {
    const rows = await db
      .select({ total: sql<string>`coalesce(sum(abs(${ledgerEntry.amount})), 0)::text` })
      .from(ledgerEntry)
      .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
      .innerJoin(ledgerTransfer, eq(ledgerTransfer.id, ledgerEntry.transferId))
      .where(
        and(
          eq(ledgerAccount.memberId, memberId),
          eq(ledgerAccount.currency, 'REAL'),
          eq(ledgerTransfer.kind, 'bet'),
          gte(ledgerEntry.createdAt, since),
        ),
      );
    return BigInt(rows[0]?.total ?? '0');
  },
};
