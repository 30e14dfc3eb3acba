import { randomInt } from 'node:crypto';
import { providerMoney } from '@platform/contract';
import { minorOf, newId, payWin, placeBet, rollBack, type MoneyCallBase, type RoundDeps } from './rounds.js';
import type { PlayerSession } from './sessions.js';
import {
  cardLabel,
  dealShowdown,
  showdownRoundDetail,
  type DealtHand,
  type HandCategory,
  winnerShare,
} from './showdown.js';
import type { WalletClient } from './wallet-client.js';

export const ANTE_MS = 10_000;
export const SHOWDOWN_MS = 6_000;
/** A seated player whose page has not asked for the table this long has left: the seat is freed. */
export const SEAT_IDLE_MS = 30_000;

/** One room of a PVP game, as the vendor's catalogue describes it. */
export interface RoomSpec {
  id: string;
  name: { en: string; bn: string };
  seats: number;
  /** every player of a hand antes this stake, decimal major units */
  minBet: string;
}

/** The room as the lobby sees it (GET /v/<vendor>/rooms). */
export interface RoomListing {
  roomId: string;
  gameCode: string;
  name: { en: string; bn: string };
  minBet: string;
  /** one entry per seat, in order: taken by a player, or free */
  seats: { seat: number; taken: boolean }[];
}

interface Seated {
  session: PlayerSession;
  lastSeen: number;
}

interface Ante {
  seat: number;
  session: PlayerSession;
  base: MoneyCallBase;
  transactionUuid: string;
}

type Phase = 'ante' | 'showdown';

export interface ShownHand {
  seat: number;
  /** 'you', another player, or a simulated opponent filling an empty seat */
  who: 'you' | 'player' | 'simulated';
  cards: string[];
  category: HandCategory;
  winner: boolean;
}

/**
 * A room of Three Lamps Showdown: N seats; a player takes a seat; each hand has a timed ante phase in
 * which seated players ante the room's stake (a seamless bet each), then the cards are dealt to every
 * player who anted and to simulated opponents in the empty seats (so a lone player has a game), and each
 * winner is paid their share of the pot less the rake (a win, zero for a lost hand, closing the round).
 * The simulated opponents' stakes are the simulator's own: only real players' money moves on the wallet.
 */
export class ShowdownRoom {
  private readonly seats: (Seated | null)[];
  private phase: Phase = 'ante';
  private phaseEndsAt: number;
  private hand = 1;
  private antes: Ante[] = [];
  private lastHand: { hand: number; hands: Omit<ShownHand, 'who'>[]; players: (string | null)[] } | null =
    null;
  private settling: Promise<void> = Promise.resolve();

  constructor(
    readonly gameCode: string,
    readonly spec: RoomSpec,
    private readonly clientFor: (vendorCode: string) => WalletClient,
    private readonly deps: RoundDeps,
    private readonly now: () => number = Date.now,
  ) {
    this.seats = Array.from({ length: spec.seats }, () => null);
    this.phaseEndsAt = now() + ANTE_MS;
  }

  listing(): RoomListing {
    return {
      roomId: this.spec.id,
      gameCode: this.gameCode,
      name: this.spec.name,
      minBet: this.spec.minBet,
      seats: this.seats.map((seated, seat) => ({ seat, taken: seated !== null })),
    };
  }

  seatOf(session: PlayerSession): number | null {
    const index = this.seats.findIndex((seated) => seated?.session.id === session.id);
    return index === -1 ? null : index;
  }

  /** Takes the first free seat (or answers the one the player has). */
  sit(session: PlayerSession): { seat: number } | { full: true } {
    const mine = this.seatOf(session);
    if (mine !== null) return { seat: mine };
    const free = this.seats.findIndex((seated) => seated === null);
    if (free === -1) return { full: true };
    this.seats[free] = { session, lastSeen: this.now() };
    return { seat: free };
  }

  /** Leaves the seat; an ante already placed stays in this hand. */
  leave(session: PlayerSession): void {
    const mine = this.seatOf(session);
    if (mine !== null) this.seats[mine] = null;
  }

  view(session: PlayerSession) {
    const mine = this.seatOf(session);
    const seated = mine === null ? undefined : this.seats[mine];
    if (seated) seated.lastSeen = this.now();
    const last = this.lastHand;
    return {
      room: this.listing(),
      hand: this.hand,
      phase: this.phase,
      remainingMs: Math.max(0, this.phaseEndsAt - this.now()),
      seat: mine,
      anted: this.antes.some((ante) => ante.session.id === session.id),
      lastHand: last && {
        hand: last.hand,
        hands: last.hands.map((hand): ShownHand => ({
          ...hand,
          who:
            last.players[hand.seat] === session.id
              ? 'you'
              : last.players[hand.seat] === null
                ? 'simulated'
                : 'player',
        })),
      },
    };
  }

