import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { game } from '../../db/schema.js';
import { providerRound } from './provider.schema.js';

/** What makes a round a big win (ADR 023); minor units. */
export interface BigWinRule {
  /** a round that paid at least this many times its stake... */
  multiplier: number;
  /** ...and at least this much (a 10x win on the smallest stake is not news) */
  multiplierFloor: bigint;
  /** a round that paid at least this much is a big win whatever the stake */
  amount: bigint;
}

export interface BigWinQuery {
  rule: BigWinRule;
  /** rounds closed before this are not recent any more */
  since: Date;
  /** at most this many of the latest paid rounds are looked at (bounds the work when big wins are rare) */
  scan: number;
  limit: number;
}

export interface BigWinRow {
  memberId: bigint;
  vendorCode: string;
  gameCode: string;
  gameName: string | null;
  nodeId: string | null;
  betTotal: bigint;
  winTotal: bigint;
  closedAt: Date;
}

export const bigWinsRepository = {
  /**
   * The latest big wins of real money. The inner query walks provider_round_paid_idx backwards (its
   * predicate, status = 'settled' AND win_total > 0, is written out literally, so the planner can prove
   * the partial index applies) from the newest paid round, within the window, at most `scan` rows; the
   * outer query keeps the real-money big wins among them and names the game (the player's name is
   * MemberService's to give).
   */
  latest(db: Executor, query: BigWinQuery) {
    const { rule } = query;
    const paid = db
      .select({
        memberId: providerRound.memberId,
        vendorCode: providerRound.vendorCode,
        gameCode: providerRound.gameCode,
        ledgerCurrency: providerRound.ledgerCurrency,
        betTotal: providerRound.betTotal,
        winTotal: providerRound.winTotal,
        closedAt: providerRound.closedAt,
      })
      .from(providerRound)
      .where(
        sql`${providerRound.status} = 'settled' AND ${providerRound.winTotal} > 0 AND ${providerRound.closedAt} >= ${query.since.toISOString()}::timestamptz`,
      )
      .orderBy(desc(providerRound.closedAt))
      .limit(query.scan)
      .as('paid');
    return db
      .select({
        memberId: paid.memberId,
        vendorCode: paid.vendorCode,
        gameCode: paid.gameCode,
        gameName: game.gameName,
        nodeId: game.nodeId,
        betTotal: paid.betTotal,
        winTotal: paid.winTotal,
        closedAt: paid.closedAt,
      })
      .from(paid)
      .leftJoin(game, sql`${game.nodeId} = ${paid.vendorCode} || '-' || ${paid.gameCode}`)
      .where(
        sql`${paid.ledgerCurrency} = 'REAL' AND (${paid.winTotal} >= ${String(rule.amount)}::bigint OR (${paid.betTotal} > 0 AND ${paid.winTotal} >= ${paid.betTotal} * ${rule.multiplier}::int AND ${paid.winTotal} >= ${String(rule.multiplierFloor)}::bigint))`,
      )
      .orderBy(desc(paid.closedAt))
      .limit(query.limit);
  },

  async read(db: Executor, query: BigWinQuery): Promise<BigWinRow[]> {
    const rows = await bigWinsRepository.latest(db, query);
    return rows.map((row) => ({ ...row, closedAt: row.closedAt ?? new Date(0) }));
  },
};
