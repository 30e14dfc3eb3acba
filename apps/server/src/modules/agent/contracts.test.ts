import { accountTypes, parseMoney, type AgentContract, type Envelope } from '@platform/contract';
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

interface IncomeRow {
  kind: string;
  amount: string;
  status: string;
  periodKey: string;
  figures: Record<string, string | number | null>;
}

/**
 * Contracts (offer, accept, reject, terminate) and their settlement through the ledger, exactly once.
 * The clock starts 2026-11-21 08:00 UTC (14:00 in Dhaka); a contract accepted then applies from the
 * next site day, 2026-11-22 (18:00 UTC on the 21st).
 */
describe('agent contracts and settlement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const start = new Date('2026-11-21T08:00:00Z');
  const day1 = '2026-11-22';
  const day2 = '2026-11-23';
  /** a few minutes after the end of a site day */
  const afterDay = (day: string) => new Date(new Date(`${day}T18:00:00Z`).getTime() + 5 * 60_000);
  const operator = (...args: string[]) => t.services.operator.run(args, 'cli:tester');
  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const agentUnder = (upline: TestMember | null) =>
    createMember(t, { type: accountTypes.agent, uplineId: upline?.row.id ?? null });
  const record = (who: TestMember, day: string, validBet: bigint, payout = 0n) =>
    t.services.turnoverAggregate.recordTurnover({
      memberId: who.row.id,
      category: 'RNG',
      day,
      validBet,
      payout,
    });

  async function operatorOffer(to: TestMember, kind: string, tiers: string, cycle?: string): Promise<string> {
    const answer = await operator(
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
    expect(answer.exitCode, answer.output).toBe(0);
    return /offered (\S+)/.exec(answer.output)?.[1] as string;
  }
  async function offer(from: TestMember, to: TestMember, body: Record<string, unknown>) {
    return t.call<AgentContract>({
      method: 'POST',
      url: '/wps/agent/contracts',
      headers: from.auth,
      payload: { downline: to.row.publicId, ...body },
    });
  }
  async function accept(who: TestMember, id: string) {
    return valueOf(
      await t.call<{ contract: AgentContract; terminatedDownlineContracts: string[] }>({
        method: 'POST',
        url: `/wps/agent/contracts/${id}/accept`,
        headers: who.auth,
      }),
    );
  }
  async function income(who: TestMember, from = '2026-11-20', to = '2026-11-30') {
    return valueOf(
      await t.call<{ list: IncomeRow[]; totals: { kind: string; amount: string }[] }>({
        method: 'GET',
        url: `/wps/agent/income?from=${from}&to=${to}`,
        // The clock moves days ahead in these tests: a fresh session each time.
        headers: bearer(await logIn(t, who.row.id)),
      }),
    );
  }
  const wage = (rateBp: number) => ({ kind: 'daily_wage', tiers: [{ min: '0', minActive: 0, rateBp }] });

  /** A 4-level chain of agents, each with a player, each with a daily wage: 3%, 2%, 1.5%, 1%. */
  async function chainWithWages() {
    t.clock.set(start);
    const a = await agentUnder(null);
    const b = await agentUnder(a);
    const c = await agentUnder(b);
    const d = await agentUnder(c);
    const players = await Promise.all(
      [a, b, c, d].map((upline) => createMember(t, { uplineId: upline.row.id })),
    );
    await accept(a, await operatorOffer(a, 'daily_wage', '0:0:300'));
    for (const [up, down, rate] of [
      [a, b, 200],
      [b, c, 150],
      [c, d, 100],
    ] as const) {
      await accept(down, valueOf(await offer(up, down, wage(rate))).id);
    }
    return { a, b, c, d, players: players as [TestMember, TestMember, TestMember, TestMember] };
  }

  it('pays daily wages down a 4-level chain by the differential rule, once, with the figures', async () => {
    const { a, b, c, d, players } = await chainWithWages();
    // Turnover on day 1 by each level's player: 400.00, 300.00, 200.00, 100.00.
    await record(players[0], day1, 40_000n);
    await record(players[1], day1, 30_000n);
    await record(players[2], day1, 20_000n);
    await record(players[3], day1, 10_000n);
    // Teams: A 1,000.00 (3% = 30.00), B 600.00 (2% = 12.00), C 300.00 (1.5% = 4.50), D 100.00 (1% = 1.00).
    t.clock.set(afterDay(day1));
    const before = { a: await balance(a), b: await balance(b), c: await balance(c), d: await balance(d) };
    await Promise.all([
      t.services.agentSettlements.settleDayKinds(),
      t.services.agentSettlements.settleDayKinds(),
    ]);
    expect((await balance(a)) - before.a).toBe(1_800n);
    expect((await balance(b)) - before.b).toBe(750n);
    expect((await balance(c)) - before.c).toBe(350n);
    expect((await balance(d)) - before.d).toBe(100n);
    // Paid in one batch per period (ADR 071): every balance still matches its entries.
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    const report = await income(b);
    expect(report.list).toHaveLength(1);
    expect(report.list[0]).toMatchObject({ kind: 'daily_wage', amount: '7.50', status: 'paid' });
    expect(report.list[0]?.figures).toMatchObject({
      teamValidBet: '600.00',
      rateBp: 200,
      gross: '12.00',
      downlineDeductions: '4.50',
      amount: '7.50',
    });
    expect(report.totals).toEqual([{ kind: 'daily_wage', amount: '7.50' }]);
    // A re-run changes nothing.
    const digest = await databaseDigest(t);
    await t.services.agentSettlements.settleDayKinds();
    expect(await databaseDigest(t)).toBe(digest);
  });

  it('catches up every missed period in order, and a moved member does not change settled periods', async () => {
    const { a, b, players } = await chainWithWages();
    await record(players[1], day1, 10_000n);
    await record(players[1], day2, 20_000n);
    // The server was down over both days: one run settles both, oldest first.
    t.clock.set(afterDay(day2));
    await t.services.agentSettlements.settleDayKinds();
    const first = await income(b);
    expect(first.list.map((row) => [row.periodKey, row.figures.teamValidBet])).toEqual([
      ['2026-11-22T18:00:00.000Z', '200.00'],
      ['2026-11-21T18:00:00.000Z', '100.00'],
    ]);
    const { agent: other } = await import('../../test/factories.js').then((f) => f.createAgent(t));
    expect(
      (await operator('agents', 'move', '--member', players[1].row.username, '--upline', other.row.username))
        .exitCode,
    ).toBe(0);
    expect((await income(b)).list).toEqual(first.list);
    expect((await income(a)).list.map((row) => row.amount)).toEqual(
      (await income(a)).list.map((row) => row.amount),
    );
  });

  it('refuses bad offers with a clear error and changes nothing', async () => {
    t.clock.set(start);
    const a = await agentUnder(null);
    const b = await agentUnder(a);
    const stranger = await agentUnder(null);
    const player = await createMember(t, { uplineId: a.row.id });
    const before = await databaseDigest(t);
    // a holds no daily-wage contract yet
    expect((await offer(a, b, wage(100))).status).toBe(409);
    await accept(a, await operatorOffer(a, 'daily_wage', '0:0:300'));
    const mid = await databaseDigest(t);
    expect(mid).not.toBe(before);
    const cases: [TestMember, Record<string, unknown>, number, string][] = [
      [stranger, wage(100), 404, 'NOT_FOUND'],
      [player, wage(100), 409, 'INVALID_STATE'],
      [b, wage(400), 400, 'VALIDATION_FAILED'],
      [b, { ...wage(100), cycle: 'weekly' }, 400, 'VALIDATION_FAILED'],
      [b, { kind: 'daily_wage', tiers: [] }, 400, 'VALIDATION_FAILED'],
      [
        b,
        { kind: 'daily_wage', tiers: [{ min: '-1', minActive: 0, rateBp: 100 }] },
        400,
        'VALIDATION_FAILED',
      ],
      [
        b,
        { kind: 'daily_wage', tiers: [{ min: '0', minActive: 0, rateBp: 10_001 }] },
        400,
        'VALIDATION_FAILED',
      ],
    ];
    for (const [to, body, status, code] of cases) {
      const answer = await offer(a, to, body);
      expect([answer.status, answer.body.success ? 'ok' : answer.body.code], JSON.stringify(body)).toEqual([
        status,
        code,
      ]);
    }
    await t.services.settings.set('agent.contracts.dailyWage', false);
    const off = await offer(a, b, wage(100));
    expect([off.status, off.body.success ? '' : off.body.code]).toEqual([403, 'FEATURE_DISABLED']);
    await t.services.settings.reset('agent.contracts.dailyWage');
    expect(await databaseDigest(t)).toBe(mid);
    // accepting someone else's offer, or one that is no longer open
    const id = valueOf(await offer(a, b, wage(100))).id;
    expect(
      (await t.call({ method: 'POST', url: `/wps/agent/contracts/${id}/accept`, headers: a.auth })).status,
    ).toBe(404);
    expect(
      (await t.call({ method: 'POST', url: `/wps/agent/contracts/${id}/reject`, headers: b.auth })).status,
    ).toBe(200);
    expect(
      (await t.call({ method: 'POST', url: `/wps/agent/contracts/${id}/accept`, headers: b.auth })).status,
    ).toBe(409);
    const listed = valueOf(
      await t.call<{ asUpline: AgentContract[]; enabledKinds: string[] }>({
        method: 'GET',
        url: '/wps/agent/contracts',
        headers: a.auth,
      }),
    );
    expect(listed.asUpline[0]).toMatchObject({ id, status: 'rejected', downline: b.row.username });
    expect(listed.enabledKinds).toContain('daily_wage');
  });

  it('a new contract with a lower rate ends the downline contracts above it, shown before accepting', async () => {
    t.clock.set(start);
    const a = await agentUnder(null);
    const b = await agentUnder(a);
    await accept(a, await operatorOffer(a, 'daily_wage', '0:0:300'));
    const bContract = valueOf(await offer(a, b, wage(250))).id;
    await accept(b, bContract);
    const lower = await operatorOffer(a, 'daily_wage', '0:0:200');
    const preview = valueOf(
      await t.call<{ wouldTerminate: AgentContract[] }>({
        method: 'GET',
        url: `/wps/agent/contracts/${lower}/preview`,
        headers: a.auth,
      }),
    );
    expect(preview.wouldTerminate.map((row) => row.id)).toEqual([bContract]);
    const accepted = await accept(a, lower);
    expect(accepted.terminatedDownlineContracts).toEqual([bContract]);
    const mine = valueOf(
      await t.call<{ asDownline: AgentContract[] }>({
        method: 'GET',
        url: '/wps/agent/contracts',
        headers: a.auth,
      }),
    );
    expect(mine.asDownline.map((row) => row.status)).toEqual(['active', 'terminated']);
    const theirs = valueOf(
      await t.call<{ asDownline: AgentContract[] }>({
        method: 'GET',
        url: '/wps/agent/contracts',
        headers: b.auth,
      }),
    );
    expect(theirs.asDownline[0]).toMatchObject({
      id: bContract,
      status: 'terminated',
      terminationReason: 'upline_rate_lowered',
    });
  });

  it('carries a winning team’s balance into the next dividend, and waits for approval when set', async () => {
    t.clock.set(start);
    const a = await agentUnder(null);
    const player = await createMember(t, { uplineId: a.row.id });
    await accept(a, await operatorOffer(a, 'dividend', '0:0:1000', 'daily'));
    // Day 1: the team won 500.00. Day 2: it lost 2,000.00. 10% of (2,000.00 - 500.00) = 150.00.
    await record(player, day1, 100_000n, 150_000n);
    await record(player, day2, 200_000n, 0n);
    await t.services.settings.set('agent.dividendApproval', true);
    t.clock.set(afterDay(day2));
    const before = await balance(a);
    await t.services.agentSettlements.settleDayKinds();
    const rows = (await income(a)).list;
    expect(rows.map((row) => [row.status, row.amount, row.figures.carryIn, row.figures.carryOut])).toEqual([
      ['pending_approval', '150.00', '-500.00', '0.00'],
      ['zero', '0.00', '0.00', '-500.00'],
    ]);
    expect(await balance(a)).toBe(before);
    const [{ id } = { id: '' }] = await t.handle.db
      .execute(
        sql`select id::text as id from agent_settlement where agent_id = ${a.row.id.toString()}::bigint and status = 'pending_approval'`,
      )
      .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
    expect((await operator('agents', 'approve', '--settlement', id, '--amount', '120.00')).exitCode).toBe(0);
    expect((await balance(a)) - before).toBe(parseMoney('120.00'));
    expect((await operator('agents', 'approve', '--settlement', id)).exitCode).toBe(1);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    await t.services.settings.reset('agent.dividendApproval');
  });

  it('pays the real-time salary on turnover since the last settlement, every 5 minutes, once', async () => {
    t.clock.set(start);
    const a = await agentUnder(null);
    const player = await createMember(t, { uplineId: a.row.id });
    const today = '2026-11-21';
    await record(player, today, 50_000n); // before the contract: not paid
    await accept(a, await operatorOffer(a, 'realtime_salary', '0:0:100'));
    await record(player, today, 30_000n);
    const period = (minutes: number) => {
      const begin = new Date(start.getTime() + minutes * 60_000);
      return { key: begin.toISOString(), start: begin, end: new Date(begin.getTime() + 5 * 60_000) };
    };
    const before = await balance(a);
    const settle = (p: ReturnType<typeof period>) =>
      t.services.agentSettlements.settleSalaryPeriod('realtime_salary', p);
    await Promise.all([settle(period(5)), settle(period(5))]);
    expect((await balance(a)) - before).toBe(300n); // 1% of 300.00
    await record(player, today, 20_000n);
    await settle(period(10));
    await settle(period(10));
    expect((await balance(a)) - before).toBe(500n);
    const rows = (await income(a, today, today)).list;
    expect(rows.map((row) => [row.amount, row.figures.teamValidBet])).toEqual([
      ['2.00', '200.00'],
      ['3.00', '300.00'],
    ]);
  });

  it('settles a real-time salary period for a whole chain at once: differential pay, once, with two workers', async () => {
    t.clock.set(new Date(start.getTime() + 60 * 60_000));
    const a = await agentUnder(null);
    const b = await agentUnder(a);
    const c = await agentUnder(b);
    const player = await createMember(t, { uplineId: c.row.id });
    await accept(a, await operatorOffer(a, 'realtime_salary', '0:0:300'));
    for (const [up, down, rateBp] of [
      [a, b, 200],
      [b, c, 100],
    ] as const) {
      const offered = valueOf(
        await offer(up, down, { kind: 'realtime_salary', tiers: [{ min: '0', minActive: 0, rateBp }] }),
      );
      await accept(down, offered.id);
    }
    await record(player, '2026-11-21', 100_000n);
    const begin = new Date(start.getTime() + 70 * 60_000);
    const period = { key: begin.toISOString(), start: begin, end: new Date(begin.getTime() + 5 * 60_000) };
    const before = await Promise.all([a, b, c].map(balance));
    await Promise.all([
      t.services.agentSettlements.settleSalaryPeriod('realtime_salary', period),
      t.services.agentSettlements.settleSalaryPeriod('realtime_salary', period),
    ]);
    const after = await Promise.all([a, b, c].map(balance));
    // 1,000.00 of team valid bets: c 1%, b 2% - 1%, a 3% - 2%: 10.00 each, paid once.
    expect(after.map((value, index) => value - (before[index] ?? 0n))).toEqual([1_000n, 1_000n, 1_000n]);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    const [row] = (await income(b, '2026-11-21', '2026-11-21')).list;
    expect(row?.figures).toMatchObject({
      teamValidBet: '1000.00',
      rateBp: 200,
      downlineDeductions: '10.00',
      amount: '10.00',
    });
  });

  it('refuses visitors (401) and non-agents (403) on the contract and income calls', async () => {
    const member = await createMember(t);
    for (const url of ['/wps/agent/contracts', '/wps/agent/income?from=2026-11-01&to=2026-11-02']) {
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
      expect((await t.call({ method: 'GET', url, headers: member.auth })).status).toBe(403);
    }
  });
});
