import { randomInt } from 'node:crypto';
import { providerMoney, type RoundDetail } from '@platform/contract';
import { minorOf, newId, payWin, placeBet, rollBack, type MoneyCallBase, type RoundDeps } from './rounds.js';
import type { PlayerSession } from './sessions.js';
import type { WalletClient } from './wallet-client.js';

/**
 * A small simulated league (football, or esports matches of made-up teams: `leagues`): each matchday lists four fixtures with odds, takes bet slips (a
 * single, or an accumulator of up to four fixtures) while betting is open, then draws every result with
 * crypto.randomInt from the same chances the odds were made from, and pays each slip once. The odds keep
 * a 6% margin: a single returns about 94% of its stake (odds are rounded down to the hundredth).
 */

export const OPEN_MS = 45_000;
export const PLAYING_MS = 5_000;
export const RESULTS_MS = 10_000;
export const MAX_SELECTIONS = 4;
const MARGIN_PERCENT = 94;

export const teams = [
  { en: 'Padma Tigers', bn: 'পদ্মা টাইগার্স' },
  { en: 'Jamuna Kites', bn: 'যমুনা ঘুড়ি' },
  { en: 'Meghna Boatmen', bn: 'মেঘনা মাঝি' },
  { en: 'Karnaphuli Herons', bn: 'কর্ণফুলী বক' },
  { en: 'Teesta Falcons', bn: 'তিস্তা বাজপাখি' },
  { en: 'Surma Owls', bn: 'সুরমা পেঁচা' },
  { en: 'Rupsha Eagles', bn: 'রূপসা ঈগল' },
  { en: 'Dhaleshwari Stars', bn: 'ধলেশ্বরী তারা' },
] as const;

/**
 * The esports league: made-up teams playing best-of-two matches of a made-up game ("Pixel Arena"), so
 * a 1–1 in maps is a draw and the same three-way market applies.
 */
export const esportsTeams = [
  { en: 'Neon Kites', bn: 'নিয়ন ঘুড়ি' },
  { en: 'Circuit Herons', bn: 'সার্কিট বক' },
  { en: 'Pixel Tigers', bn: 'পিক্সেল টাইগার্স' },
  { en: 'Byte Boatmen', bn: 'বাইট মাঝি' },
  { en: 'Glitch Owls', bn: 'গ্লিচ পেঁচা' },
  { en: 'Quantum Mynas', bn: 'কোয়ান্টাম ময়না' },
  { en: 'Turbo Jackals', bn: 'টার্বো শেয়াল' },
  { en: 'Laser Lotus', bn: 'লেজার পদ্ম' },
] as const;

export interface League {
  kind: 'football' | 'esports';
  teams: readonly { en: string; bn: string }[];
}
export const leagues: Record<League['kind'], League> = {
  football: { kind: 'football', teams },
  esports: { kind: 'esports', teams: esportsTeams },
};

export const picks = ['home', 'draw', 'away'] as const;
export type Pick = (typeof picks)[number];

export interface Fixture {
  id: string;
  home: number;
  away: number;
  /** the chances of home, draw and away, in percent (they add up to 100) */
  chances: Record<Pick, number>;
  /** decimal odds in hundredths (235 is 2.35) */
  odds: Record<Pick, number>;
  result: { outcome: Pick; score: [number, number] } | null;
}

/** Odds from a chance: the fair price less the margin, rounded down to the hundredth. */
export const oddsOf = (percent: number): number => Math.floor((MARGIN_PERCENT * 100) / percent);

/** Four fixtures between the eight teams, each team once, with chances drawn for this matchday. */
export function drawMatchday(
  pick: (exclusiveMax: number) => number,
  league: League = leagues.football,
): Fixture[] {
  const order = league.teams.map((_, index) => index);
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = pick(index + 1);
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  return Array.from({ length: league.teams.length / 2 }, (_, index) => {
    const home = 25 + pick(31);
    const draw = 18 + pick(11);
    const chances = { home, draw, away: 100 - home - draw };
    return {
      id: `f${index + 1}`,
      home: order[index * 2] as number,
      away: order[index * 2 + 1] as number,
      chances,
      odds: { home: oddsOf(chances.home), draw: oddsOf(chances.draw), away: oddsOf(chances.away) },
      result: null,
    };
  });
}

