import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';

type DbInt = string | number | bigint | null | undefined;
const big = (value: DbInt): bigint => BigInt(value ?? 0);
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** What one page of the rollup adds to a day (minor units). */
export interface DayDelta {
  day: string;
  registrations: number;
  firstDeposits: number;
  firstDepositAmount: bigint;
  deposits: number;
  depositAmount: bigint;
  withdrawals: number;
  withdrawalAmount: bigint;
  bonuses: bigint;
  commissions: bigint;
  activePlayers: number;
  depositors: number;
}

export interface CategoryDelta {
  day: string;
  category: string;
  bets: bigint;
  stakes: bigint;
  wins: bigint;
}

/** 1: placed a bet; 2: had a deposit credited. */
export const ACTIVITY = { bet: 1, deposit: 2 } as const;
export type Activity = (typeof ACTIVITY)[keyof typeof ACTIVITY];

export interface MemberDay {
  activity: Activity;
  memberId: bigint;
  day: string;
}

export type DayRow = Omit<DayDelta, 'day'> & { day: string };

export const reportsRepository = {
  /** The feed's cursor, locked until the transaction ends (made at 0 the first time). */
  async lockFeed(tx: Executor, source: string, now: Date): Promise<bigint> {
    await tx.execute(sql`
      INSERT INTO report_feed (source, cursor_id, updated_at) VALUES (${source}, 0, ${now.toISOString()}::timestamptz)
      ON CONFLICT (source) DO NOTHING`);
    const rows = rowsOf<{ cursor_id: DbInt }>(
      await tx.execute(sql`SELECT cursor_id FROM report_feed WHERE source = ${source} FOR UPDATE`),
    );
    return big(rows[0]?.cursor_id);
  },

  async moveFeed(tx: Executor, source: string, cursorId: bigint, cursorAt: Date, now: Date): Promise<void> {
    await tx.execute(sql`
      UPDATE report_feed SET cursor_id = ${cursorId.toString()}::bigint,
             cursor_at = ${cursorAt.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
       WHERE source = ${source}`);
  },

  /**
   * When the oldest transaction other than this one began (null when none is open): a row it writes
   * may carry an earlier time and a lower id than rows already committed, so the feed stays behind it.
   */
  async oldestOpenTransaction(tx: Executor): Promise<Date | null> {
    const rows = rowsOf<{ started: Date | string | null }>(
      await tx.execute(sql`
        SELECT min(xact_start) AS started FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`),
    );
    const started = rows[0]?.started;
    return started ? new Date(started) : null;
  },

  /** How far each feed has folded: the figures hold every movement up to the earliest of them. */
  async rolledUpTo(db: Executor): Promise<Date | null> {
    const rows = rowsOf<{ at: Date | string | null }>(
      await db.execute(
        sql`SELECT min(cursor_at) AS at FROM report_feed WHERE source IN ('ledger', 'members')`,
      ),
    );
    const at = rows[0]?.at;
    return at ? new Date(at) : null;
  },

  /** Inserts the first deposits not counted yet; answers the members whose first deposit this is. */
  async addFirstDeposits(
    tx: Executor,
    firsts: readonly { memberId: bigint; day: string; amount: bigint }[],
  ): Promise<Set<bigint>> {
    if (firsts.length === 0) return new Set();
    const rows = rowsOf<{ member_id: DbInt }>(
      await tx.execute(sql`
        INSERT INTO report_first_deposit (member_id, day, amount)
        VALUES ${sql.join(
          firsts.map(
            (first) =>
              sql`(${first.memberId.toString()}::bigint, ${first.day}::date, ${first.amount.toString()}::bigint)`,
          ),
          sql`, `,
        )}
        ON CONFLICT (member_id) DO NOTHING
        RETURNING member_id`),
    );
    return new Set(rows.map((row) => big(row.member_id)));
  },

  /**
   * Adds the members' days of an activity not counted yet and answers how many were new per activity
   * and day; each new row and the row after it (a day counted out of order) get their previous day.
   */
  async addMemberDays(tx: Executor, days: readonly MemberDay[]): Promise<Map<string, number>> {
    const added = new Map<string, number>();
    if (days.length === 0) return added;
    const values = sql.join(
      days.map(
        (row) => sql`(${row.activity}::smallint, ${row.memberId.toString()}::bigint, ${row.day}::date)`,
      ),
      sql`, `,
    );
    const inserted = rowsOf<{ activity: number; member_id: DbInt; day: string }>(
      await tx.execute(sql`
        INSERT INTO report_member_day (activity, member_id, day)
        SELECT activity, member_id, day FROM (VALUES ${values}) AS v(activity, member_id, day)
         ORDER BY 1, 2, 3
        ON CONFLICT (activity, member_id, day) DO NOTHING
        RETURNING activity, member_id, to_char(day, 'YYYY-MM-DD') AS day`),
    );
    if (inserted.length === 0) return added;
    for (const row of inserted) {
      const key = `${row.activity}|${row.day}`;
      added.set(key, (added.get(key) ?? 0) + 1);
    }
    const fresh = sql.join(
      inserted.map(
        (row) =>
          sql`(${Number(row.activity)}::smallint, ${big(row.member_id).toString()}::bigint, ${row.day}::date)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      UPDATE report_member_day r
         SET prev_day = (SELECT max(p.day) FROM report_member_day p
                          WHERE p.activity = r.activity AND p.member_id = r.member_id AND p.day < r.day)
        FROM (SELECT v.activity, v.member_id, v.day FROM (VALUES ${fresh}) AS v(activity, member_id, day)
              UNION
              SELECT v.activity, v.member_id,
                     (SELECT min(n.day) FROM report_member_day n
                       WHERE n.activity = v.activity AND n.member_id = v.member_id AND n.day > v.day)
                FROM (VALUES ${fresh}) AS v(activity, member_id, day)) k
       WHERE k.day IS NOT NULL AND r.activity = k.activity AND r.member_id = k.member_id AND r.day = k.day`);
    return added;
  },

  async addDays(tx: Executor, deltas: readonly DayDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    await tx.execute(sql`
      INSERT INTO report_day AS d (day, registrations, first_deposits, first_deposit_amount, deposits,
        deposit_amount, withdrawals, withdrawal_amount, bonuses, commissions, active_players, depositors)
      VALUES ${sql.join(
        deltas.map(
          (d) => sql`(${d.day}::date, ${d.registrations}::int, ${d.firstDeposits}::int,
            ${d.firstDepositAmount.toString()}::bigint, ${d.deposits}::int, ${d.depositAmount.toString()}::bigint,
            ${d.withdrawals}::int, ${d.withdrawalAmount.toString()}::bigint, ${d.bonuses.toString()}::bigint,
            ${d.commissions.toString()}::bigint, ${d.activePlayers}::int, ${d.depositors}::int)`,
        ),
        sql`, `,
      )}
      ON CONFLICT (day) DO UPDATE SET
        registrations = d.registrations + excluded.registrations,
        first_deposits = d.first_deposits + excluded.first_deposits,
        first_deposit_amount = d.first_deposit_amount + excluded.first_deposit_amount,
        deposits = d.deposits + excluded.deposits,
        deposit_amount = d.deposit_amount + excluded.deposit_amount,
        withdrawals = d.withdrawals + excluded.withdrawals,
        withdrawal_amount = d.withdrawal_amount + excluded.withdrawal_amount,
        bonuses = d.bonuses + excluded.bonuses,
        commissions = d.commissions + excluded.commissions,
        active_players = d.active_players + excluded.active_players,
        depositors = d.depositors + excluded.depositors`);
  },

  async addCategories(tx: Executor, deltas: readonly CategoryDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    await tx.execute(sql`
      INSERT INTO report_day_category AS c (day, category, bets, stakes, wins)
      VALUES ${sql.join(
        deltas.map(
          (d) => sql`(${d.day}::date, ${d.category}::text, ${d.bets.toString()}::bigint,
            ${d.stakes.toString()}::bigint, ${d.wins.toString()}::bigint)`,
        ),
        sql`, `,
      )}
      ON CONFLICT (day, category) DO UPDATE SET
        bets = c.bets + excluded.bets, stakes = c.stakes + excluded.stakes, wins = c.wins + excluded.wins`);
  },

  /** The days of [from, to] that have figures. */
  async days(db: Executor, from: string, to: string): Promise<DayRow[]> {
    const rows = rowsOf<Record<string, DbInt> & { day: string }>(
      await db.execute(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, registrations, first_deposits, first_deposit_amount, deposits,
               deposit_amount, withdrawals, withdrawal_amount, bonuses, commissions, active_players, depositors
          FROM report_day WHERE day BETWEEN ${from}::date AND ${to}::date`),
    );
    return rows.map((row) => ({
      day: row.day,
      registrations: Number(row.registrations),
      firstDeposits: Number(row.first_deposits),
      firstDepositAmount: big(row.first_deposit_amount),
      deposits: Number(row.deposits),
      depositAmount: big(row.deposit_amount),
      withdrawals: Number(row.withdrawals),
      withdrawalAmount: big(row.withdrawal_amount),
      bonuses: big(row.bonuses),
      commissions: big(row.commissions),
      activePlayers: Number(row.active_players),
      depositors: Number(row.depositors),
    }));
  },

  async categories(db: Executor, from: string, to: string): Promise<CategoryDelta[]> {
    const rows = rowsOf<{ day: string; category: string; bets: DbInt; stakes: DbInt; wins: DbInt }>(
      await db.execute(sql`
        SELECT to_char(day, 'YYYY-MM-DD') AS day, category, bets, stakes, wins
          FROM report_day_category WHERE day BETWEEN ${from}::date AND ${to}::date`),
    );
    return rows.map((row) => ({
      day: row.day,
      category: row.category,
      bets: big(row.bets),
      stakes: big(row.stakes),
      wins: big(row.wins),
    }));
  },

  /**
   * Distinct members with the activity in [from, to]: the rows of those days whose member had no such
   * day since before `from` (one index range of report_member_day_day_idx, no hashing of members).
   */
  async distinctMembers(db: Executor, activity: Activity, from: string, to: string): Promise<number> {
    const rows = rowsOf<{ n: DbInt }>(
      await db.execute(sql`
        SELECT count(*) AS n FROM report_member_day
         WHERE activity = ${activity}::smallint AND day BETWEEN ${from}::date AND ${to}::date
           AND (prev_day IS NULL OR prev_day < ${from}::date)`),
    );
    return Number(rows[0]?.n ?? 0);
  },
};
