import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BankAccount } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { member, memberBankAccount } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMember, type TestMember } from '../../test/factories.js';
import { REAL_NAME } from './withdrawal-test-support.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.services.settings.set('cashier.requireRealNameMatch', true);
});

const bind = (who: TestMember, payload: Record<string, unknown>) =>
  t.call<BankAccount>({ method: 'POST', url: '/wps/cashier/bank-accounts', headers: who.auth, payload });
const list = (who: TestMember) =>
  t.call<BankAccount[]>({ method: 'GET', url: '/wps/cashier/bank-accounts', headers: who.auth });
const good = { bankName: 'Sonali Bank', accountName: REAL_NAME, accountNumber: '0011223344' };
const storedCount = async (who: TestMember) =>
  (await t.handle.db.select().from(memberBankAccount).where(eq(memberBankAccount.memberId, who.row.id)))
    .length;
const realNameOf = async (who: TestMember) =>
  (await t.handle.db.select().from(member).where(eq(member.id, who.row.id)))[0]?.payeeName ?? null;

describe('bank accounts', () => {
  it('binds an account and lists it with the number masked to the last 4 digits', async () => {
    const who = await createMember(t, { payeeName: REAL_NAME });
    const bound = await bind(who, good);
    expect(bound.status).toBe(200);
    if (!bound.body.success) throw new Error('bind failed');
    expect(bound.body.value).toMatchObject({
      bankName: 'Sonali Bank',
      accountName: REAL_NAME,
      accountNumber: '****3344',
    });
    expect(bound.body.value.id).toMatch(/^bnk_/);
    const listed = await list(who);
    expect(listed.body).toEqual({ success: true, value: [bound.body.value] });
    expect(JSON.stringify(listed.body)).not.toContain('0011223344');
  });

  it('accepts the real name in another case and spacing', async () => {
    const who = await createMember(t, { payeeName: REAL_NAME });
    const bound = await bind(who, { ...good, accountName: '  rahim    UDDIN ' });
    expect(bound.status).toBe(200);
    if (bound.body.success) expect(bound.body.value.accountName).toBe('rahim UDDIN');
  });

  it('refuses a name that is not the registered real name, and stores nothing', async () => {
    const who = await createMember(t, { payeeName: REAL_NAME });
    const refused = await bind(who, { ...good, accountName: 'Karim Uddin' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'PAYEE_NAME_MISMATCH' });
    expect(await storedCount(who)).toBe(0);
  });

  it('takes the first account name as the real name of a member who has none', async () => {
    const who = await createMember(t);
    expect(await realNameOf(who)).toBeNull();
    expect((await bind(who, { ...good, accountName: 'Nusrat  Jahan' })).status).toBe(200);
    expect(await realNameOf(who)).toBe('Nusrat Jahan');
    const second = await bind(who, { ...good, accountNumber: '5566778899', accountName: 'Someone Else' });
    expect(second.body).toMatchObject({ success: false, code: 'PAYEE_NAME_MISMATCH' });
  });

  it('does not compare names, nor record one, when the operator turned the rule off', async () => {
    await t.services.settings.set('cashier.requireRealNameMatch', false);
    const who = await createMember(t, { payeeName: REAL_NAME });
    expect((await bind(who, { ...good, accountName: 'Karim Uddin' })).status).toBe(200);
    const nameless = await createMember(t);
    expect((await bind(nameless, good)).status).toBe(200);
    expect(await realNameOf(nameless)).toBeNull();
  });

  it('refuses the same bank and number twice (bank name in any case)', async () => {
    const who = await createMember(t, { payeeName: REAL_NAME });
    expect((await bind(who, good)).status).toBe(200);
    const again = await bind(who, { ...good, bankName: 'sonali  bank' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'CONFLICT' });
    // Another bank with the same number is another account.
    expect((await bind(who, { ...good, bankName: 'Dutch-Bangla Bank' })).status).toBe(200);
    expect(await storedCount(who)).toBe(2);
  });

  it('allows at most 5 accounts', async () => {
    const who = await createMember(t, { payeeName: REAL_NAME });
    for (let index = 0; index < 5; index += 1) {
      expect((await bind(who, { ...good, accountNumber: `90000000${index}` })).status).toBe(200);
    }
    const sixth = await bind(who, { ...good, accountNumber: '900000009' });
    expect(sixth.status).toBe(409);
    expect(sixth.body).toMatchObject({ success: false, code: 'CONFLICT', details: { max: 5 } });
    expect(await storedCount(who)).toBe(5);
  });

  it('keeps to 5 accounts when binds race', async () => {
    const who = await createMember(t, { payeeName: REAL_NAME });
    const answers = await Promise.all(
      Array.from({ length: 7 }, (_, index) => bind(who, { ...good, accountNumber: `7000000${index}` })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(await storedCount(who)).toBe(5);
  });

  it.each([
    ['a short bank name', { bankName: 'X' }, 'bankName'],
    ['a long bank name', { bankName: 'B'.repeat(65) }, 'bankName'],
    ['a missing account name', { accountName: undefined }, 'accountName'],
    ['letters in the number', { accountNumber: '12345abc' }, 'accountNumber'],
    ['a short number', { accountNumber: '12345' }, 'accountNumber'],
    ['a long number', { accountNumber: '1'.repeat(25) }, 'accountNumber'],
    ['a numeric number', { accountNumber: 1234567890 }, 'accountNumber'],
  ])('refuses %s', async (_label, change, path) => {
    const who = await createMember(t, { payeeName: REAL_NAME });
    const refused = await bind(who, { ...good, ...change });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    if (!refused.body.success) expect(refused.body.issues?.map((issue) => issue.path)).toContain(path);
    expect(await storedCount(who)).toBe(0);
  });

  it('refuses trial accounts and callers without a session', async () => {
    const trial = await createMember(t, { type: 4 });
    const refused = await bind(trial, good);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'NEED_REAL_ACCOUNT' });
    expect(await storedCount(trial)).toBe(0);
    const anonymous = await t.call({ method: 'POST', url: '/wps/cashier/bank-accounts', payload: good });
    expect(anonymous.status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/wps/cashier/bank-accounts' })).status).toBe(401);
  });

  it("lists only the caller's own accounts", async () => {
    const one = await createMember(t, { payeeName: REAL_NAME });
    const other = await createMember(t, { payeeName: REAL_NAME });
    await bind(one, good);
    expect((await list(other)).body).toEqual({ success: true, value: [] });
  });
});
