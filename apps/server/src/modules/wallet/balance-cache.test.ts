import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Balance } from '@platform/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createAdmin, createFundedMember, fundWallet, type TestMember } from '../../test/factories.js';
import { accountCodes, LedgerService } from './index.js';

/** Balances read for display are reused for one window; every movement still shows at once. */
const WINDOW_MS = 1_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { SETTINGS_CACHE_MS: WINDOW_MS } });
});
afterAll(() => t.close());

/** A funded member whose funding (and its socket push) is over and out of the window. */
async function settledMember(amount: string): Promise<TestMember> {
  const who = await createFundedMember(t, amount);
  await new Promise((resolve) => setTimeout(resolve, 50));
  t.clock.advance(WINDOW_MS);
  return who;
}

async function shownBalance(who: TestMember): Promise<string> {
  const { status, body } = await t.call<Balance>({
    method: 'GET',
    url: '/wps/v2/wallets/balance',
    headers: who.auth,
  });
  expect(status).toBe(200);
  if (!body.success) throw new Error('balance refused');
  return body.value.sumBalance;
}

describe('the balance shown to a member', () => {
  it('shows a staff adjustment at once, though the balance was just read', async () => {
    const cashier = await createAdmin(t, 'finance');
    const who = await settledMember('100.00');
    expect(await shownBalance(who)).toBe('100.00');
    expect(await shownBalance(who)).toBe('100.00');
    const adjust = await t.app.inject({
      method: 'POST',
      url: `/wps/admin/members/${who.row.account}/adjust`,
      headers: cashier.headers,
      payload: { amount: '50.00', reason: 'goodwill', requestId: 'cache-adjust-1' },
    });
    expect(adjust.statusCode).toBe(200);
    expect(await shownBalance(who)).toBe('150.00');
  });

  it('shows a movement made inside a longer transaction once it commits, with no push needed', async () => {
    const who = await settledMember('80.00');
    expect(await shownBalance(who)).toBe('80.00');
    expect(await shownBalance(who)).toBe('80.00');
    await t.handle.db.transaction(async (tx) => {
      await t.services.ledger.transfer(tx, {
        idempotencyKey: 'cache-bet-1',
        kind: 'bet',
        currency: 'REAL',
        legs: [
          { account: accountCodes.memberMain(who.row.id), amount: -3000n },
          { account: accountCodes.house, amount: 3000n },
        ],
        actor: 'system:test',
      });
    });
    expect(await shownBalance(who)).toBe('50.00');
    await fundWallet(t, who, '5.00');
    expect(await shownBalance(who)).toBe('55.00');
  });

  it("shows another server's movement within one window", async () => {
    const who = await settledMember('20.00');
    expect(await shownBalance(who)).toBe('20.00');
    expect(await shownBalance(who)).toBe('20.00');
    // Another server: its own ledger on the same database, which this server's cache never hears from.
    const elsewhere = new LedgerService({ db: t.handle.db, clock: t.clock });
    await elsewhere.transferNow({
      idempotencyKey: 'cache-elsewhere-1',
      kind: 'win',
      currency: 'REAL',
      legs: [
        { account: accountCodes.house, amount: -1000n },
        { account: accountCodes.memberMain(who.row.id), amount: 1000n },
      ],
      actor: 'system:test',
    });
    t.clock.advance(WINDOW_MS);
    expect(await shownBalance(who)).toBe('30.00');
  });
});
