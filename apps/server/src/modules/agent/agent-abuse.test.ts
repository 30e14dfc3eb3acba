import { accountTypes, type InviteLink } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, fundWallet, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { INVITE_LINKS_MAX } from './invite.repository.js';

/** What an attacker tries on registerCenter, invite links and the transfer to the upline. */
describe('agent routes under attack', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const createAccount = (who: TestMember, payload: Record<string, unknown>) =>
    t.call<{ publicId: string }>({
      method: 'POST',
      url: '/wps/agent/register/accounts',
      headers: who.auth,
      payload,
    });
  const createLink = (who: TestMember, payload: Record<string, unknown>) =>
    t.call<InviteLink>({ method: 'POST', url: '/wps/agent/register/links', headers: who.auth, payload });
  const count = async (query: ReturnType<typeof sql>) =>
    ((await t.handle.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n;

  it('ten identical downline accounts at once make one account and no server error', async () => {
    const agent = await createMember(t, { type: accountTypes.agent });
    const username = `dup${Date.now() % 100000}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        createAccount(agent, { username, password: 'Secret123', type: 'player' }),
      ),
    );
    expect(answers.map((answer) => answer.status).filter((status) => status >= 500)).toEqual([]);
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
    expect(await count(sql`select count(*)::int as n from member where lower(username) = ${username}`)).toBe(
      1,
    );
  });

  it('a non-agent, a visitor and a trial account are refused on registerCenter and announcements', async () => {
    const player = await createMember(t);
    const trial = await createMember(t, { type: accountTypes.trial });
    for (const who of [player, trial]) {
      expect((await createLink(who, { type: 'player' })).status).toBe(403);
      expect(
        (await createAccount(who, { username: 'xyz12345', password: 'Secret123', type: 'player' })).status,
      ).toBe(403);
      expect(
        (await t.call({ method: 'GET', url: '/wps/agent/announcements', headers: who.auth })).status,
      ).toBe(403);
    }
    expect(
      (await t.call({ method: 'POST', url: '/wps/agent/register/links', payload: { type: 'player' } }))
        .status,
    ).toBe(401);
  });

  it('the transfer to the upline refuses a trial account, odd amounts and moves nothing', async () => {
    const agent = await createMember(t, { type: accountTypes.agent });
    const who = await createMember(t, {
      uplineId: agent.row.id,
      paymentPasswordHash: await t.services.passwords.hash('Pay123456'),
    });
    await fundWallet(t, who, '100.00');
    const send = (amount: unknown, requestId: string) =>
      t.call({
        method: 'POST',
        url: '/wps/agent/transfer/upline',
        headers: who.auth,
        payload: { amount, paymentPassword: 'Pay123456', requestId },
      });
    for (const amount of ['-10.00', '0', '10.001', '1e3', '99999999999999999999', 10]) {
      const answer = await send(amount, `odd-upline-${String(amount)}`);
      expect(answer.status, String(amount)).toBeGreaterThanOrEqual(400);
      expect(answer.status, String(amount)).toBeLessThan(500);
    }
    const trial = await createMember(t, { type: accountTypes.trial, uplineId: agent.row.id });
    const refused = await t.call({
      method: 'POST',
      url: '/wps/agent/transfer/upline',
      headers: trial.auth,
      payload: { amount: '10.00', paymentPassword: 'Pay123456', requestId: 'trial-upline-1' },
    });
    expect(refused.status).toBe(403);
  });

  it('an agent keeps at most INVITE_LINKS_MAX invite links, even asked for ten more at once', async () => {
    const agent = await createMember(t, { type: accountTypes.agent });
    // All but two of the cap, written straight (two hundred requests would only slow the test).
    await t.handle.db.execute(sql`
      INSERT INTO agent_invite_link (public_id, agent_id, code, account_type, created_at)
      SELECT 'inv_fill' || g || '_' || ${agent.row.id.toString()}, ${agent.row.id.toString()}::bigint,
             'F' || ${agent.row.id.toString()} || 'X' || g, 'player', now()
        FROM generate_series(1, ${INVITE_LINKS_MAX - 2}) AS g`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => createLink(agent, { type: 'player' })),
    );
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(8);
    expect(
      await count(
        sql`select count(*)::int as n from agent_invite_link where agent_id = ${agent.row.id.toString()}::bigint`,
      ),
    ).toBe(INVITE_LINKS_MAX);
  });
});
