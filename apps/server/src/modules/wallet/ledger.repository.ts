import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { namedQuery, type Executor } from '../../db/database.js';
import { ledgerAccount, ledgerEntry, ledgerTransfer } from './wallet.schema.js';

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

export interface CreditBatchRow {
  kind: string;
  currency: string;
  /** the untracked system account the money comes from */
  from: { code: string; kind: string };
  /** which of the member's accounts is credited: main (REAL) or demo (DEMO) */
  memberAccount: 'main' | 'demo';
  memberKind: string;
  memo: string | null;
  actor: string;
  at: Date;
  items: SQL;
}

export interface CreditBatchOutcome {
  /** transfers made now (items whose key was used before are not counted) */
  moved: number;
  total: bigint;
  memberIds: bigint[];
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

/** The accounts a condition picks, by code: a tracked account's column, an untracked one's entries' sum. */
async function balancesWhere(db: Executor, condition: SQL): Promise<Map<string, bigint>> {
  const rows = await db
    .select({
      code: ledgerAccount.code,
      tracksBalance: ledgerAccount.tracksBalance,
      balance: ledgerAccount.balance,
      entrySum: sql<string>`coalesce(sum(${ledgerEntry.amount}), 0)::text`,
    })
    .from(ledgerAccount)
    .leftJoin(ledgerEntry, eq(ledgerEntry.accountId, ledgerAccount.id))
    .where(condition)
    .groupBy(ledgerAccount.id);
  return new Map(rows.map((row) => [row.code, row.tracksBalance ? row.balance : BigInt(row.entrySum)]));
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
    return (await balancesWhere(db, eq(ledgerAccount.code, code))).get(code) ?? null;
  },

  // Reconciliation -------------------------------------------------------------------------------

  /** Every account of a kind with its balance (the column, or its entries' sum when it keeps none). */
  async balancesOfKind(db: Executor, kind: string): Promise<Map<string, bigint>> {
    return balancesWhere(db, eq(ledgerAccount.kind, kind));
  },

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

  // Batches -----------------------------------------------------------------------------------------

