import { and, asc, desc, eq, getTableColumns, gt, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { operatorAudit } from './audit.schema.js';

export type AuditRow = typeof operatorAudit.$inferSelect;
export type AuditInsert = Omit<typeof operatorAudit.$inferInsert, 'id'> & {
  seq: bigint;
  prevHash: string;
  hash: string;
};

/** A row as verify reads it: `at` as the canonical text, with the microseconds the database keeps. */
export type ChainRow = Omit<AuditRow, 'at'> & { at: string };

// One key for every server on the database: appends to the chain take turns (ADR 094). The two-integer
// form keeps it apart from the one-bigint keys other modules lock.
const APPEND_LOCK = sql`pg_advisory_xact_lock(94, 1)`;

/** The audit page's filters, resolved: each narrows the rows, absent ones do not. */
export interface AuditFilter {
  actor?: string | undefined;
  actionPrefix?: string | undefined;
  object?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actor ? eq(operatorAudit.actor, filter.actor) : undefined,
    filter.actionPrefix ? ilike(operatorAudit.command, `${escapeLike(filter.actionPrefix)}%`) : undefined,
    filter.object ? sql`${operatorAudit.target}::text ilike ${`%${escapeLike(filter.object)}%`}` : undefined,
    filter.from ? gte(operatorAudit.at, filter.from) : undefined,
    filter.until ? lt(operatorAudit.at, filter.until) : undefined,
  );
}

export const auditRepository = {
  /** One page, newest first, and how many rows the filter has in all. */
  async page(
    db: Executor,
    filter: AuditFilter,
    page: { offset: number; limit: number; order: 'asc' | 'desc' },
  ): Promise<{ rows: AuditRow[]; total: number }> {
    const where = whereOf(filter);
    const rows = await db
      .select()
      .from(operatorAudit)
      .where(where)
      .orderBy(page.order === 'asc' ? asc(operatorAudit.seq) : desc(operatorAudit.seq))
      .offset(page.offset)
      .limit(page.limit);
    const [count] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(operatorAudit)
      .where(where);
    return { rows, total: count?.total ?? 0 };
  },
  /** The filter's rows before `beforeSeq`, newest first: the CSV export's batches (keyset, never offset). */
  async before(
    db: Executor,
    filter: AuditFilter,
    beforeSeq: bigint | null,
    limit: number,
  ): Promise<AuditRow[]> {
    return db
      .select()
      .from(operatorAudit)
      .where(and(whereOf(filter), beforeSeq === null ? undefined : lt(operatorAudit.seq, beforeSeq)))
      .orderBy(desc(operatorAudit.seq))
      .limit(limit);
  },
  /** Held until the caller's transaction ends, so the next append reads this one's hash. */
  async lockChain(db: Executor): Promise<void> {
    await db.execute(sql`select ${APPEND_LOCK}`);
  },
  async head(db: Executor): Promise<{ seq: bigint; hash: string } | undefined> {
    const [row] = await db
      .select({ seq: operatorAudit.seq, hash: operatorAudit.hash })
      .from(operatorAudit)
      .orderBy(desc(operatorAudit.seq))
      .limit(1);
    return row;
  },
  async insert(db: Executor, entry: AuditInsert): Promise<void> {
    await db.insert(operatorAudit).values(entry);
  },
  async recent(db: Executor, limit: number): Promise<AuditRow[]> {
    return db.select().from(operatorAudit).orderBy(desc(operatorAudit.seq)).limit(limit);
  },
  /** The rows after `afterSeq` in chain order, `limit` of them: verify's batches (keyset, never offset). */
  async chainBatch(db: Executor, afterSeq: bigint, limit: number): Promise<ChainRow[]> {
    const { at: _at, ...columns } = getTableColumns(operatorAudit);
    return db
      .select({
        ...columns,
        at: sql<string>`to_char(${operatorAudit.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(operatorAudit)
      .where(gt(operatorAudit.seq, afterSeq))
      .orderBy(asc(operatorAudit.seq))
      .limit(limit);
  },
};