/** A fixture's result, drawn from its chances, with a score that fits it (maps, in esports). */
export function playFixture(
  fixture: Fixture,
  pick: (exclusiveMax: number) => number,
  kind: League['kind'] = 'football',
): Fixture['result'] {
  const roll = pick(100);
  const outcome: Pick =
    roll < fixture.chances.home
      ? 'home'
      : roll < fixture.chances.home + fixture.chances.draw
        ? 'draw'
        : 'away';
  if (kind === 'esports') {
    // Best of two maps: a win is 2–0, a draw 1–1.
    return { outcome, score: outcome === 'home' ? [2, 0] : outcome === 'away' ? [0, 2] : [1, 1] };
  }
  const winner = 1 + pick(4);
  const loser = pick(winner);
  const level = pick(4);
  const score: [number, number] =
    outcome === 'home' ? [winner, loser] : outcome === 'away' ? [loser, winner] : [level, level];
  return { outcome, score };
}

export interface Selection {
  fixture: string;
  pick: Pick;
}

/** What a slip pays (stake included) when every selection won: stake × the product of the odds. */
export function slipPayout(stakeMinor: bigint, odds: readonly number[]): bigint {
  return odds.reduce((sum, price) => (sum * BigInt(price)) / 100n, stakeMinor);
}

interface Slip {
  id: string;
  session: PlayerSession;
  base: MoneyCallBase;
  selections: Selection[];
  odds: number[];
  stake: string;
  transactionUuid: string;
  matchday: number;
  status: 'open' | 'won' | 'lost';
  win: string | null;
}

export type SportsPhase = 'open' | 'playing' | 'results';

/** The sportsbook: matchdays in turn, slips debited when placed and paid once the results are in. */
export class Sportsbook {
  private matchday = 1;
  private phase: SportsPhase = 'open';
  private phaseEndsAt: number;
  private fixtures: Fixture[];
  private slips: Slip[] = [];
  private settling: Promise<void> = Promise.resolve();

  constructor(
    readonly gameCode: string,
    private readonly clientFor: (vendorCode: string) => WalletClient,
    private readonly deps: RoundDeps,
    private readonly now: () => number = Date.now,
    private readonly league: League = leagues.football,
  ) {
    this.fixtures = drawMatchday(deps.pick ?? randomInt, league);
    this.phaseEndsAt = now() + OPEN_MS;
  }

  view(session: PlayerSession) {
    return {
      matchday: this.matchday,
      phase: this.phase,
      remainingMs: Math.max(0, this.phaseEndsAt - this.now()),
      fixtures: this.fixtures.map((fixture) => ({
        id: fixture.id,
        home: this.league.teams[fixture.home],
        away: this.league.teams[fixture.away],
        odds: Object.fromEntries(picks.map((item) => [item, (fixture.odds[item] / 100).toFixed(2)])),
        result: this.phase === 'results' ? fixture.result : null,
      })),
      slips: this.slips
        .filter((slip) => slip.session.playerId === session.playerId)
        .slice(-10)
        .map((slip) => ({
          id: slip.id,
          matchday: slip.matchday,
          selections: slip.selections,
          stake: slip.stake,
          odds: (slip.odds.reduce((product, price) => product * price, 1) / 100 ** slip.odds.length).toFixed(
            2,
          ),
          status: slip.status,
          win: slip.win,
        })),
    };
  }

  /** Debits a slip on this matchday's fixtures, if betting is open; one selection per fixture. */
  async bet(
    session: PlayerSession,
    selections: Selection[],
    stake: string,
  ): Promise<{ accepted: boolean; reason?: string; balance: string | null }> {
    if (this.phase !== 'open') return { accepted: false, reason: 'closed', balance: null };
    const fixtures = selections.map((selection) =>
      this.fixtures.find((item) => item.id === selection.fixture),
    );
    if (
      selections.length === 0 ||
      selections.length > MAX_SELECTIONS ||
      new Set(selections.map((selection) => selection.fixture)).size !== selections.length ||
      fixtures.some((fixture) => !fixture)
    ) {
      return { accepted: false, reason: 'refused', balance: null };
    }
    const odds = selections.map((selection, index) => (fixtures[index] as Fixture).odds[selection.pick]);
    const matchday = this.matchday;
    const base: MoneyCallBase = {
      player_id: session.playerId,
      // A slip is its own round: one bet, then one win (zero when any selection lost).
      round: newId('slip'),
      game_code: this.gameCode,
      currency: session.currency,
    };
    const client = this.clientFor(session.vendorCode);
    const placed = await placeBet(client, this.deps, base, stake, {
      gameToken: session.gameToken,
      closesRoundOnFailure: true,
    });
    if (!placed.placed) return { accepted: false, reason: placed.reason, balance: placed.balance };
    if (this.matchday !== matchday || this.phase !== 'open') {
      const balance = await rollBack(client, this.deps, base, placed.transactionUuid, stake, true);
      return { accepted: false, reason: 'closed', balance };
    }
    this.slips.push({
      id: base.round,
      session,
      base,
      selections,
      odds,
      stake,
      transactionUuid: placed.transactionUuid,
      matchday,
      status: 'open',
      win: null,
    });
    return { accepted: true, balance: placed.balance };
  }

