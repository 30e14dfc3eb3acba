import { accountTypes, type Balance } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createAgent, createFundedMember, fundWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('test factories', () => {
  it('funds a wallet through the ledger, once per idempotency key', async () => {
    const who = await createFundedMember(t, '150.00');
    await fundWallet(t, who, '50.00', 'factories-test:once');
    await fundWallet(t, who, '50.00', 'factories-test:once');
    const { body } = await t.call<Balance>({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: who.auth,
    });
    expect(body).toMatchObject({ success: true, value: { sumBalance: '200.00', demo: false } });
  });

  it('builds an agent with downlines whose upline it is', async () => {
    const { agent, downlines } = await createAgent(t, { downlines: 2 });
    expect(agent.row.type).toBe(accountTypes.agent);
    expect(downlines.map((downline) => downline.row.uplineId)).toEqual([agent.row.id, agent.row.id]);
  });

  it('builds an admin whose token the admin API accepts', async () => {
    const admin = await createAdmin(t, 'finance');
    const { status } = await t.call({ method: 'GET', url: '/wps/admin/deposits', headers: admin.headers });
    expect(status).toBe(200);
  });
});
