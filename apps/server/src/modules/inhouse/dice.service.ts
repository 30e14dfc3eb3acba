import { createHash } from 'node:crypto';
import {
  DICE_RECENT_ROUNDS,
  formatMoney,
  INHOUSE_VENDOR,
  parseMoney,
  type DiceBetBody,
  type DiceFreeBetBody,
  type DiceInfo,
  type DiceRotation,
  type DiceRound,
  type DiceSeedPair,
  type DiceSetting,
  type FairRevealedSeed,
  type RoundDetail,
} from '@platform/contract';
import type { Database } from '../../db/database.js';
import type { AuthenticatedMember } from '../../lib/caller.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, invalid } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Rng } from '../../lib/rng.js';
import type { GameCatalogueService } from '../game/index.js';
import type { SettingsService } from '../system/index.js';
import {
  diceChanceHundredths,
  dicePayout,
  diceRoll,
  diceWin,
  diceWinningRolls,
  diceWins,
  hundredthsText,
  type DiceDirection,
} from './fair/dice.js';
import { diceRepository as repo, type DiceRoundRow, type DiceSeedRow } from './dice.repository.js';
import type { InhouseWallet } from './inhouse-wallet.js';

export interface DiceServiceDeps {
  db: Database;
  clock: Clock;
  rng: Rng;
  settings: Pick<SettingsService, 'get'>;
  catalogue: Pick<GameCatalogueService, 'playableGame'>;
  wallet: Pick<InhouseWallet, 'bet' | 'win'>;
}

const DICE_NODE = `${INHOUSE_VENDOR}-dice`;

/** The win chances a bet may have, in winning rolls of 10001: about 1% to 98%. */
export const DICE_MIN_WINNING_ROLLS = 100;
export const DICE_MAX_WINNING_ROLLS = 9800;

/** Wallet refusals that mean the bet was never placed: the round's claim is dropped, nothing remains. */
const NEVER_PLACED = new Set([
  'INSUFFICIENT_FUNDS',
  'NEED_REAL_ACCOUNT',
  'FORBIDDEN',
  'UNAUTHORIZED',
  'FEATURE_DISABLED',
]);

/** The SHA-256 of a dice server seed as text (what the HMAC keys with), shown before play. */
export const diceSeedHash = (serverSeed: string): string =>
  createHash('sha256').update(serverSeed, 'utf8').digest('hex');

