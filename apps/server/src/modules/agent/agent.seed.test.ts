import type { Envelope, TeamOverview } from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../demo-seed.js';
import { bearer, logIn } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { cryptoRng } from '../../lib/rng.js';
import { hierarchyRepository } from './hierarchy.repository.js';

function valueOf<T>(answer: { body: Envelope<T> }): T {
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return answer.body.value;
}

describe('the agent demo', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.handle.db, {
      clock: t.clock,
      rng: cryptoRng,
      passwords: t.services.passwords,
      demoVendorUrl: 'http://demo-vendor.test',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives agent01 a team three levels deep, contracts, play and paid periods; demo01 stays a member', async () => {
    const agent = await hierarchyRepository.memberByUsername(t.handle.db, 'agent01');
    const demo = await hierarchyRepository.memberByUsername(t.handle.db, 'demo01');
    if (!agent || !demo) throw new Error('demo accounts missing');
    expect(demo.type).toBe(0);
    const auth = bearer(await logIn(t, agent.id));
    const overview = valueOf(
      await t.call<TeamOverview>({ method: 'GET', url: '/wps/agent/team/overview', headers: auth }),
    );
    expect(overview.teamSize).toBe(8);
    expect(Number(overview.thisPeriod.validBet) + Number(overview.lastPeriod.validBet)).toBeGreaterThan(0);
    await t.services.agentSettlements.settleDayKinds();
    const income = valueOf(
      await t.call<{ list: { kind: string; status: string }[] }>({
        method: 'GET',
        url: '/wps/agent/income?from=2026-11-15&to=2026-11-22',
        headers: auth,
      }),
    );
    expect(income.list.filter((row) => row.kind === 'daily_wage').length).toBe(3);
    expect(income.list.some((row) => row.status === 'paid')).toBe(true);
    const demoAuth = bearer(await logIn(t, demo.id));
    expect((await t.call({ method: 'GET', url: '/wps/agent/team/overview', headers: demoAuth })).status).toBe(
      403,
    );
  });
});
