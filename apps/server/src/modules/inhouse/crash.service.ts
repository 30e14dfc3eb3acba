import {
  formatMoney,
  INHOUSE_VENDOR,
  parseMoney,
  type CrashBetAnswer,
  type CrashBetBody,
  type CrashBetView,
  type CrashCashOutAnswer,
  type CrashRoundView,
  type CrashState,
  type RealtimeServerMessageOf,
  type RoundDetail,
} from '@platform/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { inhouseCrashRound } from './inhouse.schema.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, invalid } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { maskUsername } from '../../lib/mask.js';
import type { Rng } from '../../lib/rng.js';
import type { GameCatalogueService } from '../game/index.js';
import type { SettingsService } from '../system/index.js';
import {
  crashRepository as repo,
  type CrashBetRow,
  type CrashChainRow,
  type CrashRoundRow,
} from './crash.repository.js';
import { parseHundredths } from './dice.service.js';
import {
  CRASH_GROWTH_PER_MS,
  crashAfterMs,
  crashPoint,
  hashChain,
  multiplierAt,
  sha256Hex,
} from './fair/crash.js';
import { hundredthsText } from './fair/dice.js';
import type { InhouseWallet } from './inhouse-wallet.js';

type CrashEvent = RealtimeServerMessageOf<'crash'>;

export interface CrashServiceDeps {
  db: Database;
  clock: Clock;
  rng: Rng;
  settings: Pick<SettingsService, 'get'>;
  catalogue: Pick<GameCatalogueService, 'playableGame'>;
  wallet: Pick<InhouseWallet, 'bet' | 'win' | 'rollback'>;
  /** the realtime module's fan-out to every member's socket */
  realtime: { publishToAll(event: CrashEvent): Promise<void> };
  logger?: { error(object: Record<string, unknown>, message: string): void };
}

export interface CrashTiming {
  /** how long bets are taken before the multiplier starts rising */
  bettingMs: number;
  /** the pause after a crash before the next round opens */
  pauseMs: number;
  /** the rounds one hash chain holds (about a day at the default timing) */
  chainLength: number;
}
export const CRASH_TIMING: CrashTiming = { bettingMs: 7_000, pauseMs: 3_000, chainLength: 10_000 };
/** The scheduler's period: the rounds advance and the multiplier is announced once a second. */
export const CRASH_TICK_MS = 1_000;
/** The last rounds the page lists. */
const HISTORY = 20;
/** Bets settled at once: a round of a thousand players settles in parallel, not one after another. */
const SETTLE_CONCURRENCY = 16;

const CRASH_NODE = `${INHOUSE_VENDOR}-crash`;
const NEVER_PLACED = new Set([
  'INSUFFICIENT_FUNDS',
  'NEED_REAL_ACCOUNT',
  'FORBIDDEN',
  'UNAUTHORIZED',
  'FEATURE_DISABLED',
]);

/**
 * Crash (ADR 031): a multi-player round every few seconds, from a hash chain made in advance. The
 * scheduler's job (once across instances, every second) opens a round with a betting phase, settles it
 * once the rise has reached its crash point, and announces it over the realtime module's WebSocket; the
 * times are fixed when the round opens (betting_ends_at, crashes_at), so every decision is the server's
 * clock against them, whichever instance takes the request. Money moves through InhouseWallet only, under
 * transaction ids made of the round's and the bet's ids, so settling a round again after a restart moves
 * nothing twice.
 */
export class CrashService {
  private readonly timing: CrashTiming;

  constructor(
    private readonly deps: CrashServiceDeps,
    timing: Partial<CrashTiming> = {},
  ) {
    this.timing = { ...CRASH_TIMING, ...timing };
  }

  // The round's life -------------------------------------------------------------------------------

