import { accountTypes, formatMoney, parseMoney, type AgentContract, type Envelope } from '@platform/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, logIn, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * Agent pay recomputed by independent code (issue 26, ADR 093) over the shapes that break the
 * differential rule: trees where contracts are not contiguous (agents without a contract between
 * contracted ones, at any depth, several tops), tiers that a downline reaches above its upline's
 * (the floor at zero), dividends whose carry-over runs across periods, and a lower rate accepted in
 * the middle of the run that ends contracts deeper in the team. Everything goes through the real
 * operator tool, agent centre calls and settlement job on a real database; the reference below shares
 * no code with them.
 */

interface Tier {
  min: bigint;
  minActive: number;
  rateBp: number;
}
interface Shape {
  kind: 'daily_wage' | 'dividend';
  /** parent[i] < i, or -1 for an agent at the top */
  parent: number[];
  /** each agent's contract: null for none; the cut of its limit, in basis points of it */
  contract: ({ cut: number; second: { min: bigint; minActive: number; cut: number } | null } | null)[];
  /** per day, per agent: its player's valid bet and payout (minor units) */
  play: { validBet: bigint; payout: bigint }[][];
  /** after day 1, an agent's contract replaced by a lower one (the cut of its top rate) */
  lower: { agent: number; cut: number } | null;
}

const DAYS = 3;

const shapeArbitrary: fc.Arbitrary<Shape> = fc.integer({ min: 2, max: 8 }).chain((size) =>
  fc.record({
    kind: fc.constantFrom('daily_wage' as const, 'dividend' as const),
    parent: fc.tuple(
      ...Array.from({ length: size }, (_, index) =>
        index === 0 ? fc.constant(-1) : fc.integer({ min: -1, max: index - 1 }),
      ),
    ),
    contract: fc.tuple(
      ...Array.from({ length: size }, () =>
        fc.option(
          fc.record({
            cut: fc.integer({ min: 0, max: 10_000 }),
            second: fc.option(
              fc.record({
                min: fc.bigInt({ min: 0n, max: 200_000n }),
                minActive: fc.integer({ min: 0, max: 3 }),
                cut: fc.integer({ min: 0, max: 10_000 }),
              }),
              { freq: 3 },
            ),
          }),
          { freq: 3 },
        ),
      ),
    ),
    play: fc.tuple(
      ...Array.from({ length: DAYS }, () =>
        fc.tuple(
          ...Array.from({ length: size }, () =>
            fc.record({
              validBet: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 500_000n })),
              payout: fc.oneof(fc.constant(0n), fc.bigInt({ min: 1n, max: 900_000n })),
            }),
          ),
        ),
      ),
    ),
    lower: fc.option(
      fc.record({ agent: fc.integer({ min: 0, max: size - 1 }), cut: fc.integer({ min: 0, max: 10_000 }) }),
    ),
  }),
);

/** rate × base rounded down; nothing for a base at or below zero */
const pay = (base: bigint, rateBp: number) => (base <= 0n ? 0n : (base * BigInt(rateBp)) / 10_000n);
const topOf = (tiers: readonly Tier[]) => Math.max(...tiers.map((tier) => tier.rateBp));
const scaled = (limit: number, cut: number) => Math.max(1, Math.floor((limit * cut) / 10_000));

/** The tiers each contracted agent is offered: at most its nearest contracted ancestor's top rate. */
function tiersOfShape(shape: Shape): (Tier[] | null)[] {
  const tiers: (Tier[] | null)[] = [];
  shape.contract.forEach((terms, index) => {
    if (!terms) {
      tiers.push(null);
      return;
    }
    let above = shape.parent[index] as number;
    while (above >= 0 && !tiers[above]) above = shape.parent[above] as number;
    const limit = above >= 0 ? topOf(tiers[above] as Tier[]) : 3_000;
    const own: Tier[] = [{ min: 0n, minActive: 0, rateBp: scaled(limit, terms.cut) }];
    if (terms.second)
      own.push({
        min: terms.second.min,
        minActive: terms.second.minActive,
        rateBp: scaled(limit, terms.second.cut),
      });
    tiers.push(own);
  });
  return tiers;
}

