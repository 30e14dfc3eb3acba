import {
  formatMoney,
  type LotteryFollow,
  type LotteryFollowAnswer,
  type LotteryFollowBody,
  type LotteryFollowDetail,
  type Page,
} from '@platform/contract';
import type { Database } from '../../../db/database.js';
import type { AuthenticatedMember } from '../../../lib/caller.js';
import type { Clock } from '../../../lib/clock.js';
import type { ServiceLogger } from '../../../lib/deps.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { Rng } from '../../../lib/rng.js';
import {
  accountCodes,
  holdingAccountKinds,
  type HoldingCheck,
  type LedgerService,
} from '../../wallet/index.js';
import { lotteryRepository, type LotteryGameRow } from '../lottery.repository.js';
import { pageOf, type LotteryService } from '../lottery.service.js';
import { periodAt } from '../periods.js';
import {
  followRepository,
  followRequestId,
  type FollowEndStatus,
  type LotteryFollowRow,
} from './follow.repository.js';

export interface FollowTickOutcome {
  placed: number;
  ended: number;
}

/** Chains looked at per pass; more wait for the next second. */
const CHAINS_PER_TICK = 500;

/**
 * Follow (chained) bets (ADR 062): a member pays for the same slip on N consecutive periods at once;
 * the first is placed with the chain and each later one as its period opens, through the lottery's own
 * checks and caps. The chain ends when its last period is placed (done), after a period with a winning
 * bet if the member asked (won), when the member cancels it (cancelled) or when a period's slip is
 * refused (stopped); an early end refunds the periods never placed, once.
 */
export class LotteryFollowService {
  constructor(
    private readonly deps: {
      db: Database;
      clock: Clock;
      rng: Rng;
      ledger: LedgerService;
      lottery: LotteryService;
      logger: ServiceLogger;
    },
  ) {}

  /**
   * Makes a chain: the first period's slip checked and written, the chain row, and the whole chain's
   * cost debited in one transaction (key lottery-follow:<member>:<requestId>). A repeated requestId
   * answers the first chain; a refused slip or too little money changes nothing.
   */
  async create(member: AuthenticatedMember, body: LotteryFollowBody): Promise<LotteryFollowAnswer> {
    const repeat = await followRepository.byRequest(this.deps.db, member.id, body.requestId);
    if (repeat) return this.answer(member, repeat);
    await this.deps.lottery.assertMayBet(member.id);

    const publicId = newId(this.deps.rng, 'F', 16);
    const slip = await this.deps.lottery.prepareSlip(member.id, {
      gameCode: body.gameCode,
      periodNo: body.periodNo,
      bets: body.bets,
      requestId: followRequestId(publicId, body.periodNo),
    });
    const total = slip.total * BigInt(body.periods);
    // The first period's stake is the house's now; the rest waits, still the member's, until placed.
    const held = total - slip.total;
    const made = await this.deps.db
      .transaction(async (tx) => {
        const inserted = await followRepository.insert(tx, {
          publicId,
          memberId: member.id,
          gameCode: slip.game.code,
          requestId: body.requestId,
          bets: body.bets,
          periodAmount: slip.total,
          periods: body.periods,
          placed: 1,
          stopOnWin: body.stopOnWin,
          status: 'active',
          firstPeriodNo: slip.period.periodNo,
          lastPeriodNo: slip.period.periodNo,
          stakeHeld: true,
          createdAt: slip.now,
        });
        await this.deps.lottery.writeSlip(tx, slip);
        const moved = await this.deps.ledger.transfer(tx, {
          idempotencyKey: `lottery-follow:${member.id}:${body.requestId}`,
          kind: 'bet',
          currency: 'REAL',
          legs: [
            { account: accountCodes.memberMain(member.id), amount: -total },
            { account: accountCodes.house, amount: slip.total },
            ...(held > 0n ? [{ account: accountCodes.lotteryFollowHeld, amount: held }] : []),
          ],
          reference: publicId,
          memo: `${slip.game.code} ${slip.period.periodNo} follow ${body.periods}`,
          actor: `member:${member.publicId}`,
        });
        return { row: inserted, memberIds: moved.memberIds };
      })
      .catch(async (error: unknown) => {
        // The same request twice at once: the second insert meets the first chain's unique key.
        const first = await followRepository.byRequest(this.deps.db, member.id, body.requestId);
        if (first) return { row: first, memberIds: [] as bigint[] };
        throw error;
      });
    this.deps.ledger.publishBalances(made.memberIds);
    return this.answer(member, made.row);
  }