  /** The scheduler's work: settle a round whose time is up, open the next, announce the one in play. */
  async tick(): Promise<Record<string, unknown>> {
    const now = this.deps.clock.now();
    const outcome: Record<string, unknown> = {};
    let round = await repo.openRound(this.deps.db);
    if (round && now >= round.crashesAt) {
      outcome.settled = await this.settle(round);
      round = null;
    }
    if (!round) {
      const last = await repo.lastRound(this.deps.db);
      if (!last || now.getTime() >= last.crashesAt.getTime() + this.timing.pauseMs) {
        round = await this.openNext(last, now);
        if (round) {
          outcome.opened = round.publicId;
          await this.announce(round, 'betting', now);
        }
      }
    } else if (now >= round.bettingEndsAt) {
      await this.announceRise(round, now);
    }
    return outcome;
  }

  private async openNext(last: CrashRoundRow | null, now: Date): Promise<CrashRoundRow | null> {
    const setting = await this.deps.settings.get('inhouse.crash');
    let chain = last ? await repo.chain(this.deps.db, last.chainId) : await repo.latestChain(this.deps.db);
    let position = last && chain && last.chainId === chain.id ? last.position + 1 : 1;
    if (!chain || position > chain.length) {
      chain = await this.newChain(now);
      position = 1;
    }
    const seed = await repo.seed(this.deps.db, chain.id, position);
    if (!seed) throw new Error(`crash: chain ${chain.id} has no seed ${position}`);
    const point = crashPoint(seed, chain.salt);
    const paysUpTo = BigInt(parseHundredths(setting.maxMultiplier));
    const ends = point < paysUpTo ? point : paysUpTo;
    const bettingEndsAt = new Date(now.getTime() + this.timing.bettingMs);
    return repo.addRound(this.deps.db, {
      publicId: newId(this.deps.rng, 'crr'),
      chainId: chain.id,
      position,
      crashPoint: point,
      paysUpTo,
      bettingEndsAt,
      crashesAt: new Date(bettingEndsAt.getTime() + crashAfterMs(ends)),
      status: 'open',
      createdAt: now,
    });
  }

  /** A new chain from a secret origin, its commitment and salt published with it (before its first round). */
  private async newChain(now: Date): Promise<CrashChainRow> {
    const origin = this.deps.rng.bytes(32).toString('hex');
    const { seeds, commitment } = hashChain(origin, this.timing.chainLength);
    const salt = this.deps.rng.bytes(16).toString('hex');
    return this.deps.db.transaction((tx) => repo.addChain(tx, { commitment, salt, seeds, at: now }));
  }

  /**
   * Pays, loses or refunds every bet of a round whose time is up, then closes it. The bets are read with
   * the round locked, so a bet or a cash-out that holds the round's lock first is seen, and one that
   * waits for it finds the round's time up. Every call's transaction id is the bet's own, so a second run
   * (a restart mid-settlement) repeats nothing.
   */
  async settle(round: CrashRoundRow): Promise<{ round: string; bets: number }> {
    const bets = await this.deps.db.transaction(async (tx) => {
      await tx.select().from(inhouseCrashRound).where(eq(inhouseCrashRound.id, round.id)).for('update');
      return repo.bets(tx, round.id);
    });
    const chain = await repo.chain(this.deps.db, round.chainId);
    const seed = await repo.seed(this.deps.db, round.chainId, round.position);
    if (!chain || !seed) throw new Error(`crash: round ${round.publicId} has no seed`);
    const open = bets.filter((bet) => bet.status === 'pending' || bet.status === 'placed');
    for (let from = 0; from < open.length; from += SETTLE_CONCURRENCY) {
      await Promise.all(
        open.slice(from, from + SETTLE_CONCURRENCY).map((bet) =>
          this.settleBet(round, chain, seed, bet).catch((error: unknown) => {
            // One bet the wallet refuses must not hold the others; the round-timeout job closes it.
            this.deps.logger?.error({ err: error, bet: bet.publicId }, 'crash: a bet was not settled');
          }),
        ),
      );
    }
    const now = this.deps.clock.now();
    await repo.settleRound(this.deps.db, round.id, now);
    await this.publish({
      ...this.eventBase(round, now),
      kind: 'crashed',
      multiplier: hundredthsText(round.crashPoint < round.paysUpTo ? round.crashPoint : round.paysUpTo),
      crashPoint: hundredthsText(round.crashPoint),
      seed,
    });
    return { round: round.publicId, bets: open.length };
  }

