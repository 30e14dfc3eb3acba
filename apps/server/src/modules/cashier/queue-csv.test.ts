import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember, creditDeposit, type TestAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { readyMember, requestWithdrawal } from './withdrawal-test-support.js';

/** The money queues as CSV (issue 27): `format=csv` answers the whole filtered queue, not one page. */

let t: TestApp;
let finance: TestAdmin;

const rowsOf = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

beforeAll(async () => {
  t = await createTestApp();
  finance = await createAdmin(t, 'finance');
}, 60_000);
afterAll(() => t.close());

describe('GET /wps/admin/deposits and /withdrawals with format=csv', () => {
  it('answers every deposit of the status as text/csv, past the first page', async () => {
    const member = await createMember(t);
    for (let index = 0; index < 3; index += 1) {
      await creditDeposit(t, member, '20.00', `csv-deposit-${index.toString().padStart(4, '0')}`);
    }
    const json = await t.call<{ list: unknown[]; totalCount: number }>({
      method: 'GET',
      url: '/wps/admin/deposits?status=credited&pageSize=1',
      headers: finance.headers,
    });
    expect(json.body).toMatchObject({ success: true, value: { totalCount: 3 } });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/deposits?status=credited&pageSize=1&format=csv',
      headers: finance.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('deposits.csv');
    const rows = rowsOf(csv.body);
    expect(rows[0]).toBe('id,created,status,account,username,channel,amount,reference,decided,reason');
    expect(rows.slice(1)).toHaveLength(3);
    for (const row of rows.slice(1)) expect(row).toContain(`,credited,${member.row.account},`);
  });

  it('answers the withdrawals queue with its risk flags', async () => {
    const { who, account } = await readyMember(t);
    const asked = await requestWithdrawal(t, who, { bankAccountId: account.id, amount: '100.00' });
    expect(asked.status).toBe(200);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/withdrawals?status=pending&format=csv',
      headers: finance.headers,
    });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const rows = rowsOf(csv.body);
    expect(rows[0]).toContain('risk flags');
    expect(rows.filter((row) => row.includes(who.row.account))).toHaveLength(1);
    expect(rows.find((row) => row.includes(who.row.account))).toContain('FIRST_WITHDRAWAL');
  });

  it('refuses an unknown format and a role without the queue', async () => {
    const bad = await t.call({
      method: 'GET',
      url: '/wps/admin/deposits?format=xls',
      headers: finance.headers,
    });
    expect(bad.status).toBe(400);
    const support = await createAdmin(t, 'support');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/wps/admin/deposits?format=csv',
      headers: support.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toMatch(/json/);
  });
});
