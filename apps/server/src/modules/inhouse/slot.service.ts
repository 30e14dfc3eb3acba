import {
  formatMoney,
  INHOUSE_VENDOR,
  parseMoney,
  SLOT_RECENT_ROUNDS,
  type SlotBetSetting,
  type SlotInfo,
  type SlotRecentRound,
  type SlotRound,
  type SlotSpinBody,
} from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, invalid } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Rng } from '../../lib/rng.js';
import type { GameCatalogueService } from '../game/index.js';
import type { SettingsService } from '../system/index.js';
import type { InhouseWallet } from './inhouse-wallet.js';
import { playRound, evaluateSpin, type RoundEvaluation } from './slot/evaluate.js';
import {
  FREE_SPIN_MULTIPLIER,
  freeSpinAwards,
  linePays,
  paylines,
  SCATTER,
  scatterPays,
  slotSymbols,
  WILD,
} from './slot/machine.js';
import { slotVariants, type SlotVariant } from './slot/variants.js';
import { slotRepository as repo, type SlotRoundRow } from './slot.repository.js';
import { roundDetail, roundView, roundWin } from './slot-view.js';

export interface SlotServiceDeps {
  db: Database;
  clock: Clock;
  rng: Rng;
  settings: Pick<SettingsService, 'get'>;
  catalogue: Pick<GameCatalogueService, 'playableGame'>;
  wallet: Pick<InhouseWallet, 'bet' | 'win'>;
}

const SLOT_NODE = `${INHOUSE_VENDOR}-slot`;

/** Wallet refusals that mean the bet was never placed: the round's claim is dropped, nothing remains. */
const NEVER_PLACED = new Set([
  'INSUFFICIENT_FUNDS',
  'NEED_REAL_ACCOUNT',
  'FORBIDDEN',
  'UNAUTHORIZED',
  'FEATURE_DISABLED',
]);

/**
 * Royal Bengal Reels, our slot (ADR 026). A real-money round is drawn whole before any money moves (the
 * paid spin and every free spin it wins, from crypto.randomInt stops), claimed under the member's request
 * id, then settled through the seamless wallet in process: one bet, then one win of the round's total that
 * closes it and carries its detail. The free spins are played by the server at once, so there is nothing
 * for the player to wait for between them and no reason to split their pay over several wins: one win
 * keeps the round atomic in the betting record (bet, win, closed) and costs one ledger movement.
 *
 * Free play (FREEPLAY3) plays the same game with money the page keeps: nothing is written.
 */
export class SlotService {
  constructor(private readonly deps: SlotServiceDeps) {}

  async info(): Promise<SlotInfo> {
    const [variant, bets, whitelabel, playMoney] = await Promise.all([
      this.variant(),
      this.deps.settings.get('inhouse.slot.bets'),
      this.deps.settings.get('site.whitelabel'),
      this.deps.settings.get('trial.demoBalance'),
    ]);
    const scatterFrom = 3;
    return {
      statedRtp: variant.statedRtp,
      rtpVariant: variant.id,
      betSteps: stepsWithin(bets).map(formatMoney),
      minBet: formatMoney(parseMoney(bets.min)),
      maxBet: formatMoney(parseMoney(bets.max)),
      paylines: paylines.map((line) => [...line]),
      linePays: Object.entries(linePays).map(([symbol, pays]) => ({
        symbol: symbol as keyof typeof linePays,
        pays: [...pays],
      })),
      wild: slotSymbols[WILD] as SlotInfo['wild'],
      scatter: slotSymbols[SCATTER] as SlotInfo['scatter'],
      scatterPays: scatterPays.slice(scatterFrom, scatterFrom + 3),
      freeSpinAwards: freeSpinAwards.slice(scatterFrom, scatterFrom + 3),
      freeSpinMultiplier: FREE_SPIN_MULTIPLIER,
      freePlay: whitelabel.FREEPLAY3,
      freePlayBalance: formatMoney(parseMoney(playMoney)),
    };
  }

