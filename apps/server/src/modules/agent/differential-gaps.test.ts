import { accountTypes, type AgentContract, type Envelope } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { bearer, createMember, logIn, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

function valueOf<T>(answer: { body: Envelope<T> }): T {
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return answer.body.value;
}

/**
 * Issue 26's agent pay defects, worked by hand with the shapes acceptance found (ADR 093): a contracted
 * agent below an agent without one, a lower rate two levels up, a downline's carry-over, an operator
 * contract in the middle of a chain, and the repair of periods settled under the old rule.
 * Each test runs on its own days: the clock starts 2026-12-01 08:00 UTC (14:00 in Dhaka) plus 10 days a
 * test; a contract accepted then applies from the next site day.
 */
describe('agent pay down chains with gaps (issue 26)', () => {
  let t: TestApp;
  let testIndex = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const dayAfter = (day: string, days: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  /** a few minutes after the end of a site day (UTC+6) */
  const afterDay = (day: string) => new Date(Date.parse(`${day}T18:00:00Z`) + 5 * 60_000);
  /** A test's own days: it starts at 14:00 site time, its day 1 is the next site day. */
  function days() {
    const base = dayAfter('2026-12-01', 10 * testIndex);
    testIndex += 1;
    t.clock.set(new Date(`${base}T08:00:00Z`));
    return { day1: dayAfter(base, 1), day2: dayAfter(base, 2), day3: dayAfter(base, 3) };
  }
  const operator = (...args: string[]) => t.services.operator.run(args, 'cli:tester');
  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const agentUnder = (upline: TestMember | null) =>
    createMember(t, { type: accountTypes.agent, uplineId: upline?.row.id ?? null });
  const playerUnder = (upline: TestMember) => createMember(t, { uplineId: upline.row.id });
  const record = (who: TestMember, day: string, validBet: bigint, payout = 0n) =>
    t.services.turnoverAggregate.recordTurnover({
      memberId: who.row.id,
      category: 'RNG',
      day,
      validBet,
      payout,
    });
  const auth = async (who: TestMember) => bearer(await logIn(t, who.row.id));

  async function operatorOffer(to: TestMember, kind: string, tiers: string, cycle?: string) {
    return operator(
      'agents',
      'offer',
      '--to',
      to.row.username,
      '--kind',
      kind,
      '--tiers',
      tiers,
      ...(cycle ? ['--cycle', cycle] : []),
    );
  }
  async function operatorContract(to: TestMember, kind: string, tiers: string, cycle?: string) {
    const answer = await operatorOffer(to, kind, tiers, cycle);
    expect(answer.exitCode, answer.output).toBe(0);
    const id = /offered (\S+)/.exec(answer.output)?.[1] as string;
    await accept(to, id);
    return id;
  }
  async function accept(who: TestMember, id: string) {
    return valueOf(
      await t.call<{ contract: AgentContract; terminatedDownlineContracts: string[] }>({
        method: 'POST',
        url: `/wps/agent/contracts/${id}/accept`,
        headers: await auth(who),
      }),
    );
  }
  async function agentOffer(from: TestMember, to: TestMember, body: Record<string, unknown>) {
    return t.call<AgentContract>({
      method: 'POST',
      url: '/wps/agent/contracts',
      headers: await auth(from),
      payload: { downline: to.row.publicId, ...body },
    });
  }
  async function settle(day: string) {
    t.clock.set(afterDay(day));
    await t.services.agentSettlements.settleDayKinds();
  }
  async function paid(
    who: TestMember,
    day: string,
  ): Promise<{ amount: string; figures: Record<string, unknown> }> {
    const income = valueOf(
      await t.call<{ list: { amount: string; periodKey: string; figures: Record<string, unknown> }[] }>({
        method: 'GET',
        url: `/wps/agent/income?from=${day}&to=${day}`,
        headers: await auth(who),
      }),
    );
    expect(income.list, `${who.row.username} on ${day}`).toHaveLength(1);
    return income.list[0] as { amount: string; figures: Record<string, unknown> };
  }
  const wage = (rateBp: number) => ({ kind: 'daily_wage', tiers: [{ min: '0', minActive: 0, rateBp }] });

  it('charges the top agent for a contracted agent below an agent without one (an operator contract mid-chain)', async () => {
    const { day1 } = days();
    // T (3%) -> B (no contract) -> C (2%, the operator's): a player under each.
    const top = await agentUnder(null);
    const gap = await agentUnder(top);
    const mid = await agentUnder(gap);
    const players = [await playerUnder(top), await playerUnder(gap), await playerUnder(mid)];
    await operatorContract(top, 'daily_wage', '0:0:300');
    await operatorContract(mid, 'daily_wage', '0:0:200');
    await record(players[0] as TestMember, day1, 100_000n);
    await record(players[1] as TestMember, day1, 50_000n);
    await record(players[2] as TestMember, day1, 40_000n);
    const before = { top: await balance(top), gap: await balance(gap), mid: await balance(mid) };
    await settle(day1);
    // T's team 1,900.00 at 3% = 57.00, less C's 400.00 at 2% = 8.00: 49.00. C: 8.00. B: nothing.
    expect((await balance(top)) - before.top).toBe(4_900n);
    expect((await balance(mid)) - before.mid).toBe(800n);
    expect(await balance(gap)).toBe(before.gap);
    expect((await paid(top, day1)).figures).toMatchObject({ gross: '57.00', downlineDeductions: '8.00' });
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('charges the agent above for a downline whose direct upline’s contract ended, at any depth', async () => {
    const { day1 } = days();
    // A (3%) -> B (2%, then ended) -> C (1.5%) -> D (no contract) -> E (1%).
    const a = await agentUnder(null);
    const b = await agentUnder(a);
    const c = await agentUnder(b);
    const d = await agentUnder(c);
    const e = await agentUnder(d);
    await operatorContract(a, 'daily_wage', '0:0:300');
    const bContract = valueOf(await agentOffer(a, b, wage(200))).id;
    await accept(b, bContract);
    await accept(c, valueOf(await agentOffer(b, c, wage(150))).id);
    await operatorContract(e, 'daily_wage', '0:0:100');
    expect((await operator('agents', 'terminate', '--contract', bContract)).exitCode).toBe(0);
    for (const [who, bet] of [
      [a, 10_000n],
      [b, 20_000n],
      [c, 30_000n],
      [d, 40_000n],
      [e, 50_000n],
    ] as const)
      await record(await playerUnder(who), day1, bet);
    const before = await Promise.all([a, b, c, e].map(balance));
    await settle(day1);
    // Teams: A 1,500.00 (45.00); C 1,200.00 (18.00); E 500.00 (5.00). B is transparent: A pays 45 - 18.
    const after = await Promise.all([a, b, c, e].map(balance));
    expect(after.map((value, index) => value - (before[index] as bigint))).toEqual([
      2_700n,
      0n,
      1_300n,
      500n,
    ]);
  });

  it('a lower rate ends every exceeding contract in the team, top-down, listed before accepting', async () => {
    days();
    // T 6% -> B 5% -> (G no contract) -> C 5% -> D 3%; T -> F 4%.
    const top = await agentUnder(null);
    const b = await agentUnder(top);
    const g = await agentUnder(b);
    const c = await agentUnder(g);
    const d = await agentUnder(c);
    const f = await agentUnder(top);
    await operatorContract(top, 'daily_wage', '0:0:600');
    const bId = valueOf(await agentOffer(top, b, wage(500))).id;
    await accept(b, bId);
    const cId = await operatorContract(c, 'daily_wage', '0:0:500');
    const dId = valueOf(await agentOffer(c, d, wage(300))).id;
    await accept(d, dId);
    const fId = valueOf(await agentOffer(top, f, wage(400))).id;
    await accept(f, fId);
    const lower = await operatorOffer(top, 'daily_wage', '0:0:400');
    const lowerId = /offered (\S+)/.exec(lower.output)?.[1] as string;
    const preview = valueOf(
      await t.call<{ wouldTerminate: AgentContract[] }>({
        method: 'GET',
        url: `/wps/agent/contracts/${lowerId}/preview`,
        headers: await auth(top),
      }),
    );
    expect(preview.wouldTerminate.map((row) => row.id).sort()).toEqual([bId, cId].sort());
    const accepted = await accept(top, lowerId);
    expect(accepted.terminatedDownlineContracts.sort()).toEqual([bId, cId].sort());
    const statuses = await t.handle.db.execute(
      sql`select public_id, status, termination_reason from agent_contract
           where public_id in (${bId}, ${cId}, ${dId}, ${fId}) order by public_id`,
    );
    const byId = Object.fromEntries(
      (statuses as unknown as { rows: { public_id: string; status: string }[] }).rows.map((row) => [
        row.public_id,
        row.status,
      ]),
    );
    expect(byId).toEqual({ [bId]: 'terminated', [cId]: 'terminated', [dId]: 'active', [fId]: 'active' });
  });

  it('charges the upline a downline dividend’s gross after the downline’s own carry-over', async () => {
    const { day1, day2 } = days();
    const top = await agentUnder(null);
    const down = await agentUnder(top);
    const topPlayer = await playerUnder(top);
    const downPlayer = await playerUnder(down);
    await operatorContract(top, 'dividend', '0:0:1000', 'daily');
    await accept(
      down,
      valueOf(
        await agentOffer(top, down, {
          kind: 'dividend',
          cycle: 'daily',
          tiers: [{ min: '0', minActive: 0, rateBp: 500 }],
        }),
      ).id,
    );
    // Day 1: the downline's team won 1,000.00; the rest of the top's team lost 3,000.00.
    await record(downPlayer, day1, 100_000n, 200_000n);
    await record(topPlayer, day1, 300_000n, 0n);
    await settle(day1);
    expect((await paid(down, day1)).figures).toMatchObject({ gross: '0.00', carryOut: '-1000.00' });
    // Top: 10% of 2,000.00 = 200.00, nothing to deduct.
    expect((await paid(top, day1)).amount).toBe('200.00');
    // Day 2: the downline's team lost 1,500.00: its base is 500.00 after its carry, 5% = 25.00.
    await record(downPlayer, day2, 150_000n, 0n);
    const before = await balance(top);
    await settle(day2);
    expect((await paid(down, day2)).amount).toBe('25.00');
    // Top: 10% of 1,500.00 = 150.00, less the downline's 25.00 (not 5% of 1,500.00 = 75.00): 125.00.
    expect((await paid(top, day2)).figures).toMatchObject({ gross: '150.00', downlineDeductions: '25.00' });
    expect((await balance(top)) - before).toBe(12_500n);
  });

  it('refuses an operator contract mid-chain above the rate or off the cycle of the contract above, changing nothing', async () => {
    days();
    const top = await agentUnder(null);
    const gap = await agentUnder(top);
    const mid = await agentUnder(gap);
    await operatorContract(top, 'daily_wage', '0:0:300');
    await operatorContract(top, 'dividend', '0:0:1000', 'weekly');
    const topAuth = await auth(top);
    const before = await databaseDigest(t);
    const above = await operatorOffer(mid, 'daily_wage', '0:0:301');
    expect(above.exitCode).toBe(1);
    expect(above.output).toContain("may not exceed its upline's");
    const offCycle = await operatorOffer(mid, 'dividend', '0:0:500', 'daily');
    expect(offCycle.exitCode).toBe(1);
    expect(offCycle.output).toContain('settled weekly');
    // An agent's own offer keeps its own dividend cycle too.
    const fromTop = await t.call({
      method: 'POST',
      url: '/wps/agent/contracts',
      headers: topAuth,
      payload: {
        downline: gap.row.publicId,
        kind: 'dividend',
        cycle: 'monthly',
        tiers: [{ min: '0', minActive: 0, rateBp: 500 }],
      },
    });
    expect(fromTop.status).toBe(400);
    expect(fromTop.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      issues: [{ path: 'cycle', message: 'validation.cycleOfUpline' }],
    });
    expect(await databaseDigest(t)).toEqual(before);
    // Within the rate and on the cycle it is accepted, and said to sit under the contract above.
    expect((await operatorOffer(mid, 'dividend', '0:0:500')).output).toContain('(dividend, weekly)');
  });

  it('says where an operator contract sits, and a move below a lower rate ends the contracts above it', async () => {
    days();
    const top = await agentUnder(null);
    const gap = await agentUnder(top);
    const mid = await agentUnder(gap);
    const low = await agentUnder(null);
    const moved = await agentUnder(null);
    const deep = await agentUnder(moved);
    await operatorContract(top, 'daily_wage', '0:0:300');
    const placed = await operatorOffer(mid, 'daily_wage', '0:0:200');
    expect(placed.output).toContain(`it sits under ${top.row.username}'s contract`);
    await operatorContract(low, 'daily_wage', '0:0:150');
    const movedId = await operatorContract(moved, 'daily_wage', '0:0:200');
    const deepId = valueOf(await agentOffer(moved, deep, wage(100))).id;
    await accept(deep, deepId);
    // moved (2%) goes below low (1.5%): its contract ends; deep (1%) fits under low and stays.
    const answer = await operator(
      'agents',
      'move',
      '--member',
      moved.row.username,
      '--upline',
      low.row.username,
    );
    expect(answer.exitCode, answer.output).toBe(0);
    expect(answer.output).toContain(`ended (rate above the contract now over them): ${movedId}`);
    expect(answer.output).not.toContain(deepId);
    const rows = await t.handle.db.execute(
      sql`select public_id, status from agent_contract where public_id in (${movedId}, ${deepId}) order by public_id`,
    );
    expect(
      Object.fromEntries(
        (rows as unknown as { rows: { public_id: string; status: string }[] }).rows.map((row) => [
          row.public_id,
          row.status,
        ]),
      ),
    ).toEqual({ [movedId]: 'terminated', [deepId]: 'active' });
  });

  it('pays a real-time salary chain with a gap: the top is charged the contracted agent two levels down', async () => {
    days();
    // The clock is 14:00 site time on the day before day 1: a salary period of 5 minutes starts later.
    const at = t.clock.now();
    const top = await agentUnder(null);
    const gap = await agentUnder(top);
    const mid = await agentUnder(gap);
    await operatorContract(top, 'realtime_salary', '0:0:300');
    await operatorContract(mid, 'realtime_salary', '0:0:100');
    const today = new Date(at.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
    await record(await playerUnder(gap), today, 50_000n);
    await record(await playerUnder(mid), today, 100_000n);
    const begin = new Date(at.getTime() + 10 * 60_000);
    const period = { key: begin.toISOString(), start: begin, end: new Date(begin.getTime() + 5 * 60_000) };
    const before = await Promise.all([top, gap, mid].map(balance));
    await t.services.agentSettlements.settleSalaryPeriod('realtime_salary', period);
    const after = await Promise.all([top, gap, mid].map(balance));
    // Top: 3% of 1,500.00 = 45.00 less mid's 1% of 1,000.00 = 10.00; the agent between is paid nothing.
    expect(after.map((value, index) => value - (before[index] as bigint))).toEqual([3_500n, 0n, 1_000n]);
  });

  /** A period settled by the old rule: the row and its payment, as the code before issue 26 made them. */
  async function settledByOldRule(
    who: TestMember,
    contract: string,
    day: string,
    figures: { gross: string; amount: string },
  ) {
    const start = new Date(Date.parse(`${day}T00:00:00Z`) - 6 * 3_600_000);
    const end = new Date(start.getTime() + 86_400_000);
    const amount = BigInt(figures.amount.replace('.', ''));
    await t.handle.db.execute(
      sql`insert into agent_settlement (contract_id, agent_id, kind, period_key, period_start, period_end, amount,
                                        status, figures, settled_at)
          select id, downline_id, kind, ${start.toISOString()}, ${start.toISOString()}::timestamptz,
                 ${end.toISOString()}::timestamptz, ${amount.toString()}::bigint, 'paid',
                 ${JSON.stringify({ ...figures, downlineDeductions: '0.00' })}::jsonb, now()
            from agent_contract where public_id = ${contract}`,
    );
    await t.services.ledger.transferNow({
      idempotencyKey: `agent-pay:${contract}:${start.toISOString()}`,
      kind: 'agent_commission',
      currency: 'REAL',
      legs: [
        { account: accountCodes.agentCommission, amount: -amount },
        { account: accountCodes.memberMain(who.row.id), amount },
      ],
      reference: contract,
      memo: start.toISOString(),
      actor: 'system:agent-settlement',
    });
  }

  it('recomputes periods settled by the old rule and corrects each difference once, through the ledger', async () => {
    const { day1, day2 } = days();
    const top = await agentUnder(null);
    const gap = await agentUnder(top);
    const mid = await agentUnder(gap);
    const topContract = await operatorContract(top, 'daily_wage', '0:0:300');
    const midContract = await operatorContract(mid, 'daily_wage', '0:0:200');
    // The old rule paid T its full 57.00 beside C's 8.00 on day 1 and day 2.
    for (const day of [day1, day2]) {
      await settledByOldRule(top, topContract, day, { gross: '57.00', amount: '57.00' });
      await settledByOldRule(mid, midContract, day, { gross: '8.00', amount: '8.00' });
    }
    const range = ['--from', day1, '--to', day2];
    const report = await operator('agents', 'recompute', '--kind', 'daily_wage', ...range);
    expect(report.exitCode).toBe(0);
    expect(report.output).toContain(`${top.row.username} daily_wage`);
    expect(report.output).toContain('computed 57.00, now 49.00, difference -8.00 (due)');
    expect(report.output).toContain(`due per agent: ${top.row.username} -16.00`);
    expect(report.output).not.toContain(mid.row.username);

    // A claw-back the balance cannot cover moves nothing and says so.
    await t.services.ledger.transferNow({
      idempotencyKey: `test-drain:${top.row.id.toString()}`,
      kind: 'adjustment',
      currency: 'REAL',
      legs: [
        { account: accountCodes.memberMain(top.row.id), amount: -(await balance(top)) + 1_000n },
        { account: accountCodes.house, amount: (await balance(top)) - 1_000n },
      ],
      actor: 'test',
    });
    const short = await operator('agents', 'correct', '--reason', 'issue 26', ...range);
    expect(short.exitCode).toBe(1);
    expect(short.output).toContain('corrected 1');
    expect(short.output).toContain('short:');
    expect(await balance(top)).toBe(200n);

    await t.services.ledger.transferNow({
      idempotencyKey: `test-refill:${top.row.id.toString()}`,
      kind: 'adjustment',
      currency: 'REAL',
      legs: [
        { account: accountCodes.memberMain(top.row.id), amount: 5_000n },
        { account: accountCodes.house, amount: -5_000n },
      ],
      actor: 'test',
    });
    const done = await Promise.all([
      operator('agents', 'correct', '--reason', 'issue 26', ...range),
      operator('agents', 'correct', '--reason', 'issue 26', ...range),
    ]);
    expect(done.map((answer) => answer.exitCode)).toEqual([0, 0]);
    // Two runs at once: the second day's claw-back once.
    expect(await balance(top)).toBe(200n + 5_000n - 800n);
    const again = await operator('agents', 'recompute', ...range);
    expect(again.output).toContain('(corrected)');
    expect(again.output).toContain('nothing due');
    const audited = await t.handle.db.execute(
      sql`select count(*)::int as count from operator_audit where command = 'agent.settlement-correct'
           and detail->>'agent' = ${top.row.username}`,
    );
    expect((audited as unknown as { rows: { count: number }[] }).rows[0]?.count).toBe(2);
    // The settled rows are as they were.
    const rows = await t.handle.db.execute(
      sql`select amount::text as amount from agent_settlement s join agent_contract c on c.id = s.contract_id
           where c.public_id = ${topContract}`,
    );
    expect((rows as unknown as { rows: { amount: string }[] }).rows.map((row) => row.amount)).toEqual([
      '5700',
      '5700',
    ]);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('refuses a correction without a reason or with bad days, and changes nothing', async () => {
    const before = await databaseDigest(t);
    expect((await operator('agents', 'correct')).exitCode).not.toBe(0);
    expect((await operator('agents', 'correct', '--reason', '')).exitCode).not.toBe(0);
    expect((await operator('agents', 'recompute', '--from', '2026-13-45')).exitCode).not.toBe(0);
    expect((await operator('agents', 'recompute', '--kind', 'bonus')).exitCode).not.toBe(0);
    expect(await databaseDigest(t)).toEqual(before);
  });
});