  tick(pick: (exclusiveMax: number) => number = this.deps.pick ?? randomInt): void {
    if (this.now() < this.phaseEndsAt) return;
    if (this.phase === 'open') {
      this.phase = 'playing';
      this.phaseEndsAt = this.now() + PLAYING_MS;
      for (const fixture of this.fixtures) fixture.result = playFixture(fixture, pick, this.league.kind);
      const slips = this.slips.filter((slip) => slip.status === 'open');
      const fixtures = this.fixtures;
      this.settling = this.settling.then(() => this.settle(slips, fixtures));
    } else if (this.phase === 'playing') {
      this.phase = 'results';
      this.phaseEndsAt = this.now() + RESULTS_MS;
    } else {
      this.matchday += 1;
      this.phase = 'open';
      this.fixtures = drawMatchday(pick, this.league);
      this.phaseEndsAt = this.now() + OPEN_MS;
      // Settled slips of earlier matchdays stay visible for a while, then go.
      this.slips = this.slips.filter((slip) => slip.matchday >= this.matchday - 3);
    }
  }

  settled(): Promise<void> {
    return this.settling;
  }

  private async settle(slips: Slip[], fixtures: Fixture[]): Promise<void> {
    await Promise.all(
      slips.map(async (slip) => {
        const won = slip.selections.every(
          (selection) =>
            fixtures.find((fixture) => fixture.id === selection.fixture)?.result?.outcome === selection.pick,
        );
        const win = won ? slipPayout(minorOf(slip.stake), slip.odds) : 0n;
        const balance = await payWin(
          this.clientFor(slip.session.vendorCode),
          this.deps,
          slip.base,
          slip.transactionUuid,
          win,
          true,
          undefined,
          slipRoundDetail(slip, fixtures, this.league),
        );
        if (balance !== null) slip.session.balance = balance;
        slip.status = won ? 'won' : 'lost';
        slip.win = providerMoney(win);
      }),
    );
  }
}

/**
 * What the slip was and how it ended, for the player's betting record, in the player's language: each
 * fixture, the pick, its odds, won or lost, and the score.
 */
export function slipRoundDetail(
  slip: { session: { language: PlayerSession['language'] }; selections: Selection[]; odds: number[] },
  fixtures: readonly Fixture[],
  league: League,
): RoundDetail {
  const language = slip.session.language;
  const name = (team: number) => league.teams[team]?.[language] ?? `#${team}`;
  return {
    kind: 'sports',
    bet_type: slip.selections.length > 1 ? 'accumulator' : 'single',
    selections: slip.selections.map((selection, index) => {
      const fixture = fixtures.find((item) => item.id === selection.fixture);
      const result = fixture?.result ?? null;
      const pickName =
        !fixture || selection.pick === 'draw'
          ? language === 'bn'
            ? 'ড্র'
            : 'Draw'
          : name(selection.pick === 'home' ? fixture.home : fixture.away);
      return {
        event: fixture ? `${name(fixture.home)} v ${name(fixture.away)}` : selection.fixture,
        market: language === 'bn' ? 'ম্যাচের ফল' : 'Match result',
        pick: pickName,
        odds: ((slip.odds[index] ?? 0) / 100).toFixed(2),
        outcome: result === null ? 'pending' : result.outcome === selection.pick ? 'won' : 'lost',
        ...(result ? { result: `${result.score[0]}–${result.score[1]}` } : {}),
      };
    }),
  };
}
