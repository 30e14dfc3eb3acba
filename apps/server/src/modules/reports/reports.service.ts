import {
  formatMoney,
  reportCategories,
  type Dashboard,
  type DashboardFigures,
  type PlayFigures,
  type ReportCategory,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import {
  ACTIVITY,
  reportsRepository,
  type CategoryDelta,
  type DayDelta,
  type MemberDay,
} from './reports.repository.js';

/** What the rollup reads of the wallet module: the ledger's transfers in id order after a cursor. */
export interface LedgerMovementRow {
  id: bigint;
  kind: string;
  currency: string;
  createdAt: Date;
  memberId: bigint | null;
  members: bigint;
  house: bigint;
  vendor: bigint;
  vendorCode: string | null;
  vendorCategory: string | null;
  commission: bigint;
  channel: bigint;
  paidOut: bigint;
}

export interface ReportSources {
  movements: (db: Executor, afterId: bigint, limit: number) => Promise<LedgerMovementRow[]>;
  registrations: (
    db: Executor,
    afterId: bigint,
    limit: number,
  ) => Promise<{ id: bigint; createdAt: Date; type: number }[]>;
  /** the site day (yyyy-MM-dd) an instant falls in */
  dayOf: (at: Date) => string;
  /** a site day moved by whole days */
  addDays: (day: string, days: number) => string;
}

/**
 * A row committed this long after its time may still be missed by an earlier page's cursor: the feed
 * stays this far behind the clock and behind the oldest open transaction (ADR 096).
 */
export const ROLLUP_LAG_MS = 60_000;
const PAGE = 5_000;
const TRIAL_TYPE = 4;

const categoryOf = (vendorCode: string | null, lobbyCategory: string | null): ReportCategory => {
  if (vendorCode === null) return 'LOTTERY';
  if (vendorCode === 'INHOUSE') return 'INHOUSE';
  if (lobbyCategory === 'LOTT' || lobbyCategory === 'ELOTT') return 'LOTTERY';
  return (reportCategories as readonly string[]).includes(lobbyCategory ?? '')
    ? (lobbyCategory as ReportCategory)
    : 'OTHER';
};

const emptyDay = (day: string): DayDelta => ({
  day,
  registrations: 0,
  firstDeposits: 0,
  firstDepositAmount: 0n,
  deposits: 0,
  depositAmount: 0n,
  withdrawals: 0,
  withdrawalAmount: 0n,
  bonuses: 0n,
  commissions: 0n,
  activePlayers: 0,
  depositors: 0,
});

interface Play {
  bets: bigint;
  stakes: bigint;
  wins: bigint;
}
const noPlay = (): Play => ({ bets: 0n, stakes: 0n, wins: 0n });
const addPlay = (into: Play, from: Play) => {
  into.bets += from.bets;
  into.stakes += from.stakes;
  into.wins += from.wins;
};
const playOut = (play: Play): PlayFigures => ({
  bets: Number(play.bets),
  stakes: formatMoney(play.stakes),
  wins: formatMoney(play.wins),
  ggr: formatMoney(play.stakes - play.wins),
});

/**
 * The back office's dashboard (issue 27): figures over a range of site days beside the period before,
 * read from per-day rollups that a scheduled job folds from the ledger and the new members (ADR 096).
 */
export class ReportsService {
  constructor(private readonly deps: { db: Database; clock: Clock; sources: ReportSources }) {}

  /**
   * Folds what the ledger moved and who registered since the cursors, up to ROLLUP_LAG_MS ago (and
   * before the oldest open transaction). Each page is one transaction that adds its rows and moves its
   * cursor, so a crash or a second server never counts a row twice or skips one.
   */
  async rollUp(now: Date = this.deps.clock.now()): Promise<{ transfers: number; members: number }> {
    let transfers = 0;
    for (;;) {
      const done = await this.deps.db.transaction((tx) => this.foldLedgerPage(tx, now));
      transfers += done;
      if (done < PAGE) break;
    }
    let members = 0;
    for (;;) {
      const done = await this.deps.db.transaction((tx) => this.foldMembersPage(tx, now));
      members += done;
      if (done < PAGE) break;
    }
    return { transfers, members };
  }

  private async until(tx: Executor, now: Date): Promise<Date> {
    const oldest = await reportsRepository.oldestOpenTransaction(tx);
    const bound = oldest && oldest.getTime() < now.getTime() ? oldest : now;
    return new Date(bound.getTime() - ROLLUP_LAG_MS);
  }

  private async foldLedgerPage(tx: Executor, now: Date): Promise<number> {
    const cursor = await reportsRepository.lockFeed(tx, 'ledger', now);
    const until = await this.until(tx, now);
    const page = await this.deps.sources.movements(tx, cursor, PAGE);
    // In id order, up to the first row too recent to be sure no lower id is still being committed.
    const cut = page.findIndex((row) => row.createdAt.getTime() >= until.getTime());
    const rows = cut === -1 ? page : page.slice(0, cut);
    const last = rows.at(-1);
    if (!last) return 0;
    const { dayOf } = this.deps.sources;
    const days = new Map<string, DayDelta>();
    const dayDelta = (day: string) => {
      let delta = days.get(day);
      if (!delta) days.set(day, (delta = emptyDay(day)));
      return delta;
    };
    const plays = new Map<string, CategoryDelta>();
    const memberDays = new Map<string, MemberDay>();
    const firsts = new Map<bigint, { memberId: bigint; day: string; amount: bigint }>();
    for (const row of rows) {
      if (row.currency !== 'REAL') continue;
      const day = dayOf(row.createdAt);
      if (row.commission !== 0n) dayDelta(day).commissions -= row.commission;
      switch (row.kind) {
        case 'deposit': {
          if (row.members <= 0n || row.memberId === null) break;
          const delta = dayDelta(day);
          delta.deposits += 1;
          delta.depositAmount += row.members;
          memberDays.set(`${ACTIVITY.deposit}|${row.memberId}|${day}`, {
            activity: ACTIVITY.deposit,
            memberId: row.memberId,
            day,
          });
          if (!firsts.has(row.memberId))
            firsts.set(row.memberId, { memberId: row.memberId, day, amount: row.members });
          break;
        }
        case 'withdrawal_payout': {
          const delta = dayDelta(day);
          delta.withdrawals += 1;
          delta.withdrawalAmount += row.paidOut;
          break;
        }
        case 'bonus':
          dayDelta(day).bonuses -= row.house;
          break;
        case 'bet':
        case 'win':
        case 'refund': {
          // A vendor's game moves money with the vendor's account; our lottery with the house.
          const byVendor = row.vendorCode !== null;
          const amount = byVendor ? row.vendor : row.house;
          if (amount === 0n) break;
          const category = categoryOf(row.vendorCode, row.vendorCategory);
          const key = `${day}|${category}`;
          let play = plays.get(key);
          if (!play) plays.set(key, (play = { day, category, ...noPlay() }));
          if (row.kind === 'win') play.wins -= amount;
          else play.stakes += amount;
          if (row.kind === 'bet') {
            play.bets += 1n;
            if (row.memberId !== null) {
              memberDays.set(`${ACTIVITY.bet}|${row.memberId}|${day}`, {
                activity: ACTIVITY.bet,
                memberId: row.memberId,
                day,
              });
            }
          }
          break;
        }
        default:
          break;
      }
    }
    const counted = await reportsRepository.addFirstDeposits(tx, [...firsts.values()]);
    for (const first of firsts.values()) {
      if (!counted.has(first.memberId)) continue;
      const delta = dayDelta(first.day);
      delta.firstDeposits += 1;
      delta.firstDepositAmount += first.amount;
    }
    const added = await reportsRepository.addMemberDays(tx, [...memberDays.values()]);
    for (const [key, count] of added) {
      const [activity, day] = key.split('|') as [string, string];
      if (Number(activity) === ACTIVITY.bet) dayDelta(day).activePlayers += count;
      else dayDelta(day).depositors += count;
    }
    await reportsRepository.addDays(
      tx,
      [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    );
    await reportsRepository.addCategories(
      tx,
      [...plays.values()].sort((a, b) => a.day.localeCompare(b.day) || a.category.localeCompare(b.category)),
    );
    await reportsRepository.moveFeed(tx, 'ledger', last.id, last.createdAt, now);
    return rows.length;
  }

  private async foldMembersPage(tx: Executor, now: Date): Promise<number> {
    const cursor = await reportsRepository.lockFeed(tx, 'members', now);
    const until = await this.until(tx, now);
    const page = await this.deps.sources.registrations(tx, cursor, PAGE);
    const cut = page.findIndex((row) => row.createdAt.getTime() >= until.getTime());
    const rows = cut === -1 ? page : page.slice(0, cut);
    const last = rows.at(-1);
    if (!last) return 0;
    const days = new Map<string, DayDelta>();
    for (const row of rows) {
      if (row.type === TRIAL_TYPE) continue;
      const day = this.deps.sources.dayOf(row.createdAt);
      const delta = days.get(day) ?? emptyDay(day);
      delta.registrations += 1;
      days.set(day, delta);
    }
    await reportsRepository.addDays(
      tx,
      [...days.values()].sort((a, b) => a.day.localeCompare(b.day)),
    );
    await reportsRepository.moveFeed(tx, 'members', last.id, last.createdAt, now);
    return rows.length;
  }

  /** Today's dashboard (the site's day by the clock), beside yesterday. */
  today(): Promise<Dashboard> {
    const day = this.deps.sources.dayOf(this.deps.clock.now());
    return this.dashboard(day, day);
  }

  /** The dashboard over [from, to] (site days, both included; the contract checked the range). */
  async dashboard(from: string, to: string, db: Executor = this.deps.db): Promise<Dashboard> {
    const { addDays } = this.deps.sources;
    const length = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    const previousTo = addDays(from, -1);
    const previousFrom = addDays(from, -length);
    const [days, categories, active, previousActive, depositors, previousDepositors, rolledUpTo] =
      await Promise.all([
        reportsRepository.days(db, previousFrom, to),
        reportsRepository.categories(db, previousFrom, to),
        reportsRepository.distinctMembers(db, ACTIVITY.bet, from, to),
        reportsRepository.distinctMembers(db, ACTIVITY.bet, previousFrom, previousTo),
        reportsRepository.distinctMembers(db, ACTIVITY.deposit, from, to),
        reportsRepository.distinctMembers(db, ACTIVITY.deposit, previousFrom, previousTo),
        reportsRepository.rolledUpTo(db),
      ]);
    const inCurrent = (day: string) => day >= from;
    const dayByKey = new Map(days.map((row) => [row.day, row]));
    const playByDay = new Map<string, Play>();
    const current = { total: emptyDay(from), play: noPlay() };
    const previous = { total: emptyDay(previousFrom), play: noPlay() };
    const byCategory = new Map<string, { current: Play; previous: Play }>(
      reportCategories.map((category) => [category, { current: noPlay(), previous: noPlay() }]),
    );
    for (const row of categories) {
      const side = inCurrent(row.day) ? 'current' : 'previous';
      const slot = byCategory.get(row.category) ?? byCategory.get('OTHER');
      if (slot) addPlay(slot[side], row);
      addPlay(side === 'current' ? current.play : previous.play, row);
      const dayPlay = playByDay.get(row.day) ?? noPlay();
      addPlay(dayPlay, row);
      playByDay.set(row.day, dayPlay);
    }
    for (const row of days) addDay(inCurrent(row.day) ? current.total : previous.total, row);
    const series: Dashboard['series'] = [];
    for (let index = 0; index < length; index += 1) {
      const day = addDays(from, index);
      const row = dayByKey.get(day) ?? emptyDay(day);
      series.push({
        day,
        ...figuresOf(row, playByDay.get(day) ?? noPlay(), row.activePlayers, row.depositors),
      });
    }
    return {
      from,
      to,
      previousFrom,
      previousTo,
      current: figuresOf(current.total, current.play, active, depositors),
      previous: figuresOf(previous.total, previous.play, previousActive, previousDepositors),
      categories: reportCategories.map((category) => {
        const slot = byCategory.get(category) ?? { current: noPlay(), previous: noPlay() };
        return { category, current: playOut(slot.current), previous: playOut(slot.previous) };
      }),
      series,
      rolledUpTo: rolledUpTo?.toISOString() ?? null,
    };
  }
}

function addDay(into: DayDelta, row: DayDelta): void {
  into.registrations += row.registrations;
  into.firstDeposits += row.firstDeposits;
  into.firstDepositAmount += row.firstDepositAmount;
  into.deposits += row.deposits;
  into.depositAmount += row.depositAmount;
  into.withdrawals += row.withdrawals;
  into.withdrawalAmount += row.withdrawalAmount;
  into.bonuses += row.bonuses;
  into.commissions += row.commissions;
}

function figuresOf(day: DayDelta, play: Play, activePlayers: number, depositors: number): DashboardFigures {
  const ggr = play.stakes - play.wins;
  return {
    ...playOut(play),
    registrations: day.registrations,
    firstDeposits: { count: day.firstDeposits, amount: formatMoney(day.firstDepositAmount) },
    depositors,
    deposits: { count: day.deposits, amount: formatMoney(day.depositAmount) },
    withdrawals: { count: day.withdrawals, amount: formatMoney(day.withdrawalAmount) },
    netDeposits: formatMoney(day.depositAmount - day.withdrawalAmount),
    activePlayers,
    bonuses: formatMoney(day.bonuses),
    commissions: formatMoney(day.commissions),
    ngr: formatMoney(ggr - day.bonuses - day.commissions),
  };
}
