import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atRate, differential, dividendBase, tierFor, treePay, type Tier } from './payout.js';
import { nextWholePeriodStart, periodContaining, periodsBetween } from './periods.js';

const tiers: Tier[] = [
  { min: 0n, minActive: 0, rateBp: 100 },
  { min: 1_000_000n, minActive: 5, rateBp: 200 },
  { min: 5_000_000n, minActive: 10, rateBp: 300 },
];

describe('contract pay, worked by hand', () => {
  it('applies the highest tier the period reaches, turnover and active members both', () => {
    expect(tierFor(tiers, 999_999n, 50)).toEqual({ tier: 1, rateBp: 100 });
    // Turnover of tier 3, but only 7 active members: tier 2.
    expect(tierFor(tiers, 6_000_000n, 7)).toEqual({ tier: 2, rateBp: 200 });
    expect(tierFor(tiers, 6_000_000n, 10)).toEqual({ tier: 3, rateBp: 300 });
    expect(tierFor([{ min: 100n, minActive: 3, rateBp: 50 }], 99n, 3)).toEqual({ tier: 0, rateBp: 0 });
    // 2% of 12,345.67 = 246.9134: rounded down to the minor unit.
    expect(atRate(1_234_567n, 200)).toBe(24_691n);
  });

  it('pays a 4-level chain its differential, floored at zero', () => {
    // Teams: A (whole) 100,000.00; B below A 60,000.00; C below B 30,000.00; D below C 10,000.00.
    // Rates: A 3%, B 2%, C 1.5%, D 1%.
    const team = { A: 10_000_000n, B: 6_000_000n, C: 3_000_000n, D: 1_000_000n };
    const gross = {
      A: atRate(team.A, 300),
      B: atRate(team.B, 200),
      C: atRate(team.C, 150),
      D: atRate(team.D, 100),
    };
    expect(gross).toEqual({ A: 300_000n, B: 120_000n, C: 45_000n, D: 10_000n });
    const paid = {
      A: differential(gross.A, [gross.B]).amount,
      B: differential(gross.B, [gross.C]).amount,
      C: differential(gross.C, [gross.D]).amount,
      D: differential(gross.D, []).amount,
    };
    expect(paid).toEqual({ A: 180_000n, B: 75_000n, C: 35_000n, D: 10_000n });
    expect(paid.A + paid.B + paid.C + paid.D).toBe(gross.A);
    // A downline's higher tier in a period can exceed its upline's pay: the upline gets nothing, not less.
    expect(differential(10_000n, [12_000n])).toEqual({ amount: 0n, deductions: 12_000n });
  });

  it('carries a winning team’s balance into the next dividend period, or resets it', () => {
    // Period 1: the team won 500.00 (net loss -500.00): nothing paid, -500.00 carried.
    const first = dividendBase(-50_000n, 0n, 'carry');
    expect(first).toEqual({ base: 0n, carryOut: -50_000n });
    // Period 2: the team lost 2,000.00; the dividend's base is 1,500.00.
    expect(dividendBase(200_000n, first.carryOut, 'carry')).toEqual({ base: 150_000n, carryOut: 0n });
    // Period 2 lost only 300.00: still 200.00 to carry.
    expect(dividendBase(30_000n, first.carryOut, 'carry')).toEqual({ base: 0n, carryOut: -20_000n });
    expect(dividendBase(-50_000n, 0n, 'reset')).toEqual({ base: 0n, carryOut: 0n });
    expect(dividendBase(200_000n, -50_000n, 'reset')).toEqual({ base: 200_000n, carryOut: 0n });
  });

  it('property: what all agents are paid is the top agent’s rate on the whole team, nothing negative', () => {
    // A random tree of agents with rates that never rise going down, and random own turnover.
    const tree = fc
      .array(
        fc.record({
          parent: fc.nat(),
          turnover: fc.bigInt({ min: 0n, max: 10n ** 12n }),
          cut: fc.nat(10_000),
        }),
        {
          minLength: 1,
          maxLength: 40,
        },
      )
      .map((nodes) =>
        nodes.map((node, index) => ({ ...node, parent: index === 0 ? -1 : node.parent % index })),
      );
    fc.assert(
      fc.property(tree, fc.integer({ min: 1, max: 10_000 }), (nodes, topRate) => {
        const rate: number[] = [];
        const team: bigint[] = nodes.map((node) => node.turnover);
        nodes.forEach((node, index) => {
          rate[index] =
            index === 0 ? topRate : Math.floor(((rate[node.parent] as number) * node.cut) / 10_000);
        });
        for (let index = nodes.length - 1; index > 0; index -= 1) {
          const parent = (nodes[index] as { parent: number }).parent;
          team[parent] = (team[parent] as bigint) + (team[index] as bigint);
        }
        const gross = nodes.map((_, index) => atRate(team[index] as bigint, rate[index] as number));
        let total = 0n;
        nodes.forEach((_, index) => {
          const children = nodes.flatMap((node, child) =>
            node.parent === index ? [gross[child] as bigint] : [],
          );
          const { amount } = differential(gross[index] as bigint, children);
          expect(amount >= 0n).toBe(true);
          total += amount;
        });
        expect(total).toBe(gross[0]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('periods in the site’s time (UTC+6)', () => {
  const at = new Date('2026-11-21T20:30:00Z'); // 2026-11-22 02:30 in Dhaka, a Sunday
  it('finds the day, week, half month, month, hour and five minutes an instant is in', () => {
    expect(periodContaining('daily', at)).toMatchObject({
      start: new Date('2026-11-21T18:00:00Z'),
      end: new Date('2026-11-22T18:00:00Z'),
      fromDay: '2026-11-22',
      toDay: '2026-11-22',
    });
    expect(periodContaining('weekly', at)).toMatchObject({ fromDay: '2026-11-16', toDay: '2026-11-22' });
    expect(periodContaining('semimonthly', at)).toMatchObject({ fromDay: '2026-11-16', toDay: '2026-11-30' });
    expect(periodContaining('semimonthly', new Date('2026-11-10T00:00:00Z'))).toMatchObject({
      fromDay: '2026-11-01',
      toDay: '2026-11-15',
    });
    expect(periodContaining('monthly', at)).toMatchObject({ fromDay: '2026-11-01', toDay: '2026-11-30' });
    expect(periodContaining('hourly', at).start).toEqual(new Date('2026-11-21T20:00:00Z'));
    expect(periodContaining('five_minutes', at)).toMatchObject({
      start: new Date('2026-11-21T20:30:00Z'),
      end: new Date('2026-11-21T20:35:00Z'),
    });
  });

  it('starts a contract at the next whole period and lists ended periods in order', () => {
    expect(nextWholePeriodStart('daily', at)).toEqual(new Date('2026-11-22T18:00:00Z'));
    expect(nextWholePeriodStart('daily', new Date('2026-11-22T18:00:00Z'))).toEqual(
      new Date('2026-11-22T18:00:00Z'),
    );
    const periods = periodsBetween(
      'daily',
      new Date('2026-11-19T18:00:00Z'),
      new Date('2026-11-22T19:00:00Z'),
      100,
    );
    expect(periods.map((period) => period.fromDay)).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(
      periodsBetween('daily', new Date('2026-11-19T18:00:00Z'), new Date('2026-11-22T19:00:00Z'), 2),
    ).toHaveLength(2);
  });
});

describe('differential pay over a tree with gaps (issue 26)', () => {
  it('property: contracts that are not contiguous still pay each top agent’s rate on its whole team, nothing negative', () => {
    // A random forest; each agent contracted or not; a contracted agent's rate is at most its nearest
    // contracted ancestor's; every agent's own turnover. Wages: the team's valid bet never shrinks upwards.
    const forest = fc
      .array(
        fc.record({
          parent: fc.integer({ min: -1, max: 1_000 }),
          contracted: fc.boolean(),
          cut: fc.nat(10_000),
          turnover: fc.bigInt({ min: 0n, max: 10n ** 12n }),
        }),
        { minLength: 1, maxLength: 40 },
      )
      .map((nodes) =>
        nodes.map((node, index) => ({
          ...node,
          parent: index === 0 || node.parent < 0 ? -1 : node.parent % index,
        })),
      );
    fc.assert(
      fc.property(forest, fc.integer({ min: 1, max: 10_000 }), (nodes, topRate) => {
        const nearest = (index: number) => {
          let above = (nodes[index] as { parent: number }).parent;
          while (above >= 0 && !(nodes[above] as { contracted: boolean }).contracted)
            above = (nodes[above] as { parent: number }).parent;
          return above;
        };
        const rate: number[] = [];
        nodes.forEach((node, index) => {
          const above = nearest(index);
          rate[index] = Math.floor(((above >= 0 ? (rate[above] as number) : topRate) * node.cut) / 10_000);
        });
        const team = nodes.map((node) => node.turnover);
        for (let index = nodes.length - 1; index > 0; index -= 1) {
          const parent = (nodes[index] as { parent: number }).parent;
          if (parent >= 0) team[parent] = (team[parent] as bigint) + (team[index] as bigint);
        }
        const contracted = nodes.flatMap((node, index) => (node.contracted ? [index] : []));
        const nearestAbove = new Map<bigint, bigint>();
        for (const index of contracted) {
          const above = nearest(index);
          if (above >= 0) nearestAbove.set(BigInt(index), BigInt(above));
        }
        const gross = (index: number) => atRate(team[index] as bigint, rate[index] as number);
        const pay = treePay(
          contracted.map((index) => ({ agentId: BigInt(index), gross: gross(index) })),
          nearestAbove,
        );
        const inSubtree = (top: number, index: number) => {
          for (let at = index; at >= 0; at = (nodes[at] as { parent: number }).parent)
            if (at === top) return true;
          return false;
        };
        for (const top of contracted.filter((index) => nearest(index) < 0)) {
          const paid = contracted
            .filter((index) => inSubtree(top, index))
            .reduce((sum, index) => sum + (pay.get(BigInt(index))?.amount ?? 0n), 0n);
          expect(paid).toBe(gross(top));
        }
        for (const row of pay.values()) expect(row.amount >= 0n).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
