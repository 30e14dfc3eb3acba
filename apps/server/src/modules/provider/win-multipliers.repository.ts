import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';

/** A member's best real-money round of a span: what it paid as a multiple of its valid stake. */
export interface BestMultiplierRow {
  memberId: bigint;
  /** the multiplier in tenths, rounded down (125 = 12.5x) */
  tenths: bigint;
  betTotal: bigint;
  winTotal: bigint;
  gameName: string | null;
  gameCode: string;
  closedAt: Date;
}

/**
 * The members whose best settled REAL round closed in [from, until) paid the highest multiple of its
 * stake (less refunds), best first; ties go to the earlier round. provider_round_closed_idx bounds the
 * scan to the span.
 */
export async function bestMultipliers(
  db: Executor,
  from: Date,
  until: Date,
  limit: number,
): Promise<BestMultiplierRow[]> {
  const result = await db.execute(sql`
    SELECT b.member_id, b.tenths, b.bet, b.win_total, g.game_name, b.game_code, b.closed_at
      FROM (
        SELECT DISTINCT ON (r.member_id) r.member_id, r.vendor_code, r.game_code, r.closed_at, r.win_total,
               r.bet_total - r.refund_total AS bet,
               (r.win_total * 10) / (r.bet_total - r.refund_total) AS tenths
          FROM provider_round r
         WHERE r.status = 'settled' AND r.ledger_currency = 'REAL'
           AND r.closed_at >= ${from.toISOString()}::timestamptz
           AND r.closed_at < ${until.toISOString()}::timestamptz
           AND r.win_total > 0 AND r.bet_total - r.refund_total > 0
         ORDER BY r.member_id, (r.win_total * 10) / (r.bet_total - r.refund_total) DESC, r.closed_at, r.id
      ) b
      LEFT JOIN game g ON g.node_id = b.vendor_code || '-' || b.game_code
     ORDER BY b.tenths DESC, b.closed_at, b.member_id
     LIMIT ${limit}`);
  const { rows } = result as unknown as {
    rows: {
      member_id: string | number;
      tenths: string | number;
      bet: string | number;
      win_total: string | number;
      game_name: string | null;
      game_code: string;
      closed_at: Date | string;
    }[];
  };
  return rows.map((row) => ({
    memberId: BigInt(row.member_id),
    tenths: BigInt(row.tenths),
    betTotal: BigInt(row.bet),
    winTotal: BigInt(row.win_total),
    gameName: row.game_name,
    gameCode: row.game_code,
    closedAt: new Date(row.closed_at),
  }));
}

/**
 * One member's place in bestMultipliers' order over [from, until) (tenths down, then the earlier round,
 * then member id); null when the member has no winning REAL round there.
 */
export async function multiplierStanding(
  db: Executor,
  memberId: bigint,
  from: Date,
  until: Date,
): Promise<{ tenths: bigint; rank: number } | null> {
  const result = await db.execute(sql`
    WITH best AS (
      SELECT DISTINCT ON (r.member_id) r.member_id, r.closed_at,
             (r.win_total * 10) / (r.bet_total - r.refund_total) AS tenths
        FROM provider_round r
       WHERE r.status = 'settled' AND r.ledger_currency = 'REAL'
         AND r.closed_at >= ${from.toISOString()}::timestamptz
         AND r.closed_at < ${until.toISOString()}::timestamptz
         AND r.win_total > 0 AND r.bet_total - r.refund_total > 0
       ORDER BY r.member_id, (r.win_total * 10) / (r.bet_total - r.refund_total) DESC, r.closed_at, r.id)
    SELECT me.tenths,
           (SELECT count(*) FROM best b
             WHERE b.tenths > me.tenths
                OR (b.tenths = me.tenths AND b.closed_at < me.closed_at)
                OR (b.tenths = me.tenths AND b.closed_at = me.closed_at AND b.member_id < me.member_id)) + 1
             AS rank
      FROM best me
     WHERE me.member_id = ${memberId}`);
  const { rows } = result as unknown as { rows: { tenths: string | number; rank: string | number }[] };
  const [row] = rows;
  return row ? { tenths: BigInt(row.tenths), rank: Number(row.rank) } : null;
}
