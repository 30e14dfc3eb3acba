import { and, desc, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { RoundDetail } from '@platform/contract';
import type { Executor } from '../../db/database.js';
import { game } from '../../db/schema.js';
import { providerRound } from './provider.schema.js';

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
  /** the lobby category a record source names (its bets'); undefined or null for vendor rounds */
  category?: string | null;
  demo: boolean;
  rounds: number;
  bet: bigint;
  win: bigint;
  refund: bigint;
  /** what was at risk in settled rounds: bet less refund (a cancelled round or a tie risked nothing) */
  validBet: bigint;
}

/** Valid bet of a closed round or bet: its bet less what came back as a refund, when it was settled. */
const VALID_BET = (status: SQL, bet: SQL, refund: SQL) =>
  sql`sum(case when ${status} = 'settled' then greatest(${bet} - ${refund}, 0) else 0 end)::text`;

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
 * Bets another module keeps that belong in the betting record (the lottery's, ADR 061): a SELECT of
 * the member's bets placed in [from, until) with the columns of `unionColumns` below, in that order.
 * `category` is the lobby category asked for, if any.
 */
export interface RecordSource {
  kind: string;
  select(filter: { memberId: bigint; from: Date; until: Date; category?: string | undefined }): SQL;
}

/** A row of the record read from several sources: a vendor's round (kind "round") or a source's bet. */
export interface UnionRecordRow extends RoundRecordRow {
  kind: string;
  /** the round's id, or the source's own id of its bet */
  key: string;
  /** the lobby category the source names (vendor rounds take their vendor's) */
  category: string | null;
  /** what the source adds, shown as it says */
  extra: unknown;
}

/** The provider's side of the union, with the same columns every source gives. */
const roundsSelect = (filter: RoundFilter): SQL => sql`
  select 'round'::text as kind, ${providerRound.id}::text as key, ${providerRound.id} as id,
    ${providerRound.roundId} as round_id, ${providerRound.vendorCode} as vendor_code,
    ${providerRound.gameCode} as game_code, ${game.gameName} as game_name,
    ${providerRound.ledgerCurrency} as ledger_currency, ${providerRound.status} as status,
    ${providerRound.betTotal} as bet_total, ${providerRound.winTotal} as win_total,
    ${providerRound.refundTotal} as refund_total, ${providerRound.openedAt} as opened_at,
    ${providerRound.closedAt} as closed_at, ${providerRound.detail} is not null as has_detail,
    null::text as category, null::jsonb as extra
  from ${providerRound}
  left join ${game} on ${game.vassalage} = ${providerRound.vendorCode} and ${game.gameCode} = ${providerRound.gameCode}
  where ${filter.vendorCodes && filter.vendorCodes.length === 0 ? sql`false` : whereOf(filter)}`;

interface RawUnionRow {
  kind: string;
  key: string;
  id: string | null;
  round_id: string;
  vendor_code: string;
  game_code: string;
  game_name: string | null;
  ledger_currency: string;
  status: string;
  bet_total: string;
  win_total: string;
  refund_total: string;
  opened_at: string | Date;
  closed_at: string | Date | null;
  has_detail: boolean;
  category: string | null;
  extra: unknown;
}

const dateOf = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

/**
 * The betting record's reads. The game's name is joined from the catalogue's table by its unique
 * (vendor, game code) key: one indexed probe per row of the page, no second round trip (ADR 022). The game's name is joined from the catalogue's table by its unique
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

  /**
   * The vendors' rounds and the sources' bets together (ADR 061): each branch is its own range scan of
   * the member's index, the count a sum, the page one UNION ALL ordered by time.
   */
  async unionCount(
    db: Executor,
    filter: RoundFilter,
    sources: readonly RecordSource[],
    category: string | undefined,
  ): Promise<number> {
    const branches = [
      roundsSelect(filter),
      ...sources.map((source) => source.select({ ...filter, category })),
    ];
    const result = await db.execute(
      sql`select (${sql.join(
        branches.map((branch) => sql`(select count(*) from (${branch}) b)`),
        sql` + `,
      )})::int as n`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  },

  async unionPage(
    db: Executor,
    filter: RoundFilter,
    sources: readonly RecordSource[],
    category: string | undefined,
    limit: number,
    offset: number,
  ): Promise<UnionRecordRow[]> {
    const branches = [
      roundsSelect(filter),
      ...sources.map((source) => source.select({ ...filter, category })),
    ];
    const result = await db.execute(sql`
      select * from (${sql.join(branches, sql` union all `)}) u
      order by opened_at desc, kind, key desc
      limit ${limit} offset ${offset}`);
    return (result as unknown as { rows: RawUnionRow[] }).rows.map((row) => ({
      kind: row.kind,
      key: row.key,
      id: BigInt(row.id ?? 0),
      roundId: row.round_id,
      vendorCode: row.vendor_code,
      gameCode: row.game_code,
      gameName: row.game_name,
      ledgerCurrency: row.ledger_currency,
      status: row.status,
      betTotal: BigInt(row.bet_total),
      winTotal: BigInt(row.win_total),
      refundTotal: BigInt(row.refund_total),
      openedAt: dateOf(row.opened_at),
      closedAt: row.closed_at === null ? null : dateOf(row.closed_at),
      hasDetail: row.has_detail,
      category: row.category,
      extra: row.extra,
    }));
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
        validBet: sql<string>`${VALID_BET(sql`${providerRound.status}`, sql`${providerRound.betTotal}`, sql`${providerRound.refundTotal}`)}`,
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
      validBet: BigInt(row.validBet),
    }));
  },

  /**
   * The same totals over the vendors' rounds and the record sources' bets (the lottery's, ADR 061):
   * one GROUP BY over the UNION ALL the betting record reads; a source's rows carry their category.
   */
  async unionProfitGroups(
    db: Executor,
    filter: RoundFilter,
    sources: readonly RecordSource[],
    utcOffsetMinutes: number,
  ): Promise<ProfitGroupRow[]> {
    const branches = [roundsSelect(filter), ...sources.map((source) => source.select(filter))];
    const result = await db.execute(sql`
      select to_char((u.opened_at AT TIME ZONE 'UTC') + make_interval(mins => ${utcOffsetMinutes}::int), 'YYYY-MM-DD') as day,
        u.vendor_code, u.category, u.ledger_currency = 'DEMO' as demo, count(*)::int as rounds,
        sum(u.bet_total)::text as bet, sum(u.win_total)::text as win, sum(u.refund_total)::text as refund,
        ${VALID_BET(sql`u.status`, sql`u.bet_total`, sql`u.refund_total`)} as valid_bet
      from (${sql.join(branches, sql` union all `)}) u
      where u.status <> 'open'
      group by 1, 2, 3, 4
      order by 1, 2`);
    const rows = (
      result as unknown as {
        rows: {
          day: string;
          vendor_code: string;
          category: string | null;
          demo: boolean;
          rounds: number;
          bet: string;
          win: string;
          refund: string;
          valid_bet: string;
        }[];
      }
    ).rows;
    return rows.map((row) => ({
      day: row.day,
      vendorCode: row.vendor_code,
      category: row.category,
      demo: row.demo,
      rounds: row.rounds,
      bet: BigInt(row.bet),
      win: BigInt(row.win),
      refund: BigInt(row.refund),
      validBet: BigInt(row.valid_bet),
    }));
  },
};