describe('agent pay, recomputed independently (property)', () => {
  let t: TestApp;
  let minActive = 0n;
  let carryMode: 'carry' | 'reset' = 'carry';
  let run = 0;
  beforeAll(async () => {
    t = await createTestApp();
    const settings = await t.services.settings.all();
    minActive = parseMoney(settings['agent.activeMinValidBet']);
    carryMode = settings['agent.dividendCarryOver'];
  });
  afterAll(async () => {
    await t.close();
  });

  const operator = (...args: string[]) => t.services.operator.run(args, 'cli:property');
  const dayAfter = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const afterDay = (day: string) => new Date(Date.parse(`${day}T18:00:00Z`) + 5 * 60_000);

  async function contractFor(who: TestMember, kind: string, tiers: readonly Tier[]): Promise<string> {
    const offered = await operator(
      'agents',
      'offer',
      '--to',
      who.row.username,
      '--kind',
      kind,
      '--tiers',
      // The operator tool reads a minimum as money.
      tiers.map((tier) => `${formatMoney(tier.min)}:${tier.minActive}:${tier.rateBp}`).join(','),
      ...(kind === 'dividend' ? ['--cycle', 'daily'] : []),
    );
    expect(offered.exitCode, offered.output).toBe(0);
    return /offered (\S+)/.exec(offered.output)?.[1] as string;
  }
  async function accept(who: TestMember, id: string): Promise<string[]> {
    const answer = await t.call<{ contract: AgentContract; terminatedDownlineContracts: string[] }>({
      method: 'POST',
      url: `/wps/agent/contracts/${id}/accept`,
      headers: bearer(await logIn(t, who.row.id)),
    });
    const body = answer.body as Envelope<{ terminatedDownlineContracts: string[] }>;
    if (!body.success) throw new Error(JSON.stringify(body));
    return body.value.terminatedDownlineContracts;
  }

  it('pays every contracted agent its gross less its nearest contracted descendants’ gross, to the cent', async () => {
    await fc.assert(
      fc.asyncProperty(shapeArbitrary, async (shape) => {
        run += 1;
        const base = dayAfter('2027-01-01', 6 * run);
        const days = Array.from({ length: DAYS }, (_, index) => dayAfter(base, index + 1));
        t.clock.set(new Date(`${base}T08:00:00Z`));
        const size = shape.parent.length;
        const agents: TestMember[] = [];
        const players: TestMember[] = [];
        for (let index = 0; index < size; index += 1) {
          const parent = shape.parent[index] as number;
          const agent = await createMember(t, {
            type: accountTypes.agent,
            uplineId: parent >= 0 ? (agents[parent] as TestMember).row.id : null,
          });
          agents.push(agent);
          players.push(await createMember(t, { uplineId: agent.row.id }));
        }
        // Contracts top-down: a parent's index is below its children's.
        const tiers = tiersOfShape(shape);
        const contractOf = new Map<number, string>();
        for (let index = 0; index < size; index += 1) {
          const own = tiers[index];
          if (!own) continue;
          const id = await contractFor(agents[index] as TestMember, shape.kind, own);
          await accept(agents[index] as TestMember, id);
          contractOf.set(index, id);
        }
        // In force per day: day 1 all; after a lower rate (accepted after day 1 is settled), day 2 has
        // neither the replaced contract nor those it ended, day 3 adds the new one.
        const inForce: Map<number, { key: string; tiers: Tier[] }>[] = [];
        const day1 = new Map(
          [...contractOf].map(([index, id]) => [index, { key: id, tiers: tiers[index] as Tier[] }]),
        );
        inForce.push(day1);

        const settled: { agent: number; day: number; amount: bigint }[] = [];
        const readDay = async (dayIndex: number) => {
          const start = new Date(Date.parse(`${days[dayIndex] as string}T00:00:00Z`) - 6 * 3_600_000);
          const result = await t.handle.db.execute(
            sql`select agent_id::text as agent, amount::text as amount from agent_settlement
                 where period_start = ${start.toISOString()}::timestamptz and kind = ${shape.kind}`,
          );
          for (const row of (result as unknown as { rows: { agent: string; amount: string }[] }).rows) {
            const agent = agents.findIndex((member) => member.row.id.toString() === row.agent);
            if (agent >= 0) settled.push({ agent, day: dayIndex, amount: BigInt(row.amount) });
          }
        };
        const playDay = async (dayIndex: number) => {
          const day = days[dayIndex] as string;
          for (let index = 0; index < size; index += 1) {
            const play = (shape.play[dayIndex] as Shape['play'][number])[
              index
            ] as Shape['play'][number][number];
            if (play.validBet === 0n && play.payout === 0n) continue;
            await t.services.turnoverAggregate.recordTurnover({
              memberId: (players[index] as TestMember).row.id,
              category: 'RNG',
              day,
              validBet: play.validBet,
              payout: play.payout,
            });
          }
          t.clock.set(afterDay(day));
          await t.services.agentSettlements.settleDayKinds();
          await readDay(dayIndex);
        };

        await playDay(0);
        let day2 = day1;
        let day3 = day1;
        const lowered = shape.lower && contractOf.has(shape.lower.agent) ? shape.lower : null;
        if (lowered) {
          const own = day1.get(lowered.agent) as { tiers: Tier[] };
          const newTiers: Tier[] = [{ min: 0n, minActive: 0, rateBp: scaled(topOf(own.tiers), lowered.cut) }];
          const expectedEnded = cascade(shape, day1, lowered.agent, newTiers);
          const id = await contractFor(agents[lowered.agent] as TestMember, shape.kind, newTiers);
          const ended = await accept(agents[lowered.agent] as TestMember, id);
          const endedAgents = [...contractOf]
            .filter(([, cid]) => ended.includes(cid))
            .map(([index]) => index);
          expect(endedAgents.sort()).toEqual([...expectedEnded].sort());
          day2 = new Map([...day1].filter(([index]) => index !== lowered.agent && !expectedEnded.has(index)));
          day3 = new Map([...day2, [lowered.agent, { key: id, tiers: newTiers }]]);
        }
        inForce.push(day2, day3);
        await playDay(1);
        await playDay(2);

        const expected = reference(shape, inForce, minActive, carryMode);
        const actual = settled.map((row) => `${row.day}:${row.agent}:${row.amount.toString()}`).sort();
        expect(actual).toEqual(
          expected.amounts.map((row) => `${row.day}:${row.agent}:${row.amount.toString()}`).sort(),
        );
        for (const row of settled) expect(row.amount >= 0n).toBe(true);
        // Telescoping: over a top contracted agent and every contracted agent below it, what is paid is the
        // top's gross, wherever nobody below was floored at zero.
        for (const top of expected.tops) expect(top.paid).toBe(top.gross);

        // The next run's days are its own: this run's contracts end.
        await t.handle.db.execute(
          sql`update agent_contract set status = 'terminated' where status = 'active'`,
        );
        expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
      }),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 14),
        endOnFailure: true,
        seed: Number(process.env.PROPERTY_SEED ?? Date.now() % 2_147_483_647),
      },
    );
  }, 600_000);
});

