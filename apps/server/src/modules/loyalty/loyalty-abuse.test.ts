import { randomUUID } from 'node:crypto';
import { accountTypes, type RedeemRecord } from '@platform/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mallRedeem } from '../../db/schema.js';
import { createAdmin, createMember, type TestAdmin, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

/** What an attacker tries on points convert, the mall and the rank gift: duplicates at once, odd amounts. */
let t: TestApp;
let reviewer: TestAdmin;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createAdmin(t, 'finance');
});
afterAll(() => t.close());

const grant = (who: TestMember, points: number) =>
  t.services.points.adjust(who.row.id, BigInt(points), `test:${who.row.id}:${Math.random()}`);
const withPaymentPassword = async (fields: Parameters<typeof createMember>[1] = {}) =>
  createMember(t, { paymentPasswordHash: await t.services.passwords.hash('Pay123456'), ...fields });
const convert = (who: TestMember, payload: Record<string, unknown>) =>
  t.call<{ balance: number; amount: string }>({
    method: 'POST',
    url: '/wps/points/convert',
    headers: who.auth,
    payload,
  });
const main = (who: TestMember) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
const bonus = (who: TestMember) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberBonus(who.row.id));
const ten = <T>(make: () => Promise<T>) => Promise.all(Array.from({ length: 10 }, make));

describe('loyalty under attack', () => {
  it('ten identical converts at once pay once; ten different ones spend no more than the balance', async () => {
    const who = await withPaymentPassword();
    await grant(who, 1_000);
    const body = { points: 400, paymentPassword: 'Pay123456', requestId: 'dup-convert-0001' };
    const same = await ten(() => convert(who, body));
    expect(same.filter((answer) => !answer.body.success)).toEqual([]);
    const paid = await main(who);
    expect(paid).toBeGreaterThan(0n);
    const different = await ten(() =>
      convert(who, { ...body, requestId: `many-convert-${Math.random().toString(36).slice(2, 12)}` }),
    );
    // 600 points left: one more conversion of 400, never two.
    expect(different.filter((answer) => answer.body.success)).toHaveLength(1);
    expect(await main(who)).toBe(paid * 2n);
  });

  it('odd point amounts and unknown fields are refused before the payment password is even checked', async () => {
    const who = await withPaymentPassword();
    await grant(who, 1_000);
    for (const points of [-400, 0, 400.5, 1e12, '400']) {
      const answer = await convert(who, {
        points,
        paymentPassword: 'Pay123456',
        requestId: `odd-${String(points)}`,
      });
      expect(answer.status, String(points)).toBe(400);
    }
    expect(await main(who)).toBe(0n);
  });

  it('a trial account may not redeem, and ten redeems at once never pass the per-member limit', async () => {
    const item = await t.services.pointMall.createItem(
      { actor: 'test' },
      {
        kind: 'bonus',
        name: { bn: 'বোনাস', en: 'Bonus' },
        description: { bn: 'বিবরণ', en: 'Description' },
        imageUrl: null,
        points: 100,
        bonus: '10.00',
        stock: 50,
        perMemberLimit: 2,
      },
    );
    const redeem = (who: TestMember) =>
      t.call<RedeemRecord>({
        method: 'POST',
        url: `/wps/points/mall/${item.id}/redeem`,
        headers: who.auth,
        payload: { quantity: 1, requestId: `rdm-${randomUUID()}` },
      });
    const trial = await createMember(t, { type: accountTypes.trial });
    await grant(trial, 1_000);
    expect((await redeem(trial)).status).toBe(403);

    const who = await createMember(t);
    await grant(who, 1_000);
    const answers = await ten(() => redeem(who));
    const made = answers.flatMap((answer) => (answer.body.success ? [answer.body.value] : []));
    expect(made).toHaveLength(2);
    const rows = await t.handle.db
      .select({ n: count() })
      .from(mallRedeem)
      .where(eq(mallRedeem.memberId, who.row.id));
    expect(rows[0]?.n).toBe(2);

    // Ten approvals of one redeem at once pay its bonus once.
    const first = made[0];
    if (!first) throw new Error('no redeem');
    await ten(() =>
      t.call({
        method: 'POST',
        url: `/wps/admin/points/redeems/${first.referenceNo}/approve`,
        headers: reviewer.headers,
      }),
    );
    expect(await bonus(who)).toBe(1_000n);
  });

  it('ten monthly-gift claims at once pay the gift once', async () => {
    await t.services.ranks.set({ actor: 'test' }, 1, {
      labelName: 'Bronze',
      color: '#111111',
      color2: '#222222',
      minDeposit: '100',
      minValidBet: '1000',
      upgradeGift: '0',
      monthlyGift: '20',
    });
    const who = await createMember(t, { rankLevel: 1 });
    const answers = await ten(() =>
      t.call({ method: 'POST', url: '/wps/rank/monthly-gift', headers: who.auth }),
    );
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    expect(await bonus(who)).toBe(2_000n);
  });

  it("an approval pays the bonus the member redeemed for, not the item's bonus as edited since", async () => {
    const owner = await createAdmin(t, 'owner');
    const item = await t.services.pointMall.createItem(
      { actor: 'test' },
      {
        kind: 'bonus',
        name: { bn: 'বোনাস', en: 'Edited bonus' },
        description: { bn: 'বিবরণ', en: 'Description' },
        imageUrl: null,
        points: 100,
        bonus: '10.00',
        stock: 5,
        perMemberLimit: 2,
      },
    );
    const who = await createMember(t);
    await grant(who, 1_000);
    const redeemed = await t.call<RedeemRecord>({
      method: 'POST',
      url: `/wps/points/mall/${item.id}/redeem`,
      headers: who.auth,
      payload: { quantity: 2, requestId: `rdm-${randomUUID()}` },
    });
    if (!redeemed.body.success) throw new Error(JSON.stringify(redeemed.body));
    const edited = await t.call({
      method: 'PUT',
      url: `/wps/admin/points/mall/items/${item.id}`,
      headers: owner.headers,
      payload: { bonus: '500.00' },
    });
    expect(edited.status).toBe(200);
    const approved = await t.call({
      method: 'POST',
      url: `/wps/admin/points/redeems/${redeemed.body.value.referenceNo}/approve`,
      headers: reviewer.headers,
    });
    expect(approved.status).toBe(200);
    expect(await bonus(who)).toBe(2_000n);
  });
});
