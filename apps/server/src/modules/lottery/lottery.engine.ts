import { drawFromSeed, seedCommitment } from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { ServiceLogger } from '../../lib/deps.js';
import type { Rng } from '../../lib/rng.js';
import type { SettingsService } from '../system/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { familyOf } from './families/registry.js';
import { lotteryRepository, type Judged, type LotteryPeriodRow } from './lottery.repository.js';
import { nextPeriod, periodAt } from './periods.js';

/** What the engine tells players as periods move (the realtime module broadcasts it). */
export interface LotteryAnnouncer {
  announce(event: {
    gameCode: string;
    periodNo: string;
    status: 'closed' | 'settled' | 'cancelled';
  }): unknown;
}

/** A draw later than this after its time is marked late (players saw "delayed" meanwhile). */
export const LATE_AFTER_MS = 15_000;

export interface TickOutcome {
  committed: number;
  settled: number;
  cancelled: number;
}

/**
 * The lottery's engine: makes periods, closes them at cut-off with a committed seed, draws and settles
 * them at their time, and applies the catch-up rule to periods no server ran in time (ADR 035).
 *
 * Every step is a conditional UPDATE of the period row (open -> closed, closed -> settled, open or
 * closed -> cancelled), so with any number of servers each step happens once: the second server's
 * UPDATE finds the row already moved and does nothing. Settlement runs in the transaction that claims
 * the draw, so a period is settled entirely or not at all.
 */
