import { formatMoney, type Issue, type VnResultEntry } from '@platform/contract';
import type { Database } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { SettingsService } from '../../system/index.js';
import { accountCodes, type LedgerService } from '../../wallet/index.js';
import { VN_FAMILY_CODES } from '../families/vn.js';
import type { LotteryEngine } from '../lottery.engine.js';
import { lotteryRepository, type LotteryGameRow, type LotteryPeriodRow } from '../lottery.repository.js';
import { correctionOf, type SettledVnBet } from './correction.js';
import { digitsOf, resultFromDigits, VN_REGIONS, type VnRegion } from './regions.js';
import { validateVnResult, type VnResultProblem } from './validate.js';
import { vnResultsRepository, type VnResultRow } from './vn-results.repository.js';
import { isVnBetType } from './bets.js';

const regionOfFamily = new Map<string, VnRegion>(
  VN_REGIONS.map((region) => [VN_FAMILY_CODES[region], region]),
);

/** A structure problem as the caller sees it: the tier (and number) it is about, with the expected digits. */
function issueOf(problem: VnResultProblem): Issue {
  switch (problem.code) {
    case 'TIER_COUNT':
      return {
        path: 'tiers',
        message: 'vnResult.tierCount',
        params: { expected: problem.expected, actual: problem.actual },
      };
    case 'NUMBER_COUNT':
      return {
        path: `tiers.${problem.tier}`,
        message: 'vnResult.numberCount',
        params: { expected: problem.expected, actual: problem.actual },
      };
    case 'NUMBER_FORMAT':
      return {
        path: `tiers.${problem.tier}.${problem.index}`,
        message: 'vnResult.digits',
        params: { digits: problem.digits, value: problem.value },
      };
  }
}

/**
 * The daily regional VN draws' results (ADR 060): one operator enters a result, checked against the
 * region's structure with every problem named; a different operator confirms it, which settles the
 * period through the engine's settlement with the entered digits. A result entered for a period that
 * settled already is a correction: confirmed the same way, it judges every bet again and moves only
 * the difference through the ledger (keys lottery-vn-correction:<bet>:<revision>); a debit takes at
 * most the member's balance and records the rest as the correction's shortfall for the operator.
 */
