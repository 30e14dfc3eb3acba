import { parseMoney } from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { SettledRoundTurnover } from '../provider/index.js';
import { defaultSettings } from '../system/index.js';
import { SITE_UTC_OFFSET_MINUTES } from '../wallet/index.js';
import { turnoverRepository, type TurnoverRow, type TurnoverTotals } from './turnover.repository.js';

/** What a caller records: one member's settled play of one site day in one game category. */
export interface TurnoverInput {
  memberId: bigint;
  /** the lobby category (SLOT, LIVE, LOTTERY, ...): at most 32 letters, digits, _ or - */
  category: string;
  /** the site day the play settled, yyyy-MM-dd (siteDayOf) */
  day: string;
  /** minor units, >= 0: stakes that count (refunded and cancelled stakes excluded) */
  validBet: bigint;
  /** minor units, >= 0: what was paid back to the member */
  payout: bigint;
  /** how many bets, rounds or tickets; 1 when not given */
  bets?: number;
}

export type { TurnoverTotals };

/** Rounds closed this recently may still be committing: the feed waits for them (ADR 046). */
export const FEED_LAG_MS = 60_000;
const FEED_PAGE = 2_000;
const ROUNDS_FEED = 'provider-rounds';
const CATEGORY = /^[A-Za-z0-9_-]{1,32}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The active threshold a period is counted with when the operator never set one (minor units). */
export const DEFAULT_MIN_ACTIVE = parseMoney(defaultSettings['agent.activeMinValidBet']);

