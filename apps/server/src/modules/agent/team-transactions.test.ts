import { accountTypes, type Envelope } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, fundWallet, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

interface Row {
  kind: string;
  username: string;
  amount: string;
  status: string;
  detail: string | null;
}
interface Page {
  list: Row[];
  totalCount: number;
  totalPages: number;
}

/** Downline transaction details: the team's deposits, withdrawals and transfers, filtered and paged. */
describe('downline transaction details', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const today = () => new Date(t.clock.now().getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
  const list = (who: TestMember, query: string) =>
    t.call<Page>({ method: 'GET', url: `/wps/agent/team/transactions?${query}`, headers: who.auth });

  it('lists deposits and transfers of every level below the agent, newest first, by kind and username', async () => {
    const pay = await t.services.passwords.hash('Pay123456');
    const agent = await createMember(t, { type: accountTypes.agent, paymentPasswordHash: pay });
    const sub = await createMember(t, {
      type: accountTypes.agent,
      uplineId: agent.row.id,
      paymentPasswordHash: pay,
    });
    const player = await createMember(t, { uplineId: sub.row.id, paymentPasswordHash: pay });
    const outsider = await createMember(t);
    const channel = await t.services.channels.add({
      kind: 'gateway',
      name: 'Sandbox',
      min: '10',
      max: '20000',
      provider: 'sandbox',
    });
    for (const [who, amount] of [
      [player, 25_000],
      [outsider, 99_900],
    ] as const) {
      await t.handle.db.execute(
        sql`INSERT INTO deposit (public_id, member_id, channel_id, amount, status, reference, created_at, expires_at)
            VALUES (${`dep_tt${who.row.id}`}, ${who.row.id.toString()}::bigint, ${channel.id}, ${amount}, 'pending', 'ref',
                    ${t.clock.now().toISOString()}::timestamptz, ${t.clock.now().toISOString()}::timestamptz)`,
      );
    }
    await fundWallet(t, player, '100.00');
    const moved = await t.call({
      method: 'POST',
      url: '/wps/agent/transfer/upline',
      headers: player.auth,
      payload: { amount: '30.00', paymentPassword: 'Pay123456', requestId: `team-tx-${player.row.id}` },
    });
    expect(moved.status).toBe(200);

    const day = today();
    const all = await list(agent, `from=${day}&to=${day}`);
    const value = (all.body as Envelope<Page> & { value: Page }).value;
    expect(value.totalCount).toBe(3);
    expect(value.list.map((row) => [row.kind, row.username, row.amount, row.status]).sort()).toEqual(
      [
        ['deposit', player.row.username, '250.00', 'pending'],
        ['transfer', player.row.username, '-30.00', 'sent'],
        ['transfer', sub.row.username, '30.00', 'received'],
      ].sort(),
    );
    const deposits = (await list(agent, `from=${day}&to=${day}&kind=deposit`)).body as { value: Page };
    expect(deposits.value.list.map((row) => row.username)).toEqual([player.row.username]);
    const named = (await list(agent, `from=${day}&to=${day}&username=${sub.row.username.toUpperCase()}`))
      .body as { value: Page };
    expect(named.value.list.map((row) => row.kind)).toEqual(['transfer']);
    const paged = (await list(agent, `from=${day}&to=${day}&pageSize=2&pageNo=2`)).body as { value: Page };
    expect([paged.value.list.length, paged.value.totalPages]).toEqual([1, 2]);
    // The sub-agent sees only its own team (the player), never its upline's rows.
    const subView = (await list(sub, `from=${day}&to=${day}`)).body as { value: Page };
    expect(subView.value.list.every((row) => row.username === player.row.username)).toBe(true);
  });

  it('refuses bad filters, visitors and members who are not agents', async () => {
    const agent = await createMember(t, { type: accountTypes.agent });
    const player = await createMember(t);
    const day = today();
    const cases: [TestMember | null, string, number, string][] = [
      [agent, `from=${day}&to=2020-01-01`, 400, 'VALIDATION_FAILED'],
      [agent, `from=${day}&to=${day}&kind=bet`, 400, 'VALIDATION_FAILED'],
      [agent, `from=${day}&to=${day}&pageSize=500`, 400, 'VALIDATION_FAILED'],
      [agent, `from=nope&to=${day}`, 400, 'VALIDATION_FAILED'],
      [player, `from=${day}&to=${day}`, 403, 'FORBIDDEN'],
      [null, `from=${day}&to=${day}`, 401, 'UNAUTHORIZED'],
    ];
    for (const [who, query, status, code] of cases) {
      const answer = await t.call({
        method: 'GET',
        url: `/wps/agent/team/transactions?${query}`,
        headers: who?.auth ?? {},
      });
      expect([answer.status, (answer.body as { code?: string }).code], query).toEqual([status, code]);
    }
  });
});
