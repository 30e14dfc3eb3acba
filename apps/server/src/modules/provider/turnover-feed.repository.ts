import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';

/** A settled real-money round as turnover: valid bet = stakes less refunds, payout = wins. */
export interface SettledRoundTurnover {
  id: bigint;
  memberId: bigint;
  closedAt: Date;
  /** the vendor's lobby category (game_vendor.category); OTHER when the vendor is gone */
  category: string;
  validBet: bigint;
  payout: bigint;
}

/**
 * Settled REAL rounds closed in (after, until), in closing order, at most `limit`: the agents' turnover
 * feed reads them page by page from where it stopped (provider_round_closed_idx).
 */
export async function settledRoundsAfter(
  db: Executor,
  after: { at: Date; id: bigint },
  until: Date,
  limit: number,
): Promise<SettledRoundTurnover[]> {
  const result = await db.execute(sql`
    SELECT r.id, r.member_id, r.closed_at, coalesce(v.category, 'OTHER') AS category,
           greatest(r.bet_total - r.refund_total, 0) AS valid_bet, r.win_total AS payout
      FROM provider_round r
      LEFT JOIN game_vendor v ON v.vassalage = r.vendor_code
     WHERE r.status = 'settled'
       AND (r.closed_at, r.id) > (${after.at.toISOString()}::timestamptz, ${after.id})
       AND r.closed_at < ${until.toISOString()}::timestamptz
       AND r.ledger_currency = 'REAL'
     ORDER BY r.closed_at, r.id
     LIMIT ${limit}`);
  // Both drivers answer { rows }; the Database type leaves the shape open.
  const { rows } = result as unknown as {
    rows: {
      id: string | number;
      member_id: string | number;
      closed_at: Date | string;
      category: string;
      valid_bet: string | number;
      payout: string | number;
    }[];
  };
  return rows.map((row) => ({
    id: BigInt(row.id),
    memberId: BigInt(row.member_id),
    closedAt: new Date(row.closed_at),
    category: row.category,
    validBet: BigInt(row.valid_bet),
    payout: BigInt(row.payout),
  }));
}
