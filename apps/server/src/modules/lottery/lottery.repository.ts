import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { lotteryBet, lotteryExposure, lotteryGame, lotteryPeriod } from './lottery.schema.js';
import type { PeriodTimes } from './periods.js';

export type LotteryGameRow = typeof lotteryGame.$inferSelect;
export type LotteryPeriodRow = typeof lotteryPeriod.$inferSelect;
export type LotteryBetRow = typeof lotteryBet.$inferSelect;
export type NewLotteryBet = typeof lotteryBet.$inferInsert;

export interface Judged {
  betType: string;
  selection: string;
  outcome: 'win' | 'lose' | 'tie';
  hits: number;
}

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** What one member is owed for the bets a statement settled with one outcome. */
export interface OwedCredit {
  outcome: string;
  memberId: bigint;
  /** the first (lowest id) of those bets: names the credit */
  firstBetId: bigint;
  amount: bigint;
}

export interface SettledBets {
  /** bets the statement settled */
  settled: number;
  /** per member and outcome, only where something is owed */
  owed: OwedCredit[];
}

interface OwedRow {
  settled: number;
  outcome: string | null;
  member_id: string | null;
  first_bet: string | null;
  amount: string | null;
}

/** Groups a settling UPDATE's returned bets (id, member_id, status, win) into credits owed, with the count. */
function owedOf(settled: SQL): SQL {
  return sql`select (select count(*) from ${settled})::int as settled, o.outcome, o.member_id::text,
      o.first_bet::text, o.amount::text
    from (select 1) one
    left join (
      select status as outcome, member_id, min(id) as first_bet, sum(win)::bigint as amount
      from ${settled} where win > 0 group by status, member_id
    ) o on true`;
}

function settledBets(rows: OwedRow[]): SettledBets {
  return {
    settled: rows[0]?.settled ?? 0,
    owed: rows.flatMap((row) =>
      row.outcome !== null && row.member_id !== null && row.first_bet !== null && row.amount !== null
        ? [
            {
              outcome: row.outcome,
              memberId: BigInt(row.member_id),
              firstBetId: BigInt(row.first_bet),
              amount: BigInt(row.amount),
            },
          ]
        : [],
    ),
  };
}

/** A run of a period's bets by id: after < id <= upTo (no upper bound when upTo is null). */
export interface BetChunk {
  after: bigint;
  upTo: bigint | null;
}

/** The chunk as a condition on a bet id (the column, or a qualified name in raw SQL). */
function inChunk(chunk: BetChunk, id: SQL | typeof lotteryBet.id = lotteryBet.id): SQL {
  return chunk.upTo === null
    ? sql`${id} > ${chunk.after}`
    : sql`${id} > ${chunk.after} and ${id} <= ${chunk.upTo}`;
}

