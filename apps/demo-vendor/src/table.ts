import { randomInt } from 'node:crypto';
import { providerMoney, type RoundDetail } from '@platform/contract';
import { minorOf, newId, payWin, placeBet, rollBack, type MoneyCallBase, type RoundDeps } from './rounds.js';
import { drawPocket, pocketColour, roulettePayout, type RouletteSpot } from './roulette.js';
import type { PlayerSession } from './sessions.js';
import type { WalletClient } from './wallet-client.js';

export const BETTING_MS = 10_000;
export const SPINNING_MS = 3_000;
export const RESULT_MS = 5_000;

type Phase = 'betting' | 'spinning' | 'result';

interface TableBet {
  session: PlayerSession;
  base: MoneyCallBase;
  spot: RouletteSpot;
  stake: string;
  transactionUuid: string;
}

/** What every player's page shows: the table's phase, its countdown and the last pockets. */
export interface TableView {
  game: string;
  round: number;
  phase: Phase;
  /** milliseconds left in this phase */
  remainingMs: number;
  pocket: number | null;
  colour: 'red' | 'black' | 'green' | null;
  history: { pocket: number; colour: 'red' | 'black' | 'green' }[];
}

/**
 * A live-style roulette table: one shared wheel, a timed betting phase (10 s), the ball drawn as betting
 * closes, then each player's bets paid (zero for a losing bet), the last win closing that player's round.
 * Each bet is debited as it is placed; one whose answer comes after betting closed is rolled back (the
 * table no longer takes it). `tick` moves the table on; the process calls it a few times a second.
 */
export class RouletteTable {
  private round = 1;
  private roundId = newId('t');
  private phase: Phase = 'betting';
  private phaseEndsAt: number;
  private pocket: number | null = null;
  private readonly history: { pocket: number; colour: 'red' | 'black' | 'green' }[] = [];
  private bets: TableBet[] = [];
  private settling: Promise<void> = Promise.resolve();

  constructor(
    readonly gameCode: string,
    private readonly clientFor: (vendorCode: string) => WalletClient,
    private readonly deps: RoundDeps,
    private readonly now: () => number = Date.now,
  ) {
    this.phaseEndsAt = now() + BETTING_MS;
  }

  view(): TableView {
    return {
      game: this.gameCode,
      round: this.round,
      phase: this.phase,
      remainingMs: Math.max(0, this.phaseEndsAt - this.now()),
      pocket: this.phase === 'betting' ? null : this.pocket,
      colour: this.phase === 'betting' || this.pocket === null ? null : pocketColour(this.pocket),
      history: this.history.slice(0, 12),
    };
  }

  /** Debits a bet on `spot` for this round, if betting is open. */
  async bet(
    session: PlayerSession,
    spot: RouletteSpot,
    stake: string,
  ): Promise<{ accepted: boolean; reason?: string; balance: string | null }> {
    if (this.phase !== 'betting') return { accepted: false, reason: 'closed', balance: null };
    const round = this.round;
    const base: MoneyCallBase = {
      player_id: session.playerId,
      // A round belongs to one player: the table's round and the player together.
      round: `${this.roundId}:${session.playerId}`,
      game_code: this.gameCode,
      currency: session.currency,
    };
    const client = this.clientFor(session.vendorCode);
    const placed = await placeBet(client, this.deps, base, stake, {
      gameToken: session.gameToken,
      closesRoundOnFailure: false,
    });
    if (!placed.placed) return { accepted: false, reason: placed.reason, balance: placed.balance };
    if (this.round !== round || this.phase !== 'betting') {
      // The answer came too late for this spin: our failure, so the player gets the stake back.
      const balance = await rollBack(client, this.deps, base, placed.transactionUuid, stake, false);
      return { accepted: false, reason: 'closed', balance };
    }
    this.bets.push({ session, base, spot, stake, transactionUuid: placed.transactionUuid });
    return { accepted: true, balance: placed.balance };
  }

  /** Moves to the next phase when this one is over; settling runs in the background. */
  tick(pick: (exclusiveMax: number) => number = this.deps.pick ?? randomInt): void {
    if (this.now() < this.phaseEndsAt) return;
    if (this.phase === 'betting') {
      this.pocket = drawPocket(pick);
      this.phase = 'spinning';
      this.phaseEndsAt = this.now() + SPINNING_MS;
      const bets = this.bets;
      this.bets = [];
      const pocket = this.pocket;
      const round = this.round;
      this.settling = this.settling.then(() => this.settle(bets, pocket, round));
    } else if (this.phase === 'spinning') {
      if (this.pocket !== null)
        this.history.unshift({ pocket: this.pocket, colour: pocketColour(this.pocket) });
      this.history.splice(50);
      this.phase = 'result';
      this.phaseEndsAt = this.now() + RESULT_MS;
    } else {
      this.round += 1;
      this.roundId = newId('t');
      this.phase = 'betting';
      this.pocket = null;
      this.phaseEndsAt = this.now() + BETTING_MS;
    }
  }

  /** Resolves when every spin drawn so far has been paid (or its payments queued). */
  settled(): Promise<void> {
    return this.settling;
  }

  /** Pays every bet of the spin; the last bet of each player's round closes it. */
  private async settle(bets: TableBet[], pocket: number, round: number): Promise<void> {
    const byRound = new Map<string, TableBet[]>();
    for (const bet of bets) byRound.set(bet.base.round, [...(byRound.get(bet.base.round) ?? []), bet]);
    await Promise.all(
      [...byRound.values()].map(async (roundBets) => {
        let total = 0n;
        const wins = roundBets.map((bet) => roulettePayout(bet.spot, minorOf(bet.stake), pocket));
        // The closing call tells the platform the ball's pocket and every bet of the player's round.
        const detail: RoundDetail = {
          kind: 'roulette',
          number: pocket,
          bets: roundBets.map((bet, index) => ({
            spot: bet.spot,
            amount: bet.stake,
            pays: providerMoney(wins[index] ?? 0n),
          })),
        };
        for (const [index, bet] of roundBets.entries()) {
          const win = wins[index] ?? 0n;
          total += win;
          const last = index === roundBets.length - 1;
          const balance = await payWin(
            this.clientFor(bet.session.vendorCode),
            this.deps,
            bet.base,
            bet.transactionUuid,
            win,
            last,
            undefined,
            last ? detail : undefined,
          );
          if (balance !== null) bet.session.balance = balance;
        }
        const session = roundBets[0]?.session;
        if (session) session.tableResult = { round, win: providerMoney(total) };
      }),
    );
  }
}