  /**
   * Many credits from one untracked system account to members' accounts, set-based: one transfer per
   * item (its own idempotency key, two entries), the members' balances moved by one UPDATE. `items` is a
   * query answering (idempotency_key text, member_id bigint, amount bigint, reference text); items whose
   * key was used before move nothing. Runs inside the caller's transaction, in three statements whatever
   * the number of items: missing accounts, the locks, then the transfers, balances and entries in one.
   */
  async creditBatch(db: Executor, batch: CreditBatchRow): Promise<CreditBatchOutcome> {
    const memberCode = sql`'member:' || i.member_id || ${`:${batch.memberAccount}`}`;
    const at = batch.at.toISOString();
    // Missing accounts first (the source, and members who never had this account): the batch's distinct
    // members, then looked up by code (a few thousand lookups, not one per item).
    await db.execute(sql`
      insert into ledger_account (code, kind, currency, member_id, tracks_balance)
      values (${batch.from.code}, ${batch.from.kind}, ${batch.currency}, null, false)
      on conflict (code) do nothing`);
    await db.execute(sql`
      insert into ledger_account (code, kind, currency, member_id, tracks_balance)
      select m.code, ${batch.memberKind}, ${batch.currency}, m.member_id, true
      from (select distinct i.member_id, ${memberCode} as code from (${batch.items}) i where i.amount > 0) m
      where not exists (select 1 from ledger_account a where a.code = m.code)
      order by m.code
      on conflict (code) do nothing`);
    // Every tracked account the batch touches locked in id order, as single transfers
    // (ledger_transfer_apply) lock theirs: no deadlock with a deposit or a bet of the same member, and
    // the balance UPDATE below adds to whatever they committed before.
    await db.execute(sql`
      select a.id from ledger_account a
      where a.code in (select distinct ${memberCode} from (${batch.items}) i where i.amount > 0)
      order by a.id
      for update`);
    // The items' rows were usually written moments ago in this transaction (no statistics yet): the
    // planner would guess one row and nest loops over them, quadratic in the batch. Hash joins instead,
    // for this statement only, and no JIT: the penalty that rules nested loops out lifts the plan's cost
    // past jit_above_cost, and compiling it took longer (1.3 s) than running it.
    const [saved] = (
      (await db.execute(
        sql`select current_setting('enable_nestloop') as nestloop, current_setting('jit') as jit,
          set_config('enable_nestloop', 'off', true), set_config('jit', 'off', true)`,
      )) as unknown as { rows: { nestloop: string; jit: string }[] }
    ).rows;
    // The request hash is ledger_request_hash's (and requestHashOf's) written inline: the legs sorted by
    // code in C order, JSON-quoted. A PL/pgSQL call per item cost more than the inserts it goes with.
    const result = await db.execute(sql`
      with items as materialized (
        select i.idempotency_key, i.member_id, i.amount, i.reference, ${memberCode} as code
        from (${batch.items}) i where i.amount > 0
      ),
      claimed as (
        insert into ledger_transfer (idempotency_key, kind, currency, reference, memo, actor, request_hash, created_at)
        select idempotency_key, ${batch.kind}, ${batch.currency}, reference, ${batch.memo}, ${batch.actor},
          encode(sha256(convert_to(${`["${batch.kind}","${batch.currency}",["`} ||
            case when code < ${batch.from.code} collate "C"
              then code || '=' || amount || '","' || ${batch.from.code} || '=' || (-amount)
              else ${batch.from.code} || '=' || (-amount) || '","' || code || '=' || amount end
            || '"]]', 'UTF8')), 'hex'),
          ${at}::timestamptz
        from items
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key
      ),
      moved as (
        select c.id as transfer_id, i.member_id, i.amount, a.id as account_id
        from claimed c
        join items i on i.idempotency_key = c.idempotency_key
        join ledger_account a on a.code = i.code
      ),
      totals as (
        update ledger_account a set balance = a.balance + s.total
        from (select account_id, sum(amount) as total from moved group by account_id) s
        where a.id = s.account_id
        returning a.id, a.balance
      ),
      entries as (
        -- Both legs of each transfer in one INSERT; the member's balance after each of its entries counts
        -- back from the new balance, newest transfer first.
        insert into ledger_entry (transfer_id, account_id, amount, balance_after, created_at)
        select leg.transfer_id, leg.account_id, leg.amount, leg.balance_after, ${at}::timestamptz
        from (
          select m.transfer_id, m.account_id, m.amount,
            t.balance - coalesce(sum(m.amount) over (partition by m.account_id order by m.transfer_id desc
              rows between unbounded preceding and 1 preceding), 0) as balance_after
          from moved m join totals t on t.id = m.account_id
        ) x
        cross join lateral (values
          (x.transfer_id, x.account_id, x.amount, x.balance_after),
          (x.transfer_id, (select id from ledger_account where code = ${batch.from.code}), -x.amount, null::bigint)
        ) as leg(transfer_id, account_id, amount, balance_after)
        -- Entry ids in transfer order, so an account's statement (by entry id) reads its balances in order.
        order by leg.transfer_id, leg.balance_after nulls last
        returning 1
      )
      select
        (select count(*) from claimed)::text as claimed,
        (select count(*) from moved)::text as moved,
        (select coalesce(sum(amount), 0) from moved)::text as total,
        (select count(*) from entries)::text as entries,
        coalesce((select array_agg(distinct member_id::text) from moved), '{}') as member_ids`);
    await db.execute(
      sql`select set_config('enable_nestloop', ${saved?.nestloop ?? 'on'}, true),
        set_config('jit', ${saved?.jit ?? 'on'}, true)`,
    );
    const row = (
      result as unknown as {
        rows: { claimed: string; moved: string; total: string; entries: string; member_ids: string[] }[];
      }
    ).rows[0];
    const moved = Number(row?.moved ?? 0);
    // Every claimed key moved money with two entries, or the statement wrote something the books would
    // not reconcile: throwing rolls the caller's transaction back.
    if (Number(row?.claimed ?? 0) !== moved || Number(row?.entries ?? 0) !== 2 * moved)
      throw new Error(
        `ledger: a batch claimed ${row?.claimed ?? 0} keys, moved ${moved}, wrote ${row?.entries ?? 0} entries`,
      );
    return {
      moved,
      total: BigInt(row?.total ?? 0),
      memberIds: (row?.member_ids ?? []).map((id) => BigInt(id)),
    };
  },
};
