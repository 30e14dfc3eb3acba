import {
  formatMoney,
  parseMoney,
  type LotteryBet,
  type LotteryGame,
  type LotteryGameInfo,
  type LotteryPeriod,
  type LotterySlip,
  type LotterySlipBody,
  type Page,
} from '@platform/contract';
import type { Database, Executor } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Rng } from '../../lib/rng.js';
import type { MemberService } from '../member/index.js';
import type { SettingsService } from '../system/index.js';
import { accountCodes, type LedgerService } from '../wallet/index.js';
import type { LotteryFamily } from './families/family.js';
import { familyOf } from './families/registry.js';
import { LATE_AFTER_MS, type LotteryEngine } from './lottery.engine.js';
import {
  lotteryRepository,
  type LotteryBetRow,
  type LotteryGameRow,
  type LotteryPeriodRow,
  type NewLotteryBet,
} from './lottery.repository.js';
import { nextPeriod, periodAt } from './periods.js';

/** Milli-odds as decimal text: 1980 -> "1.98", 9800 -> "9.8", 209000 -> "209". */
export function oddsText(milli: number): string {
  const whole = Math.floor(milli / 1000);
  const fraction = String(milli % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** What a bet wins if it wins once: floor(stake * odds / 1000). */
export const potentialWinOf = (stake: bigint, odds: number): bigint => (stake * BigInt(odds)) / 1000n;

/** A slip checked and ready to write (LotteryService.prepareSlip). */
export interface PreparedSlip {
  game: LotteryGameRow;
  period: LotteryPeriodRow;
  bets: NewLotteryBet[];
  /** what the slip costs, minor units */
  total: bigint;
  now: Date;
  perNumberCap: bigint;
  perPeriodCap: bigint;
}

export function pageOf<T>(list: T[], pageNo: number, pageSize: number, totalCount: number): Page<T> {
  return { list, pageNo, pageSize, totalCount, totalPages: Math.max(1, Math.ceil(totalCount / pageSize)) };
}

/**
 * What players and operators ask of the lottery: games and their open period, results with proofs,
 * placing a slip of bets, their bets, exposure, voiding a period.
 */
export class LotteryService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      rng: Rng;
      settings: Pick<SettingsService, 'get' | 'all'>;
      ledger: LedgerService;
      engine: LotteryEngine;
      /** refuses a new bet of a member whose betting staff suspended (BETTING_SUSPENDED) */
      members: Pick<MemberService, 'assertMayBet'>;
    },
  ) {}

  presentGame(row: LotteryGameRow): LotteryGame {
    return {
      gameCode: row.code,
      family: row.family,
      gameType: row.category,
      gameName: row.name,
      intervalSeconds: row.intervalSeconds,
      cutoffSeconds: row.cutoffSeconds,
    };
  }

  /** `entered`: the game's results are entered by operators (a daily VN draw, ADR 060). */
  presentPeriod(row: LotteryPeriodRow, family: LotteryFamily, entered = false): LotteryPeriod {
    const now = this.deps.clock.now().getTime();
    const settled = row.status === 'settled' && row.draw !== null;
    const presentation = settled && family.present ? family.present(row.draw as number[]) : null;
    const status = row.status as LotteryPeriod['status'];
    const state: LotteryPeriod['state'] =
      status === 'open' || row.status === 'closed'
        ? entered && now >= row.drawAt.getTime()
          ? 'awaiting'
          : now >= row.drawAt.getTime() + LATE_AFTER_MS
            ? 'delayed'
            : now >= row.drawAt.getTime()
              ? 'drawing'
              : status === 'open' && now >= row.cutoffAt.getTime()
                ? 'closed'
                : status
        : status;
    return {
      gameCode: row.gameCode,
      periodNo: row.periodNo,
      opensAt: row.opensAt.toISOString(),
      cutoffAt: row.cutoffAt.toISOString(),
      drawAt: row.drawAt.toISOString(),
      status,
      state,
      seedHash: row.seedHash,
      seed: settled ? row.seed : null,
      committedAt: row.committedAt?.toISOString() ?? null,
      draw: settled ? row.draw : null,
      groups:
        presentation?.groups ??
        (settled ? [{ name: 'numbers', numbers: (row.draw ?? []).map(String) }] : null),
      facts: presentation?.facts ?? null,
      drawnAt: row.drawnAt?.toISOString() ?? null,
      late: row.late,
      cancelReason: row.cancelReason,
    };
  }

  private async enabledGame(code: string): Promise<LotteryGameRow> {
    const game = await lotteryRepository.game(this.deps.db, code);
    if (!game || !game.enabled) throw notFound('lottery game');
    return game;
  }

  async menus(prizeMode: string | undefined) {
    const games = (await lotteryRepository.games(this.deps.db)).filter((game) => game.enabled);
    const types = [...new Set(games.map((game) => game.category))];
    return {
      prizeMode: (prizeMode ?? (await this.deps.settings.get('lottery.prizeMode'))) as
        'Lott' | 'ZY' | 'Elott' | 'SEA',
      menus: types.map((gameType) => ({
        gameType,
        games: games.filter((game) => game.category === gameType).map((game) => this.presentGame(game)),
      })),
    };
  }

  async popular(count: number): Promise<LotteryGame[]> {
    const since = new Date(this.deps.clock.now().getTime() - 86_400_000);
    const rows = await lotteryRepository.popular(this.deps.db, since, count);
    const games = new Map((await lotteryRepository.games(this.deps.db)).map((game) => [game.code, game]));
    return rows.flatMap((row) => {
      const game = games.get(row.game_code);
      return game ? [this.presentGame(game)] : [];
    });
  }

  /** The period taking bets now (made if no tick has made it yet). */
  private async currentPeriod(game: LotteryGameRow): Promise<LotteryPeriodRow> {
    const times = periodAt(game, this.deps.clock.now());
    let row = await lotteryRepository.period(this.deps.db, game.code, times.periodNo);
    if (!row) {
      await lotteryRepository.ensurePeriod(this.deps.db, game.code, times);
      row = await lotteryRepository.period(this.deps.db, game.code, times.periodNo);
    }
    if (!row) throw new Error('lottery: the current period could not be made');
    return row;
  }

  async gameInfo(gameCode: string): Promise<LotteryGameInfo> {
    const game = await this.enabledGame(gameCode);
    const family = familyOf(game.family);
    const settings = await this.deps.settings.all();
    const overrides = settings['lottery.odds'][family.code] ?? {};
    const now = this.deps.clock.now();
    const current = await this.currentPeriod(game);
    const previousTimes = periodAt(game, new Date(current.opensAt.getTime() - 1));
    const previous = await lotteryRepository.period(this.deps.db, game.code, previousTimes.periodNo);
    return {
      game: this.presentGame(game),
      drawSpec: family.drawSpec,
      betTypes: Object.values(family.betTypes).map((type) => ({
        betType: type.code,
        odds: Object.fromEntries(
          Object.entries(type.defaultOdds).map(([key, odds]) => [
            key,
            oddsText(overrides[type.code]?.[key] ?? odds),
          ]),
        ),
      })),
      minBet: settings['lottery.limits'].minBet,
      maxBet: settings['lottery.limits'].maxBet,
      current: this.presentPeriod(current, family, game.enteredResults),
      previous: previous ? this.presentPeriod(previous, family, game.enteredResults) : null,
      serverTime: now.toISOString(),
    };
  }

  async results(gameCode: string, pageNo: number, pageSize: number): Promise<Page<LotteryPeriod>> {
    const game = await this.enabledGame(gameCode);
    const family = familyOf(game.family);
    const { rows, total } = await lotteryRepository.results(
      this.deps.db,
      game.code,
      pageSize,
      (pageNo - 1) * pageSize,
    );
    return pageOf(
      rows.map((row) => this.presentPeriod(row, family, game.enteredResults)),
      pageNo,
      pageSize,
      total,
    );
  }

  async period(gameCode: string, periodNo: string): Promise<LotteryPeriod> {
    const game = await lotteryRepository.game(this.deps.db, gameCode);
    if (!game) throw notFound('lottery game');
    const row = await lotteryRepository.period(this.deps.db, gameCode, periodNo);
    if (!row) throw notFound('lottery period');
    return this.presentPeriod(row, familyOf(game.family), game.enteredResults);
  }

  /**
   * Refuses a new slip or follow chain of a member whose betting staff suspended (BETTING_SUSPENDED).
   * A chain made before goes on: its money was taken when it was made.
   */
  async assertMayBet(memberId: bigint): Promise<void> {
    await this.deps.members.assertMayBet(this.deps.db, memberId);
  }

  /**
   * Places a slip: every bet checked by the family and the limits first, then in one transaction the
   * bets written, the period's and each number's possible payout raised within their caps (the
   * period row's lock orders the slip against the cut-off), and the slip's total debited through the
   * ledger under lottery-slip:<member>:<requestId>. A repeated requestId answers the first slip.
   */
  async place(member: AuthenticatedMember, body: LotterySlipBody): Promise<LotterySlip> {
    const repeat = await lotteryRepository.slip(this.deps.db, member.id, body.requestId);
    if (repeat.length > 0) return this.slipAnswer(member, repeat);
    await this.assertMayBet(member.id);

    const slip = await this.prepareSlip(member.id, body);
    const { rows, memberIds } = await this.deps.db.transaction(async (tx) => {
      const inserted = await this.writeSlip(tx, slip);
      const moved = await this.deps.ledger.transfer(tx, {
        idempotencyKey: `lottery-slip:${member.id}:${body.requestId}`,
        kind: 'bet',
        currency: 'REAL',
        legs: [
          { account: accountCodes.memberMain(member.id), amount: -slip.total },
          { account: accountCodes.house, amount: slip.total },
        ],
        reference: inserted[0]?.publicId ?? null,
        memo: `${slip.game.code} ${slip.period.periodNo}`,
        actor: `member:${member.publicId}`,
      });
      return { rows: inserted, memberIds: moved.memberIds };
    });
    this.deps.ledger.publishBalances(memberIds);
    return this.slipAnswer(member, rows);
  }

  /**
   * Checks a slip against the game, its open period, the family's rules and the limits; nothing is
   * written. The bets come back ready to insert (follow bets reuse this for each period, ADR 062).
   */
  async prepareSlip(memberId: bigint, body: LotterySlipBody): Promise<PreparedSlip> {
    const game = await this.enabledGame(body.gameCode);
    const family = familyOf(game.family);
    const settings = await this.deps.settings.all();
    const limits = settings['lottery.limits'];
    const overrides = settings['lottery.odds'][family.code] ?? {};
    const [minBet, maxBet] = [parseMoney(limits.minBet), parseMoney(limits.maxBet)];
    const now = this.deps.clock.now();

    const times = periodAt(game, now);
    if (body.periodNo !== times.periodNo || now >= times.cutoffAt)
      throw new AppError('LOTTERY_CLOSED', `period ${body.periodNo} is not taking bets`);
    const period = await this.currentPeriod(game);

    const bets: NewLotteryBet[] = body.bets.map((bet, index) => {
      const checked = family.betTypes[bet.betType]
        ? family.check(bet.betType, bet.selection)
        : { ok: false as const, reason: `unknown bet type ${bet.betType}` };
      if (!checked.ok)
        throw new AppError('LOTTERY_BET_INVALID', checked.reason, undefined, {
          index,
          reason: checked.reason,
        });
      const stake = parseMoney(bet.stake);
      const amount = stake * BigInt(checked.units);
      if (stake < minBet || amount > maxBet)
        throw new AppError('AMOUNT_OUT_OF_RANGE', `bet ${index}: from ${limits.minBet} to ${limits.maxBet}`);
      const defaults = family.betTypes[bet.betType]?.defaultOdds ?? {};
      const odds = overrides[bet.betType]?.[checked.oddsKey] ?? defaults[checked.oddsKey];
      if (odds === undefined) throw new Error(`lottery: no odds for ${bet.betType} ${checked.oddsKey}`);
      const selection = checked.selection.join(',');
      return {
        publicId: newId(this.deps.rng, 'L', 16),
        memberId,
        periodId: period.id,
        gameCode: game.code,
        requestId: body.requestId,
        slipIndex: index,
        betType: bet.betType,
        selection,
        odds,
        units: checked.units,
        stake,
        amount,
        exposureKey: checked.exposureKey ?? `${bet.betType}:${selection}`,
        status: 'pending',
        createdAt: now,
      };
    });
    const total = bets.reduce((sum, bet) => sum + (bet.amount as bigint), 0n);
    return {
      game,
      period,
      bets,
      total,
      now,
      perNumberCap: parseMoney(limits.maxPayoutPerNumber),
      perPeriodCap: parseMoney(limits.maxPayoutPerPeriod),
    };
  }

  /**
   * Writes a prepared slip inside the caller's transaction: the period's and each number's possible
   * payout raised within their caps, then the bets. No money moves here: the caller pays for it.
   */
  async writeSlip(tx: Executor, slip: PreparedSlip): Promise<LotteryBetRow[]> {
    const { period, bets, total, now } = slip;
    const potentialOf = (bet: NewLotteryBet) => potentialWinOf(bet.stake as bigint, bet.odds);
    const added = await lotteryRepository.addToPeriod(
      tx,
      period.id,
      { bets: bets.length, stake: total, potential: bets.reduce((sum, bet) => sum + potentialOf(bet), 0n) },
      now,
      slip.perPeriodCap,
    );
    if (added === 'closed')
      throw new AppError('LOTTERY_CLOSED', `period ${period.periodNo} is not taking bets`);
    if (added === 'cap')
      throw new AppError('PAYOUT_CAP_REACHED', 'the period has reached its payout cap', undefined, {
        index: 0,
        scope: 'period',
      });
    for (const [index, bet] of bets.entries()) {
      const within = await lotteryRepository.addExposure(
        tx,
        period.id,
        bet.exposureKey,
        { stake: bet.amount as bigint, potential: potentialOf(bet) },
        slip.perNumberCap,
      );
      if (!within)
        throw new AppError(
          'PAYOUT_CAP_REACHED',
          `bet ${index}: the number has reached its payout cap`,
          undefined,
          {
            index,
            scope: 'number',
          },
        );
    }
    return lotteryRepository.insertBets(tx, bets);
  }

  private async slipAnswer(member: AuthenticatedMember, rows: LotteryBetRow[]): Promise<LotterySlip> {
    const period = rows[0] ? await lotteryRepository.periodById(this.deps.db, rows[0].periodId) : null;
    const balance = await this.deps.ledger.balanceOf(this.deps.db, accountCodes.memberMain(member.id));
    return {
      bets: rows.map((row) => this.presentBet(row, period?.periodNo ?? '')),
      totalStake: formatMoney(rows.reduce((sum, row) => sum + row.amount, 0n)),
      balance: formatMoney(balance),
    };
  }

  presentBet(row: LotteryBetRow, periodNo: string): LotteryBet {
    return {
      betId: row.publicId,
      gameCode: row.gameCode,
      periodNo,
      betType: row.betType,
      selection: row.selection.split(','),
      odds: oddsText(row.odds),
      units: row.units,
      stake: formatMoney(row.stake),
      amount: formatMoney(row.amount),
      potentialWin: formatMoney(potentialWinOf(row.stake, row.odds)),
      status: row.status as LotteryBet['status'],
      hits: row.hits,
      win: formatMoney(row.win),
      placedAt: row.createdAt.toISOString(),
      settledAt: row.settledAt?.toISOString() ?? null,
    };
  }

  async bets(
    member: AuthenticatedMember,
    query: { gameCode?: string | undefined; periodNo?: string | undefined; pageNo: number; pageSize: number },
  ): Promise<Page<LotteryBet>> {
    const { rows, total } = await lotteryRepository.memberBets(
      this.deps.db,
      member.id,
      query,
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    );
    return pageOf(
      rows.map(({ bet, period }) => this.presentBet(bet, period.periodNo)),
      query.pageNo,
      query.pageSize,
      total,
    );
  }

  async betDetail(member: AuthenticatedMember, betId: string) {
    const row = await lotteryRepository.betByPublicId(this.deps.db, betId);
    if (!row || row.bet.memberId !== member.id) throw notFound('lottery bet');
    const game = await lotteryRepository.game(this.deps.db, row.bet.gameCode);
    if (!game) throw notFound('lottery game');
    return {
      bet: this.presentBet(row.bet, row.period.periodNo),
      period: this.presentPeriod(row.period, familyOf(game.family), game.enteredResults),
    };
  }

  async exposure(gameCode: string, periodNo: string) {
    const period = await lotteryRepository.period(this.deps.db, gameCode, periodNo);
    if (!period) throw notFound('lottery period');
    const numbers = await lotteryRepository.exposure(this.deps.db, period.id);
    return {
      gameCode,
      periodNo,
      potentialPayout: formatMoney(period.potentialPayout),
      stakeTotal: formatMoney(period.stakeTotal),
      numbers: numbers.map((row) => ({
        key: row.exposureKey,
        bets: row.betCount,
        stake: formatMoney(row.stakeTotal),
        potentialPayout: formatMoney(row.potentialPayout),
      })),
    };
  }

  /** The operator voids a period not drawn yet: every bet refunded once (status cancelled). */
  async voidPeriod(gameCode: string, periodNo: string, reason: string): Promise<LotteryPeriod> {
    const game = await lotteryRepository.game(this.deps.db, gameCode);
    if (!game) throw notFound('lottery game');
    const period = await lotteryRepository.period(this.deps.db, gameCode, periodNo);
    if (!period) throw notFound('lottery period');
    if (period.status === 'settled' || period.status === 'cancelled')
      throw new AppError('INVALID_STATE', `period ${periodNo} is ${period.status}`);
    if (!(await this.deps.engine.cancel(period, `void: ${reason}`, 'cancelled')))
      throw new AppError('INVALID_STATE', `period ${periodNo} was drawn or cancelled meanwhile`);
    return this.period(gameCode, periodNo);
  }

  /** For the page: the next period's times without a database row. */
  upcoming(game: LotteryGameRow) {
    return nextPeriod(game, periodAt(game, this.deps.clock.now()));
  }
}