  /** For the ledger's reconciliation: lottery:follow-held holds the active chains' unplaced periods. */
  heldStakeCheck(): HoldingCheck {
    return {
      accountKind: holdingAccountKinds.lotteryFollowHeld,
      owed: async (db) => new Map([[accountCodes.lotteryFollowHeld, await followRepository.heldStake(db)]]),
    };
  }

  /** The member stops the chain: what was never placed comes back once; a chain already ended is INVALID_STATE. */
  async cancel(member: AuthenticatedMember, followId: string): Promise<LotteryFollowAnswer> {
    const row = await followRepository.byPublicId(this.deps.db, member.id, followId);
    if (!row) throw notFound('lottery follow');
    const ended = await this.end(row, 'cancelled', null, `member:${member.publicId}`);
    if (!ended) {
      const now = await followRepository.byPublicId(this.deps.db, member.id, followId);
      throw new AppError('INVALID_STATE', `the chain is ${now?.status ?? row.status}`, undefined, {
        status: now?.status ?? row.status,
      });
    }
    return this.answer(member, ended);
  }

  async list(
    member: AuthenticatedMember,
    query: { gameCode?: string | undefined; pageNo: number; pageSize: number },
  ): Promise<Page<LotteryFollow>> {
    const { rows, total } = await followRepository.memberFollows(
      this.deps.db,
      member.id,
      query.gameCode,
      query.pageSize,
      (query.pageNo - 1) * query.pageSize,
    );
    const list = await Promise.all(rows.map((row) => this.present(row)));
    return pageOf(list, query.pageNo, query.pageSize, total);
  }

  async detail(member: AuthenticatedMember, followId: string): Promise<LotteryFollowDetail> {
    const row = await followRepository.byPublicId(this.deps.db, member.id, followId);
    if (!row) throw notFound('lottery follow');
    return this.detailOf(row);
  }

  /**
   * One pass over the active chains: each whose game has a newer period taking bets gets its slip
   * there. With stopOnWin a chain waits until its placed bets are settled (a win ends it) before it
   * pays for another period; a period that closes meanwhile is skipped, not lost (the chain still
   * places its N slips). The scheduler calls it every second; several servers may (the chain row's
   * lock and the bets' unique key place each period once).
   */
  async tick(): Promise<FollowTickOutcome> {
    const outcome: FollowTickOutcome = { placed: 0, ended: 0 };
    const now = this.deps.clock.now();
    const games = new Map<string, LotteryGameRow | null>();
    for (const chain of await followRepository.active(this.deps.db, CHAINS_PER_TICK)) {
      if (!games.has(chain.gameCode))
        games.set(chain.gameCode, await lotteryRepository.game(this.deps.db, chain.gameCode));
      const game = games.get(chain.gameCode);
      if (!game?.enabled) {
        if (await this.end(chain, 'stopped', 'GAME_DISABLED')) outcome.ended += 1;
        continue;
      }
      const times = periodAt(game, now);
      if (times.periodNo <= chain.lastPeriodNo || now >= times.cutoffAt) continue;
      if (chain.stopOnWin) {
        const standing = await followRepository.outcome(this.deps.db, chain);
        if (standing.won > 0) {
          if (await this.end(chain, 'won', null)) outcome.ended += 1;
          continue;
        }
        if (standing.pending > 0) continue;
      }
      try {
        if (await this.placeNext(chain, times.periodNo)) outcome.placed += 1;
      } catch (error) {
        if (error instanceof AppError && error.code === 'LOTTERY_CLOSED') continue;
        if (error instanceof AppError) {
          // The slip is refused now (a cap, changed limits or odds keys): it would be refused again.
          if (await this.end(chain, 'stopped', error.code)) outcome.ended += 1;
          continue;
        }
        this.deps.logger.warn({ err: error, follow: chain.publicId }, 'lottery follow placement failed');
      }
    }
    return outcome;
  }