  /** A real-money round for a member (the route admits real accounts only). */
  async spin(member: AuthenticatedMember, body: SlotSpinBody): Promise<SlotRound> {
    const bet = parseMoney(body.bet);
    const [variant] = await Promise.all([this.variant(), this.checkBet(bet), this.playable()]);
    const round = playRound(variant.strips, (length) => this.deps.rng.int(0, length));
    const claimed = await repo.claim(this.deps.db, {
      publicId: newId(this.deps.rng, 'slr'),
      memberId: member.id,
      requestId: body.requestId,
      variant: variant.id,
      bet,
      win: roundWin(round, bet),
      stops: [round.base.stops, ...round.free.map((spin) => spin.stops)],
      freeSpins: round.free.length,
      status: 'open',
      createdAt: this.deps.clock.now(),
    });
    if (claimed) return this.settle(member, claimed, round);
    // The request id already has its round: a retry is answered by it, whatever was drawn just now.
    const earlier = await repo.byRequest(this.deps.db, member.id, body.requestId);
    if (!earlier)
      throw new AppError('INVALID_STATE', 'the round of this request went away', undefined, {
        status: 'gone',
      });
    if (earlier.bet !== bet) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 'this request id was used for another bet');
    }
    return this.settle(member, earlier, replay(earlier));
  }

  /** Free play: the same game, nothing staked, paid or written. */
  async freeSpin(body: { bet: string }): Promise<SlotRound> {
    const bet = parseMoney(body.bet);
    const whitelabel = await this.deps.settings.get('site.whitelabel');
    if (!whitelabel.FREEPLAY3) throw new AppError('FEATURE_DISABLED', 'free play is off');
    const [variant] = await Promise.all([this.variant(), this.checkBet(bet), this.playable()]);
    const round = playRound(variant.strips, (length) => this.deps.rng.int(0, length));
    return roundView(round, bet, { roundId: null, balance: null });
  }

  async recent(member: AuthenticatedMember): Promise<SlotRecentRound[]> {
    const rows = await repo.recent(this.deps.db, member.id, SLOT_RECENT_ROUNDS);
    return rows.map((row) => ({
      roundId: row.publicId,
      bet: formatMoney(row.bet),
      win: formatMoney(row.win),
      freeSpins: row.freeSpins,
      playedAt: row.createdAt.toISOString(),
    }));
  }

  /**
   * The claimed round's bet and win through the wallet. Each movement's transaction id is the round's own,
   * so settling a round again (a retried request) repeats nothing: the wallet answers the first result.
   */
  private async settle(
    member: AuthenticatedMember,
    row: SlotRoundRow,
    round: RoundEvaluation,
  ): Promise<SlotRound> {
    const roundRef = `slot-${row.publicId}`;
    const common = { playerId: member.publicId, gameCode: 'slot' as const, round: roundRef };
    if (row.status === 'cancelled') {
      throw new AppError('INVALID_STATE', 'this round was cancelled and its bet refunded', undefined, {
        status: 'cancelled',
      });
    }
    try {
      await this.deps.wallet.bet({
        ...common,
        transactionId: `${roundRef}:bet`,
        amount: row.bet,
        roundClosed: false,
      });
    } catch (error) {
      if (error instanceof AppError && NEVER_PLACED.has(error.code)) await repo.forget(this.deps.db, row.id);
      else if (error instanceof AppError && error.code === 'INVALID_STATE') {
        await repo.close(this.deps.db, row.id, 'cancelled', this.deps.clock.now());
      }
      throw error;
    }
    const view = roundView(round, row.bet, { roundId: row.publicId, balance: null });
    let balance: bigint;
    try {
      ({ balance } = await this.deps.wallet.win({
        ...common,
        transactionId: `${roundRef}:win`,
        betTransactionId: `${roundRef}:bet`,
        amount: row.win,
        roundClosed: true,
        detail: roundDetail(view),
      }));
    } catch (error) {
      // The wallet closed the round without us (the round-timeout job refunded the bet).
      if (error instanceof AppError && error.code === 'INVALID_STATE') {
        await repo.close(this.deps.db, row.id, 'cancelled', this.deps.clock.now());
      }
      throw error;
    }
    if (row.status === 'open') await repo.close(this.deps.db, row.id, 'settled', this.deps.clock.now());
    return { ...view, balance: formatMoney(balance) };
  }

  private async variant(): Promise<SlotVariant> {
    return slotVariants[await this.deps.settings.get('inhouse.slot.rtpVariant')];
  }

  /** Within the operator's limits, and one of the operator's steps. */
  private async checkBet(bet: bigint): Promise<void> {
    const bets = await this.deps.settings.get('inhouse.slot.bets');
    const min = parseMoney(bets.min);
    const max = parseMoney(bets.max);
    if (bet < min || bet > max) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', 'the bet is outside the limits', undefined, {
        min: formatMoney(min),
        max: formatMoney(max),
      });
    }
    if (!stepsWithin(bets).includes(bet)) {
      throw invalid([
        {
          path: 'bet',
          message: 'inhouse.slot.notABetStep',
          params: { steps: stepsWithin(bets).map(formatMoney).join(', ') },
        },
      ]);
    }
  }

  /** The operator can turn the game off in the catalogue like any other. */
  private async playable(): Promise<void> {
    try {
      await this.deps.catalogue.playableGame(SLOT_NODE);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new AppError('FEATURE_DISABLED', 'the slot is turned off');
      }
      throw error;
    }
  }
}

/** The operator's bet steps within the operator's limits, in minor units, ascending. */
function stepsWithin(bets: SlotBetSetting): bigint[] {
  const min = parseMoney(bets.min);
  const max = parseMoney(bets.max);
  return bets.steps.map(parseMoney).filter((step) => step >= min && step <= max);
}

/** A stored round played again from its stops: the same boards, the same pays. */
function replay(row: SlotRoundRow): RoundEvaluation {
  const { strips } = slotVariants[row.variant as keyof typeof slotVariants];
  const [base, ...free] = row.stops.map((stops) => evaluateSpin(strips, stops));
  if (!base) throw new Error(`slot round ${row.publicId} has no stops`);
  const pay = base.pay + FREE_SPIN_MULTIPLIER * free.reduce((sum, spin) => sum + spin.pay, 0);
  return { base, free, pay };
}
