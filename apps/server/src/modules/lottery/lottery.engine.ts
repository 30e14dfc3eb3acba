import { drawFromSeed, seedCommitment } from '@platform/contract';
import pLimit from 'p-limit';
import type { Database, Executor } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { ServiceLogger } from '../../lib/deps.js';
import type { Rng } from '../../lib/rng.js';
import type { SettingsService } from '../system/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import { familyOf } from './families/registry.js';
import type { LotteryFamily } from './families/family.js';
import {
  lotteryRepository,
  type BetChunk,
  type Judged,
  type LotteryPeriodRow,
} from './lottery.repository.js';
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

/** Bets settled per transaction: bounds the server's memory and how long members' accounts stay locked. */
export const SETTLE_CHUNK_SIZE = 100_000;
/**
 * Chunks a settler works on at once, each on its own connection: a chunk's UPDATE keeps one database
 * core busy while the server waits, so two chunks use both cores of a small machine (ADR 090). Their
 * credits still take turns on the accounts they share (the house's), each for its short tail.
 */
export const SETTLE_CONCURRENCY = 2;

const RETRYABLE_SQLSTATES = new Set(['40001', '40P01']);
const MAX_CHUNK_ATTEMPTS = 5;

/** What a lottery credit's transfer refers to: the game's period (one credit per member pays its bets). */
function periodReference(period: LotteryPeriodRow): string {
  return `${period.gameCode}:${period.periodNo}`;
}

/** PostgreSQL's SQLSTATE of a failed query (drizzle wraps the driver's error in `cause`). */
function sqlState(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate.code;
    current = candidate.cause;
  }
  return null;
}

/** A chunk's transaction again after a deadlock or serialization failure (it moved nothing then). */
async function retried<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const state = sqlState(error);
      if (state === null || !RETRYABLE_SQLSTATES.has(state) || attempt >= MAX_CHUNK_ATTEMPTS) throw error;
    }
  }
}

export interface TickOutcome {
  committed: number;
  settled: number;
  cancelled: number;
}