/** '50.5' → 5050 hundredths (the contract admits 0.00 to 100.00 with two decimals at most). */
export function parseHundredths(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Ten-thousandths as text: 19801 → '1.9801'. */
const payoutText = (payout: bigint) =>
  `${(payout / 10_000n).toString()}.${(payout % 10_000n).toString().padStart(4, '0')}`;

interface DiceTerms {
  bet: bigint;
  target: number;
  direction: DiceDirection;
  edge: number;
  payout: bigint;
}

/**
 * Provably fair dice (ADR 030). A member plays with a seed pair: a server seed from node:crypto whose
 * SHA-256 they see before betting, a client seed they may set, and a nonce that counts their bets with the
 * pair. The roll is HMAC_SHA256(server seed, `client:nonce:cursor`) made into 0.00 to 100.00 (fair/dice.ts);
 * rotating reveals the server seed, so every earlier roll can be recomputed. A bet is claimed with its
 * nonce in one transaction (the pair's row locked), then settled through the seamless wallet as one bet
 * and one closing win (0 when lost) carrying the roll and the proof.
 */
export class DiceService {
  constructor(private readonly deps: DiceServiceDeps) {}

  async info(): Promise<DiceInfo> {
    const [dice, whitelabel, playMoney] = await Promise.all([
      this.deps.settings.get('inhouse.dice'),
      this.deps.settings.get('site.whitelabel'),
      this.deps.settings.get('trial.demoBalance'),
    ]);
    return {
      edge: hundredthsText(parseHundredths(dice.edge)),
      minBet: formatMoney(parseMoney(dice.minBet)),
      maxBet: formatMoney(parseMoney(dice.maxBet)),
      maxWin: formatMoney(parseMoney(dice.maxWin)),
      minChance: hundredthsText(diceChanceHundredths(DICE_MIN_WINNING_ROLLS)),
      maxChance: hundredthsText(diceChanceHundredths(DICE_MAX_WINNING_ROLLS)),
      freePlay: whitelabel.FREEPLAY3,
      freePlayBalance: formatMoney(parseMoney(playMoney)),
    };
  }

  async seed(member: AuthenticatedMember): Promise<DiceSeedPair> {
    return pairOf(await this.activeSeed(member.id));
  }

  /** Reveals the pair in play and starts a new one with the client seed given (or a new one). */
  async rotate(member: AuthenticatedMember, body: { clientSeed?: string }): Promise<DiceRotation> {
    await this.activeSeed(member.id);
    const fresh = this.newSeed(member.id, body.clientSeed);
    const old = await this.deps.db.transaction(async (tx) => {
      const current = await repo.activeSeed(tx, member.id, true);
      if (!current)
        throw new AppError('INVALID_STATE', 'no seed pair in play', undefined, { status: 'none' });
      await repo.reveal(tx, current.id, this.deps.clock.now());
      await repo.addSeed(tx, fresh);
      return current;
    });
    return {
      revealed: { ...pairOf(old), serverSeed: old.serverSeed },
      current: { serverSeedHash: fresh.serverSeedHash, clientSeed: fresh.clientSeed, nonce: 0 },
    };
  }

  /** A real-money bet for a member (the route admits real accounts only). */
  async bet(member: AuthenticatedMember, body: DiceBetBody): Promise<DiceRound> {
    const [terms] = await Promise.all([this.terms(body), this.playable()]);
    const earlier = await repo.byRequest(this.deps.db, member.id, body.requestId);
    if (earlier) return this.retried(member, earlier, terms);
    await this.activeSeed(member.id);
    const claimed = await this.deps.db.transaction(async (tx) => {
      const seed = await repo.activeSeed(tx, member.id, true);
      if (!seed) return null;
      const roll = diceRoll(seed.serverSeed, seed.clientSeed, seed.nonce);
      const won = diceWins(roll, terms.target, terms.direction);
      const round = await repo.claim(tx, {
        publicId: newId(this.deps.rng, 'dcr'),
        memberId: member.id,
        requestId: body.requestId,
        seedId: seed.id,
        nonce: seed.nonce,
        target: terms.target,
        direction: terms.direction,
        roll,
        edge: terms.edge,
        payout: terms.payout,
        bet: terms.bet,
        win: won ? diceWin(terms.bet, terms.payout) : 0n,
        status: 'open',
        createdAt: this.deps.clock.now(),
      });
      if (round) await repo.useNonce(tx, seed.id);
      return round ? { round, seed } : null;
    });
    if (!claimed) {
      // Two requests with one id at once: the other claimed it.
      const other = await repo.byRequest(this.deps.db, member.id, body.requestId);
      if (!other)
        throw new AppError('INVALID_STATE', 'the seed pair changed', undefined, { status: 'retry' });
      return this.retried(member, other, terms);
    }
    return this.settle(member, claimed.round, claimed.seed);
  }

  /** Free play: a seed of its own for this roll, revealed at once; nothing staked, paid or written. */
  async freeBet(body: DiceFreeBetBody): Promise<DiceRound> {
    const whitelabel = await this.deps.settings.get('site.whitelabel');
    if (!whitelabel.FREEPLAY3) throw new AppError('FEATURE_DISABLED', 'free play is off');
    const [terms] = await Promise.all([this.terms(body), this.playable()]);
    const serverSeed = this.deps.rng.bytes(32).toString('hex');
    const clientSeed = body.clientSeed ?? this.deps.rng.bytes(8).toString('hex');
    const roll = diceRoll(serverSeed, clientSeed, 0);
    const won = diceWins(roll, terms.target, terms.direction);
    return {
      ...this.view(terms, roll, won ? diceWin(terms.bet, terms.payout) : 0n),
      roundId: null,
      freePlay: true,
      serverSeedHash: diceSeedHash(serverSeed),
      serverSeed,
      clientSeed,
      nonce: 0,
      balance: null,
      playedAt: this.deps.clock.now().toISOString(),
    };
  }

  async recent(member: AuthenticatedMember): Promise<DiceRound[]> {
    const rows = await repo.recent(this.deps.db, member.id, DICE_RECENT_ROUNDS);
    return rows.map(({ round, seed }) => this.roundView(round, seed, null));
  }

  /** A dice server seed by its hash: public once revealed. */
  async revealedSeed(hash: string): Promise<FairRevealedSeed> {
    const seed = await repo.seedByHash(this.deps.db, hash);
    return {
      serverSeedHash: hash,
      serverSeed: seed && seed.status === 'revealed' ? seed.serverSeed : null,
    };
  }

  // -----------------------------------------------------------------------------------------------

  private async retried(
    member: AuthenticatedMember,
    row: DiceRoundRow,
    terms: DiceTerms,
  ): Promise<DiceRound> {
    if (row.bet !== terms.bet || row.target !== terms.target || row.direction !== terms.direction) {
      throw new AppError('IDEMPOTENCY_CONFLICT', 'this request id was used for another bet');
    }
    const seed = await repo.seedById(this.deps.db, row.seedId);
    if (!seed) throw new Error(`dice round ${row.publicId} has no seed`);
    return this.settle(member, row, seed);
  }

  /** The claimed round's bet and closing win; the transaction ids are the round's own, so a retry repeats nothing. */
  private async settle(
    member: AuthenticatedMember,
    row: DiceRoundRow,
    seed: DiceSeedRow,
  ): Promise<DiceRound> {
    if (row.status === 'cancelled') {
      throw new AppError('INVALID_STATE', 'this round was cancelled and its bet refunded', undefined, {
        status: 'cancelled',
      });
    }
    const roundRef = `dice-${row.publicId}`;
    const common = { playerId: member.publicId, gameCode: 'dice' as const, round: roundRef };
    try {
      await this.deps.wallet.bet({
        ...common,
        transactionId: `${roundRef}:bet`,
        amount: row.bet,
        roundClosed: false,
      });
    } catch (error) {
      if (error instanceof AppError && NEVER_PLACED.has(error.code)) {
        await this.deps.db.transaction(async (tx) => {
          await repo.activeSeed(tx, member.id, true);
          await repo.forget(tx, row.id);
          await repo.returnNonce(tx, row.seedId, row.nonce);
        });
      } else if (error instanceof AppError && error.code === 'INVALID_STATE') {
        await repo.close(this.deps.db, row.id, 'cancelled', this.deps.clock.now());
      }
      throw error;
    }
    let balance: bigint;
    try {
      ({ balance } = await this.deps.wallet.win({
        ...common,
        transactionId: `${roundRef}:win`,
        betTransactionId: `${roundRef}:bet`,
        amount: row.win,
        roundClosed: true,
        detail: diceDetail(row, seed),
      }));
    } catch (error) {
      if (error instanceof AppError && error.code === 'INVALID_STATE') {
        await repo.close(this.deps.db, row.id, 'cancelled', this.deps.clock.now());
      }
      throw error;
    }
    if (row.status === 'open') await repo.close(this.deps.db, row.id, 'settled', this.deps.clock.now());
    return this.roundView(row, seed, balance);
  }

  private roundView(row: DiceRoundRow, seed: DiceSeedRow, balance: bigint | null): DiceRound {
    const terms: DiceTerms = {
      bet: row.bet,
      target: row.target,
      direction: row.direction as DiceDirection,
      edge: row.edge,
      payout: row.payout,
    };
    return {
      ...this.view(terms, row.roll, row.win),
      roundId: row.publicId,
      freePlay: false,
      serverSeedHash: seed.serverSeedHash,
      serverSeed: seed.status === 'revealed' ? seed.serverSeed : null,
      clientSeed: seed.clientSeed,
      nonce: row.nonce,
      balance: balance === null ? null : formatMoney(balance),
      playedAt: row.createdAt.toISOString(),
    };
  }

  private view(terms: DiceTerms, roll: number, win: bigint) {
    return {
      bet: formatMoney(terms.bet),
      target: hundredthsText(terms.target),
      direction: terms.direction,
      roll: hundredthsText(roll),
      won: diceWins(roll, terms.target, terms.direction),
      chance: hundredthsText(diceChanceHundredths(diceWinningRolls(terms.target, terms.direction))),
      payout: payoutText(terms.payout),
      win: formatMoney(win),
    };
  }

  /** The bet checked against the operator's limits and the chance bounds, with its payout. */
  private async terms(body: { bet: string; target: string; direction: DiceDirection }): Promise<DiceTerms> {
    const setting: DiceSetting = await this.deps.settings.get('inhouse.dice');
    const bet = parseMoney(body.bet);
    const target = parseHundredths(body.target);
    const winning = diceWinningRolls(target, body.direction);
    if (winning < DICE_MIN_WINNING_ROLLS || winning > DICE_MAX_WINNING_ROLLS) {
      throw invalid([
        {
          path: 'target',
          message: 'inhouse.dice.chanceOutOfBounds',
          params: {
            min: hundredthsText(diceChanceHundredths(DICE_MIN_WINNING_ROLLS)),
            max: hundredthsText(diceChanceHundredths(DICE_MAX_WINNING_ROLLS)),
          },
        },
      ]);
    }
    const min = parseMoney(setting.minBet);
    const max = parseMoney(setting.maxBet);
    if (bet < min || bet > max) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', 'the bet is outside the limits', undefined, {
        min: formatMoney(min),
        max: formatMoney(max),
      });
    }
    const edge = parseHundredths(setting.edge);
    const payout = dicePayout(winning, edge);
    const maxWin = parseMoney(setting.maxWin);
    if (diceWin(bet, payout) > maxWin) {
      throw new AppError('AMOUNT_OUT_OF_RANGE', 'the bet could win more than a bet may', undefined, {
        max: formatMoney(maxWin),
      });
    }
    return { bet, target, direction: body.direction, edge, payout };
  }

  /** The member's pair in play, made on first use. */
  private async activeSeed(memberId: bigint): Promise<DiceSeedRow> {
    const current = await repo.activeSeed(this.deps.db, memberId);
    if (current) return current;
    const added = await repo.addSeed(this.deps.db, this.newSeed(memberId));
    if (added) return added;
    const other = await repo.activeSeed(this.deps.db, memberId);
    if (!other) throw new AppError('INVALID_STATE', 'the seed pair changed', undefined, { status: 'retry' });
    return other;
  }

  private newSeed(memberId: bigint, clientSeed?: string) {
    const serverSeed = this.deps.rng.bytes(32).toString('hex');
    return {
      memberId,
      serverSeed,
      serverSeedHash: diceSeedHash(serverSeed),
      clientSeed: clientSeed ?? this.deps.rng.bytes(8).toString('hex'),
      nonce: 0,
      status: 'active',
      createdAt: this.deps.clock.now(),
    };
  }

  private async playable(): Promise<void> {
    try {
      await this.deps.catalogue.playableGame(DICE_NODE);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        throw new AppError('FEATURE_DISABLED', 'dice is turned off');
      }
      throw error;
    }
  }
}

const pairOf = (seed: DiceSeedRow): DiceSeedPair => ({
  serverSeedHash: seed.serverSeedHash,
  clientSeed: seed.clientSeed,
  nonce: seed.nonce,
});

/** The betting record's account of the round, with the proof (the seed itself is revealed on rotation). */
function diceDetail(row: DiceRoundRow, seed: DiceSeedRow): RoundDetail {
  return {
    kind: 'dice',
    roll: hundredthsText(row.roll),
    target: hundredthsText(row.target),
    direction: row.direction as DiceDirection,
    fairness: { server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: row.nonce },
  };
}
