import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { createAdmin, createFundedMember, type TestAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createSeamlessVendor,
  mainBalance,
  moneyCall,
  openGameSession,
  providerHarness,
  type ProviderHarness,
} from './provider-test-support.js';

/**
 * Staff's betting suspension (the back office's Players -> Actions) as a seamless vendor meets it: every
 * new bet is refused with RS_ERROR_PLAYER_BLOCKED, as for a blocked player, while a bet taken before is
 * never undone and its win and rollback still go through.
 */
describe('a betting-suspended player at a seamless vendor', () => {
  let t: TestApp;
  let p: ProviderHarness;
  let vendor: string;
  let risk: TestAdmin;

  beforeAll(async () => {
    t = await createTestApp();
    p = await providerHarness(t);
    vendor = await createSeamlessVendor(t, p);
    risk = await createAdmin(t, 'risk');
  });
  afterAll(async () => {
    await p.close();
    await t.close();
  });

  const staff = (account: string, action: 'suspend' | 'resume') =>
    t.call({
      method: 'POST',
      url: `/wps/admin/players/${account}/betting/${action}`,
      headers: risk.headers,
      payload: { reason: 'chargeback review' },
    });

  it('refuses a new bet with the blocked error, pays the win of an earlier bet, and bets again once resumed', async () => {
    const who = await createFundedMember(t, '100.00');
    const token = await openGameSession(t, p, who, vendor);
    const send = (call: 'bet' | 'win' | 'rollback', body: Record<string, unknown>) =>
      p.call(call, call === 'bet' ? { ...body, token } : body, { vendor });

    const first = moneyCall(who.row.publicId, { amount: '2.00' });
    const second = moneyCall(who.row.publicId, { amount: '3.00' });
    expect((await send('bet', first)).body).toMatchObject({ status: 'RS_OK', balance: '98.00' });
    expect((await send('bet', second)).body).toMatchObject({ status: 'RS_OK', balance: '95.00' });

    expect((await staff(who.row.account, 'suspend')).status).toBe(200);

    const before = await databaseDigest(t);
    const refused = await send('bet', moneyCall(who.row.publicId, { amount: '1.00' }));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body).toMatchObject({ status: 'RS_ERROR_PLAYER_BLOCKED' });
    expect(await databaseDigest(t)).toBe(before);

    // A repeat of a bet already taken is answered as before: it is never undone.
    expect((await send('bet', first)).body).toMatchObject({ status: 'RS_OK' });
    const win = moneyCall(who.row.publicId, {
      round: first.round,
      amount: '5.00',
      reference_transaction_uuid: first.transaction_uuid,
      round_closed: true,
    });
    expect((await send('win', win)).body).toMatchObject({ status: 'RS_OK', balance: '100.00' });
    const rollback = moneyCall(who.row.publicId, {
      round: second.round,
      amount: '3.00',
      reference_transaction_uuid: second.transaction_uuid,
    });
    expect((await send('rollback', rollback)).body).toMatchObject({ status: 'RS_OK', balance: '103.00' });
    expect(await mainBalance(t, who.row.id)).toBe(10_300n);

    expect((await staff(who.row.account, 'resume')).status).toBe(200);
    expect((await send('bet', moneyCall(who.row.publicId, { amount: '1.00' }))).body).toMatchObject({
      status: 'RS_OK',
      balance: '102.00',
    });
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });
});
