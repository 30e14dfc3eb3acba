import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { big, rowsOf, type DbInt } from './sql-rows.js';

export type TeamTransactionKind = 'deposit' | 'withdrawal' | 'transfer';

export interface TeamTransactionRow {
  id: string;
  kind: TeamTransactionKind;
  username: string;
  amount: bigint;
  status: string;
  detail: string | null;
  at: Date;
}

/**
 * Downline transaction details: deposits, withdrawals and upline/downline transfers of the members below
 * an agent (all levels), newest first. Each kind is one index range per team member (agent_tree, then the
 * kind's member index) cut to the time span.
 */
export const teamTransactionsRepository = {
  async page(
    db: Executor,
    agentId: bigint,
    filter: { from: Date; until: Date; kind?: TeamTransactionKind; username?: string },
    page: { offset: number; limit: number },
  ): Promise<{ rows: TeamTransactionRow[]; total: number }> {
    const agent = agentId.toString();
    const from = filter.from.toISOString();
    const until = filter.until.toISOString();
    const search = filter.username ? `%${filter.username.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
    const name = search ? sql`AND lower(m.username) LIKE ${search}` : sql``;
    const team = sql`agent_tree t JOIN member m ON m.id = t.descendant_id`;
    const inTeam = sql`t.ancestor_id = ${agent}::bigint AND t.depth > 0 ${name}`;
    const parts: SQL[] = [];
    if (!filter.kind || filter.kind === 'deposit') {
      parts.push(sql`SELECT 'deposit' AS kind, d.public_id AS id, m.username, d.amount, d.status,
                            NULL::text AS detail, d.created_at AS at
                       FROM ${team} JOIN deposit d ON d.member_id = t.descendant_id
                      WHERE ${inTeam} AND d.created_at >= ${from}::timestamptz AND d.created_at < ${until}::timestamptz`);
    }
    if (!filter.kind || filter.kind === 'withdrawal') {
      parts.push(sql`SELECT 'withdrawal' AS kind, w.public_id AS id, m.username, w.amount, w.status,
                            NULL::text AS detail, w.created_at AS at
                       FROM ${team} JOIN withdrawal w ON w.member_id = t.descendant_id
                      WHERE ${inTeam} AND w.created_at >= ${from}::timestamptz AND w.created_at < ${until}::timestamptz`);
    }
    if (!filter.kind || filter.kind === 'transfer') {
      parts.push(sql`SELECT 'transfer' AS kind, 'trf_' || lt.id AS id, m.username, e.amount,
                            CASE WHEN e.amount < 0 THEN 'sent' ELSE 'received' END AS status,
                            lt.reference AS detail, lt.created_at AS at
                       FROM ${team}
                       JOIN ledger_account a ON a.member_id = t.descendant_id AND a.kind = 'player_main'
                       JOIN ledger_entry e ON e.account_id = a.id
                       JOIN ledger_transfer lt ON lt.id = e.transfer_id AND lt.kind = 'agent_transfer'
                      WHERE ${inTeam} AND e.created_at >= ${from}::timestamptz AND e.created_at < ${until}::timestamptz`);
    }
    const union = sql.join(parts, sql` UNION ALL `);
    const rows = await rowsOf<{
      kind: TeamTransactionKind;
      id: string;
      username: string;
      amount: DbInt;
      status: string;
      detail: string | null;
      at: Date | string;
    }>(
      db,
      sql`SELECT * FROM (${union}) x ORDER BY at DESC, id DESC OFFSET ${page.offset} LIMIT ${page.limit}`,
    );
    const [count] = await rowsOf<{ total: DbInt }>(db, sql`SELECT count(*) AS total FROM (${union}) x`);
    return {
      rows: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        username: row.username,
        amount: big(row.amount),
        status: row.status,
        detail: row.detail,
        at: new Date(row.at),
      })),
      total: Number(count?.total ?? 0),
    };
  },
};
