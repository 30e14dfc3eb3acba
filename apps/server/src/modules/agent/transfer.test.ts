import type { EventEmitter } from 'node:events';
import { accountTypes, parseMoney, type Envelope } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { createMember, creditDeposit, fundWallet, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

describe('transfers to the upline and to direct downlines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const balance = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  let sequence = 0;
  const requestId = () => `agent-transfer-${(sequence += 1)}-${Date.now()}`;
  async function family() {
    const pay = await t.services.passwords.hash('Pay123456');
    const agent = await createMember(t, { type: accountTypes.agent, paymentPasswordHash: pay });
    const player = await createMember(t, { uplineId: agent.row.id, paymentPasswordHash: pay });
    const stranger = await createMember(t, { paymentPasswordHash: pay });
    await fundWallet(t, agent, '1000.00');
    await fundWallet(t, player, '300.00');
    return { agent, player, stranger };
  }
  const send = (who: TestMember, url: string, payload: Record<string, unknown>) =>
    t.call<{ to: string; amount: string; balance: string }>({
      method: 'POST',
      url,
      headers: who.auth,
      payload,
    });

  it('moves money to the upline once per request, and an agent to a direct downline', async () => {
    const { agent, player } = await family();
    const body = { amount: '120.50', paymentPassword: 'Pay123456', requestId: requestId() };
    const first = await send(player, '/wps/agent/transfer/upline', body);
    expect(first.body).toMatchObject({
      success: true,
      value: { to: agent.row.username, amount: '120.50', balance: '179.50' },
    });
    await send(player, '/wps/agent/transfer/upline', body);
    expect(await balance(player)).toBe(parseMoney('179.50'));
    expect(await balance(agent)).toBe(parseMoney('1120.50'));
    const down = await send(agent, '/wps/agent/transfer/downline', {
      amount: '20.00',
      paymentPassword: 'Pay123456',
      requestId: requestId(),
      downline: player.row.publicId,
    });
    expect(down.body).toMatchObject({
      success: true,
      value: { to: player.row.username, balance: '1100.50' },
    });
    expect(await balance(player)).toBe(parseMoney('199.50'));
  });

  it('refuses bad transfers with a clear error and moves nothing', async () => {
    const { agent, player, stranger } = await family();
    const ok = { paymentPassword: 'Pay123456' };
    const before = await databaseDigest(t);
    const cases: [TestMember, string, Record<string, unknown>, number, string][] = [
      [stranger, '/wps/agent/transfer/upline', { amount: '10.00', ...ok }, 409, 'INVALID_STATE'],
      [player, '/wps/agent/transfer/upline', { amount: '0.50', ...ok }, 400, 'AMOUNT_OUT_OF_RANGE'],
      [player, '/wps/agent/transfer/upline', { amount: '60000.00', ...ok }, 400, 'AMOUNT_OUT_OF_RANGE'],
      [player, '/wps/agent/transfer/upline', { amount: '301.00', ...ok }, 409, 'INSUFFICIENT_FUNDS'],
      [player, '/wps/agent/transfer/upline', { amount: '-5', ...ok }, 400, 'VALIDATION_FAILED'],
      [
        agent,
        '/wps/agent/transfer/downline',
        { amount: '5.00', downline: stranger.row.publicId, ...ok },
        404,
        'NOT_FOUND',
      ],
      [
        player,
        '/wps/agent/transfer/downline',
        { amount: '5.00', downline: agent.row.publicId, ...ok },
        403,
        'FORBIDDEN',
      ],
    ];
    for (const [who, url, payload, status, code] of cases) {
      const answer = await send(who, url, { requestId: requestId(), ...payload });
      expect([
        answer.status,
        (answer.body as Envelope<unknown>).success ? 'ok' : (answer.body as { code: string }).code,
      ]).toEqual([status, code]);
    }
    expect(await databaseDigest(t)).toBe(before);
    // A wrong payment password is counted (auth audit) but moves nothing.
    const wrong = await send(player, '/wps/agent/transfer/upline', {
      amount: '10.00',
      paymentPassword: 'nope12345',
      requestId: requestId(),
    });
    expect(wrong.status).toBe(400);
    expect(await balance(player)).toBe(parseMoney('300.00'));
    expect(await balance(agent)).toBe(parseMoney('1000.00'));
    const transfers = await t.handle.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_transfer WHERE kind = 'agent_transfer' AND actor = ${`member:${player.row.publicId}`}`,
    );
    expect((transfers as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('refuses a transfer to the upline while a deposit is not yet wagered (the withdrawal rule), moving nothing', async () => {
    const { agent, player } = await family();
    await creditDeposit(t, player, '200.00', requestId());
    const before = await databaseDigest(t);
    const refused = await send(player, '/wps/agent/transfer/upline', {
      amount: '50.00',
      paymentPassword: 'Pay123456',
      requestId: requestId(),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ success: false, code: 'TURNOVER_NOT_MET' });
    expect(JSON.stringify(refused.body)).toContain('200.00');
    expect(await databaseDigest(t)).toBe(before);
    expect(await balance(player)).toBe(parseMoney('500.00'));
    expect(await balance(agent)).toBe(parseMoney('1000.00'));
    // The agent's own transfers down are the agent's business: not held by the player's turnover.
    const down = await send(agent, '/wps/agent/transfer/downline', {
      amount: '10.00',
      paymentPassword: 'Pay123456',
      requestId: requestId(),
      downline: player.row.publicId,
    });
    expect(down.status).toBe(200);
  });

  it('refuses a downline below a direct downline (two levels down) and moves nothing', async () => {
    const pay = await t.services.passwords.hash('Pay123456');
    const { agent } = await family();
    const sub = await createMember(t, {
      type: accountTypes.agent,
      uplineId: agent.row.id,
      paymentPasswordHash: pay,
    });
    const grandchild = await createMember(t, { uplineId: sub.row.id, paymentPasswordHash: pay });
    const before = await databaseDigest(t);
    const answer = await send(agent, '/wps/agent/transfer/downline', {
      amount: '5.00',
      paymentPassword: 'Pay123456',
      requestId: requestId(),
      downline: grandchild.row.publicId,
    });
    expect([answer.status, (answer.body as { code?: string }).code]).toEqual([404, 'NOT_FOUND']);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('shows the transfer form its upline and limits', async () => {
    const { agent, player, stranger } = await family();
    const info = (who: TestMember) =>
      t.call<{ upline: string | null; min: string; max: string }>({
        method: 'GET',
        url: '/wps/agent/transfer/upline',
        headers: who.auth,
      });
    expect((await info(player)).body).toMatchObject({
      success: true,
      value: { upline: agent.row.username, min: '1.00', max: '50000.00' },
    });
    expect((await info(stranger)).body).toMatchObject({ success: true, value: { upline: null } });
    expect((await t.call({ method: 'GET', url: '/wps/agent/transfer/upline' })).status).toBe(401);
  });
});

/** Real concurrency needs real connections: PGlite has one, so this runs on PostgreSQL only. */
describe.skipIf(!process.env.DATABASE_URL)('transfers to the upline under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    const pool = (t.handle.db as unknown as { $client: EventEmitter }).$client;
    pool.on('error', () => undefined);
    await t.close();
  });

  it('12 concurrent transfers of 30.00 from 100.00: exactly 3 go through, never an overdraft', async () => {
    const pay = await t.services.passwords.hash('Pay123456');
    const agent = await createMember(t, { type: accountTypes.agent, paymentPasswordHash: pay });
    const player = await createMember(t, { uplineId: agent.row.id, paymentPasswordHash: pay });
    await fundWallet(t, player, '100.00');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        t.call({
          method: 'POST',
          url: '/wps/agent/transfer/upline',
          headers: player.auth,
          payload: {
            amount: '30.00',
            paymentPassword: 'Pay123456',
            requestId: `race-${player.row.id}-${index}`,
          },
        }),
      ),
    );
    const codes = answers.map((answer) =>
      (answer.body as Envelope<unknown>).success ? 'ok' : (answer.body as { code: string }).code,
    );
    expect(codes.filter((code) => code === 'ok')).toHaveLength(3);
    expect(codes.filter((code) => code !== 'ok').every((code) => code === 'INSUFFICIENT_FUNDS')).toBe(true);
    const main = accountCodes.memberMain(player.row.id);
    expect(await t.services.ledger.balanceOf(t.handle.db, main)).toBe(parseMoney('10.00'));
    expect(await t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(agent.row.id))).toBe(
      parseMoney('90.00'),
    );
  });
});
