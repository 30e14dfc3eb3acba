import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransfer } from '../../db/schema.js';
import { databaseDigest } from '../../test/database-digest.js';
import { createAdmin, createMember, type TestAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

/**
 * Four-eyes on manual adjustments (issue 27): above staff.fourEyes.adjustment nothing moves until a
 * second, different member of staff confirms; both names are kept; two confirming at once move once.
 */

let t: TestApp;
let first: TestAdmin;
let second: TestAdmin;
let third: TestAdmin;
let sequence = 0;
const requestId = () => `four-eyes-${(sequence += 1).toString().padStart(4, '0')}`;

interface Approval {
  id: string;
  state: string;
  requestedBy: string;
  decidedBy: string | null;
  amount: string;
}

beforeAll(async () => {
  t = await createTestApp();
  first = await createAdmin(t, 'finance');
  second = await createAdmin(t, 'finance');
  third = await createAdmin(t, 'owner');
  // Adjustments above 100.00 need a second member of staff.
  await t.services.settings.set('staff.fourEyes', { withdrawal: null, adjustment: '100', bonus: null });
}, 60_000);
afterAll(() => t.close());

const balanceOf = async (memberId: bigint) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(memberId));

const adjust = (account: string, amount: string, headers: Record<string, string>, id = requestId()) =>
  t.call<{ sumBalance: string; approval: Approval | null }>({
    method: 'POST',
    url: `/wps/admin/members/${account}/adjust`,
    payload: { amount, reason: 'goodwill after an outage', requestId: id },
    headers,
  });

const confirm = (id: string, headers: Record<string, string>) =>
  t.call<Approval>({ method: 'POST', url: `/wps/admin/approvals/${id}/confirm`, headers });

describe('four-eyes on adjustments', () => {
  it('at or below the amount moves at once', async () => {
    const member = await createMember(t);
    const response = await adjust(member.row.account, '100.00', first.headers);
    expect(response.body).toMatchObject({ success: true, value: { sumBalance: '100.00', approval: null } });
    expect(await balanceOf(member.row.id)).toBe(10_000n);
  });

  it('above it waits for a second member of staff, who carries it out; both names are kept', async () => {
    const member = await createMember(t);
    const id = requestId();
    const asked = await adjust(member.row.account, '250.00', first.headers, id);
    expect(asked.body).toMatchObject({
      success: true,
      value: { sumBalance: '0.00', approval: { state: 'pending', requestedBy: `admin:${first.username}` } },
    });
    expect(await balanceOf(member.row.id)).toBe(0n);
    // Asking again with the same request id makes no second approval.
    const again = await adjust(member.row.account, '250.00', first.headers, id);
    const approvalId = asked.body.success ? (asked.body.value.approval?.id ?? '') : '';
    expect(again.body).toMatchObject({ success: true, value: { approval: { id: approvalId } } });

    const self = await confirm(approvalId, first.headers);
    expect(self.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(await balanceOf(member.row.id)).toBe(0n);

    const pending = await t.call<{ items: Approval[] }>({
      method: 'GET',
      url: '/wps/admin/approvals?state=pending',
      headers: second.headers,
    });
    expect(pending.body.success && pending.body.value.items.map((item) => item.id)).toContain(approvalId);

    const confirmed = await confirm(approvalId, second.headers);
    expect(confirmed.body).toMatchObject({
      success: true,
      value: {
        state: 'confirmed',
        requestedBy: `admin:${first.username}`,
        decidedBy: `admin:${second.username}`,
        amount: '250.00',
      },
    });
    expect(await balanceOf(member.row.id)).toBe(25_000n);
    const transfers = await t.handle.db
      .select()
      .from(ledgerTransfer)
      .where(eq(ledgerTransfer.idempotencyKey, `adjust:${id}`));
    expect(transfers).toHaveLength(1);
    // Confirmed once: a later confirmation is refused.
    expect((await confirm(approvalId, third.headers)).body).toMatchObject({ code: 'INVALID_STATE' });
  });

  it('two members of staff confirming at the same moment move the money once', async () => {
    const member = await createMember(t);
    const big = await adjust(member.row.account, '500.00', first.headers);
    const approvalId = big.body.success ? (big.body.value.approval?.id ?? '') : '';
    const answers = await Promise.all([
      confirm(approvalId, second.headers),
      confirm(approvalId, third.headers),
    ]);
    const outcomes = answers.map((answer) => (answer.body.success ? 'ok' : answer.body.code)).sort();
    expect(outcomes).toEqual(['INVALID_STATE', 'ok']);
    expect(await balanceOf(member.row.id)).toBe(50_000n);
  });

  it('a rejected approval moves nothing and cannot be confirmed', async () => {
    const member = await createMember(t);
    const asked = await adjust(member.row.account, '300.00', first.headers);
    const approvalId = asked.body.success ? (asked.body.value.approval?.id ?? '') : '';
    const rejected = await t.call<Approval>({
      method: 'POST',
      url: `/wps/admin/approvals/${approvalId}/reject`,
      payload: { reason: 'no outage that day' },
      headers: second.headers,
    });
    expect(rejected.body).toMatchObject({ success: true, value: { state: 'rejected' } });
    expect((await confirm(approvalId, third.headers)).body).toMatchObject({ code: 'INVALID_STATE' });
    expect(await balanceOf(member.row.id)).toBe(0n);
  });

  it('refuses bad input and roles without the right, and changes nothing', async () => {
    const member = await createMember(t);
    const support = await createAdmin(t, 'support');
    const before = await databaseDigest(t);
    expect((await confirm('AP0000', second.headers)).status).toBe(404);
    expect((await confirm('bad id!', second.headers)).status).toBe(400);
    expect((await adjust(member.row.account, '250.00', support.headers)).status).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: '/wps/admin/approvals?state=maybe', headers: second.headers }))
        .status,
    ).toBe(400);
    const reject = await t.call({
      method: 'POST',
      url: '/wps/admin/approvals/AP0000/reject',
      payload: {},
      headers: second.headers,
    });
    expect(reject.status).toBe(400);
    expect(await databaseDigest(t)).toBe(before);
  });
});
