import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { RoundDetail } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { game, providerRound } from '../../db/schema.js';

/** Which of a member's rounds: opened in [from, until), of these vendors when given. */
export interface RoundFilter {
  memberId: bigint;
  from: Date;
  until: Date;
  /** undefined: every vendor; never empty (the service answers an empty category without a query) */
  vendorCodes?: readonly string[];
}

export interface RoundRecordRow {
  id: bigint;
  roundId: string;
  vendorCode: string;
  gameCode: string;
  /** null: the catalogue no longer lists the game */
  gameName: string | null;
  ledgerCurrency: string;
  status: string;
  betTotal: bigint;
  winTotal: bigint;
  refundTotal: bigint;
  openedAt: Date;
  closedAt: Date | null;
  hasDetail: boolean;
}

export interface ProfitGroupRow {
  /** yyyy-MM-dd in the site's time zone */
  day: string;
  vendorCode: string;
  demo: boolean;
  rounds: number;
  bet: bigint;
  win: bigint;
  refund: bigint;
}

// Every read starts from provider_round_member_idx (member_id, opened_at): the member's rows in the range.
const whereOf = (filter: RoundFilter): SQL | undefined =>
  and(
    eq(providerRound.memberId, filter.memberId),
    gte(providerRound.openedAt, filter.from),
    lt(providerRound.openedAt, filter.until),
    filter.vendorCodes ? inArray(providerRound.vendorCode, [...filter.vendorCodes]) : undefined,
  );

const recordColumns = {
  id: providerRound.id,
  roundId: providerRound.roundId,
  vendorCode: providerRound.vendorCode,
  gameCode: providerRound.gameCode,
  gameName: game.gameName,
  ledgerCurrency: providerRound.ledgerCurrency,
  status: providerRound.status,
  betTotal: providerRound.betTotal,
  winTotal: providerRound.winTotal,
  refundTotal: providerRound.refundTotal,
  openedAt: providerRound.openedAt,
  closedAt: providerRound.closedAt,
  hasDetail: sql<boolean>`${providerRound.detail} IS NOT NULL`,
};

/**
 * The betting record's reads. The game's name is joined from the catalogue's table by its unique
 * (vendor, game code) key: one indexed probe per row of the page, no second round trip (ADR 022).
 */
export const roundRecordsRepository = {
  async count(db: Executor, filter: RoundFilter): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(providerRound)
      .where(whereOf(filter));
    return row?.count ?? 0;
  },

  /** One page, newest first (ties by id, so a page never repeats or skips a row). */
  async page(db: Executor, filter: RoundFilter, limit: number, offset: number): Promise<RoundRecordRow[]> {
    return db
      .select(recordColumns)
      .from(providerRound)
      .leftJoin(
        game,
        and(eq(game.vassalage, providerRound.vendorCode), eq(game.gameCode, providerRound.gameCode)),
      )
      .where(whereOf(filter))
      .orderBy(desc(providerRound.openedAt), desc(providerRound.id))
      .limit(limit)
      .offset(offset);
  },

  /** The round with its detail, only when it is this member's. */
  async ofMember(
    db: Executor,
    memberId: bigint,
    id: bigint,
  ): Promise<(RoundRecordRow & { detail: RoundDetail | null }) | null> {
    const [row] = await db
      .select({ ...recordColumns, detail: providerRound.detail })
      .from(providerRound)
      .leftJoin(
        game,
        and(eq(game.vassalage, providerRound.vendorCode), eq(game.gameCode, providerRound.gameCode)),
      )
      .where(and(eq(providerRound.id, id), eq(providerRound.memberId, memberId)));
    return row ?? null;
  },

  /**
   * Totals of the member's closed rounds by site day and vendor, summed in the database. The day is the
   * one the round was opened on, shifted by the site's fixed UTC offset (no daylight saving there).
   */
  async profitGroups(db: Executor, filter: RoundFilter, utcOffsetMinutes: number): Promise<ProfitGroupRow[]> {
    const day = sql<string>`to_char((${providerRound.openedAt} AT TIME ZONE 'UTC') + make_interval(mins => ${utcOffsetMinutes}::int), 'YYYY-MM-DD')`;
    const demo = sql<boolean>`${providerRound.ledgerCurrency} = 'DEMO'`;
    const rows = await db
      .select({
        day,
        vendorCode: providerRound.vendorCode,
        demo,
        rounds: sql<number>`count(*)::int`,
        bet: sql<string>`sum(${providerRound.betTotal})::text`,
        win: sql<string>`sum(${providerRound.winTotal})::text`,
        refund: sql<string>`sum(${providerRound.refundTotal})::text`,
      })
      .from(providerRound)
      // An open round's result is not known yet: it counts once it closes.
      .where(and(whereOf(filter), ne(providerRound.status, 'open')))
      .groupBy(sql`1`, providerRound.vendorCode, sql`3`)
      .orderBy(sql`1`, providerRound.vendorCode);
    return rows.map((row) => ({
      ...row,
      bet: BigInt(row.bet),
      win: BigInt(row.win),
      refund: BigInt(row.refund),
    }));
  },
};