/** Typed SQL of the lottery; no rules. */
export const lotteryRepository = {
  async games(db: Executor): Promise<LotteryGameRow[]> {
    return db.select().from(lotteryGame).orderBy(asc(lotteryGame.sortOrder), asc(lotteryGame.code));
  },

  async game(db: Executor, code: string): Promise<LotteryGameRow | null> {
    const [row] = await db.select().from(lotteryGame).where(eq(lotteryGame.code, code));
    return row ?? null;
  },

  async setGameEnabled(db: Executor, code: string, enabled: boolean): Promise<boolean> {
    const rows = await db
      .update(lotteryGame)
      .set({ enabled })
      .where(eq(lotteryGame.code, code))
      .returning({ code: lotteryGame.code });
    return rows.length > 0;
  },

  /** Creates the period if nobody has (several servers may ask at once). */
  async ensurePeriod(db: Executor, gameCode: string, times: PeriodTimes): Promise<void> {
    await db
      .insert(lotteryPeriod)
      .values({ gameCode, ...times, status: 'open' })
      .onConflictDoNothing();
  },

  async period(db: Executor, gameCode: string, periodNo: string): Promise<LotteryPeriodRow | null> {
    const [row] = await db
      .select()
      .from(lotteryPeriod)
      .where(and(eq(lotteryPeriod.gameCode, gameCode), eq(lotteryPeriod.periodNo, periodNo)));
    return row ?? null;
  },

  async periodById(db: Executor, id: bigint): Promise<LotteryPeriodRow | null> {
    const [row] = await db.select().from(lotteryPeriod).where(eq(lotteryPeriod.id, id));
    return row ?? null;
  },

  /** Periods still open or closed whose cut-off has passed, oldest first. */
  async duePeriods(db: Executor, now: Date): Promise<LotteryPeriodRow[]> {
    return db
      .select()
      .from(lotteryPeriod)
      .where(and(inArray(lotteryPeriod.status, ['open', 'closed']), lte(lotteryPeriod.cutoffAt, now)))
      .orderBy(asc(lotteryPeriod.drawAt), asc(lotteryPeriod.id))
      .limit(500);
  },

  /** open -> closed with the seed and its commitment; false when another server closed it first. */
  async commit(db: Executor, id: bigint, seed: string, seedHash: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(lotteryPeriod)
      .set({ status: 'closed', seed, seedHash, committedAt: at })
      .where(and(eq(lotteryPeriod.id, id), eq(lotteryPeriod.status, 'open')))
      .returning({ id: lotteryPeriod.id });
    return rows.length > 0;
  },

  /** open -> closed without a seed: a period whose result operators enter (ADR 060). */
  async close(db: Executor, id: bigint, at: Date): Promise<boolean> {
    const rows = await db
      .update(lotteryPeriod)
      .set({ status: 'closed', committedAt: at })
      .where(and(eq(lotteryPeriod.id, id), eq(lotteryPeriod.status, 'open')))
      .returning({ id: lotteryPeriod.id });
    return rows.length > 0;
  },

  /** closed -> settled with the draw: the claim that makes settlement happen once. */
  async claimDraw(db: Executor, id: bigint, draw: number[], at: Date, late: boolean): Promise<boolean> {
    const rows = await db
      .update(lotteryPeriod)
      .set({ status: 'settled', draw, drawnAt: at, late })
      .where(and(eq(lotteryPeriod.id, id), eq(lotteryPeriod.status, 'closed')))
      .returning({ id: lotteryPeriod.id });
    return rows.length > 0;
  },

  /**
   * open or closed -> cancelled: the claim that makes the refund happen once. Never a period whose draw
   * is recorded: its settlement may have paid part of its bets already (it is finished instead).
   */
  async claimCancel(db: Executor, id: bigint, reason: string, at: Date, late: boolean): Promise<boolean> {
    const rows = await db
      .update(lotteryPeriod)
      .set({ status: 'cancelled', cancelReason: reason, drawnAt: at, late })
      .where(
        and(
          eq(lotteryPeriod.id, id),
          inArray(lotteryPeriod.status, ['open', 'closed']),
          isNull(lotteryPeriod.draw),
        ),
      )
      .returning({ id: lotteryPeriod.id });
    return rows.length > 0;
  },

  /**
   * closed -> drawn: the draw recorded on a closed period, the claim that starts its settlement in
   * chunks (the period stays closed until the last chunk). false when it was drawn (or settled or
   * cancelled) already.
   */
  async recordDraw(db: Executor, id: bigint, draw: number[], at: Date, late: boolean): Promise<boolean> {
    const rows = await db
      .update(lotteryPeriod)
      .set({ draw, drawnAt: at, late })
      .where(and(eq(lotteryPeriod.id, id), eq(lotteryPeriod.status, 'closed'), isNull(lotteryPeriod.draw)))
      .returning({ id: lotteryPeriod.id });
    return rows.length > 0;
  },

  /**
   * Holds a period being settled for one chunk's transaction: the period row shared (chunks settle side
   * by side; finishing or voiding the period waits for them) and the chunk itself exclusively (settlers
   * of the same chunk take turns); false when it is not being settled any more (another server
   * finished it).
   */
  async lockSettling(db: Executor, id: bigint, chunk: BetChunk): Promise<boolean> {
    const rows = await db
      .select({ id: lotteryPeriod.id })
      .from(lotteryPeriod)
      .where(and(eq(lotteryPeriod.id, id), eq(lotteryPeriod.status, 'closed'), isNotNull(lotteryPeriod.draw)))
      .for('share');
    if (rows.length === 0) return false;
    await db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`lottery-settle:${id}:${chunk.after}`}, 0))`,
    );
    return true;
  },

  /**
   * drawn -> settled with the period's payout total, once every chunk is done; false when another server
   * did, or when a bet is still pending (the next tick walks the chunks again).
   */
  async finishSettlement(db: Executor, id: bigint): Promise<boolean> {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        update lottery_period p set status = 'settled', payout_total = s.paid
        from (
          select coalesce(sum(win), 0) as paid, count(*) filter (where status = 'pending') as pending
          from lottery_bet where period_id = ${id}
        ) s
        where p.id = ${id} and p.status = 'closed' and p.draw is not null and s.pending = 0
        returning p.id`),
    );
    return rows.length > 0;
  },

  /**
   * The period's bets cut into runs of `size` by id, by the (period_id, id) index: every size-th bet ends
   * a chunk, and the last runs to the period's last bet (upTo null). One short index walk per chunk (a
   * window over the whole period cost three times as long at a million bets).
   */
  async chunks(db: Executor, periodId: bigint, size: number): Promise<BetChunk[]> {
    const chunks: BetChunk[] = [];
    let after = 0n;
    for (;;) {
      const [end] = await db
        .select({ id: lotteryBet.id })
        .from(lotteryBet)
        .where(and(eq(lotteryBet.periodId, periodId), gt(lotteryBet.id, after)))
        .orderBy(asc(lotteryBet.id))
        .offset(size - 1)
        .limit(1);
      if (!end) break;
      chunks.push({ after, upTo: end.id });
      after = end.id;
    }
    chunks.push({ after, upTo: null });
    return chunks;
  },

  /** The distinct (bet type, selection) of a chunk's pending bets: one judgement each. */
  async pendingSelections(
    db: Executor,
    periodId: bigint,
    chunk: BetChunk,
  ): Promise<{ betType: string; selection: string }[]> {
    return db
      .selectDistinct({ betType: lotteryBet.betType, selection: lotteryBet.selection })
      .from(lotteryBet)
      .where(and(eq(lotteryBet.periodId, periodId), inChunk(chunk), eq(lotteryBet.status, 'pending')));
  },

  /**
   * Every pending bet of the chunk takes its judgement's outcome and win, in one statement (a HOT update:
   * no indexed column changes). Answers how many bets it settled (0 when another settler had them) and,
   * per member and outcome, the sum of what those bets are owed: the credits of exactly the bets this
   * statement settled.
   */
  async applyJudgements(
    db: Executor,
    periodId: bigint,
    chunk: BetChunk,
    judged: Judged[],
    at: Date,
  ): Promise<SettledBets> {
    if (judged.length === 0) return { settled: 0, owed: [] };
    return settledBets(
      rowsOf<OwedRow>(
        await db.execute(sql`
        with settled as (
          update lottery_bet b set
            status = j.outcome,
            hits = j.hits,
            win = case j.outcome when 'win' then (b.stake * b.odds * j.hits) / 1000 when 'tie' then b.amount else 0 end,
            settled_at = ${at.toISOString()}::timestamptz
          from unnest(
            ${`{${judged.map((row) => JSON.stringify(row.betType)).join(',')}}`}::text[],
            ${`{${judged.map((row) => JSON.stringify(row.selection)).join(',')}}`}::text[],
            ${`{${judged.map((row) => row.outcome).join(',')}}`}::text[],
            ${`{${judged.map((row) => row.hits).join(',')}}`}::int[]
          ) as j(bet_type, selection, outcome, hits)
          where b.period_id = ${periodId} and ${inChunk(chunk, sql`b.id`)}
            and b.status = 'pending' and b.bet_type = j.bet_type and b.selection = j.selection
          returning b.id, b.member_id, b.status, b.win
        )
        ${owedOf(sql`settled`)}`),
      ),
    );
  },

  /**
   * Every pending bet of a cancelled period: its stake back, as cancelled (void) or refunded (system).
   * The credits owed, per member, as applyJudgements answers them.
   */
  async refundPending(
    db: Executor,
    periodId: bigint,
    status: 'cancelled' | 'refunded',
    at: Date,
  ): Promise<SettledBets> {
    return settledBets(
      rowsOf<OwedRow>(
        await db.execute(sql`
        with settled as (
          update lottery_bet b set status = ${status}, win = b.amount, settled_at = ${at.toISOString()}::timestamptz
          where b.period_id = ${periodId} and b.status = 'pending'
          returning b.id, b.member_id, b.status, b.win
        )
        ${owedOf(sql`settled`)}`),
      ),
    );
  },

  /**
   * The ledger batch's items (idempotency_key, member_id, amount, reference) for credits owed: one per
   * member, keyed by the period, the member and the first bet it pays, which no later credit of the
   * period can start with (its bets are settled by then; ADR 087).
   */
  creditItems(periodId: bigint, owed: OwedCredit[], keyPrefix: string, reference: string): SQL {
    return sql`select ${keyPrefix} || ${periodId}::text || ':' || i.member_id || ':' || i.first_bet as idempotency_key,
      i.member_id, i.amount, ${reference}::text as reference
      from unnest(
        ${`{${owed.map((row) => row.memberId).join(',')}}`}::bigint[],
        ${`{${owed.map((row) => row.firstBetId).join(',')}}`}::bigint[],
        ${`{${owed.map((row) => row.amount).join(',')}}`}::bigint[]
      ) as i(member_id, first_bet, amount)`;
  },

  async recordTotals(db: Executor, periodId: bigint): Promise<void> {
    await db.execute(sql`
      update lottery_period p set payout_total = s.paid
      from (select coalesce(sum(win), 0) as paid from lottery_bet where period_id = ${periodId}) s
      where p.id = ${periodId}`);
  },

  // Placing bets ----------------------------------------------------------------------------------

  async slip(db: Executor, memberId: bigint, requestId: string): Promise<LotteryBetRow[]> {
    return db
      .select()
      .from(lotteryBet)
      .where(and(eq(lotteryBet.memberId, memberId), eq(lotteryBet.requestId, requestId)))
      .orderBy(asc(lotteryBet.slipIndex));
  },

  async insertBets(db: Executor, bets: NewLotteryBet[]): Promise<LotteryBetRow[]> {
    return db.insert(lotteryBet).values(bets).returning();
  },

  /**
   * Adds a slip to the period's totals while the period is open and before its cut-off, and within the
   * period's cap. The row lock orders it against the cut-off's commit: a slip either lands before the
   * period closes or sees it closed.
   */
  async addToPeriod(
    db: Executor,
    periodId: bigint,
    add: { bets: number; stake: bigint; potential: bigint },
    now: Date,
    cap: bigint,
  ): Promise<'ok' | 'closed' | 'cap'> {
    const rows = await db
      .update(lotteryPeriod)
      .set({
        betCount: sql`${lotteryPeriod.betCount} + ${add.bets}`,
        stakeTotal: sql`${lotteryPeriod.stakeTotal} + ${add.stake}`,
        potentialPayout: sql`${lotteryPeriod.potentialPayout} + ${add.potential}`,
      })
      .where(
        and(
          eq(lotteryPeriod.id, periodId),
          eq(lotteryPeriod.status, 'open'),
          sql`${lotteryPeriod.cutoffAt} > ${now.toISOString()}::timestamptz`,
          sql`${lotteryPeriod.opensAt} <= ${now.toISOString()}::timestamptz`,
        ),
      )
      .returning({ potential: lotteryPeriod.potentialPayout });
    const row = rows[0];
    if (!row) return 'closed';
    return row.potential > cap ? 'cap' : 'ok';
  },

  /** Adds a bet's possible payout to its number; false when that would pass the cap. */
  async addExposure(
    db: Executor,
    periodId: bigint,
    key: string,
    add: { stake: bigint; potential: bigint },
    cap: bigint,
  ): Promise<boolean> {
    const rows = await db
      .insert(lotteryExposure)
      .values({
        periodId,
        exposureKey: key,
        betCount: 1,
        stakeTotal: add.stake,
        potentialPayout: add.potential,
      })
      .onConflictDoUpdate({
        target: [lotteryExposure.periodId, lotteryExposure.exposureKey],
        set: {
          betCount: sql`${lotteryExposure.betCount} + 1`,
          stakeTotal: sql`${lotteryExposure.stakeTotal} + excluded.stake_total`,
          potentialPayout: sql`${lotteryExposure.potentialPayout} + excluded.potential_payout`,
        },
      })
      .returning({ potential: lotteryExposure.potentialPayout });
    return (rows[0]?.potential ?? 0n) <= cap;
  },

  async exposure(db: Executor, periodId: bigint) {
    return db
      .select()
      .from(lotteryExposure)
      .where(eq(lotteryExposure.periodId, periodId))
      .orderBy(desc(lotteryExposure.potentialPayout), asc(lotteryExposure.exposureKey));
  },

  // Reading ---------------------------------------------------------------------------------------

  async results(db: Executor, gameCode: string, limit: number, offset: number) {
    const where = and(
      eq(lotteryPeriod.gameCode, gameCode),
      inArray(lotteryPeriod.status, ['settled', 'cancelled']),
    );
    const [rows, [count]] = await Promise.all([
      db
        .select()
        .from(lotteryPeriod)
        .where(where)
        .orderBy(desc(lotteryPeriod.drawAt))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(lotteryPeriod)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },

  async memberBets(
    db: Executor,
    memberId: bigint,
    filter: { gameCode?: string | undefined; periodNo?: string | undefined },
    limit: number,
    offset: number,
  ) {
    const where = and(
      eq(lotteryBet.memberId, memberId),
      filter.gameCode ? eq(lotteryBet.gameCode, filter.gameCode) : undefined,
      filter.periodNo ? eq(lotteryPeriod.periodNo, filter.periodNo) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      db
        .select({ bet: lotteryBet, period: lotteryPeriod })
        .from(lotteryBet)
        .innerJoin(lotteryPeriod, eq(lotteryPeriod.id, lotteryBet.periodId))
        .where(where)
        .orderBy(desc(lotteryBet.createdAt), desc(lotteryBet.id))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(lotteryBet)
        .innerJoin(lotteryPeriod, eq(lotteryPeriod.id, lotteryBet.periodId))
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },

  async betByPublicId(db: Executor, publicId: string) {
    const [row] = await db
      .select({ bet: lotteryBet, period: lotteryPeriod })
      .from(lotteryBet)
      .innerJoin(lotteryPeriod, eq(lotteryPeriod.id, lotteryBet.periodId))
      .where(eq(lotteryBet.publicId, publicId));
    return row ?? null;
  },

  async popular(db: Executor, since: Date, count: number) {
    return rowsOf<{ game_code: string; bets: string }>(
      await db.execute(sql`
        select g.code as game_code, coalesce(sum(p.bet_count), 0)::text as bets
        from lottery_game g
        left join lottery_period p on p.game_code = g.code and p.draw_at >= ${since.toISOString()}::timestamptz
        where g.enabled
        group by g.code, g.sort_order
        order by coalesce(sum(p.bet_count), 0) desc, g.sort_order
        limit ${count}`),
    );
  },
};
