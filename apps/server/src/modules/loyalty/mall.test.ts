import { randomUUID } from 'node:crypto';
import { formatMoney, type MallItem, type RedeemRecord } from '@platform/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mallItem, mallRedeem, operatorAudit } from '../../db/schema.js';
import { createAdmin, createMember, type TestAdmin, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

let t: TestApp;
let reviewer: TestAdmin;
let items = 0;

beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createAdmin(t, 'finance');
});
afterAll(() => t.close());

const addItem = async (
  fields: {
    kind?: 'physical' | 'bonus';
    points?: bigint;
    stock?: number;
    limit?: number;
    bonus?: bigint;
  } = {},
) => {
  items += 1;
  const row = await t.services.pointMall.createItem(
    { actor: 'test' },
    {
      kind: fields.kind ?? 'physical',
      name: { bn: `পণ্য ${items}`, en: `Item ${items}` },
      description: { bn: 'বিবরণ', en: 'Description' },
      imageUrl: null,
      points: Number(fields.points ?? 100n),
      bonus: fields.kind === 'bonus' ? formatMoney(fields.bonus ?? 1_000n) : null,
      stock: fields.stock ?? 10,
      perMemberLimit: fields.limit ?? 3,
    },
  );
  return { ...row, publicId: row.id };
};
const grant = (who: TestMember, points: number) =>
  t.services.points.adjust(who.row.id, BigInt(points), `test:${who.row.id}:${Math.random()}`);
const balance = async (who: TestMember) => {
  const answer = await t.call<{ balance: number }>({ method: 'GET', url: '/wps/points', headers: who.auth });
  if (!answer.body.success) throw new Error('points failed');
  return answer.body.value.balance;
};
/** A redeem the member means: a fresh request id unless the payload names one. */
const redeem = (who: TestMember, id: string, payload: Record<string, unknown> = { quantity: 1 }) =>
  t.call<RedeemRecord>({
    method: 'POST',
    url: `/wps/points/mall/${id}/redeem`,
    headers: { ...who.auth, language: 'en' },
    payload: { requestId: `rdm-${randomUUID()}`, ...payload },
  });
const review = (reference: string, action: 'approve' | 'reject', payload?: Record<string, unknown>) =>
  t.call<RedeemRecord & { account: string }>({
    method: 'POST',
    url: `/wps/admin/points/redeems/${reference}/${action}`,
    headers: reviewer.headers,
    ...(payload ? { payload } : {}),
  });
const stockOf = async (publicId: string) =>
  (
    await t.handle.db.select({ stock: mallItem.stock }).from(mallItem).where(eq(mallItem.publicId, publicId))
  )[0]?.stock;
const redeemsOf = async (who: TestMember) =>
  (await t.handle.db.select({ n: count() }).from(mallRedeem).where(eq(mallRedeem.memberId, who.row.id)))[0]
    ?.n ?? 0;

