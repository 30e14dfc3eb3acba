import { accountTypes, parseMoney } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/**
 * The team overview's aggregates (issue 14's performance): team size and new members per day kept by
 * the closure table's triggers, active members counted by the turnover roll-up, all equal to the scans
 * they replace.
 */
describe('team aggregates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const day = '2026-11-21';
  const record = (who: TestMember, on: string, validBet: string, category = 'RNG') =>
    t.services.turnoverAggregate.recordTurnover({
      memberId: who.row.id,
      category,
      day: on,
      validBet: parseMoney(validBet),
      payout: 0n,
    });

  it('counts team size, new members and active members as the scans do, in batches and across categories', async () => {
    const top = await createMember(t, { type: accountTypes.agent });
    const sub = await createMember(t, { type: accountTypes.agent, uplineId: top.row.id });
    const players = [
      await createMember(t, { uplineId: sub.row.id }),
      await createMember(t, { uplineId: sub.row.id }),
      await createMember(t, { uplineId: top.row.id }),
    ];
    const [a, b, c] = players as [TestMember, TestMember, TestMember];
    // a crosses 100.00 on the day in two steps and two categories; b stays below; c crosses only over the month.
    await record(a, day, '60.00');
    await record(a, day, '40.00', 'LIVE');
    await record(a, day, '500.00');
    await record(b, day, '99.99');
    await record(c, '2026-11-03', '70.00');
    await record(c, day, '50.00');
    const hierarchy = t.services.agentHierarchy;
    const min = parseMoney('100.00');
    const turnover = t.services.turnoverAggregate;
    for (const agent of [top, sub]) {
      for (const [from, to] of [
        [day, day],
        ['2026-11-01', day],
        ['2026-11-01', '2026-11-30'],
      ] as const) {
        expect(await turnover.activeMembersCounted(agent.row.id, from, to, min, day)).toBe(
          await turnover.activeMembers(agent.row.id, from, to, min),
        );
      }
    }
    expect(await turnover.activeMembersCounted(top.row.id, day, day, min, day)).toBe(1);
    expect(await turnover.activeMembersCounted(top.row.id, '2026-11-01', day, min, day)).toBe(2);
    const figures = await hierarchy.figures(top.row.id, '2026-11-01', '2026-11-30', min);
    expect(figures).toMatchObject({ activeMembers: 2 });
    const overview = await hierarchy.overview(top.row);
    expect(overview.teamSize).toBe(4);
    expect(overview.directDownlines).toBe(2);

    // Another threshold than the period was counted with: the scan answers.
    const other = parseMoney('50.00');
    expect(await turnover.activeMembersCounted(top.row.id, day, day, other, day)).toBe(
      await turnover.activeMembers(top.row.id, day, day, other),
    );
    // A member moved to another agent leaves the team size of its old uplines.
    const elsewhere = await createMember(t, { type: accountTypes.agent });
    await t.services.operator.run(
      ['agents', 'move', '--member', a.row.username, '--upline', elsewhere.row.username],
      'cli:tester',
    );
    expect((await hierarchy.overview(top.row)).teamSize).toBe(3);
    expect((await hierarchy.overview(elsewhere.row)).teamSize).toBe(1);
  });
});
