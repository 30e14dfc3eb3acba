import { accountTypes, parseMoney } from '@platform/contract';
import { sql } from 'drizzle-orm';
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

  /** agent_tree as the upline chains say it is, and team_member_daily as that tree counts it. */
  const treeDrift = async () => {
    const rows = await t.handle.db.execute(sql`
      WITH RECURSIVE up (descendant_id, ancestor_id, depth) AS (
        SELECT id, id, 0 FROM member
        UNION ALL
        SELECT up.descendant_id, m.upline_id, up.depth + 1 FROM up JOIN member m ON m.id = up.ancestor_id
         WHERE m.upline_id IS NOT NULL
      ),
      tree_drift AS (
        (SELECT ancestor_id, descendant_id, depth FROM up EXCEPT ALL
         SELECT ancestor_id, descendant_id, depth FROM agent_tree)
        UNION ALL
        (SELECT ancestor_id, descendant_id, depth FROM agent_tree EXCEPT ALL
         SELECT ancestor_id, descendant_id, depth FROM up)
      ),
      counted AS (
        SELECT t.ancestor_id AS agent_id, (m.created_at AT TIME ZONE 'Asia/Dhaka')::date AS day, count(*)::int AS joined
          FROM agent_tree t JOIN member m ON m.id = t.descendant_id WHERE t.depth > 0 GROUP BY 1, 2
      ),
      count_drift AS (
        SELECT coalesce(c.agent_id, d.agent_id) AS agent_id FROM counted c
          FULL JOIN (SELECT * FROM team_member_daily WHERE joined <> 0) d ON d.agent_id = c.agent_id AND d.day = c.day
         WHERE c.joined IS DISTINCT FROM d.joined
      )
      SELECT (SELECT count(*) FROM tree_drift)::int AS tree, (SELECT count(*) FROM count_drift)::int AS counts`);
    return (rows as unknown as { rows: { tree: number; counts: number }[] }).rows[0];
  };

  it('keeps the tree and the team counts true for many members inserted by one statement, uplines among them', async () => {
    const top = await createMember(t, { type: accountTypes.agent });
    const sub = await createMember(t, { type: accountTypes.agent, uplineId: top.row.id });
    // One INSERT: a new agent below top, a new agent below that one, and 60 players below each of the
    // three lower agents (sub existed before; the other two come in the same statement).
    await t.handle.db.execute(sql`
      WITH ids AS (
        SELECT nextval(pg_get_serial_sequence('member', 'id')) AS a, nextval(pg_get_serial_sequence('member', 'id')) AS b
      ),
      rows (id, username, type, upline_id) AS (
        SELECT a, 'bulk_a', 1, ${top.row.id.toString()}::bigint FROM ids
        UNION ALL SELECT b, 'bulk_b', 1, a FROM ids
        UNION ALL SELECT nextval(pg_get_serial_sequence('member', 'id')), 'bulk_p' || i, 0,
                         CASE i % 3 WHEN 0 THEN ids.a WHEN 1 THEN ids.b ELSE ${sub.row.id.toString()}::bigint END
                    FROM ids, generate_series(1, 180) i
      )
      INSERT INTO member (id, public_id, username, account, referral_code, type, upline_id)
      SELECT id, 'mbr_' || username, username, 'acc_' || username, 'ref_' || username, type, upline_id FROM rows`);
    expect(await treeDrift()).toEqual({ tree: 0, counts: 0 });
    const hierarchy = t.services.agentHierarchy;
    // sub, bulk_a, bulk_b and the 180 players
    expect((await hierarchy.overview(top.row)).teamSize).toBe(183);
    expect((await hierarchy.overview(sub.row)).teamSize).toBe(60);

    // A move of bulk_b's team (61 members) is counted by statement too.
    const elsewhere = await createMember(t, { type: accountTypes.agent });
    await t.services.operator.run(
      ['agents', 'move', '--member', 'bulk_b', '--upline', elsewhere.row.username],
      'cli:tester',
    );
    expect(await treeDrift()).toEqual({ tree: 0, counts: 0 });
    expect((await hierarchy.overview(top.row)).teamSize).toBe(122);
    expect((await hierarchy.overview(elsewhere.row)).teamSize).toBe(61);
  });
});