export class LotteryEngine {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      rng: Rng;
      settings: Pick<SettingsService, 'get'>;
      ledger: LedgerService;
      announcer: () => LotteryAnnouncer | undefined;
      logger: ServiceLogger;
    },
  ) {}

  /** One pass over every game: what is due by the clock now. The scheduler calls it every second. */
  async tick(): Promise<TickOutcome> {
    const now = this.deps.clock.now();
    const games = await lotteryRepository.games(this.deps.db);
    for (const game of games) {
      if (!game.enabled) continue;
      const current = periodAt(game, now);
      await lotteryRepository.ensurePeriod(this.deps.db, game.code, current);
      await lotteryRepository.ensurePeriod(this.deps.db, game.code, nextPeriod(game, current));
    }
    const outcome: TickOutcome = { committed: 0, settled: 0, cancelled: 0 };
    const maxDelayMs = (await this.deps.settings.get('lottery.maxDrawDelayMinutes')) * 60_000;
    const entered = new Set(games.filter((game) => game.enteredResults).map((game) => game.code));
    for (const period of await lotteryRepository.duePeriods(this.deps.db, now)) {
      if (entered.has(period.gameCode)) {
        // A daily draw waits for its operators' result (ADR 060): closed at cut-off without a seed,
        // settled only by the second operator's confirmation, never cancelled by the clock.
        if (period.status === 'open' && (await this.close(period))) outcome.committed += 1;
        continue;
      }
      const overdue = now.getTime() - period.drawAt.getTime();
      if (overdue > maxDelayMs) {
        // The catch-up rule: too late to draw fairly for the players who waited; every bet back.
        if (await this.cancel(period, 'late', 'refunded')) outcome.cancelled += 1;
        continue;
      }
      let current: LotteryPeriodRow | null = period;
      if (period.status === 'open') {
        current = await this.commit(period);
        if (current) outcome.committed += 1;
      }
      if (current && current.status === 'closed' && overdue >= 0) {
        if (await this.settle(current)) outcome.settled += 1;
      }
    }
    return outcome;
  }

  /** Closes betting with a fresh seed and publishes its hash; null when another server did it. */
  private async commit(period: LotteryPeriodRow): Promise<LotteryPeriodRow | null> {
    const seed = this.deps.rng.bytes(32).toString('hex');
    const seedHash = await seedCommitment(seed);
    const at = this.deps.clock.now();
    if (!(await lotteryRepository.commit(this.deps.db, period.id, seed, seedHash, at))) return null;
    this.announce(period, 'closed');
    return { ...period, status: 'closed', seed, seedHash, committedAt: at };
  }

  /** Closes betting on a period whose result operators enter (no seed to commit); false when done already. */
  async close(period: LotteryPeriodRow): Promise<boolean> {
    if (!(await lotteryRepository.close(this.deps.db, period.id, this.deps.clock.now()))) return false;
    this.announce(period, 'closed');
    return true;
  }

  /**
   * Draws the period from its seed and settles every bet in one transaction: the distinct selections
   * judged by the family's win rule, the outcomes applied to all bets by one UPDATE, the winnings and
   * ties credited through the ledger in one batch each (key lottery-win:<bet> / lottery-tie:<bet>).
   */
  async settle(period: LotteryPeriodRow): Promise<boolean> {
    if (!period.seed) throw new Error(`lottery: period ${period.id} has no seed`);
    const game = await lotteryRepository.game(this.deps.db, period.gameCode);
    if (!game) throw new Error(`lottery: game ${period.gameCode} is gone`);
    const draw = await drawFromSeed(familyOf(game.family).drawSpec, period.seed);
    const members = await this.deps.db.transaction((tx) => this.settleWithin(tx, period, game.family, draw));
    return this.settled(period, members);
  }

  /** After settleWithin's transaction committed: balances and the news pushed. */
  settled(period: LotteryPeriodRow, members: bigint[] | null): boolean {
    if (members === null) return false;
    this.deps.ledger.publishBalances(members);
    this.announce(period, 'settled');
    return true;
  }

  /**
   * Settles a closed period with the given draw inside the caller's transaction (a seed's draw, or a
   * result two operators entered and confirmed): the members whose balance moved, null when the
   * period was settled or cancelled already.
   */
  async settleWithin(
    tx: Executor,
    period: LotteryPeriodRow,
    familyCode: string,
    draw: number[],
    /** an entered result is confirmed when the operators have it: never "late" */
    entered = false,
  ): Promise<bigint[] | null> {
    const family = familyOf(familyCode);
    const at = this.deps.clock.now();
    const late = !entered && at.getTime() - period.drawAt.getTime() > LATE_AFTER_MS;
    if (!(await lotteryRepository.claimDraw(tx, period.id, draw, at, late))) return null;
    const selections = await lotteryRepository.pendingSelections(tx, period.id);
    const judged: Judged[] = selections.map(({ betType, selection }) => {
      const judgement = family.judge(betType, selection.split(','), draw);
      return {
        betType,
        selection,
        outcome: judgement.outcome,
        hits: judgement.outcome === 'win' ? judgement.hits : 0,
      };
    });
    await lotteryRepository.applyJudgements(tx, period.id, judged, at);
    const wins = await this.deps.ledger.creditBatch(tx, {
      kind: 'win',
      currency: 'REAL',
      from: accountCodes.house,
      actor: 'system:lottery',
      memo: `${period.gameCode} ${period.periodNo}`,
      items: lotteryRepository.creditItems(period.id, ['win'], 'lottery-win:'),
    });
    const ties = await this.deps.ledger.creditBatch(tx, {
      kind: 'refund',
      currency: 'REAL',
      from: accountCodes.house,
      actor: 'system:lottery',
      memo: `${period.gameCode} ${period.periodNo}`,
      items: lotteryRepository.creditItems(period.id, ['tie'], 'lottery-tie:'),
    });
    await lotteryRepository.recordTotals(tx, period.id);
    return [...wins.memberIds, ...ties.memberIds];
  }

  /**
   * Cancels a period that has not been drawn and gives every bet its stake back once (key
   * lottery-refund:<bet>): `cancelled` when the operator voids it, `refunded` by the catch-up rule.
   * false when it was drawn or cancelled already.
   */
  async cancel(period: LotteryPeriodRow, reason: string, status: 'cancelled' | 'refunded'): Promise<boolean> {
    const at = this.deps.clock.now();
    const late = at.getTime() - period.drawAt.getTime() > LATE_AFTER_MS;
    const members = await this.deps.db.transaction(async (tx) => {
      if (!(await lotteryRepository.claimCancel(tx, period.id, reason, at, late))) return null;
      await lotteryRepository.refundPending(tx, period.id, status, at);
      const refunds = await this.deps.ledger.creditBatch(tx, {
        kind: 'refund',
        currency: 'REAL',
        from: accountCodes.house,
        actor: 'system:lottery',
        memo: `${period.gameCode} ${period.periodNo} ${reason}`,
        items: lotteryRepository.creditItems(period.id, [status], 'lottery-refund:'),
      });
      await lotteryRepository.recordTotals(tx, period.id);
      return refunds.memberIds;
    });
    if (members === null) return false;
    this.deps.ledger.publishBalances(members);
    this.announce(period, 'cancelled');
    return true;
  }

  private announce(period: LotteryPeriodRow, status: 'closed' | 'settled' | 'cancelled'): void {
    try {
      const announcer = this.deps.announcer();
      if (announcer)
        void Promise.resolve(
          announcer.announce({ gameCode: period.gameCode, periodNo: period.periodNo, status }),
        ).catch((error: unknown) => this.deps.logger.warn({ err: error }, 'lottery announcement failed'));
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'lottery announcement failed');
    }
  }
}
