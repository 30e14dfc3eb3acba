import { describe, expect, it } from 'vitest';
import {
  drawMatchday,
  esportsTeams,
  leagues,
  oddsOf,
  playFixture,
  slipPayout,
  teams,
  type Fixture,
} from './sports.js';

describe('sportsbook', () => {
  it('prices each outcome at its chance less a 6% margin, so a single returns at most 94%', () => {
    for (let percent = 10; percent <= 60; percent += 1) {
      const odds = oddsOf(percent);
      expect(percent * odds).toBeLessThanOrEqual(9400);
      expect(percent * (odds + 1)).toBeGreaterThan(9400);
    }
  });

  it('draws results from the same chances the odds came from, with a score that fits', () => {
    const fixture: Fixture = {
      id: 'f1',
      home: 0,
      away: 1,
      chances: { home: 40, draw: 25, away: 35 },
      odds: { home: 235, draw: 376, away: 268 },
      result: null,
    };
    const counts = { home: 0, draw: 0, away: 0 };
    for (let roll = 0; roll < 100; roll += 1) {
      const result = playFixture(fixture, (max) => (max === 100 ? roll : max - 1));
      counts[result?.outcome ?? 'draw'] += 1;
      const [home, away] = result?.score ?? [0, 0];
      expect(Math.sign(home - away)).toBe({ home: 1, draw: 0, away: -1 }[result?.outcome ?? 'draw']);
    }
    expect(counts).toEqual({ home: 40, draw: 25, away: 35 });
  });

  it('lists four fixtures, every team once, chances adding up to 100', () => {
    const fixtures = drawMatchday((max) => max - 1);
    expect(fixtures).toHaveLength(4);
    expect(new Set(fixtures.flatMap((fixture) => [fixture.home, fixture.away])).size).toBe(teams.length);
    for (const fixture of fixtures) {
      expect(fixture.chances.home + fixture.chances.draw + fixture.chances.away).toBe(100);
      expect(Math.min(fixture.chances.home, fixture.chances.draw, fixture.chances.away)).toBeGreaterThan(0);
    }
  });

  it('pays an accumulator the stake times the product of its odds, rounded down', () => {
    expect(slipPayout(1000n, [235])).toBe(2350n);
    expect(slipPayout(1000n, [235, 376])).toBe(8836n);
    expect(slipPayout(1000n, [199, 199, 199])).toBe(7880n);
  });

  it('runs an esports league of made-up teams: best-of-two matches, a 1–1 in maps is the draw', () => {
    const fixtures = drawMatchday((max) => max - 1, leagues.esports);
    expect(fixtures).toHaveLength(esportsTeams.length / 2);
    expect(new Set(fixtures.flatMap((fixture) => [fixture.home, fixture.away])).size).toBe(
      esportsTeams.length,
    );
    const fixture = fixtures[0] as Fixture;
    const counts = { home: 0, draw: 0, away: 0 };
    for (let roll = 0; roll < 100; roll += 1) {
      const result = playFixture(fixture, (max) => (max === 100 ? roll : 0), 'esports');
      const outcome = result?.outcome ?? 'draw';
      counts[outcome] += 1;
      expect(result?.score).toEqual({ home: [2, 0], draw: [1, 1], away: [0, 2] }[outcome]);
    }
    // The results follow the same chances the odds were made from (94% returned on a single).
    expect(counts).toEqual(fixture.chances);
    for (const pick of ['home', 'draw', 'away'] as const) {
      expect(fixture.odds[pick]).toBe(oddsOf(fixture.chances[pick]));
    }
  });
});
