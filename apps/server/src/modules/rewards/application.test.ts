import type { PromotionApplication } from '@platform/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promotionApplication, promotionApplicationImage, turnoverRequirement } from '../../db/schema.js';
import { createAdmin, createMember, type TestAdmin, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { GIF, JPEG, multipart, PNG, pngOf, textPart, type FilePart } from '../../test/uploads.js';
import { accountCodes } from '../wallet/index.js';

let t: TestApp;
let reviewer: TestAdmin;
let promotionId: string;
beforeAll(async () => {
  t = await createTestApp();
  reviewer = await createAdmin(t, 'finance');
  const text = (en: string) => ({ bn: `${en} (bn)`, en });
  const row = await t.services.content.addPromotion({
    category: 'daily',
    title: text('Reload bonus'),
    summary: text('Apply with your deposit slip'),
    content: text('Details'),
    imageUrl: '/demo/promo.svg',
    startsAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
    endsAt: null,
  });
  promotionId = row.id;
});
afterAll(() => t.close());

const image = (bytes: Buffer, filename = 'slip.png', contentType = 'image/png'): FilePart => ({
  field: 'images',
  filename,
  contentType,
  bytes,
});
const apply = (who: TestMember | null, parts: FilePart[], id = promotionId) => {
  const body = multipart(parts);
  return t.call<PromotionApplication>({
    method: 'POST',
    url: `/wps/promotions/${id}/applications`,
    headers: { ...(who?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
};
const stored = async () => ({
  applications: (await t.handle.db.select({ n: count() }).from(promotionApplication))[0]?.n ?? 0,
  images: (await t.handle.db.select({ n: count() }).from(promotionApplicationImage))[0]?.n ?? 0,
});
const bonusBalance = (memberId: bigint) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberBonus(memberId));
const review = (id: string, action: 'approve' | 'reject', payload: Record<string, unknown>) =>
  t.call<PromotionApplication>({
    method: 'POST',
    url: `/wps/admin/promotions/applications/${id}/${action}`,
    headers: reviewer.headers,
    payload,
  });
const claim = (who: TestMember, id: string) =>
  t.call<PromotionApplication>({
    method: 'POST',
    url: `/wps/promotions/applications/${id}/claim`,
    headers: who.auth,
  });

describe('promotion applications', () => {
  it('refuses a visitor (401) and a trial account (403), storing nothing', async () => {
    const before = await stored();
    expect((await apply(null, [textPart('comment', 'hi')])).status).toBe(401);
    const trial = await createMember(t, { type: 4 });
    expect((await apply(trial, [textPart('comment', 'hi')])).status).toBe(403);
    expect((await t.call({ method: 'GET', url: '/wps/promotions/applications' })).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('refuses a fourth image, a 6 MB image, a renamed non-image and a 141-character comment', async () => {
    const who = await createMember(t);
    const before = await stored();
    const big = Buffer.concat([await pngOf(16, 16), Buffer.alloc(6 * 1024 * 1024)]);
    const cases: [FilePart[], string][] = [
      [[textPart('comment', 'ok'), image(PNG), image(PNG), image(PNG), image(PNG)], 'images'],
      [[textPart('comment', 'ok'), image(big)], 'images'],
      [[textPart('comment', 'ok'), image(Buffer.from('%PDF-1.4 not an image'), 'slip.png')], 'images.0'],
      [[textPart('comment', 'ok'), image(GIF, 'slip.jpg', 'image/jpeg')], 'images.0'],
      [[textPart('comment', 'x'.repeat(141))], 'comment'],
    ];
    for (const [parts, field] of cases) {
      const answer = await apply(who, parts);
      expect(answer.status, field).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(`"path":"${field}"`);
    }
    expect((await apply(who, [textPart('comment', 'ok')], 'no-such-promotion')).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('approve then claim credits the bonus once, with its turnover requirement; a second application is refused', async () => {
    const who = await createMember(t);
    const applied = await apply(who, [
      textPart('comment', 'My deposit slip'),
      image(PNG),
      image(JPEG, 'slip.jpg', 'image/jpeg'),
    ]);
    expect(applied.status).toBe(200);
    if (!applied.body.success) throw new Error('apply failed');
    expect(applied.body.value).toMatchObject({ status: 'applying', images: 2, comment: 'My deposit slip' });
    const id = applied.body.value.id;
    const again = await apply(who, [textPart('comment', 'again')]);
    expect(again.body).toMatchObject({ success: false, code: 'ALREADY_APPLIED' });

    // Nothing to claim before the operator decides.
    expect((await claim(who, id)).status).toBe(409);
    const approved = await review(id, 'approve', { bonus: '50.00', turnoverMultiple: 10 });
    expect(approved.body).toMatchObject({
      value: { status: 'issued', bonus: '50.00', turnoverRequired: '500.00', account: who.row.account },
    });
    expect((await review(id, 'reject', { reason: 'too late' })).status).toBe(409);

    const claimed = await claim(who, id);
    expect(claimed.body).toMatchObject({ value: { status: 'claimed' } });
    expect(await bonusBalance(who.row.id)).toBe(5_000n);
    const required = await t.handle.db
      .select()
      .from(turnoverRequirement)
      .where(eq(turnoverRequirement.memberId, who.row.id));
    expect(required.map((row) => row.required)).toEqual([50_000n]);
    expect((await claim(who, id)).body).toMatchObject({ success: false, code: 'ALREADY_CLAIMED' });
    expect(await bonusBalance(who.row.id)).toBe(5_000n);

    const mine = await t.call<PromotionApplication[]>({
      method: 'GET',
      url: '/wps/promotions/applications',
      headers: who.auth,
    });
    expect(mine.body).toMatchObject({ value: [{ id, status: 'claimed' }] });
  });

  it('a rejected application pays nothing and may be followed by a new one', async () => {
    const who = await createMember(t);
    const applied = await apply(who, [textPart('comment', '')]);
    if (!applied.body.success) throw new Error('apply failed');
    const id = applied.body.value.id;
    expect((await review(id, 'reject', { reason: 'no slip' })).body).toMatchObject({
      value: { status: 'rejected', reason: 'no slip' },
    });
    expect((await claim(who, id)).status).toBe(409);
    expect(await bonusBalance(who.row.id)).toBe(0n);
    expect((await apply(who, [textPart('comment', 'with slip'), image(PNG)])).status).toBe(200);
  });

  it("another member's application cannot be claimed, and ten applications at once store one (review)", async () => {
    const owner = await createMember(t);
    const thief = await createMember(t);
    const applications = await Promise.all(
      Array.from({ length: 10 }, () => apply(owner, [textPart('comment', 'mine')])),
    );
    expect(applications.filter((answer) => answer.body.success)).toHaveLength(1);
    expect(applications.filter((answer) => answer.status >= 500)).toEqual([]);
    const made = applications.find((answer) => answer.body.success)?.body;
    if (!made?.success) throw new Error('apply failed');
    await review(made.value.id, 'approve', { bonus: '20', turnoverMultiple: 0 });
    // Ten approvals at once decide it once; the thief's claim is a 404 and pays nobody.
    const approvals = await Promise.all(
      Array.from({ length: 10 }, () =>
        review(made.value.id, 'approve', { bonus: '20', turnoverMultiple: 0 }),
      ),
    );
    expect(approvals.filter((answer) => answer.status >= 500)).toEqual([]);
    expect((await claim(thief, made.value.id)).status).toBe(404);
    expect(await bonusBalance(thief.row.id)).toBe(0n);
    expect((await claim(owner, made.value.id)).status).toBe(200);
    expect(await bonusBalance(owner.row.id)).toBe(2_000n);
  });

  it('pays once under concurrent claims', async () => {
    const who = await createMember(t);
    const applied = await apply(who, [textPart('comment', 'race')]);
    if (!applied.body.success) throw new Error('apply failed');
    await review(applied.body.value.id, 'approve', { bonus: '20', turnoverMultiple: 0 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => claim(who, applied.body.success ? applied.body.value.id : '')),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await bonusBalance(who.row.id)).toBe(2_000n);
  });

  it('refuses bad review input with the field and changes nothing', async () => {
    const who = await createMember(t);
    const applied = await apply(who, [textPart('comment', 'x')]);
    if (!applied.body.success) throw new Error('apply failed');
    const id = applied.body.value.id;
    for (const [action, payload, field] of [
      ['approve', { bonus: '-5', turnoverMultiple: 1 }, 'bonus'],
      ['approve', { bonus: '5', turnoverMultiple: 101 }, 'turnoverMultiple'],
      ['reject', { reason: ' ' }, 'reason'],
    ] as const) {
      const answer = await review(id, action, payload);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    const [row] = await t.handle.db
      .select()
      .from(promotionApplication)
      .where(eq(promotionApplication.publicId, id));
    expect(row?.status).toBe('applying');
    const support = await createAdmin(t, 'support');
    const forbidden = await t.call({
      method: 'POST',
      url: `/wps/admin/promotions/applications/${id}/approve`,
      headers: support.headers,
      payload: { bonus: '5', turnoverMultiple: 1 },
    });
    expect(forbidden.status).toBe(403);
  });
});