/** Nearest contracted ancestor of `index` among `contracted`, or -1. */
function nearestAbove(shape: Shape, contracted: ReadonlySet<number>, index: number): number {
  let above = shape.parent[index] as number;
  while (above >= 0 && !contracted.has(above)) above = shape.parent[above] as number;
  return above;
}

/** The contracts below `agent` that its new tiers end: top-down, each above its nearest survivor. */
function cascade(
  shape: Shape,
  inForce: ReadonlyMap<number, { tiers: Tier[] }>,
  agent: number,
  newTiers: readonly Tier[],
): Set<number> {
  const isBelow = (index: number) => {
    for (let above = shape.parent[index] as number; above >= 0; above = shape.parent[above] as number)
      if (above === agent) return true;
    return false;
  };
  const survivors = new Map<number, number>([[agent, topOf(newTiers)]]);
  const ended = new Set<number>();
  for (const [index, contract] of [...inForce].sort(([x], [y]) => x - y)) {
    if (!isBelow(index)) continue;
    let above = shape.parent[index] as number;
    while (!survivors.has(above)) above = shape.parent[above] as number;
    if (topOf(contract.tiers) > (survivors.get(above) as number)) ended.add(index);
    else survivors.set(index, topOf(contract.tiers));
  }
  return ended;
}