/**
 * The lottery's engine: makes periods, closes them at cut-off with a committed seed, draws and settles
 * them at their time, and applies the catch-up rule to periods no server ran in time (ADR 035).
 *
 * Every step is a conditional UPDATE of the period row (open -> closed, closed -> drawn -> settled,
 * open or closed and not drawn -> cancelled), so with any number of servers each step happens once: the
 * second server's UPDATE finds the row already moved and does nothing. Settlement runs in chunks of bets,
 * each a transaction that settles only bets still pending and pays each under its bet's key, so a
 * settlement cut short is finished later and never pays twice (ADR 065).
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
    /** bets per chunk of settlement (tests make it small to cross chunk boundaries) */
    private readonly chunkSize = SETTLE_CHUNK_SIZE,
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
      if (period.draw !== null) {
        // Drawn and part-settled when its settler stopped (a crash, a restart): finished, whatever the delay.
        if (period.status === 'closed' && (await this.settle(period))) outcome.settled += 1;
        continue;
      }
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
   * Draws the period from its seed and settles its bets in chunks of `chunkSize` by id, each chunk a
   * transaction of its own (ADR 065): the chunk's distinct selections judged by the family's win rule,
   * one UPDATE applying the outcomes, the winnings and ties credited through the ledger's batch (one
   * transfer per member for the bets this chunk settled, key lottery-win:<period>:<member>:<first bet>,
   * ADR 087), balances pushed after its commit. Memory and lock times stay
   * those of one chunk whatever the period holds.
   *
   * Recording the draw is the claim (closed -> drawn); the period becomes settled when the last chunk is
   * done. A settlement stopped half-way (a crash) is finished by the next tick with the recorded draw:
   * a chunk settles only bets still pending and pays only the bets its own UPDATE settled, in the same
   * transaction, so nothing is paid twice. A settler works on SETTLE_CONCURRENCY chunks at once; two
   * servers settling the same period take turns on each chunk (its lock): the second finds it settled.
   * true only for the settler that finished the period.
   */
  async settle(period: LotteryPeriodRow): Promise<boolean> {
    if (!period.seed) throw new Error(`lottery: period ${period.id} has no seed`);
    const game = await lotteryRepository.game(this.deps.db, period.gameCode);
    if (!game) throw new Error(`lottery: game ${period.gameCode} is gone`);
    const family = familyOf(game.family);
    let draw = await drawFromSeed(family.drawSpec, period.seed);
    const at = this.deps.clock.now();
    const late = at.getTime() - period.drawAt.getTime() > LATE_AFTER_MS;
    if (!(await lotteryRepository.recordDraw(this.deps.db, period.id, draw, at, late))) {
      // Drawn before: by another server now, or by a settlement that stopped half-way. Carry on with
      // the recorded draw while the period is still being settled.
      const current = await lotteryRepository.periodById(this.deps.db, period.id);
      if (!current || current.status !== 'closed' || !current.draw) return false;
      draw = current.draw;
    }
    const chunks = await lotteryRepository.chunks(this.deps.db, period.id, this.chunkSize);
    const limit = pLimit(SETTLE_CONCURRENCY);
    let stillSettling = true;
    // Every chunk started has ended (committed or rolled back) before settle() answers; after a chunk
    // fails or finds the period settled elsewhere, the chunks still queued are not started.
    const ran = await Promise.allSettled(
      chunks.map((chunk) =>
        limit(async () => {
          if (!stillSettling) return;
          try {
            const members = await retried(() =>
              this.deps.db.transaction(async (tx) => {
                if (!(await lotteryRepository.lockSettling(tx, period.id, chunk))) return null;
                return this.settleChunk(tx, period, family, draw, at, chunk);
              }),
            );
            if (members === null) stillSettling = false;
            else this.deps.ledger.publishBalances(members);
          } catch (error) {
            stillSettling = false;
            throw error;
          }
        }),
      ),
    );
    const failed = ran.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    if (!stillSettling) return false;
    if (!(await lotteryRepository.finishSettlement(this.deps.db, period.id))) return false;
    this.announce(period, 'settled');
    return true;
  }

  /** After settleWithin's transaction committed: balances and the news pushed. */
  settled(period: LotteryPeriodRow, members: bigint[] | null): boolean {
    if (members === null) return false;
    this.deps.ledger.publishBalances(members);
    this.announce(period, 'settled');
    return true;
  }

  /**
   * Settles a closed period with the given draw inside the caller's transaction (a result two operators
   * entered and confirmed): the members whose balance moved, null when the period was drawn, settled or
   * cancelled already. The same chunks as settle(), in the one transaction.
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
    const members = new Set<bigint>();
    for (const chunk of await lotteryRepository.chunks(tx, period.id, this.chunkSize))
      for (const id of await this.settleChunk(tx, period, family, draw, at, chunk)) members.add(id);
    await lotteryRepository.recordTotals(tx, period.id);
    return [...members];
  }

  /** One chunk's bets judged, settled and paid inside the transaction: the members whose balance moved. */
  private async settleChunk(
    tx: Executor,
    period: LotteryPeriodRow,
    family: LotteryFamily,
    draw: number[],
    at: Date,
    chunk: BetChunk,
  ): Promise<bigint[]> {
    const selections = await lotteryRepository.pendingSelections(tx, period.id, chunk);
    const judged: Judged[] = selections.map(({ betType, selection }) => {
      const judgement = family.judge(betType, selection.split(','), draw);
      return {
        betType,
        selection,
        outcome: judgement.outcome,
        hits: judgement.outcome === 'win' ? judgement.hits : 0,
      };
    });
    const { settled, owed } = await lotteryRepository.applyJudgements(tx, period.id, chunk, judged, at);
    // Nothing pending here (another settler had this chunk): nothing to pay either.
    if (settled === 0) return [];
    const members: bigint[] = [];
    const credit = async (outcome: 'win' | 'tie', kind: 'win' | 'refund', keyPrefix: string) => {
      const items = owed.filter((row) => row.outcome === outcome);
      if (items.length === 0) return;
      const batch = await this.deps.ledger.creditBatch(tx, {
        kind,
        currency: 'REAL',
        from: accountCodes.house,
        actor: 'system:lottery',
        memo: `${period.gameCode} ${period.periodNo}`,
        items: lotteryRepository.creditItems(period.id, items, keyPrefix, periodReference(period)),
      });
      members.push(...batch.memberIds);
    };
    await credit('win', 'win', 'lottery-win:');
    await credit('tie', 'refund', 'lottery-tie:');
    return members;
  }

  /**
   * Cancels a period that has not been drawn and gives every bet its stake back once (one transfer per
   * member, key lottery-refund:<period>:<member>:<first bet>): `cancelled` when the operator voids it,
   * `refunded` by the catch-up rule.
   * false when it was drawn or cancelled already.
   */
  async cancel(period: LotteryPeriodRow, reason: string, status: 'cancelled' | 'refunded'): Promise<boolean> {
    const at = this.deps.clock.now();
    const late = at.getTime() - period.drawAt.getTime() > LATE_AFTER_MS;
    const members = await this.deps.db.transaction(async (tx) => {
      if (!(await lotteryRepository.claimCancel(tx, period.id, reason, at, late))) return null;
      const { owed } = await lotteryRepository.refundPending(tx, period.id, status, at);
      const refunds = await this.deps.ledger.creditBatch(tx, {
        kind: 'refund',
        currency: 'REAL',
        from: accountCodes.house,
        actor: 'system:lottery',
        memo: `${period.gameCode} ${period.periodNo} ${reason}`,
        items: lotteryRepository.creditItems(period.id, owed, 'lottery-refund:', periodReference(period)),
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