  private async settleBet(round: CrashRoundRow, chain: CrashChainRow, seed: string, bet: CrashBetRow) {
    const ref = betRef(round, bet);
    const common = { playerId: bet.playerId, gameCode: 'crash' as const, round: ref };
    const at = this.deps.clock.now();
    if (bet.status === 'pending') {
      // The wallet's bet may never have arrived: a rollback now refunds it or refuses it if it comes late.
      await this.deps.wallet.rollback({
        ...common,
        transactionId: `${ref}:rollback`,
        betTransactionId: `${ref}:bet`,
        roundClosed: true,
      });
      await repo.closeBet(this.deps.db, bet.id, { status: 'refunded', win: 0n, cashedOutAt: null, at });
      return;
    }
    const detail = (cashedOutAt: bigint | null): RoundDetail => ({
      kind: 'crash',
      crash_point: hundredthsText(round.crashPoint),
      cashed_out_at: cashedOutAt === null ? null : hundredthsText(cashedOutAt),
      fairness: {
        server_seed_hash: sha256Hex(seed),
        server_seed: seed,
        client_seed: chain.salt,
        nonce: round.position,
      },
    });
    if (bet.cashedOutAt !== null) {
      // Cashed out by hand: the win was paid then (again here if that call never arrived), and the round closes.
      await this.payCashOut(round, bet, bet.win ?? 0n);
      await this.deps.wallet.win({
        ...common,
        transactionId: `${ref}:close`,
        betTransactionId: `${ref}:bet`,
        amount: 0n,
        roundClosed: true,
        detail: detail(bet.cashedOutAt),
      });
      await repo.closeBet(this.deps.db, bet.id, {
        status: 'won',
        win: bet.win ?? 0n,
        cashedOutAt: bet.cashedOutAt,
        at,
      });
      return;
    }
    const auto =
      bet.autoCashOut !== null && bet.autoCashOut < round.paysUpTo ? bet.autoCashOut : round.paysUpTo;
    const won = auto < round.crashPoint;
    const win = won ? winOf(bet.stake, auto) : 0n;
    await this.deps.wallet.win({
      ...common,
      transactionId: `${ref}:win`,
      betTransactionId: `${ref}:bet`,
      amount: win,
      roundClosed: true,
      detail: detail(won ? auto : null),
    });
    await repo.closeBet(this.deps.db, bet.id, {
      status: won ? 'won' : 'lost',
      win,
      cashedOutAt: won ? auto : null,
      at,
    });
  }

  // A player's bet and cash-out ----------------------------------------------------------------------

  async bet(member: AuthenticatedMember, body: CrashBetBody): Promise<CrashBetAnswer> {
    const { stake, autoCashOut } = await this.terms(body);
    await this.playable();
    const earlier = await repo.betByRequest(this.deps.db, member.id, body.requestId);
    if (earlier) return this.retriedBet(member, earlier, body.roundId, stake, autoCashOut);
    const round = await this.bettingRound(body.roundId);
    const claimed = await this.deps.db.transaction(async (tx) => {
      // With the round's lock (shared with other bets, exclusive with its settlement), the phase again.
      const [locked] = await tx
        .select()
        .from(inhouseCrashRound)
        .where(eq(inhouseCrashRound.id, round.id))
        .for('share');
      if (!locked || locked.status !== 'open' || this.deps.clock.now() >= locked.bettingEndsAt)
        return 'closed';
      const row = await repo.claimBet(tx, {
        publicId: newId(this.deps.rng, 'crb'),
        roundId: round.id,
        memberId: member.id,
        playerId: member.publicId,
        playerName: maskUsername(member.username),
        requestId: body.requestId,
        stake,
        autoCashOut,
        status: 'pending',
        createdAt: this.deps.clock.now(),
      });
      return row ?? 'taken';
    });
    if (claimed === 'closed') throw bettingClosed();
    if (claimed === 'taken') {
      const other = await repo.betByRequest(this.deps.db, member.id, body.requestId);
      if (other) return this.retriedBet(member, other, body.roundId, stake, autoCashOut);
      throw new AppError('INVALID_STATE', 'you have a bet in this round already', undefined, {
        status: 'already-bet',
      });
    }
    return this.placeBet(member, round, claimed);
  }

