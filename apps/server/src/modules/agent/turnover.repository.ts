import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { big, rowsOf, type DbInt } from './sql-rows.js';

/** One member's turnover of one site day in one category (minor units). */
export interface TurnoverRow {
  memberId: bigint;
  /** yyyy-MM-dd, the site's day */
  day: string;
  category: string;
  validBet: bigint;
  payout: bigint;
  bets: number;
}

export interface TurnoverTotals {
  validBet: bigint;
  payout: bigint;
  bets: number;
}

const valuesOf = (rows: readonly TurnoverRow[]) =>
  sql.join(
    rows.map(
      (row) =>
        sql`(${row.memberId.toString()}::bigint, ${row.day}::date, ${row.category}::text,
          ${row.validBet.toString()}::bigint, ${row.payout.toString()}::bigint, ${row.bets}::int)`,
    ),
    sql`, `,
  );

const totalsOf = (
  row: { valid_bet: DbInt | null; payout: DbInt | null; bets: DbInt | null } | undefined,
) => ({
  validBet: big(row?.valid_bet),
  payout: big(row?.payout),
  bets: Number(row?.bets ?? 0),
});

/**
 * Each member's valid bet per activity period, and per agent the members who crossed the period's
 * threshold (the setting when the period began; the upsert's row lock makes one writer see a crossing).
 */
async function addActivity(db: Executor, values: ReturnType<typeof valuesOf>, defaultMinActive: bigint) {
  const periods = sql`
    SELECT member_id, 'd:' || to_char(day, 'YYYY-MM-DD') AS period, sum(valid_bet)::bigint AS added
      FROM (VALUES ${values}) AS e(member_id, day, category, valid_bet, payout, bets) GROUP BY 1, 2
    UNION ALL
    SELECT member_id, 'm:' || to_char(day, 'YYYY-MM'), sum(valid_bet)::bigint
      FROM (VALUES ${values}) AS e(member_id, day, category, valid_bet, payout, bets) GROUP BY 1, 2`;
  await db.execute(sql`
    INSERT INTO activity_period (period, min_valid_bet)
    SELECT DISTINCT p.period,
           coalesce((SELECT round((value #>> '{}')::numeric * 100)::bigint
                       FROM setting WHERE key = 'agent.activeMinValidBet'),
                    ${defaultMinActive.toString()}::bigint)
      FROM (${periods}) p
    ON CONFLICT (period) DO NOTHING`);
  await db.execute(sql`
    WITH p AS (${periods}),
    up AS (
      INSERT INTO member_activity AS a (member_id, period, valid_bet)
      SELECT member_id, period, added FROM p WHERE added > 0 ORDER BY 1, 2
      ON CONFLICT (member_id, period) DO UPDATE SET valid_bet = a.valid_bet + excluded.valid_bet
      RETURNING a.member_id, a.period, a.valid_bet
    ),
    crossed AS (
      SELECT up.member_id, up.period
        FROM up
        JOIN p ON p.member_id = up.member_id AND p.period = up.period
        JOIN activity_period ap ON ap.period = up.period
       WHERE ap.min_valid_bet >= 0
         AND up.valid_bet - p.added < greatest(ap.min_valid_bet, 1)
         AND up.valid_bet >= greatest(ap.min_valid_bet, 1)
    )
    INSERT INTO team_active AS d (agent_id, period, active)
    SELECT t.ancestor_id, c.period, count(*)::int
      FROM crossed c JOIN agent_tree t ON t.descendant_id = c.member_id
     GROUP BY 1, 2
     ORDER BY 1, 2
    ON CONFLICT (agent_id, period) DO UPDATE SET active = d.active + excluded.active`);
}