/** The site day (yyyy-MM-dd) an instant falls in. */
export function siteDayOf(at: Date): string {
  return new Date(at.getTime() + SITE_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** Adds days to a yyyy-MM-dd day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export type RoundsSource = (
  db: Executor,
  after: { at: Date; id: bigint },
  until: Date,
  limit: number,
) => Promise<SettledRoundTurnover[]>;

/**
 * Turnover per member, day and category, rolled up to every upline (ADR 046): the one place valid bets
 * and payouts are counted for agents' contracts, rebates, points and missions. Other modules record
 * through recordTurnover (in their own settling transaction, so it counts exactly when they settle);
 * the seamless vendors' rounds are fed by a job from the provider module's settled rounds.
 */
export class TurnoverService {
  constructor(private readonly deps: { db: Database; clock: Clock; rounds: RoundsSource }) {}

  /**
   * Adds settled play to the aggregates. Pass the caller's transaction so the turnover commits with
   * the settlement that produced it (a retried settlement that rolled back records nothing). Batches
   * of any size are merged per (member, day, category) first: callers should send a draw's or a page's
   * play at once, which costs two statements.
   */
  async recordTurnover(input: TurnoverInput | readonly TurnoverInput[], tx?: Executor): Promise<void> {
    const entries = Array.isArray(input) ? (input as readonly TurnoverInput[]) : [input as TurnoverInput];
    const merged = new Map<string, TurnoverRow>();
    for (const entry of entries) {
      if (!CATEGORY.test(entry.category)) throw new Error(`turnover: bad category ${entry.category}`);
      if (!DAY.test(entry.day) || Number.isNaN(Date.parse(entry.day)))
        throw new Error(`turnover: bad day ${entry.day}`);
      if (entry.validBet < 0n || entry.payout < 0n) throw new Error('turnover: amounts must not be negative');
      const bets = entry.bets ?? 1;
      if (!Number.isInteger(bets) || bets < 0) throw new Error('turnover: bets must be a whole number');
      const key = `${entry.memberId}|${entry.day}|${entry.category.toUpperCase()}`;
      const row = merged.get(key);
      if (row) {
        row.validBet += entry.validBet;
        row.payout += entry.payout;
        row.bets += bets;
      } else {
        merged.set(key, {
          memberId: entry.memberId,
          day: entry.day,
          category: entry.category.toUpperCase(),
          validBet: entry.validBet,
          payout: entry.payout,
          bets,
        });
      }
    }
    const rows = [...merged.values()].sort(
      (a, b) =>
        (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0) ||
        a.day.localeCompare(b.day) ||
        a.category.localeCompare(b.category),
    );
    for (let start = 0; start < rows.length; start += FEED_PAGE) {
      await turnoverRepository.add(
        tx ?? this.deps.db,
        rows.slice(start, start + FEED_PAGE),
        DEFAULT_MIN_ACTIVE,
      );
    }
  }

  /**
   * Folds settled seamless rounds into the aggregates from where the feed stopped, up to now less
   * FEED_LAG_MS. The cursor is locked and moved in the same transaction as the rows it added, so two
   * servers running it at once count each round once.
   */
  async feedFromRounds(now: Date = this.deps.clock.now()): Promise<{ rounds: number }> {
    const until = new Date(now.getTime() - FEED_LAG_MS);
    let total = 0;
    for (;;) {
      const fed = await this.deps.db.transaction(async (tx) => {
        const cursor = await turnoverRepository.lockFeed(tx, ROUNDS_FEED, now);
        const rounds = await this.deps.rounds(tx, cursor, until, FEED_PAGE);
        const last = rounds.at(-1);
        if (!last) return 0;
        await this.recordTurnover(
          rounds.map((round) => ({
            memberId: round.memberId,
            category: CATEGORY.test(round.category) ? round.category : 'OTHER',
            day: siteDayOf(round.closedAt),
            validBet: round.validBet,
            payout: round.payout,
          })),
          tx,
        );
        await turnoverRepository.moveFeed(tx, ROUNDS_FEED, { at: last.closedAt, id: last.id }, now);
        return rounds.length;
      });
      total += fed;
      if (fed < FEED_PAGE) return { rounds: total };
    }
  }

  /** Many salary contracts' figures at once (turnoverRepository.salaryFigures): one statement per period. */
  salaryFigures(
    items: readonly { contractId: bigint; agentId: bigint; fromDay: string }[],
    today: string,
    minValidBet: bigint,
    db: Executor = this.deps.db,
  ) {
    return turnoverRepository.salaryFigures(db, items, today, minValidBet);
  }

  /** The team's totals over [from, to] (site days, inclusive); the agent's own play included. */
  teamTotals(
    agentId: bigint,
    from: string,
    to: string,
    db: Executor = this.deps.db,
  ): Promise<TurnoverTotals> {
    return turnoverRepository.teamTotals(db, agentId, from, to);
  }

  teamByCategory(agentId: bigint, from: string, to: string, db: Executor = this.deps.db) {
    return turnoverRepository.teamByCategory(db, agentId, from, to);
  }

  teamByDay(agentId: bigint, from: string, to: string, db: Executor = this.deps.db) {
    return turnoverRepository.teamByDay(db, agentId, from, to);
  }

  memberTotals(
    memberId: bigint,
    from: string,
    to: string,
    db: Executor = this.deps.db,
  ): Promise<TurnoverTotals> {
    return turnoverRepository.memberTotals(db, memberId, from, to);
  }

  /** Every member's valid bet of one site day reaching minValidBet (the daily rebate reads it). */
  dayBettors(day: string, minValidBet: bigint, db: Executor = this.deps.db) {
    return turnoverRepository.dayBettors(db, day, minValidBet);
  }

  /**
   * activeMembers (below), from the roll-up's counts when [from, to] is one site day or a calendar month (to its end, or
   * to `today`) and the period was counted with this threshold: one row instead of a scan of the team
   * (the team overview). Like the team turnover, a count stays with the team the member was in when it
   * became active (ADR 046); other spans, and settlements, scan.
   */
  async activeMembersCounted(
    agentId: bigint,
    from: string,
    to: string,
    minValidBet: bigint,
    today: string,
    db: Executor = this.deps.db,
  ): Promise<number> {
    const month = from.slice(0, 7);
    const monthEnd = addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);
    const period =
      from === to
        ? `d:${from}`
        : from === `${month}-01` && to.slice(0, 7) === month && (to === monthEnd || to >= today)
          ? `m:${month}`
          : null;
    const counted = period ? await turnoverRepository.countedActive(db, agentId, period, minValidBet) : null;
    return counted ?? turnoverRepository.activeMembers(db, agentId, from, to, minValidBet);
  }

  /** Members' turnover rows of the days from `fromDay` on, in key order after `after` (keyset paging). */
  memberRowsFrom(
    fromDay: string,
    after: { memberId: bigint; day: string; category: string } | null,
    limit: number,
    db: Executor = this.deps.db,
  ): Promise<TurnoverRow[]> {
    return turnoverRepository.memberRowsFrom(db, fromDay, after, limit);
  }

  /** One member's totals over [from, to] in one lobby category, or in every category when null. */
  memberCategoryTotals(
    memberId: bigint,
    from: string,
    to: string,
    category: string | null,
    db: Executor = this.deps.db,
  ): Promise<TurnoverTotals> {
    return turnoverRepository.memberCategoryTotals(db, memberId, from, to, category?.toUpperCase() ?? null);
  }

  /** The members with the most valid bet over [from, to]: the valid-bet leaderboards. */
  topByValidBet(from: string, to: string, limit: number, db: Executor = this.deps.db) {
    return turnoverRepository.topByValidBet(db, from, to, limit);
  }

  /** One member's place in topByValidBet's order (leaderboards show it below their top ten). */
  standingByValidBet(memberId: bigint, from: string, to: string, db: Executor = this.deps.db) {
    return turnoverRepository.standingByValidBet(db, memberId, from, to);
  }

  /** Team members (the agent included) whose valid bet over [from, to] reaches minValidBet (and is > 0). */
  activeMembers(
    agentId: bigint,
    from: string,
    to: string,
    minValidBet: bigint,
    db: Executor = this.deps.db,
  ): Promise<number> {
    return turnoverRepository.activeMembers(db, agentId, from, to, minValidBet);
  }

  teamMembersTotals(
    agentId: bigint,
    from: string,
    to: string,
    page: { offset: number; limit: number },
    db: Executor = this.deps.db,
  ) {
    return turnoverRepository.teamMembersTotals(db, agentId, from, to, page);
  }
}