  private async retriedBet(
    member: AuthenticatedMember,
    bet: CrashBetRow,
    roundId: string,
    stake: bigint,
    autoCashOut: bigint | null,
  ): Promise<CrashBetAnswer> {
    const round = await repo.roundByPublicId(this.deps.db, roundId);
    if (!round || round.id !== bet.roundId || bet.stake !== stake || bet.autoCashOut !== autoCashOut) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 'this request id was used for another bet');
    }
    if (bet.status === 'refunded') {
      throw new AppError(
        'INVALID_STATE',
        'this bet came after the betting closed and was refunded',
        undefined,
        {
          status: 'refunded',
        },
      );
    }
    return this.placeBet(member, round, bet);
  }

  private async placeBet(
    member: AuthenticatedMember,
    round: CrashRoundRow,
    bet: CrashBetRow,
  ): Promise<CrashBetAnswer> {
    const ref = betRef(round, bet);
    let balance: bigint;
    try {
      ({ balance } = await this.deps.wallet.bet({
        playerId: member.publicId,
        gameCode: 'crash',
        round: ref,
        transactionId: `${ref}:bet`,
        amount: bet.stake,
        roundClosed: false,
      }));
    } catch (error) {
      if (error instanceof AppError && NEVER_PLACED.has(error.code))
        await repo.forgetBet(this.deps.db, bet.id);
      throw error;
    }
    if (bet.status === 'pending') {
      await repo.markPlaced(this.deps.db, bet.id);
      await this.publish({
        ...this.eventBase(round, this.deps.clock.now()),
        kind: 'bet',
        bet: this.betEvent(bet),
      });
    }
    return {
      roundId: round.publicId,
      betId: bet.publicId,
      stake: formatMoney(bet.stake),
      autoCashOut: bet.autoCashOut === null ? null : hundredthsText(bet.autoCashOut),
      balance: formatMoney(balance),
    };
  }

  /**
   * A cash-out by hand at the multiplier of the server's clock now. After the crash it is refused and the
   * answer carries the crash point; a bet whose automatic cash-out was already reached gets that.
   */
  async cashOut(member: AuthenticatedMember, body: { roundId: string }): Promise<CrashCashOutAnswer> {
    const round = await repo.roundByPublicId(this.deps.db, body.roundId);
    if (!round) throw new AppError('NOT_FOUND', 'no such round');
    const decided = await this.deps.db.transaction(async (tx) => {
      await tx.select().from(inhouseCrashRound).where(eq(inhouseCrashRound.id, round.id)).for('share');
      const bet = await repo.betOf(tx, round.id, member.id);
      if (!bet || bet.status === 'pending' || bet.status === 'refunded') {
        throw new AppError('INVALID_STATE', 'you have no bet in this round', undefined, { status: 'no-bet' });
      }
      if (bet.cashedOutAt !== null) return { bet, multiplier: bet.cashedOutAt, fresh: false };
      const now = this.deps.clock.now();
      if (now < round.bettingEndsAt) {
        throw new AppError('INVALID_STATE', 'the round has not started', undefined, { status: 'betting' });
      }
      const risen = multiplierAt(now.getTime() - round.bettingEndsAt.getTime());
      const auto =
        bet.autoCashOut !== null && bet.autoCashOut < round.paysUpTo ? bet.autoCashOut : round.paysUpTo;
      // The automatic cash-out (or the highest multiplier paid) came first: the bet is out at it.
      if (auto <= risen && auto < round.crashPoint) {
        await repo.cashOut(tx, bet.id, auto, winOf(bet.stake, auto));
        return { bet, multiplier: auto, fresh: true };
      }
      if (bet.status !== 'placed' || risen >= round.crashPoint || now >= round.crashesAt) {
        throw new AppError('INVALID_STATE', 'the round crashed before the cash-out', undefined, {
          status: 'crashed',
          crashPoint: hundredthsText(round.crashPoint),
        });
      }
      await repo.cashOut(tx, bet.id, risen, winOf(bet.stake, risen));
      return { bet, multiplier: risen, fresh: true };
    });
    const win = winOf(decided.bet.stake, decided.multiplier);
    const { balance } = await this.payCashOut(round, decided.bet, win);
    if (decided.fresh) {
      await this.publish({
        ...this.eventBase(round, this.deps.clock.now()),
        kind: 'cashout',
        multiplier: hundredthsText(decided.multiplier),
        bet: {
          ...this.betEvent(decided.bet),
          cashedOutAt: hundredthsText(decided.multiplier),
          win: formatMoney(win),
        },
      });
    }
    return {
      roundId: round.publicId,
      multiplier: hundredthsText(decided.multiplier),
      win: formatMoney(win),
      balance: formatMoney(balance),
    };
  }

  /** A cash-out's win, the round still open (the settlement closes it). Its id makes a repeat a no-op. */
  private payCashOut(round: CrashRoundRow, bet: CrashBetRow, win: bigint) {
    const ref = betRef(round, bet);
    return this.deps.wallet.win({
      playerId: bet.playerId,
      gameCode: 'crash',
      round: ref,
      transactionId: `${ref}:win`,
      betTransactionId: `${ref}:bet`,
      amount: win,
      roundClosed: false,
    });
  }

  // Free play ----------------------------------------------------------------------------------------

  /** Free play: the betting phase checked, nothing written (the page keeps the play money). */
  async freeBet(body: { roundId: string; stake: string; autoCashOut?: string }) {
    await this.freePlayOn();
    await this.terms(body);
    const round = await this.bettingRound(body.roundId);
    if (this.deps.clock.now() >= round.bettingEndsAt) throw bettingClosed();
    return { roundId: round.publicId, accepted: true as const };
  }

  /** Free play's cash-out: the multiplier now by the server's clock, or refused with the crash point. */
  async freeCashOut(body: { roundId: string }): Promise<{ roundId: string; multiplier: string }> {
    await this.freePlayOn();
    const round = await repo.roundByPublicId(this.deps.db, body.roundId);
    if (!round) throw new AppError('NOT_FOUND', 'no such round');
    const now = this.deps.clock.now();
    if (now < round.bettingEndsAt) {
      throw new AppError('INVALID_STATE', 'the round has not started', undefined, { status: 'betting' });
    }
    const risen = multiplierAt(now.getTime() - round.bettingEndsAt.getTime());
    if (risen >= round.paysUpTo && round.paysUpTo < round.crashPoint) {
      return { roundId: round.publicId, multiplier: hundredthsText(round.paysUpTo) };
    }
    if (risen >= round.crashPoint || now >= round.crashesAt) {
      throw new AppError('INVALID_STATE', 'the round crashed before the cash-out', undefined, {
        status: 'crashed',
        crashPoint: hundredthsText(round.crashPoint),
      });
    }
    return { roundId: round.publicId, multiplier: hundredthsText(risen) };
  }

  // What the page shows ------------------------------------------------------------------------------

  async state(memberId: bigint | null): Promise<CrashState> {
    const now = this.deps.clock.now();
    const [setting, whitelabel, playMoney, round, history] = await Promise.all([
      this.deps.settings.get('inhouse.crash'),
      this.deps.settings.get('site.whitelabel'),
      this.deps.settings.get('trial.demoBalance'),
      repo.openRound(this.deps.db).then(async (open) => open ?? (await repo.lastRound(this.deps.db))),
      repo.history(this.deps.db, HISTORY),
    ]);
    const chain = round
      ? await repo.chain(this.deps.db, round.chainId)
      : await repo.latestChain(this.deps.db);
    return {
      round: round ? await this.roundView(round, now, memberId) : null,
      serverTime: now.toISOString(),
      growthPerMs: CRASH_GROWTH_PER_MS,
      commitment: chain?.commitment ?? null,
      salt: chain?.salt ?? null,
      history: history.map((item) => ({
        roundId: item.publicId,
        crashPoint: hundredthsText(item.crashPoint),
        seed: item.seed,
        salt: item.salt,
      })),
      minBet: formatMoney(parseMoney(setting.minBet)),
      maxBet: formatMoney(parseMoney(setting.maxBet)),
      maxMultiplier: hundredthsText(parseHundredths(setting.maxMultiplier)),
      freePlay: whitelabel.FREEPLAY3,
      freePlayBalance: formatMoney(parseMoney(playMoney)),
    };
  }

  private async roundView(round: CrashRoundRow, now: Date, memberId: bigint | null): Promise<CrashRoundView> {
    const phase = phaseOf(round, now);
    const bets = await repo.bets(this.deps.db, round.id);
    const risen = multiplierAt(now.getTime() - round.bettingEndsAt.getTime());
    const crashed = phase === 'crashed';
    const seed = crashed ? await repo.seed(this.deps.db, round.chainId, round.position) : null;
    const mine = memberId === null ? undefined : bets.find((bet) => bet.memberId === memberId);
    return {
      roundId: round.publicId,
      phase,
      bettingEndsAt: round.bettingEndsAt.toISOString(),
      multiplier: hundredthsText(crashed ? min(round.crashPoint, round.paysUpTo) : risen),
      crashPoint: crashed ? hundredthsText(round.crashPoint) : null,
      seed,
      bets: bets
        .filter((bet) => bet.status !== 'pending' && bet.status !== 'refunded')
        .map((bet) => this.betView(round, bet, now, bet.memberId === memberId)),
      myAutoCashOut: mine?.autoCashOut != null ? hundredthsText(mine.autoCashOut) : null,
    };
  }

  /** A bet as everyone sees it: an automatic cash-out shows once the rise has passed it. */
  private betView(round: CrashRoundRow, bet: CrashBetRow, now: Date, mine: boolean): CrashBetView {
    let cashedOutAt = bet.cashedOutAt;
    if (cashedOutAt === null && bet.status === 'placed' && bet.autoCashOut !== null) {
      const risen = multiplierAt(now.getTime() - round.bettingEndsAt.getTime());
      if (bet.autoCashOut <= risen && bet.autoCashOut < round.crashPoint) cashedOutAt = bet.autoCashOut;
    }
    return {
      betId: bet.publicId,
      player: bet.playerName,
      stake: formatMoney(bet.stake),
      cashedOutAt: cashedOutAt === null ? null : hundredthsText(cashedOutAt),
      win:
        cashedOutAt === null
          ? bet.status === 'lost'
            ? formatMoney(0n)
            : null
          : formatMoney(winOf(bet.stake, cashedOutAt)),
      mine,
    };
  }

  private betEvent(bet: CrashBetRow) {
    return {
      betId: bet.publicId,
      player: bet.playerName,
      stake: formatMoney(bet.stake),
      cashedOutAt: null,
      win: null,
    };
  }

  // -----------------------------------------------------------------------------------------------

  /** The rise now, and the automatic cash-outs it passed since the last second. */
  private async announceRise(round: CrashRoundRow, now: Date): Promise<void> {
    const elapsed = now.getTime() - round.bettingEndsAt.getTime();
    const risen = multiplierAt(elapsed);
    const before = elapsed - CRASH_TICK_MS <= 0 ? 0n : multiplierAt(elapsed - CRASH_TICK_MS);
    await this.announce(round, elapsed < CRASH_TICK_MS ? 'running' : 'tick', now);
    const passed = await repo.autoCashOutsBetween(this.deps.db, round.id, before, risen);
    for (const bet of passed) {
      if (bet.autoCashOut === null || bet.autoCashOut >= round.crashPoint) continue;
      await this.publish({
        ...this.eventBase(round, now),
        kind: 'cashout',
        multiplier: hundredthsText(bet.autoCashOut),
        bet: {
          ...this.betEvent(bet),
          cashedOutAt: hundredthsText(bet.autoCashOut),
          win: formatMoney(winOf(bet.stake, bet.autoCashOut)),
        },
      });
    }
  }

  private async announce(
    round: CrashRoundRow,
    kind: 'betting' | 'running' | 'tick',
    now: Date,
  ): Promise<void> {
    await this.publish({ ...this.eventBase(round, now), kind });
  }

  private eventBase(round: CrashRoundRow, now: Date): Omit<CrashEvent, 'kind'> {
    return {
      type: 'crash',
      roundId: round.publicId,
      serverTime: now.toISOString(),
      bettingEndsAt: round.bettingEndsAt.toISOString(),
      multiplier: hundredthsText(multiplierAt(now.getTime() - round.bettingEndsAt.getTime())),
      crashPoint: null,
      seed: null,
      bet: null,
    };
  }

  private async publish(event: CrashEvent): Promise<void> {
    try {
      await this.deps.realtime.publishToAll(event);
    } catch (error) {
      // The pages poll the state too: a lost push costs a second, never a bet.
      this.deps.logger?.error({ err: error }, 'crash: an announcement failed');
    }
  }

  private async bettingRound(roundId: string): Promise<CrashRoundRow> {
    const round = await repo.roundByPublicId(this.deps.db, roundId);
    if (!round) throw new AppError('NOT_FOUND', 'no such round');
    if (round.status !== 'open' || this.deps.clock.now() >= round.bettingEndsAt) throw bettingClosed();
    return round;
  }

  private async terms(body: { stake: string; autoCashOut?: string }) {
    const setting = await this.deps.settings.get('inhouse.crash');
    const stake = parseMoney(body.stake);
    const max = BigInt(parseHundredths(setting.maxMultiplier));
    const autoCashOut = body.autoCashOut === undefined ? null : BigInt(parseHundredths(body.autoCashOut));
    if (autoCashOut !== null && (autoCashOut < 101n || autoCashOut > max)) {
      throw invalid([
        {
          path: 'autoCashOut',
          message: 'inhouse.crash.autoCashOutOutOfRange',
          params: { min: '1.01', max: hundredthsText(max) },
        },
      ]);
    }
    const minBet = parseMoney(setting.minBet);
    const maxBet = parseMoney(setting.maxBet);
    if (stake < minBet || stake > maxBet) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', 'the stake is outside the limits', undefined, {
        min: formatMoney(minBet),
        max: formatMoney(maxBet),
      });
    }
    return { stake, autoCashOut };
  }

  private async freePlayOn(): Promise<void> {
    const whitelabel = await this.deps.settings.get('site.whitelabel');
    if (!whitelabel.FREEPLAY3) throw new AppError('FEATURE_DISABLED', 'free play is off');
  }

  private async playable(): Promise<void> {
    try {
      await this.deps.catalogue.playableGame(CRASH_NODE);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new AppError('FEATURE_DISABLED', 'crash is turned off');
      }
      throw error;
    }
  }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** A stake cashed out at a multiplier (hundredths), rounded down to a minor unit. */
export const winOf = (stake: bigint, multiplier: bigint): bigint => (stake * multiplier) / 100n;

/** The wallet's round of one player's bet (a vendor round belongs to one player). */
const betRef = (round: CrashRoundRow, bet: CrashBetRow) => `crash-${round.publicId}-${bet.publicId}`;

function phaseOf(round: CrashRoundRow, now: Date): CrashRoundView['phase'] {
  if (round.status === 'settled' || now >= round.crashesAt) return 'crashed';
  return now < round.bettingEndsAt ? 'betting' : 'running';
}

const bettingClosed = () =>
  new AppError('INVALID_STATE', 'bets are taken during the betting phase only', undefined, {
    status: 'betting-closed',
  });
