import { asc, desc, getTableColumns, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { operatorAudit } from '../../db/schema.js';

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

export const auditRepository = {
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
