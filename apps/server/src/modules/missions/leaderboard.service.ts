import { randomBytes } from 'node:crypto';
import {
  formatMoney,
  parseMoney,
  type CreateLeaderboardBody,
  type Leaderboard,
  type LeaderboardMetric,
  type LeaderboardPeriod,
  type LeaderboardWinner,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { Actor, AuditService } from '../audit/index.js';
import type { MemberService } from '../member/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { missionsRepository, type LeaderboardRow } from './missions.repository.js';
import { periodOf, previousPeriod, type SiteDays, type SitePeriod } from './periods.js';

/** A period is settled this long after it ended: the turnover feed lags settled play by up to 2 minutes. */
export const LEADERBOARD_SETTLE_LAG_MS = 5 * 60_000;
/** A restarted server settles at most this many ended periods of a board per run. */
const CATCH_UP_PERIODS = 7;
/** A disabled board's periods that ended before it was disabled are still settled for this long. */
const DISABLED_SETTLE_DAYS = 8;
/** Standings shown (and read) per board. */
const TOP = 10;

export interface Standing {
  memberId: bigint;
  /** what orders the board: valid bet in minor units, or the multiplier in tenths */
  value: bigint;
  gameName: string | null;
}

/** What leaderboards read of other modules, through their index. */
export interface StandingSources {
  /** the agent module's turnover aggregate: the top members by valid bet over site days */
  topValidBet(
    fromDay: string,
    toDay: string,
    limit: number,
    db: Executor,
  ): Promise<{ memberId: bigint; validBet: bigint }[]>;
  /** the provider module's settled rounds: each member's best multiplier in [from, until) */
  bestMultipliers(
    from: Date,
    until: Date,
    limit: number,
    db: Executor,
  ): Promise<{ memberId: bigint; tenths: bigint; gameName: string | null; gameCode: string }[]>;
  /** one member's place by valid bet over site days (null without valid bets) */
  validBetStanding(
    memberId: bigint,
    fromDay: string,
    toDay: string,
  ): Promise<{ validBet: bigint; rank: number } | null>;
  /** one member's place by best multiplier in [from, until) (null without a winning round) */
  multiplierStanding(
    memberId: bigint,
    from: Date,
    until: Date,
  ): Promise<{ tenths: bigint; rank: number } | null>;
}

export interface LeaderboardDeps {
  db: Database;
  clock: Clock;
  site: SiteDays;
  ledger: LedgerService;
  audit: AuditService;
  members: Pick<MemberService, 'summariesOf'>;
  mask: (username: string) => string;
  sources: StandingSources;
}

const titleIn = (title: Record<string, string>, language: string) => title[language] ?? title.en ?? '';
const scoreText = (metric: string, value: bigint) =>
  metric === 'valid_bet' ? formatMoney(value) : `${value / 10n}.${value % 10n}`;

/**
 * Leaderboards (issue 15): the top members of a day or a week by valid bet (turnover aggregate) or by
 * their best win multiplier (settled rounds). A period is paid once after it ended: its row in
 * leaderboard_settlement is inserted in the transaction that pays the prizes through the ledger
 * (key leaderboard:<board>:<period>:<rank>), so two workers never pay a period twice (as agent settlement).
 */
export class LeaderboardService {
  constructor(private readonly deps: LeaderboardDeps) {}

  private async standings(row: LeaderboardRow, period: SitePeriod, db: Executor): Promise<Standing[]> {
    if (row.metric === 'valid_bet') {
      const top = await this.deps.sources.topValidBet(period.fromDay, period.toDay, TOP, db);
      return top.map((entry) => ({ memberId: entry.memberId, value: entry.validBet, gameName: null }));
    }
    const until = period.end ?? this.deps.clock.now();
    const best = await this.deps.sources.bestMultipliers(period.start, until, TOP, db);
    return best.map((entry) => ({
      memberId: entry.memberId,
      value: entry.tenths,
      gameName: entry.gameName ?? entry.gameCode,
    }));
  }

  private async standingOf(
    row: LeaderboardRow,
    period: SitePeriod,
    memberId: bigint,
  ): Promise<{ rank: number; score: string } | null> {
    if (row.metric === 'valid_bet') {
      const mine = await this.deps.sources.validBetStanding(memberId, period.fromDay, period.toDay);
      return mine ? { rank: mine.rank, score: scoreText(row.metric, mine.validBet) } : null;
    }
    const until = period.end ?? this.deps.clock.now();
    const mine = await this.deps.sources.multiplierStanding(memberId, period.start, until);
    return mine ? { rank: mine.rank, score: scoreText(row.metric, mine.tenths) } : null;
  }

  private currentPeriod(row: LeaderboardRow, now: Date): SitePeriod {
    return periodOf(row.period as LeaderboardPeriod, this.deps.site.dayOf(now), this.deps.site);
  }

  /** Every active board's current standings, the member's own place marked. */
  async current(member: AuthenticatedMember, language: string): Promise<Leaderboard[]> {
    const now = this.deps.clock.now();
    const boards = await missionsRepository.activeLeaderboards(this.deps.db);
    return Promise.all(
      boards.map(async (row) => {
        const period = this.currentPeriod(row, now);
        const standings = await this.standings(row, period, this.deps.db);
        const who = await this.deps.members.summariesOf(
          this.deps.db,
          standings.map((entry) => entry.memberId),
        );
        const prizes = row.prizes.map((prize) => formatMoney(BigInt(prize)));
        const top = standings.map((entry, index) => ({
          rank: index + 1,
          player: this.deps.mask(who.get(entry.memberId)?.username ?? '?'),
          score: scoreText(row.metric, entry.value),
          gameName: entry.gameName,
          prize: prizes[index] ?? null,
          mine: entry.memberId === member.id,
        }));
        // Outside the top ten the member still sees where they stand, below the board.
        const me = top.some((entry) => entry.mine) ? null : await this.standingOf(row, period, member.id);
        return {
          id: row.publicId,
          title: titleIn(row.title, language),
          metric: row.metric as LeaderboardMetric,
          period: row.period as LeaderboardPeriod,
          periodKey: period.key,
          endsAt: (period.end as Date).toISOString(),
          prizes,
          top,
          me,
        };
      }),
    );
  }

  /** The public winners board: the latest paid prizes, players masked. */
  async winners(language: string): Promise<LeaderboardWinner[]> {
    const rows = await missionsRepository.latestPrizes(this.deps.db, 30);
    const who = await this.deps.members.summariesOf(
      this.deps.db,
      rows.map((row) => row.prize.memberId),
    );
    return rows.map(({ prize, title }) => ({
      board: titleIn(title, language),
      periodKey: prize.periodKey,
      rank: prize.rank,
      player: this.deps.mask(who.get(prize.memberId)?.username ?? '?'),
      gameName: prize.gameName,
      score: prize.score,
      prize: formatMoney(prize.prize),
      paidAt: prize.paidAt.toISOString(),
    }));
  }

  /**
   * Pays every board's periods that ended at least LEADERBOARD_SETTLE_LAG_MS ago and were not paid yet
   * (at most CATCH_UP_PERIODS back, never before the board existed). Safe to run on every server at once.
   */
  async settleDue(now: Date = this.deps.clock.now()): Promise<{ settled: number; prizes: number }> {
    const boards = await missionsRepository.settlingLeaderboards(
      this.deps.db,
      new Date(now.getTime() - DISABLED_SETTLE_DAYS * 86_400_000),
    );
    let settled = 0;
    let prizes = 0;
    const ready = new Date(now.getTime() - LEADERBOARD_SETTLE_LAG_MS);
    for (const row of boards) {
      const kind = row.period as LeaderboardPeriod;
      const due: SitePeriod[] = [];
      // A disabled board pays the periods that ended before it was disabled, never the one it cut short.
      const until = row.disabledAt && row.disabledAt < ready ? row.disabledAt : ready;
      let period = previousPeriod(kind, this.currentPeriod(row, until), this.deps.site);
      for (let i = 0; i < CATCH_UP_PERIODS && (period.end as Date) > row.createdAt; i += 1) {
        due.unshift(period);
        period = previousPeriod(kind, period, this.deps.site);
      }
      for (const each of due) {
        const paid = await this.settle(row, each, now);
        if (paid !== null) {
          settled += 1;
          prizes += paid;
        }
      }
    }
    return { settled, prizes };
  }

  /** One board's period: null when it was settled before (by this or another worker). */
  private async settle(row: LeaderboardRow, period: SitePeriod, now: Date): Promise<number | null> {
    const memberIds = new Set<bigint>();
    const paid = await this.deps.db.transaction(async (tx) => {
      if (!(await missionsRepository.claimSettlement(tx, row.id, period.key, now))) return null;
      const standings = await this.standings(row, period, tx);
      let count = 0;
      for (const [index, entry] of standings.entries()) {
        const prizeText = row.prizes[index];
        if (prizeText === undefined) break;
        const prize = BigInt(prizeText);
        const rank = index + 1;
        const result = await this.deps.ledger.transfer(tx, {
          idempotencyKey: `leaderboard:${row.publicId}:${period.key}:${rank}`,
          kind: 'bonus',
          currency: 'REAL',
          legs: [
            { account: accountCodes.house, amount: -prize },
            { account: accountCodes.memberMain(entry.memberId), amount: prize },
          ],
          reference: row.publicId,
          memo: `leaderboard ${row.publicId} ${period.key} #${rank}`,
          actor: 'system:leaderboards',
        });
        for (const id of result.memberIds) memberIds.add(id);
        await missionsRepository.insertPrize(tx, {
          leaderboardId: row.id,
          periodKey: period.key,
          rank,
          memberId: entry.memberId,
          score: scoreText(row.metric, entry.value),
          gameName: entry.gameName,
          prize,
          transferId: result.transferId,
          paidAt: now,
        });
        count += 1;
      }
      return count;
    });
    if (memberIds.size > 0) this.deps.ledger.publishBalances([...memberIds]);
    return paid;
  }

  /** Prizes the member won, for the reward centre. */
  prizesOf(memberId: bigint) {
    return missionsRepository.prizesOf(this.deps.db, memberId);
  }

  async adminList() {
    return (await missionsRepository.allLeaderboards(this.deps.db)).map(presentAdminLeaderboard);
  }

  /**
   * Takes a board off the site for good: its current period is never paid (members see it no more);
   * periods that ended before are still paid by the settlement job. Audited.
   */
  async disable(by: Actor, publicId: string) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await missionsRepository.disableLeaderboard(tx, publicId, now);
      if (!row) {
        if (!(await missionsRepository.leaderboardByPublicId(tx, publicId))) throw notFound('leaderboard');
        throw new AppError('INVALID_STATE', 'the leaderboard is disabled already');
      }
      await this.deps.audit.record(
        by,
        'leaderboards disable',
        { leaderboard: publicId },
        {},
        { tx, at: now },
      );
      return presentAdminLeaderboard(row);
    });
  }

  async create(by: Actor, body: CreateLeaderboardBody) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const row = await missionsRepository.insertLeaderboard(tx, {
        publicId: `lb_${randomBytes(8).toString('hex')}`,
        title: body.title,
        metric: body.metric,
        period: body.period,
        prizes: body.prizes.map((prize) => parseMoney(prize).toString()),
        createdAt: now,
      });
      await this.deps.audit.record(
        by,
        'leaderboards add',
        { leaderboard: row.publicId },
        { metric: row.metric, period: row.period, prizes: body.prizes },
        { tx, at: now },
      );
      return presentAdminLeaderboard(row);
    });
  }
}

export const presentAdminLeaderboard = (row: LeaderboardRow) => ({
  id: row.publicId,
  title: row.title,
  metric: row.metric as LeaderboardMetric,
  period: row.period as LeaderboardPeriod,
  prizes: row.prizes.map((prize) => formatMoney(BigInt(prize))),
  active: row.active,
  disabledAt: row.disabledAt?.toISOString() ?? null,
});