function reference(
  shape: Shape,
  inForce: readonly ReadonlyMap<number, { key: string; tiers: Tier[] }>[],
  minActive: bigint,
  carryMode: 'carry' | 'reset',
): { amounts: { agent: number; day: number; amount: bigint }[]; tops: { gross: bigint; paid: bigint }[] } {
  const size = shape.parent.length;
  const inTeam = (agent: number, member: number) => {
    for (let at = member; at >= 0; at = shape.parent[at] as number) if (at === agent) return true;
    return false;
  };
  const carry = new Map<string, bigint>();
  const amounts: { agent: number; day: number; amount: bigint }[] = [];
  const tops: { gross: bigint; paid: bigint }[] = [];
  inForce.forEach((contracts, day) => {
    const play = shape.play[day] as Shape['play'][number];
    const gross = new Map<number, bigint>();
    for (const [agent, contract] of contracts) {
      let validBet = 0n;
      let payout = 0n;
      let active = 0;
      for (let member = 0; member < size; member += 1) {
        if (!inTeam(agent, member)) continue;
        const own = play[member] as { validBet: bigint; payout: bigint };
        validBet += own.validBet;
        payout += own.payout;
        if (own.validBet > 0n && own.validBet >= minActive) active += 1;
      }
      let figure = validBet;
      if (shape.kind === 'dividend') {
        const withCarry = validBet - payout + (carryMode === 'carry' ? (carry.get(contract.key) ?? 0n) : 0n);
        carry.set(contract.key, withCarry < 0n && carryMode === 'carry' ? withCarry : 0n);
        figure = withCarry < 0n ? 0n : withCarry;
      }
      let rate = 0;
      for (const tier of contract.tiers)
        if (figure >= tier.min && active >= tier.minActive && tier.rateBp > rate) rate = tier.rateBp;
      gross.set(agent, pay(figure, rate));
    }
    const contracted = new Set(contracts.keys());
    const paid = new Map<number, bigint>();
    let floored = new Set<number>();
    for (const agent of contracted) {
      let deductions = 0n;
      for (const other of contracted)
        if (nearestAbove(shape, contracted, other) === agent) deductions += gross.get(other) as bigint;
      const amount = (gross.get(agent) as bigint) - deductions;
      if (amount < 0n) floored = new Set([...floored, agent]);
      paid.set(agent, amount > 0n ? amount : 0n);
      amounts.push({ agent, day, amount: amount > 0n ? amount : 0n });
    }
    for (const top of contracted) {
      if (nearestAbove(shape, contracted, top) >= 0) continue;
      const below = [...contracted].filter((other) => other === top || inTeam(top, other));
      if (below.some((other) => floored.has(other))) continue;
      tops.push({
        gross: gross.get(top) as bigint,
        paid: below.reduce((sum, other) => sum + (paid.get(other) as bigint), 0n),
      });
    }
  });
  return { amounts, tops };
}