describe('point mall', () => {
  it('lists active items with stock, limits and what the member redeemed', async () => {
    const item = await addItem({ kind: 'bonus', points: 250n, bonus: 5_000n, stock: 4, limit: 2 });
    const who = await createMember(t);
    const answer = await t.call<MallItem[]>({
      method: 'GET',
      url: '/wps/points/mall',
      headers: { ...who.auth, language: 'en' },
    });
    if (!answer.body.success) throw new Error('mall failed');
    expect(answer.body.value.find((row) => row.id === item.publicId)).toEqual({
      id: item.publicId,
      kind: 'bonus',
      name: item.name.en,
      description: 'Description',
      imageUrl: null,
      points: 250,
      bonus: '50.00',
      stock: 4,
      perMemberLimit: 2,
      redeemed: 0,
    });
  });

  it('redeems: points spent, stock taken, a record in process', async () => {
    const item = await addItem({ points: 100n, stock: 5, limit: 3 });
    const who = await createMember(t);
    await grant(who, 500);
    const answer = await redeem(who, item.publicId, { quantity: 2 });
    expect(answer.body).toMatchObject({
      success: true,
      value: { type: 'physical', name: item.name.en, quantity: 2, points: 200, status: 'process' },
    });
    if (!answer.body.success) throw new Error('redeem failed');
    expect(answer.body.value.referenceNo).toMatch(/^RD[0-9A-F]{16}$/);
    expect(await balance(who)).toBe(300);
    expect(await stockOf(item.publicId)).toBe(3);
    const records = await t.call<{ list: RedeemRecord[]; totalCount: number }>({
      method: 'GET',
      url: '/wps/points/redeems?pageNo=1&pageSize=10',
      headers: { ...who.auth, language: 'en' },
    });
    expect(records.body).toMatchObject({ success: true, value: { totalCount: 1 } });
    for (const query of ['?pageNo=0', '?pageSize=0', '?pageSize=101', '?pageNo=two']) {
      const bad = await t.call({ method: 'GET', url: `/wps/points/redeems${query}`, headers: who.auth });
      expect(bad.status, query).toBe(400);
    }
  });

  it('a redeem retried with its request id, or sent ten times at once, is made once; the id on another quantity is refused', async () => {
    const item = await addItem({ points: 100n, stock: 20, limit: 10 });
    const who = await createMember(t);
    await grant(who, 1_000);
    const requestId = `rdm-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => redeem(who, item.publicId, { quantity: 2, requestId })),
    );
    const references = new Set(
      answers.map((answer) => (answer.body.success ? answer.body.value.referenceNo : answer.body.code)),
    );
    expect(references.size).toBe(1);
    expect([...references][0]).toMatch(/\S/);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const retried = await redeem(who, item.publicId, { quantity: 2, requestId });
    expect(retried.body).toMatchObject({ success: true, value: { referenceNo: [...references][0] } });
    expect(await balance(who)).toBe(800);
    const reused = await redeem(who, item.publicId, { quantity: 1, requestId });
    expect(reused.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_CONFLICT' });
    expect(await balance(who)).toBe(800);
    expect(await stockOf(item.publicId)).toBe(18);
    const [made] = await t.handle.db
      .select({ made: count() })
      .from(mallRedeem)
      .where(eq(mallRedeem.memberId, who.row.id));
    expect(made).toEqual({ made: 1 });
  });

  it('refuses every bad redeem with its error and changes nothing', async () => {
    const item = await addItem({ points: 100n, stock: 2, limit: 2 });
    const who = await createMember(t);
    await grant(who, 150);
    for (const payload of [{ quantity: 0 }, { quantity: 101 }, { quantity: 1.5 }, { quantity: '1' }, {}]) {
      const answer = await redeem(who, item.publicId, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('quantity');
    }
    for (const requestId of ['short', 'has space in it', 'x'.repeat(65), 12345678, undefined]) {
      const answer = await redeem(who, item.publicId, { quantity: 1, requestId });
      expect(answer.status, String(requestId)).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('requestId');
    }
    expect((await redeem(who, 'not-an-id')).status).toBe(400);
    expect((await redeem(who, 'itm_nosuchitem')).body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await redeem(who, item.publicId, { quantity: 2 })).body).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_POINTS',
    });
    await grant(who, 1_000);
    expect((await redeem(who, item.publicId, { quantity: 3 })).body).toMatchObject({
      success: false,
      code: 'REDEEM_LIMIT_REACHED',
    });
    const roomy = await addItem({ points: 100n, stock: 1, limit: 5 });
    expect((await redeem(who, roomy.publicId, { quantity: 2 })).body).toMatchObject({
      success: false,
      code: 'OUT_OF_STOCK',
    });
    await t.services.pointMall.setActive({ actor: 'test' }, item.publicId, false);
    expect((await redeem(who, item.publicId)).body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await balance(who)).toBe(1_150);
    expect(await stockOf(item.publicId)).toBe(2);
    expect(await stockOf(roomy.publicId)).toBe(1);
    expect(await redeemsOf(who)).toBe(0);
  });

  it('holds the per-member limit across redeems', async () => {
    const item = await addItem({ points: 10n, stock: 10, limit: 2 });
    const who = await createMember(t);
    await grant(who, 1_000);
    expect((await redeem(who, item.publicId)).status).toBe(200);
    expect((await redeem(who, item.publicId)).status).toBe(200);
    expect((await redeem(who, item.publicId)).body).toMatchObject({ code: 'REDEEM_LIMIT_REACHED' });
    expect(await balance(who)).toBe(980);
  });

  it('a rejected redeem refunds the points and the stock once, audited', async () => {
    const item = await addItem({ points: 100n, stock: 3, limit: 3 });
    const who = await createMember(t);
    await grant(who, 300);
    const made = await redeem(who, item.publicId, { quantity: 2 });
    if (!made.body.success) throw new Error('redeem failed');
    const reference = made.body.value.referenceNo;
    const rejected = await review(reference, 'reject', { reason: 'Out of season' });
    expect(rejected.body).toMatchObject({
      success: true,
      value: { status: 'rejected', reason: 'Out of season', account: who.row.account },
    });
    expect(await balance(who)).toBe(300);
    expect(await stockOf(item.publicId)).toBe(3);
    expect((await review(reference, 'reject', { reason: 'Again' })).body).toMatchObject({
      code: 'INVALID_STATE',
    });
    expect((await review(reference, 'approve')).body).toMatchObject({ code: 'INVALID_STATE' });
    expect(await balance(who)).toBe(300);
    const audits = await t.handle.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.command, 'points redeem reject'));
    expect(audits.some((row) => JSON.stringify(row.detail).includes(reference))).toBe(true);
    // A rejected redeem does not count toward the limit.
    expect((await redeem(who, item.publicId, { quantity: 3 })).status).toBe(200);
  });

  it('an approved bonus item credits the bonus account once', async () => {
    const item = await addItem({ kind: 'bonus', points: 100n, bonus: 2_500n, stock: 5, limit: 5 });
    const who = await createMember(t);
    await grant(who, 200);
    const made = await redeem(who, item.publicId, { quantity: 2 });
    if (!made.body.success) throw new Error('redeem failed');
    const reference = made.body.value.referenceNo;
    const approved = await review(reference, 'approve');
    expect(approved.body).toMatchObject({ success: true, value: { status: 'approved' } });
    expect((await review(reference, 'approve')).body).toMatchObject({ code: 'INVALID_STATE' });
    expect(await t.services.ledger.balanceOf(t.handle.db, accountCodes.memberBonus(who.row.id))).toBe(5_000n);
  });

  it('refuses bad review input and the wrong role, and changes nothing', async () => {
    const item = await addItem();
    const who = await createMember(t);
    await grant(who, 100);
    const made = await redeem(who, item.publicId);
    if (!made.body.success) throw new Error('redeem failed');
    const reference = made.body.value.referenceNo;
    for (const payload of [{ reason: ' ' }, { reason: 'x'.repeat(201) }, {}]) {
      const answer = await review(reference, 'reject', payload);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('reason');
    }
    expect((await review('RD-bad', 'approve')).status).toBe(400);
    expect((await review('RD0000000000000000', 'approve')).body).toMatchObject({ code: 'NOT_FOUND' });
    const support = await createAdmin(t, 'support');
    const forbidden = await t.call({
      method: 'POST',
      url: `/wps/admin/points/redeems/${reference}/approve`,
      headers: support.headers,
    });
    expect(forbidden.status).toBe(403);
    const [row] = await t.handle.db.select().from(mallRedeem).where(eq(mallRedeem.reference, reference));
    expect(row?.status).toBe('process');
    const listed = await t.call<{ list: { referenceNo: string }[] }>({
      method: 'GET',
      url: '/wps/admin/points/redeems?status=process',
      headers: reviewer.headers,
    });
    expect(listed.body.success && listed.body.value.list.some((r) => r.referenceNo === reference)).toBe(true);
    expect(
      (
        await t.call({
          method: 'GET',
          url: '/wps/admin/points/redeems?status=nope',
          headers: reviewer.headers,
        })
      ).status,
    ).toBe(400);
  });

  it('the operator tool reviews redeems and keeps the shelf', async () => {
    const item = await addItem({ points: 100n, stock: 2, limit: 2 });
    const who = await createMember(t);
    await grant(who, 100);
    const made = await redeem(who, item.publicId);
    if (!made.body.success) throw new Error('redeem failed');
    const run = (...args: string[]) => t.services.operator.run(args, 'cli:test');
    expect(await run('points', 'redeems', '--status', 'process')).toMatchObject({ exitCode: 0 });
    expect(await run('points', 'reject', made.body.value.referenceNo, '--reason', 'No stock')).toMatchObject({
      exitCode: 0,
    });
    expect(await balance(who)).toBe(200 - 100);
    expect(await run('mall', 'set', item.publicId, '--stock', '-1')).toMatchObject({ exitCode: 2 });
    expect(await run('mall', 'set', item.publicId, '--stock', '7')).toMatchObject({ exitCode: 0 });
    expect(await stockOf(item.publicId)).toBe(7);
    expect(await run('points', 'adjust', who.row.account, '50', '--reason', 'goodwill')).toMatchObject({
      exitCode: 0,
    });
    expect(await balance(who)).toBe(150);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('point mall under concurrency (PostgreSQL)', () => {
  it('stock never goes below zero and the limit holds under concurrent redeems', async () => {
    const item = await addItem({ points: 10n, stock: 5, limit: 2 });
    const members = await Promise.all(Array.from({ length: 6 }, () => createMember(t)));
    for (const who of members) await grant(who, 1_000);
    const answers = await Promise.all(
      members.flatMap((who) => Array.from({ length: 3 }, () => redeem(who, item.publicId))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(await stockOf(item.publicId)).toBe(0);
    for (const who of members) expect(await redeemsOf(who)).toBeLessThanOrEqual(2);
    const spent = (await Promise.all(members.map(balance))).reduce((sum, left) => sum + (1_000 - left), 0);
    expect(spent).toBe(50);
  });

  it('a rejected redeem refunds once under concurrent rejections', async () => {
    const item = await addItem({ points: 100n, stock: 5, limit: 5 });
    const who = await createMember(t);
    await grant(who, 100);
    const made = await redeem(who, item.publicId);
    if (!made.body.success) throw new Error('redeem failed');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        review(made.body.success ? made.body.value.referenceNo : '', 'reject', { reason: 'race' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await balance(who)).toBe(100);
    expect(await stockOf(item.publicId)).toBe(5);
  });
});
