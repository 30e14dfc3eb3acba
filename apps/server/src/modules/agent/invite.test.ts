import { accountTypes, type Envelope, type InviteLink, type LoginResult } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

function valueOf<T>(answer: { body: Envelope<T> }): T {
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return answer.body.value;
}
const codeOf = (answer: { body: Envelope<unknown> }) =>
  answer.body.success ? 'ok' : (answer.body as { code: string }).code;

/** registerCenter: downline accounts made by the agent, and invite links that carry a contract offer. */
describe('registerCenter', () => {
  let t: TestApp;
  let channelId: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.services.settings.set('register.captchaEnabled', false);
    const fields = await t.services.settings.all();
    await t.services.settings.set('register.fields', {
      ...fields['register.fields'],
      mobileNum: { ...fields['register.fields'].mobileNum, enabled: false, required: false },
    });
    channelId = (
      await t.services.channels.add({
        kind: 'gateway',
        name: 'Sandbox',
        min: '10',
        max: '20000',
        provider: 'sandbox',
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
  });

  let names = 0;
  const fresh = (prefix: string) => `${prefix}${Date.now() % 100000}${(names += 1)}`;
  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.handle.db.execute(query)) as unknown as { rows: R[] }).rows;
  const memberRow = async (username: string) =>
    (
      await rows<{ id: string; type: number; upline_id: string | null; public_id: string }>(
        sql`SELECT id::text AS id, type, upline_id::text AS upline_id, public_id FROM member WHERE lower(username) = lower(${username})`,
      )
    )[0];
  const operator = (...args: string[]) => t.services.operator.run(args, 'cli:tester');

  async function agentWithDailyWage(): Promise<TestMember> {
    const agent = await createMember(t, { type: accountTypes.agent });
    const offered = await operator(
      'agents',
      'offer',
      '--to',
      agent.row.username,
      '--kind',
      'daily_wage',
      '--tiers',
      '0:0:300',
    );
    expect(offered.exitCode, offered.output).toBe(0);
    const id = /offered (\S+)/.exec(offered.output)?.[1] as string;
    valueOf(await t.call({ method: 'POST', url: `/wps/agent/contracts/${id}/accept`, headers: agent.auth }));
    return agent;
  }
  const createAccount = (who: TestMember, payload: Record<string, unknown>) =>
    t.call<{ publicId: string; username: string; type: number }>({
      method: 'POST',
      url: '/wps/agent/register/accounts',
      headers: who.auth,
      payload,
    });
  const createLink = (who: TestMember, payload: Record<string, unknown>) =>
    t.call<InviteLink>({ method: 'POST', url: '/wps/agent/register/links', headers: who.auth, payload });
  const links = async (who: TestMember) =>
    valueOf(
      await t.call<{ list: InviteLink[] }>({
        method: 'GET',
        url: '/wps/agent/register/links',
        headers: who.auth,
      }),
    ).list;
  const register = (username: string, affiliateCode: string) =>
    t.call<LoginResult>({
      method: 'PUT',
      url: '/wps/member/register',
      payload: {
        username,
        password: 'Secret123',
        confirmPassword: 'Secret123',
        agreed: true,
        ageConfirmed: true,
        affiliateCode,
      },
    });

  it('makes a player and an agent below the agent, who log in with the password given', async () => {
    const agent = await createMember(t, { type: accountTypes.agent });
    const playerName = fresh('dlp');
    const player = valueOf(
      await createAccount(agent, { username: playerName, password: 'Secret123', type: 'player' }),
    );
    expect(player).toMatchObject({ username: playerName, type: 0 });
    const subName = fresh('dla');
    const sub = valueOf(
      await createAccount(agent, { username: subName, password: 'Secret123', type: 'agent' }),
    );
    expect(sub.type).toBe(accountTypes.agent);
    for (const name of [playerName, subName]) {
      expect((await memberRow(name))?.upline_id).toBe(agent.row.id.toString());
    }
    const login = await t.call({
      method: 'POST',
      url: '/wps/session/login',
      payload: { username: subName, password: 'Secret123' },
    });
    expect(codeOf(login as { body: Envelope<unknown> })).toBe('ok');
    const team = valueOf(
      await t.call<{ list: { username: string }[] }>({
        method: 'GET',
        url: '/wps/agent/team/members',
        headers: agent.auth,
      }),
    );
    expect(team.list.map((row) => row.username).sort()).toEqual([playerName, subName].sort());
  });

  it('refuses bad downline accounts with a clear error and stores nothing', async () => {
    const agent = await createMember(t, { type: accountTypes.agent });
    const player = await createMember(t);
    const before = await databaseDigest(t);
    const cases: [TestMember, Record<string, unknown>, number, string][] = [
      [agent, { username: 'ab', password: 'Secret123', type: 'player' }, 400, 'VALIDATION_FAILED'],
      [agent, { username: 'has space', password: 'Secret123', type: 'player' }, 400, 'VALIDATION_FAILED'],
      [agent, { username: fresh('okname'), password: '1', type: 'player' }, 400, 'VALIDATION_FAILED'],
      [agent, { username: fresh('okname'), password: 'Secret123', type: 'boss' }, 400, 'VALIDATION_FAILED'],
      [agent, { username: fresh('okname'), type: 'player' }, 400, 'VALIDATION_FAILED'],
      [
        agent,
        { username: player.row.username, password: 'Secret123', type: 'player' },
        409,
        'DUPLICATE_USERNAME',
      ],
      [player, { username: fresh('okname'), password: 'Secret123', type: 'player' }, 403, 'FORBIDDEN'],
    ];
    for (const [who, payload, status, code] of cases) {
      const answer = await createAccount(who, payload);
      expect([answer.status, codeOf(answer)], JSON.stringify(payload)).toEqual([status, code]);
    }
    const visitor = await t.call({
      method: 'POST',
      url: '/wps/agent/register/accounts',
      payload: cases[0]?.[1],
    });
    expect(visitor.status).toBe(401);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('an invite link registers an agent below its agent with the offered contract, and counts sign-ups and conversions', async () => {
    const agent = await agentWithDailyWage();
    const link = valueOf(
      await createLink(agent, {
        type: 'agent',
        offer: { kind: 'daily_wage', tiers: [{ min: '0', minActive: 0, rateBp: 200 }] },
      }),
    );
    expect(link).toMatchObject({
      type: 'agent',
      signups: 0,
      conversions: 0,
      offer: { kind: 'daily_wage', cycle: 'daily' },
    });
    expect(link.code).toMatch(/^[A-Z2-9]{10}$/);
    const check = await t.call<{ valid: boolean }>({
      method: 'GET',
      url: `/wps/agent/affiliate?code=${link.code}`,
    });
    expect(valueOf(check).valid).toBe(true);

    const name = fresh('via');
    expect(codeOf(await register(name, link.code.toLowerCase()))).toBe('ok');
    const joined = await memberRow(name);
    expect(joined).toMatchObject({ type: accountTypes.agent, upline_id: agent.row.id.toString() });
    const offers = await rows<{ status: string; upline_id: string; tiers: unknown }>(
      sql`SELECT status, upline_id::text AS upline_id, tiers FROM agent_contract WHERE downline_id = ${joined?.id}::bigint`,
    );
    expect(offers).toEqual([
      {
        status: 'offered',
        upline_id: agent.row.id.toString(),
        tiers: [{ min: '0', minActive: 0, rateBp: 200 }],
      },
    ]);

    // A player link, one more sign-up who deposits: a conversion.
    const playerLink = valueOf(await createLink(agent, { type: 'player' }));
    const playerName = fresh('vip');
    expect(codeOf(await register(playerName, playerLink.code))).toBe('ok');
    const player = await memberRow(playerName);
    expect(player?.type).toBe(0);
    await t.handle.db
      .execute(sql`INSERT INTO deposit (public_id, member_id, channel_id, amount, status, reference, created_at, decided_at, expires_at)
        VALUES (${`dep_${playerName}`}, ${player?.id}::bigint, ${channelId}, 50000, 'credited', 'ref', now(), now(), now())`);
    const listed = await links(agent);
    expect(listed.map((row) => [row.id, row.signups, row.conversions])).toEqual([
      [playerLink.id, 1, 1],
      [link.id, 1, 0],
    ]);
  });

  it('refuses bad invite links and bad codes, storing nothing', async () => {
    const agent = await agentWithDailyWage();
    const plain = await createMember(t, { type: accountTypes.agent });
    const player = await createMember(t);
    const tiers = (rateBp: number) => [{ min: '0', minActive: 0, rateBp }];
    const before = await databaseDigest(t);
    const cases: [TestMember, Record<string, unknown>, number, string][] = [
      [agent, { type: 'player', offer: { kind: 'daily_wage', tiers: tiers(100) } }, 400, 'VALIDATION_FAILED'],
      [agent, { type: 'agent', offer: { kind: 'daily_wage', tiers: tiers(400) } }, 400, 'VALIDATION_FAILED'],
      [agent, { type: 'agent', offer: { kind: 'dividend', tiers: tiers(100) } }, 409, 'INVALID_STATE'],
      [
        agent,
        { type: 'agent', offer: { kind: 'daily_wage', cycle: 'weekly', tiers: tiers(100) } },
        400,
        'VALIDATION_FAILED',
      ],
      [agent, { type: 'agent', offer: { kind: 'daily_wage', tiers: [] } }, 400, 'VALIDATION_FAILED'],
      [agent, { type: 'robot' }, 400, 'VALIDATION_FAILED'],
      [plain, { type: 'agent', offer: { kind: 'daily_wage', tiers: tiers(100) } }, 409, 'INVALID_STATE'],
      [player, { type: 'player' }, 403, 'FORBIDDEN'],
    ];
    for (const [who, payload, status, code] of cases) {
      const answer = await createLink(who, payload);
      expect([answer.status, codeOf(answer)], JSON.stringify(payload)).toEqual([status, code]);
    }
    // An unknown code registers nobody.
    const refused = await register(fresh('nocode'), 'ZZZZZZZZZZ');
    expect([refused.status, codeOf(refused)]).toEqual([400, 'INVALID_INVITATION_CODE']);
    expect(await databaseDigest(t)).toBe(before);
  });
});