export class VnResultsService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      ledger: LedgerService;
      engine: LotteryEngine;
      settings: Pick<SettingsService, 'get'>;
    },
  ) {}

  /**
   * The rule for a daily draw whose result never comes (ADR 063): a period with no confirmed result
   * `lottery.enteredResultVoidHours` after its draw time is cancelled through the engine's own void
   * (every bet refunded once, status refunded). An entry still waiting for its second operator is
   * dropped with it (its confirmation is then refused). Returns how many periods it cancelled.
   */
  async voidOverdue(): Promise<number> {
    const hours = await this.deps.settings.get('lottery.enteredResultVoidHours');
    const before = new Date(this.deps.clock.now().getTime() - hours * 3_600_000);
    let cancelled = 0;
    for (const period of await vnResultsRepository.overdueEnteredPeriods(this.deps.db, before))
      if (await this.deps.engine.cancel(period, `no official result ${hours} h after the draw`, 'refunded'))
        cancelled += 1;
    return cancelled;
  }

  private async dailyPeriod(
    gameCode: string,
    periodNo: string,
  ): Promise<{ game: LotteryGameRow; region: VnRegion; period: LotteryPeriodRow }> {
    const game = await lotteryRepository.game(this.deps.db, gameCode);
    const region = game ? regionOfFamily.get(game.family) : undefined;
    if (!game || !region || !game.enteredResults) throw notFound('daily Vietnamese lottery game');
    const period = await lotteryRepository.period(this.deps.db, gameCode, periodNo);
    if (!period) throw notFound('lottery period');
    return { game, region, period };
  }

  private present(row: VnResultRow, gameCode: string, periodNo: string): VnResultEntry {
    return {
      gameCode,
      periodNo,
      revision: row.revision,
      tiers: row.tiers,
      state: row.confirmedBy ? 'confirmed' : 'entered',
      enteredBy: row.enteredBy,
      enteredAt: row.enteredAt.toISOString(),
      confirmedBy: row.confirmedBy,
      confirmedAt: row.confirmedAt?.toISOString() ?? null,
      correction:
        row.credited !== null && row.debited !== null && row.shortfall !== null
          ? {
              credited: formatMoney(row.credited),
              debited: formatMoney(row.debited),
              shortfall: formatMoney(row.shortfall),
            }
          : null,
    };
  }

  async entries(gameCode: string, periodNo: string): Promise<VnResultEntry[]> {
    const { period } = await this.dailyPeriod(gameCode, periodNo);
    const rows = await vnResultsRepository.entries(this.deps.db, period.id);
    return rows.map((row) => this.present(row, gameCode, periodNo));
  }

  /**
   * Betting closes at the cut-off, but the official result exists only from the draw time on (15 minutes
   * later for the daily games): a result entered or confirmed in between could only be a guess, and a
   * confirmation pays it out.
   */
  private refuseBeforeDraw(period: LotteryPeriodRow, now: Date): void {
    if (now < period.drawAt)
      throw new AppError(
        'INVALID_STATE',
        `period ${period.periodNo} draws at ${period.drawAt.toISOString()}; its result can be entered and confirmed from then`,
        undefined,
        { status: period.status, drawAt: period.drawAt.toISOString() },
      );
  }

  /** Enters a result (or a correction of a settled one); an unconfirmed entry is entered over. */
  async enter(
    actor: string,
    body: { gameCode: string; periodNo: string; tiers: string[][] },
  ): Promise<VnResultEntry> {
    const { region, period } = await this.dailyPeriod(body.gameCode, body.periodNo);
    const check = validateVnResult(region, body.tiers);
    if (!check.ok)
      throw new AppError(
        'VALIDATION_FAILED',
        `the result does not have the ${region} structure`,
        check.problems.map(issueOf),
      );
    const now = this.deps.clock.now();
    if (period.status === 'cancelled')
      throw new AppError('INVALID_STATE', `period ${body.periodNo} was cancelled`);
    this.refuseBeforeDraw(period, now);
    const row = await vnResultsRepository.enter(this.deps.db, {
      periodId: period.id,
      revision: await vnResultsRepository.nextRevision(this.deps.db, period.id),
      tiers: check.result.tiers.map((numbers) => [...numbers]),
      digits: digitsOf(check.result),
      enteredBy: actor,
      enteredAt: now,
    });
    if (!row) throw new AppError('CONFLICT', 'the result was confirmed meanwhile; enter a correction');
    return this.present(row, body.gameCode, body.periodNo);
  }

  /** A second operator confirms the waiting entry: the period settles, or a correction re-settles. */
  async confirm(actor: string, body: { gameCode: string; periodNo: string }): Promise<VnResultEntry> {
    const { game, region, period } = await this.dailyPeriod(body.gameCode, body.periodNo);
    const now = this.deps.clock.now();
    // An entry older than this rule, or made on a server whose clock ran ahead, must not pay out early.
    this.refuseBeforeDraw(period, now);
    const { row, members } = await this.deps.db.transaction(async (tx) => {
      const entry = await vnResultsRepository.pendingForUpdate(tx, period.id);
      if (!entry) throw new AppError('INVALID_STATE', 'no entered result waits for confirmation');
      if (entry.enteredBy === actor)
        throw new AppError(
          'FORBIDDEN',
          'a result is confirmed by another operator than the one who entered it',
        );
      const current = await vnResultsRepository.periodForUpdate(tx, period.id);
      if (!current) throw notFound('lottery period');

      if (entry.revision === 0) {
        if (current.status === 'open') await lotteryRepository.close(tx, current.id, now);
        const moved = await this.deps.engine.settleWithin(
          tx,
          { ...current, status: 'closed' },
          game.family,
          entry.digits,
          true,
        );
        if (moved === null)
          throw new AppError('INVALID_STATE', `period ${body.periodNo} is ${current.status}`);
        const confirmed = await vnResultsRepository.confirm(tx, entry.id, actor, now);
        if (!confirmed) throw new AppError('CONFLICT', 'the result was confirmed meanwhile');
        return { row: confirmed, members: moved };
      }

      if (current.status !== 'settled')
        throw new AppError('INVALID_STATE', `period ${body.periodNo} is ${current.status}`);
      const bets = await vnResultsRepository.settledBets(tx, period.id);
      const byId = new Map(bets.map((bet) => [bet.id, bet]));
      const settled: SettledVnBet[] = bets.flatMap((bet) =>
        isVnBetType(bet.betType)
          ? [
              {
                id: bet.id,
                betType: bet.betType,
                selection: bet.selection.split(','),
                odds: bet.odds,
                stake: bet.stake,
                win: bet.win,
              },
            ]
          : [],
      );
      const { changed } = correctionOf(settled, resultFromDigits(region, entry.digits));
      let credited = 0n;
      let debited = 0n;
      let shortfall = 0n;
      const members = new Set<bigint>();
      const memo = `${game.code} ${period.periodNo} correction ${entry.revision}`;
      for (const change of changed) {
        const bet = byId.get(change.id);
        if (!bet) continue;
        await vnResultsRepository.rejudgeBet(tx, bet.id, {
          status: change.status,
          hits: change.hits,
          win: change.win,
        });
        const key = `lottery-vn-correction:${bet.publicId}:${entry.revision}`;
        const account = accountCodes.memberMain(bet.memberId);
        let amount = change.delta;
        if (amount < 0n) {
          // Only what the member holds can be taken back; the rest is the operator's to recover.
          const balance = await this.deps.ledger.balanceOf(tx, account);
          const take = balance < -amount ? balance : -amount;
          shortfall += -amount - take;
          amount = -take;
        }
        if (amount === 0n) continue;
        const moved = await this.deps.ledger.transfer(tx, {
          idempotencyKey: key,
          kind: amount > 0n ? 'win' : 'adjustment',
          currency: 'REAL',
          legs: [
            { account, amount },
            { account: accountCodes.house, amount: -amount },
          ],
          reference: bet.publicId,
          memo,
          actor: 'system:lottery',
        });
        if (amount > 0n) credited += amount;
        else debited += -amount;
        for (const id of moved.memberIds) members.add(id);
      }
      await vnResultsRepository.redraw(tx, period.id, entry.digits);
      await lotteryRepository.recordTotals(tx, period.id);
      const confirmed = await vnResultsRepository.confirm(tx, entry.id, actor, now, {
        credited,
        debited,
        shortfall,
      });
      if (!confirmed) throw new AppError('CONFLICT', 'the result was confirmed meanwhile');
      return { row: confirmed, members: [...members] };
    });
    this.deps.engine.settled(period, members);
    return this.present(row, body.gameCode, body.periodNo);
  }
}
