import { accountTypes, type Envelope, type TeamOverview } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAudit, providerRound } from '../../db/schema.js';
import { databaseDigest } from '../../test/database-digest.js';
import { createAgent, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

function valueOf<T>(answer: { body: Envelope<T> }): T {
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return answer.body.value;
}

describe('agent tree, turnover aggregate and team calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const day = '2026-11-21';
  const record = (who: TestMember, validBet: bigint, payout: bigint, category = 'RNG') =>
    t.services.turnoverAggregate.recordTurnover({ memberId: who.row.id, category, day, validBet, payout });
  const team = (who: TestMember, from = day, to = day) =>
    t.services.turnoverAggregate.teamTotals(who.row.id, from, to);
  const operator = (...args: string[]) => t.services.operator.run(args, 'cli:tester');

  /** top -> sub (agent) -> player; top -> direct player */
  async function chain() {
    const { agent: top, downlines } = await createAgent(t, { downlines: 1 });
    const sub = await createMember(t, { type: accountTypes.agent, uplineId: top.row.id });
    const player = await createMember(t, { uplineId: sub.row.id });
    return { top, direct: downlines[0] as TestMember, sub, player };
  }

  it('keeps the whole team of every agent, all levels, as members are made', async () => {
    const { top, sub, player } = await chain();
    const depth = await t.services.agentHierarchy.depthBetween(top.row.id, player.row.id);
    expect(depth).toBe(2);
    expect(await t.services.agentHierarchy.depthBetween(sub.row.id, top.row.id)).toBeNull();
    const overview = valueOf(
      await t.call<TeamOverview>({ method: 'GET', url: '/wps/agent/team/overview', headers: top.auth }),
    );
    expect(overview.teamSize).toBe(3);
    expect(overview.directDownlines).toBe(2);
    expect(overview.affiliateCode).toBe(top.row.referralCode);
  });

  it('rolls turnover up to every upline, the member itself included', async () => {
    const { top, direct, sub, player } = await chain();
    await record(player, 10_000n, 4_000n);
    await record(direct, 5_000n, 9_000n, 'LIVE');
    await t.services.turnoverAggregate.recordTurnover([
      { memberId: player.row.id, category: 'rng', day, validBet: 1_000n, payout: 0n },
      { memberId: player.row.id, category: 'RNG', day, validBet: 500n, payout: 0n, bets: 3 },
    ]);
    expect(await team(player)).toEqual({ validBet: 11_500n, payout: 4_000n, bets: 5 });
    expect(await team(sub)).toEqual({ validBet: 11_500n, payout: 4_000n, bets: 5 });
    expect(await team(top)).toEqual({ validBet: 16_500n, payout: 13_000n, bets: 6 });
    expect(await t.services.turnoverAggregate.memberTotals(direct.row.id, day, day)).toEqual({
      validBet: 5_000n,
      payout: 9_000n,
      bets: 1,
    });
    expect(await t.services.turnoverAggregate.activeMembers(top.row.id, day, day, 5_000n)).toBe(2);
    expect(await t.services.turnoverAggregate.activeMembers(top.row.id, day, day, 6_000n)).toBe(1);
    const overview = valueOf(
      await t.call<TeamOverview>({ method: 'GET', url: '/wps/agent/team/overview', headers: top.auth }),
    );
    expect(overview.today).toMatchObject({ validBet: '165.00', payout: '130.00', profit: '-35.00', bets: 6 });
    expect(overview.thisPeriod.validBet).toBe('165.00');
    expect(overview.chart.at(-1)).toEqual({ day, validBet: '165.00', profit: '-35.00' });
  });

  it('refuses bad turnover and records nothing', async () => {
    const { player } = await chain();
    const before = await databaseDigest(t);
    const bad = [
      { category: 'R N G', day, validBet: 1n, payout: 0n },
      { category: 'RNG', day: '2026-13-01', validBet: 1n, payout: 0n },
      { category: 'RNG', day, validBet: -1n, payout: 0n },
      { category: 'RNG', day, validBet: 1n, payout: -5n },
    ];
    for (const entry of bad) {
      await expect(
        t.services.turnoverAggregate.recordTurnover({ memberId: player.row.id, ...entry }),
      ).rejects.toThrow(/turnover/);
    }
    expect(await databaseDigest(t)).toBe(before);
  });

  it('moves a member with its team between agents: past turnover stays, new play counts for the new upline', async () => {
    const { top, sub, player } = await chain();
    const { agent: other } = await createAgent(t);
    await record(player, 7_000n, 0n);
    const answer = await operator(
      'agents',
      'move',
      '--member',
      sub.row.username,
      '--upline',
      other.row.username,
    );
    expect(answer.exitCode).toBe(0);
    expect(await t.services.agentHierarchy.depthBetween(other.row.id, player.row.id)).toBe(2);
    expect(await t.services.agentHierarchy.depthBetween(top.row.id, player.row.id)).toBeNull();
    await record(player, 3_000n, 0n);
    expect((await team(top)).validBet).toBe(7_000n);
    expect((await team(other)).validBet).toBe(3_000n);
    expect((await team(sub)).validBet).toBe(10_000n);
    const audits = await t.handle.db
      .select()
      .from(operatorAudit)
      .where(sql`${operatorAudit.command} = 'agent.move-member'`);
    expect(audits.some((row) => (row.detail as { member?: string }).member === sub.row.username)).toBe(true);
  });

  it('refuses a move below the member’s own team, or below a non-agent, and changes nothing', async () => {
    const { top, sub, player } = await chain();
    const before = await databaseDigest(t);
    const cycle = await operator(
      'agents',
      'move',
      '--member',
      top.row.username,
      '--upline',
      sub.row.username,
    );
    expect(cycle.exitCode).toBe(1);
    const plain = await operator(
      'agents',
      'move',
      '--member',
      sub.row.username,
      '--upline',
      player.row.username,
    );
    expect(plain.exitCode).toBe(1);
    const unknown = await operator('agents', 'move', '--member', 'nobody-here', '--upline', top.row.username);
    expect(unknown.exitCode).toBe(1);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('drills down level by level with a breadcrumb; a member outside the team is not found', async () => {
    const { top, sub, player } = await chain();
    const { agent: stranger } = await createAgent(t);
    const first = valueOf(
      await t.call<{
        list: { publicId: string; teamSize: number; isAgent: boolean }[];
        breadcrumb: unknown[];
      }>({
        method: 'GET',
        url: '/wps/agent/team/members',
        headers: top.auth,
      }),
    );
    expect(first.list).toHaveLength(2);
    expect(first.list.find((row) => row.publicId === sub.row.publicId)).toMatchObject({
      teamSize: 1,
      isAgent: true,
    });
    const second = valueOf(
      await t.call<{ list: { publicId: string }[]; breadcrumb: { username: string }[] }>({
        method: 'GET',
        url: `/wps/agent/team/members?parent=${sub.row.publicId}`,
        headers: top.auth,
      }),
    );
    expect(second.list.map((row) => row.publicId)).toEqual([player.row.publicId]);
    expect(second.breadcrumb.map((row) => row.username)).toEqual([top.row.username, sub.row.username]);
    const search = valueOf(
      await t.call<{ list: { publicId: string }[] }>({
        method: 'GET',
        url: `/wps/agent/team/members?username=${player.row.username.toUpperCase()}`,
        headers: top.auth,
      }),
    );
    expect(search.list.map((row) => row.publicId)).toEqual([player.row.publicId]);
    const outside = await t.call({
      method: 'GET',
      url: `/wps/agent/team/members?parent=${stranger.row.publicId}`,
      headers: top.auth,
    });
    expect(outside.status).toBe(404);
  });

  it('refuses visitors (401) and members who are not agents (403) on every agent call', async () => {
    const member = await createMember(t);
    for (const url of [
      '/wps/agent/team/overview',
      '/wps/agent/team/members',
      `/wps/agent/team/bets?from=${day}&to=${day}`,
    ]) {
      expect((await t.call({ method: 'GET', url })).status).toBe(401);
      expect((await t.call({ method: 'GET', url, headers: member.auth })).status).toBe(403);
    }
  });

  it('feeds settled real-money rounds once, however often and by however many servers it runs', async () => {
    const { top, player } = await chain();
    const closedAt = new Date(t.clock.now().getTime() - 5 * 60_000);
    const round = (roundId: string, fields: Partial<typeof providerRound.$inferInsert> = {}) => ({
      vendorCode: 'NOSUCHVENDOR',
      roundId,
      memberId: player.row.id,
      gameCode: 'g1',
      ledgerCurrency: 'REAL',
      status: 'settled',
      betTotal: 2_000n,
      winTotal: 500n,
      refundTotal: 0n,
      openedAt: closedAt,
      lastActivityAt: closedAt,
      closedAt,
      ...fields,
    });
    const stamp = `${Date.now()}`;
    await t.handle.db.insert(providerRound).values([
      round(`feed-a-${stamp}`),
      round(`feed-b-${stamp}`, { refundTotal: 500n }),
      round(`feed-demo-${stamp}`, { ledgerCurrency: 'DEMO' }),
      round(`feed-open-${stamp}`, { status: 'open', closedAt: null }),
      // Closed a moment ago: still maybe committing, left for the next run.
      round(`feed-late-${stamp}`, { closedAt: new Date(t.clock.now().getTime() - 1_000) }),
    ]);
    const feed = t.services.turnoverAggregate;
    await Promise.all([feed.feedFromRounds(), feed.feedFromRounds()]);
    await feed.feedFromRounds();
    expect(await team(top)).toEqual({ validBet: 3_500n, payout: 1_000n, bets: 2 });
    t.clock.advance(2 * 60_000);
    await feed.feedFromRounds();
    expect(await team(top)).toEqual({ validBet: 5_500n, payout: 1_500n, bets: 3 });
    t.clock.advance(-2 * 60_000);
  });
});