  /** Antes the room's stake for this hand: a seamless bet, while the ante phase is open. */
  async ante(
    session: PlayerSession,
  ): Promise<{ accepted: boolean; reason?: string; balance: string | null }> {
    const seat = this.seatOf(session);
    if (seat === null) return { accepted: false, reason: 'not-seated', balance: null };
    if (this.phase !== 'ante') return { accepted: false, reason: 'closed', balance: null };
    if (this.antes.some((ante) => ante.session.id === session.id)) {
      return { accepted: false, reason: 'already', balance: null };
    }
    const hand = this.hand;
    const base: MoneyCallBase = {
      player_id: session.playerId,
      // Each player's part in a hand is that player's round.
      round: `${this.spec.id}-h${hand}-${newId('p')}`,
      game_code: this.gameCode,
      currency: session.currency,
    };
    const client = this.clientFor(session.vendorCode);
    // Held while the bet is in flight, so a second tap is refused rather than debited twice.
    const placeholder: Ante = { seat, session, base, transactionUuid: '' };
    this.antes.push(placeholder);
    const placed = await placeBet(client, this.deps, base, this.spec.minBet, {
      gameToken: session.gameToken,
      closesRoundOnFailure: true,
    });
    if (!placed.placed) {
      this.antes = this.antes.filter((ante) => ante !== placeholder);
      return { accepted: false, reason: placed.reason, balance: placed.balance };
    }
    if (this.hand !== hand || this.phase !== 'ante') {
      // The answer came after the cards were dealt: our failure, so the stake goes back.
      const balance = await rollBack(client, this.deps, base, placed.transactionUuid, this.spec.minBet, true);
      return { accepted: false, reason: 'closed', balance };
    }
    placeholder.transactionUuid = placed.transactionUuid;
    return { accepted: true, balance: placed.balance };
  }

  /** Moves the room on; the process calls it a few times a second. */
  tick(pick: (exclusiveMax: number) => number = this.deps.pick ?? randomInt): void {
    const now = this.now();
    for (const [index, seated] of this.seats.entries()) {
      if (seated && now - seated.lastSeen > SEAT_IDLE_MS) this.seats[index] = null;
    }
    if (now < this.phaseEndsAt) return;
    if (this.phase === 'showdown') {
      this.phase = 'ante';
      this.hand += 1;
      this.phaseEndsAt = now + ANTE_MS;
      return;
    }
    // Antes still in flight are not in this hand; they are rolled back when their answer comes.
    const antes = this.antes.filter((ante) => ante.transactionUuid !== '');
    this.antes = [];
    if (antes.length === 0) {
      // Nobody anted: no hand; the ante phase starts again.
      this.phaseEndsAt = now + ANTE_MS;
      this.hand += 1;
      return;
    }
    const anted = new Set(antes.map((ante) => ante.seat));
    // Players who anted, and a simulated opponent in every empty seat; a seated player who did not
    // ante sits this hand out.
    const playing = this.seats.flatMap((seated, seat) => (anted.has(seat) || seated === null ? [seat] : []));
    this.phase = 'showdown';
    this.phaseEndsAt = now + SHOWDOWN_MS;
    if (playing.length < 2) {
      // No opponent can be seated: the hand is off and the antes go back.
      this.lastHand = null;
      this.settling = this.settling.then(() => this.refund(antes));
      return;
    }
    const { hands, winners } = dealShowdown(playing, pick);
    const players = this.seats.map(() => null as string | null);
    for (const ante of antes) players[ante.seat] = ante.session.id;
    this.lastHand = {
      hand: this.hand,
      players,
      hands: hands.map((hand) => ({
        seat: hand.seat,
        // Highest card first, as a player fans them.
        cards: hand.cards.toSorted((a, b) => b.rank - a.rank).map(cardLabel),
        category: hand.value.category,
        winner: winners.includes(hand.seat),
      })),
    };
    this.settling = this.settling.then(() => this.settle(antes, playing.length, winners, hands));
  }

  /** Resolves when every hand dealt so far has been paid (or its payments queued). */
  settled(): Promise<void> {
    return this.settling;
  }

  private async settle(antes: Ante[], players: number, winners: number[], hands: DealtHand[]): Promise<void> {
    const share = winnerShare(minorOf(this.spec.minBet), players, winners.length);
    await Promise.all(
      antes.map(async (ante) => {
        const win = winners.includes(ante.seat) ? share : 0n;
        const balance = await payWin(
          this.clientFor(ante.session.vendorCode),
          this.deps,
          ante.base,
          ante.transactionUuid,
          win,
          true,
          newId('win'),
          // The betting record recalls the hand: every seat's cards, the player's named.
          showdownRoundDetail(hands, winners, ante.seat),
        );
        if (balance !== null) ante.session.balance = balance;
        ante.session.tableResult = { round: this.hand, win: providerMoney(win) };
      }),
    );
  }

  private async refund(antes: Ante[]): Promise<void> {
    await Promise.all(
      antes.map(async (ante) => {
        const balance = await rollBack(
          this.clientFor(ante.session.vendorCode),
          this.deps,
          ante.base,
          ante.transactionUuid,
          this.spec.minBet,
          true,
        );
        if (balance !== null) ante.session.balance = balance;
      }),
    );
  }
}