  /**
   * Writes the chain's slip on the period under the chain's lock. The member paid at creation: the
   * period's stake moves from the held account to the house in the same transaction, once per period.
   */
  private async placeNext(chain: LotteryFollowRow, periodNo: string): Promise<boolean> {
    const slip = await this.deps.lottery.prepareSlip(chain.memberId, {
      gameCode: chain.gameCode,
      periodNo,
      bets: chain.bets,
      requestId: followRequestId(chain.publicId, periodNo),
    });
    return this.deps.db.transaction(async (tx) => {
      const locked = await followRepository.lockForPlacement(tx, chain.id, periodNo);
      if (!locked) return false;
      await this.deps.lottery.writeSlip(tx, slip);
      await followRepository.markPlaced(tx, chain.id, periodNo, slip.now);
      if (locked.stakeHeld) {
        await this.deps.ledger.transfer(tx, {
          idempotencyKey: `lottery-follow-place:${locked.publicId}:${periodNo}`,
          kind: 'bet',
          currency: 'REAL',
          legs: [
            { account: accountCodes.lotteryFollowHeld, amount: -locked.periodAmount },
            { account: accountCodes.house, amount: locked.periodAmount },
          ],
          reference: locked.publicId,
          memo: `${locked.gameCode} ${periodNo} follow`,
          actor: 'system:lottery',
        });
      }
      return true;
    });
  }

  /** Ends an active chain and refunds its unplaced periods in one transaction; null when it had ended. */
  private async end(
    chain: LotteryFollowRow,
    status: FollowEndStatus,
    reason: string | null,
    actor = 'system:lottery',
  ): Promise<LotteryFollowRow | null> {
    const result = await this.deps.db.transaction(async (tx) => {
      const ended = await followRepository.end(tx, chain.id, status, reason, this.deps.clock.now());
      if (!ended) return null;
      if (ended.refunded === 0n) return { ended, memberIds: [] as bigint[] };
      const moved = await this.deps.ledger.transfer(tx, {
        idempotencyKey: `lottery-follow-refund:${ended.publicId}`,
        kind: 'refund',
        currency: 'REAL',
        legs: [
          {
            account: ended.stakeHeld ? accountCodes.lotteryFollowHeld : accountCodes.house,
            amount: -ended.refunded,
          },
          { account: accountCodes.memberMain(ended.memberId), amount: ended.refunded },
        ],
        reference: ended.publicId,
        memo: `${ended.gameCode} follow ${status}: ${ended.periods - ended.placed} periods`,
        actor,
      });
      return { ended, memberIds: moved.memberIds };
    });
    if (!result) return null;
    this.deps.ledger.publishBalances(result.memberIds);
    return result.ended;
  }

  private async present(row: LotteryFollowRow): Promise<LotteryFollow> {
    const standing = await followRepository.outcome(this.deps.db, row);
    return {
      followId: row.publicId,
      gameCode: row.gameCode,
      status: row.status as LotteryFollow['status'],
      periods: row.periods,
      placed: row.placed,
      stopOnWin: row.stopOnWin,
      firstPeriodNo: row.firstPeriodNo,
      lastPeriodNo: row.lastPeriodNo,
      bets: row.bets,
      periodAmount: formatMoney(row.periodAmount),
      totalAmount: formatMoney(row.periodAmount * BigInt(row.periods)),
      won: formatMoney(standing.credited),
      refunded: formatMoney(row.refunded),
      endReason: row.endReason,
      createdAt: row.createdAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
    };
  }

  private async detailOf(row: LotteryFollowRow): Promise<LotteryFollowDetail> {
    const bets = await followRepository.bets(this.deps.db, row);
    return {
      follow: await this.present(row),
      bets: bets.map(({ bet, period }) => this.deps.lottery.presentBet(bet, period.periodNo)),
    };
  }

  private async answer(member: AuthenticatedMember, row: LotteryFollowRow): Promise<LotteryFollowAnswer> {
    const balance = await this.deps.ledger.balanceOf(this.deps.db, accountCodes.memberMain(member.id));
    return { ...(await this.detailOf(row)), balance: formatMoney(balance) };
  }
}
