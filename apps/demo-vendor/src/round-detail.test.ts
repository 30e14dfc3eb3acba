import { roundDetailSchema } from '@platform/contract';
import { describe, expect, it } from 'vitest';
import { shoot, shotRoundDetail } from './fish.js';
import { evaluateSpin, mangoGrove, riverLanterns, slotRoundDetail } from './slots.js';
import { drawMatchday, leagues, slipRoundDetail, type Fixture } from './sports.js';

/** What the closing call tells the platform for the betting record: valid by the contract, and true. */
describe('round detail sent on the closing call', () => {
  it('a slot spin: each reel top to bottom as it stopped, and the paying lines numbered from 1', () => {
    for (const machine of [mangoGrove, riverLanterns]) {
      const outcome = evaluateSpin(
        machine,
        machine.reels.map(() => 0),
        1000n,
      );
      const detail = roundDetailSchema.parse(slotRoundDetail(outcome));
      if (detail.kind !== 'slot') throw new Error(detail.kind);
      expect(detail.reels).toHaveLength(machine.reels.length);
      detail.reels.forEach((reel, index) => {
        expect(reel).toEqual(outcome.grid.map((row) => row[index]));
      });
      expect(detail.lines?.map((line) => line.line)).toEqual(outcome.wins.map((win) => win.line + 1));
    }
    // Three sevens on the middle line of Mango Grove: line 1 pays 300 line bets of a 5-line stake.
    const seven = mangoGrove.reels[0]!.indexOf('seven');
    const outcome = evaluateSpin(mangoGrove, [seven - 1, seven - 1, seven - 1], 500n);
    const detail = slotRoundDetail(outcome);
    // (The strips are alike, so the top and bottom rows pay too.)
    expect(detail.kind === 'slot' && detail.lines).toContainEqual({
      line: 1,
      symbols: 'seven seven seven',
      pays: '300.00',
    });
  });

  it('a shot: one shot, and the fish only when it was caught', () => {
    const caught = shoot('carp', 100n, () => 0);
    const missed = shoot('carp', 100n, (max) => max - 1);
    expect(roundDetailSchema.parse(shotRoundDetail(caught))).toEqual({
      kind: 'fish',
      shots: 1,
      catches: [{ target: 'carp', multiplier: '5' }],
    });
    expect(shotRoundDetail(missed)).toEqual({ kind: 'fish', shots: 1, catches: [] });
  });

  it("a slip: each fixture in the player's language with the pick, odds, outcome and score", () => {
    const fixtures: Fixture[] = drawMatchday(() => 0, leagues.football);
    const [first, second] = fixtures as [Fixture, Fixture];
    first.result = { outcome: 'home', score: [2, 1] };
    second.result = { outcome: 'draw', score: [0, 0] };
    const slip = {
      selections: [
        { fixture: first.id, pick: 'home' as const },
        { fixture: second.id, pick: 'away' as const },
      ],
      odds: [first.odds.home, second.odds.away],
    };
    const english = roundDetailSchema.parse(
      slipRoundDetail({ ...slip, session: { language: 'en' } }, fixtures, leagues.football),
    );
    expect(english).toMatchObject({
      kind: 'sports',
      bet_type: 'accumulator',
      selections: [
        { outcome: 'won', result: '2–1', odds: (first.odds.home / 100).toFixed(2), market: 'Match result' },
        { outcome: 'lost', result: '0–0' },
      ],
    });
    const bengali = slipRoundDetail({ ...slip, session: { language: 'bn' } }, fixtures, leagues.football);
    expect(bengali.kind === 'sports' && bengali.selections[0]?.event).toContain(
      leagues.football.teams[first.home]!.bn,
    );
  });
});