/** Typed SQL of the turnover aggregates (member_turnover_daily, team_turnover_daily). */
export const turnoverRepository = {
  /**
   * Adds rows (merged by key, in key order) to the members' days and to every ancestor's team days, in
   * key order so that two writers lock rows in the same order and never deadlock.
   */
  async add(db: Executor, rows: readonly TurnoverRow[], defaultMinActive: bigint): Promise<void> {
    if (rows.length === 0) return;
    const values = valuesOf(rows);
    await db.execute(sql`
      INSERT INTO member_turnover_daily AS d (member_id, day, category, valid_bet, payout, bets)
      VALUES ${values}
      ON CONFLICT (member_id, day, category) DO UPDATE
        SET valid_bet = d.valid_bet + excluded.valid_bet,
            payout = d.payout + excluded.payout,
            bets = d.bets + excluded.bets`);
    await db.execute(sql`
      INSERT INTO team_turnover_daily AS d (agent_id, day, category, valid_bet, payout, bets)
      SELECT t.ancestor_id, e.day, e.category, sum(e.valid_bet), sum(e.payout), sum(e.bets)::int
        FROM (VALUES ${values}) AS e(member_id, day, category, valid_bet, payout, bets)
        JOIN agent_tree t ON t.descendant_id = e.member_id
       GROUP BY 1, 2, 3
       ORDER BY 1, 2, 3
      ON CONFLICT (agent_id, day, category) DO UPDATE
        SET valid_bet = d.valid_bet + excluded.valid_bet,
            payout = d.payout + excluded.payout,
            bets = d.bets + excluded.bets`);
    await addActivity(db, values, defaultMinActive);
  },

  /**
   * Team members active in an activity period ('d:yyyy-MM-dd', 'm:yyyy-MM') as the roll-up counted them,
   * or null when the period was counted with another threshold (or before the count existed).
   */
  async countedActive(
    db: Executor,
    agentId: bigint,
    period: string,
    minValidBet: bigint,
  ): Promise<number | null> {
    const [row] = await rowsOf<{ min_valid_bet: DbInt; active: DbInt | null }>(
      db,
      sql`SELECT p.min_valid_bet,
                 (SELECT active FROM team_active WHERE agent_id = ${agentId.toString()}::bigint AND period = p.period) AS active
            FROM activity_period p WHERE p.period = ${period}`,
    );
    if (!row || big(row.min_valid_bet) !== minValidBet) return null;
    return Number(row.active ?? 0);
  },

  /** The team's totals (the agent's own play included) over [from, to], days inclusive. */
  async teamTotals(db: Executor, agentId: bigint, from: string, to: string): Promise<TurnoverTotals> {
    const [row] = await rowsOf<{ valid_bet: DbInt | null; payout: DbInt | null; bets: DbInt | null }>(
      db,
      sql`SELECT sum(valid_bet) AS valid_bet, sum(payout) AS payout, sum(bets) AS bets
            FROM team_turnover_daily
           WHERE agent_id = ${agentId.toString()}::bigint AND day >= ${from}::date AND day <= ${to}::date`,
    );
    return totalsOf(row);
  },

  /**
   * The real-time and hourly salaries' figures of many contracts in one statement: per contract, the
   * team's valid bet from its basis day to `today`, the team's valid bet of `today` (the next basis), and
   * the members active on `today` (the same scan as activeMembers, the agent itself included).
   */
  async salaryFigures(
    db: Executor,
    items: readonly { contractId: bigint; agentId: bigint; fromDay: string }[],
    today: string,
    minValidBet: bigint,
  ): Promise<Map<bigint, { since: bigint; today: bigint; active: number }>> {
    if (items.length === 0) return new Map();
    const json = JSON.stringify(
      items.map((item) => ({
        contract_id: item.contractId.toString(),
        agent_id: item.agentId.toString(),
        from_day: item.fromDay,
      })),
    );
    const rows = await rowsOf<{ contract_id: DbInt; since: DbInt; today: DbInt; active: DbInt }>(
      db,
      sql`WITH c AS (
            SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(contract_id bigint, agent_id bigint, from_day date)
          ),
          active AS (
            SELECT t.ancestor_id AS agent_id, count(*) AS n
              FROM (SELECT member_id FROM member_turnover_daily WHERE day = ${today}::date
                     GROUP BY member_id
                    HAVING sum(valid_bet) >= ${minValidBet.toString()}::bigint AND sum(valid_bet) > 0) a
              JOIN agent_tree t ON t.descendant_id = a.member_id
             WHERE t.ancestor_id IN (SELECT agent_id FROM c)
             GROUP BY 1
          )
          SELECT c.contract_id,
                 coalesce((SELECT sum(d.valid_bet) FROM team_turnover_daily d
                            WHERE d.agent_id = c.agent_id AND d.day >= c.from_day AND d.day <= ${today}::date), 0) AS since,
                 coalesce((SELECT sum(d.valid_bet) FROM team_turnover_daily d
                            WHERE d.agent_id = c.agent_id AND d.day = ${today}::date), 0) AS today,
                 coalesce(active.n, 0) AS active
            FROM c LEFT JOIN active ON active.agent_id = c.agent_id`,
    );
    return new Map(
      rows.map((row) => [
        big(row.contract_id),
        { since: big(row.since), today: big(row.today), active: Number(row.active) },
      ]),
    );
  },

  /** The same per category. */
  async teamByCategory(
    db: Executor,
    agentId: bigint,
    from: string,
    to: string,
  ): Promise<(TurnoverTotals & { category: string })[]> {
    const rows = await rowsOf<{ category: string; valid_bet: DbInt; payout: DbInt; bets: DbInt }>(
      db,
      sql`SELECT category, sum(valid_bet) AS valid_bet, sum(payout) AS payout, sum(bets) AS bets
            FROM team_turnover_daily
           WHERE agent_id = ${agentId.toString()}::bigint AND day >= ${from}::date AND day <= ${to}::date
           GROUP BY category ORDER BY category`,
    );
    return rows.map((row) => ({ category: row.category, ...totalsOf(row) }));
  },

  /** The team's totals per day (the overview's chart). */
  async teamByDay(
    db: Executor,
    agentId: bigint,
    from: string,
    to: string,
  ): Promise<(TurnoverTotals & { day: string })[]> {
    const rows = await rowsOf<{ day: string | Date; valid_bet: DbInt; payout: DbInt; bets: DbInt }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(valid_bet) AS valid_bet, sum(payout) AS payout,
                 sum(bets) AS bets
            FROM team_turnover_daily
           WHERE agent_id = ${agentId.toString()}::bigint AND day >= ${from}::date AND day <= ${to}::date
           GROUP BY day ORDER BY day`,
    );
    return rows.map((row) => ({ day: String(row.day), ...totalsOf(row) }));
  },

  /** One member's own totals over [from, to]. */
  async memberTotals(db: Executor, memberId: bigint, from: string, to: string): Promise<TurnoverTotals> {
    const [row] = await rowsOf<{ valid_bet: DbInt | null; payout: DbInt | null; bets: DbInt | null }>(
      db,
      sql`SELECT sum(valid_bet) AS valid_bet, sum(payout) AS payout, sum(bets) AS bets
            FROM member_turnover_daily
           WHERE member_id = ${memberId.toString()}::bigint AND day >= ${from}::date AND day <= ${to}::date`,
    );
    return totalsOf(row);
  },

  /** Every member's valid bet of one site day (all categories) that reaches `minValidBet` (and is > 0). */
  async dayBettors(
    db: Executor,
    day: string,
    minValidBet: bigint,
  ): Promise<{ memberId: bigint; validBet: bigint }[]> {
    const rows = await rowsOf<{ member_id: DbInt; valid_bet: DbInt }>(
      db,
      sql`SELECT member_id, sum(valid_bet) AS valid_bet
            FROM member_turnover_daily
           WHERE day = ${day}::date
           GROUP BY member_id
          HAVING sum(valid_bet) >= ${minValidBet.toString()}::bigint AND sum(valid_bet) > 0
           ORDER BY member_id`,
    );
    return rows.map((row) => ({ memberId: BigInt(row.member_id), validBet: BigInt(row.valid_bet) }));
  },

  /** One member's totals over [from, to] in one category (upper case), or in all when null. */
  async memberCategoryTotals(
    db: Executor,
    memberId: bigint,
    from: string,
    to: string,
    category: string | null,
  ): Promise<TurnoverTotals> {
    const [row] = await rowsOf<{ valid_bet: DbInt | null; payout: DbInt | null; bets: DbInt | null }>(
      db,
      sql`SELECT sum(valid_bet) AS valid_bet, sum(payout) AS payout, sum(bets) AS bets
            FROM member_turnover_daily
           WHERE member_id = ${memberId.toString()}::bigint AND day >= ${from}::date AND day <= ${to}::date
             AND (${category}::text IS NULL OR category = ${category}::text)`,
    );
    return totalsOf(row);
  },

  /** The members with the most valid bet over [from, to] (ties: the lower member id first). */
  async topByValidBet(
    db: Executor,
    from: string,
    to: string,
    limit: number,
  ): Promise<{ memberId: bigint; validBet: bigint }[]> {
    const rows = await rowsOf<{ member_id: DbInt; valid_bet: DbInt }>(
      db,
      sql`SELECT member_id, sum(valid_bet) AS valid_bet
            FROM member_turnover_daily
           WHERE day >= ${from}::date AND day <= ${to}::date
           GROUP BY member_id
          HAVING sum(valid_bet) > 0
           ORDER BY sum(valid_bet) DESC, member_id
           LIMIT ${limit}`,
    );
    return rows.map((row) => ({ memberId: big(row.member_id), validBet: big(row.valid_bet) }));
  },

  /**
   * One member's place by valid bet over [from, to], in topByValidBet's order (valid bet down, then
   * member id); null when the member has no valid bet there.
   */
  async standingByValidBet(
    db: Executor,
    memberId: bigint,
    from: string,
    to: string,
  ): Promise<{ validBet: bigint; rank: number } | null> {
    const rows = await rowsOf<{ valid_bet: DbInt; rank: DbInt }>(
      db,
      sql`WITH totals AS (
            SELECT member_id, sum(valid_bet) AS valid_bet
              FROM member_turnover_daily
             WHERE day >= ${from}::date AND day <= ${to}::date
             GROUP BY member_id
            HAVING sum(valid_bet) > 0)
          SELECT me.valid_bet,
                 (SELECT count(*) FROM totals t
                   WHERE t.valid_bet > me.valid_bet
                      OR (t.valid_bet = me.valid_bet AND t.member_id < me.member_id)) + 1 AS rank
            FROM totals me
           WHERE me.member_id = ${memberId}`,
    );
    const [row] = rows;
    return row ? { validBet: big(row.valid_bet), rank: Number(row.rank) } : null;
  },

  /**
   * Members' rows of the days from `fromDay` on, in key order after `after` (keyset paging): how the
   * loyalty module finds valid bets that have not earned points yet.
   */
  async memberRowsFrom(
    db: Executor,
    fromDay: string,
    after: { memberId: bigint; day: string; category: string } | null,
    limit: number,
  ): Promise<TurnoverRow[]> {
    const rows = await rowsOf<{
      member_id: DbInt;
      day: string | Date;
      category: string;
      valid_bet: DbInt;
      payout: DbInt;
      bets: DbInt;
    }>(
      db,
      sql`SELECT member_id, to_char(day, 'YYYY-MM-DD') AS day, category, valid_bet, payout, bets
            FROM member_turnover_daily
           WHERE day >= ${fromDay}::date
             ${after ? sql`AND (member_id, day, category) > (${after.memberId.toString()}::bigint, ${after.day}::date, ${after.category}::text)` : sql``}
           ORDER BY member_id, day, category
           LIMIT ${limit}`,
    );
    return rows.map((row) => ({
      memberId: BigInt(row.member_id),
      day: String(row.day),
      category: row.category,
      validBet: big(row.valid_bet),
      payout: big(row.payout),
      bets: Number(row.bets),
    }));
  },

  /**
   * Members of the agent's team (itself included) whose valid bet over [from, to] reaches `minValidBet`:
   * the day index finds the days' bettors, the tree's key says which are in the team.
   */
  async activeMembers(
    db: Executor,
    agentId: bigint,
    from: string,
    to: string,
    minValidBet: bigint,
  ): Promise<number> {
    const [row] = await rowsOf<{ count: DbInt }>(
      db,
      sql`SELECT count(*) AS count FROM (
            SELECT d.member_id
              FROM member_turnover_daily d
              JOIN agent_tree t ON t.ancestor_id = ${agentId.toString()}::bigint AND t.descendant_id = d.member_id
             WHERE d.day >= ${from}::date AND d.day <= ${to}::date
             GROUP BY d.member_id
            HAVING sum(d.valid_bet) >= ${minValidBet.toString()}::bigint AND sum(d.valid_bet) > 0) active`,
    );
    return Number(row?.count ?? 0);
  },

  /** Per member of the team (paged, biggest valid bet first): team betting and user profit and loss. */
  async teamMembersTotals(
    db: Executor,
    agentId: bigint,
    from: string,
    to: string,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: (TurnoverTotals & { memberId: bigint })[] }> {
    const rows = await rowsOf<{
      member_id: DbInt;
      valid_bet: DbInt;
      payout: DbInt;
      bets: DbInt;
      total: DbInt;
    }>(
      db,
      sql`SELECT d.member_id, sum(d.valid_bet) AS valid_bet, sum(d.payout) AS payout, sum(d.bets) AS bets,
                 count(*) OVER () AS total
            FROM member_turnover_daily d
            JOIN agent_tree t ON t.ancestor_id = ${agentId.toString()}::bigint AND t.descendant_id = d.member_id
           WHERE d.day >= ${from}::date AND d.day <= ${to}::date
           GROUP BY d.member_id
           ORDER BY sum(d.valid_bet) DESC, d.member_id
           LIMIT ${page.limit} OFFSET ${page.offset}`,
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      rows: rows.map((row) => ({ memberId: big(row.member_id), ...totalsOf(row) })),
    };
  },

  /** The feed's cursor, locked for the caller's transaction (made at the start of time if missing). */
  async lockFeed(db: Executor, source: string, now: Date): Promise<{ at: Date; id: bigint }> {
    await db.execute(sql`
      INSERT INTO turnover_feed (source, cursor_at, cursor_id, updated_at)
      VALUES (${source}, '1970-01-01T00:00:00Z'::timestamptz, 0, ${now.toISOString()}::timestamptz)
      ON CONFLICT (source) DO NOTHING`);
    const [row] = await rowsOf<{ cursor_at: Date | string; cursor_id: DbInt }>(
      db,
      sql`SELECT cursor_at, cursor_id FROM turnover_feed WHERE source = ${source} FOR UPDATE`,
    );
    if (!row) throw new Error(`turnover feed ${source}: no cursor row`);
    return { at: new Date(row.cursor_at), id: big(row.cursor_id) };
  },

  async moveFeed(db: Executor, source: string, cursor: { at: Date; id: bigint }, now: Date): Promise<void> {
    await db.execute(sql`
      UPDATE turnover_feed SET cursor_at = ${cursor.at.toISOString()}::timestamptz,
             cursor_id = ${cursor.id.toString()}::bigint, updated_at = ${now.toISOString()}::timestamptz
       WHERE source = ${source}`);
  },
};
