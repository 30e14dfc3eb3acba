import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Channel, Deposit, Page } from '@platform/contract';
import { desc, eq } from 'drizzle-orm';
import { deposit as depositTable, operatorAudit, paymentChannel } from '../../db/schema.js';
import { imageFacts, multipartFile, PNG } from '../../test/uploads.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import type { ChannelRow } from './channel.repository.js';
import {
  addChannels,
  adminToken,
  createdDeposit,
  depositRow,
  depositTransfers,
  mainBalance,
  turnoverRows,
  uploadProof,
} from './deposit-test-support.js';

let t: TestApp;
let bank: ChannelRow;
let gateway: ChannelRow;
let cashier: string;

beforeAll(async () => {
  t = await createTestApp();
  // These tests move the clock by hours: staff sessions must outlive the idle limit and the shift.
  await t.services.settings.set('staff.sessionIdleMinutes', 8 * 60);
  await t.services.settings.set('staff.shiftHours', 24);
  ({ bank, gateway } = await addChannels(t));
  cashier = await adminToken(t, 'finance');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.services.settings.set('cashier.depositTurnoverMultiple', 1);
});

type AdminDeposit = Deposit & { memberAccount: string; memberUsername: string };
const asAdmin = (token: string) => ({ 'x-admin-token': token });
const confirm = (id: string, token = cashier) =>
  t.call<AdminDeposit>({ method: 'POST', url: `/wps/admin/deposits/${id}/confirm`, headers: asAdmin(token) });
const reject = (id: string, reason: unknown, token = cashier) =>
  t.call<AdminDeposit>({
    method: 'POST',
    url: `/wps/admin/deposits/${id}/reject`,
    headers: asAdmin(token),
    payload: { reason },
  });
const lastAudit = async () =>
  (await t.handle.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1))[0];

describe('operator review of deposits', () => {
  it('lists deposits with the member, filtered by status, for owner and cashier only', async () => {
    const who = await createMember(t);
    const { deposit } = await createdDeposit(t, who, { channelId: bank.id, amount: '250' });

    const listed = await t.call<Page<AdminDeposit>>({
      method: 'GET',
      url: '/wps/admin/deposits?status=pending&pageSize=100',
      headers: asAdmin(cashier),
    });
    expect(listed.status).toBe(200);
    if (!listed.body.success) throw new Error('list failed');
    expect(listed.body.value.list.find((row) => row.id === deposit.id)).toMatchObject({
      amount: '250.00',
      status: 'pending',
      memberAccount: who.row.account,
      memberUsername: who.row.username,
    });

    expect((await t.call({ method: 'GET', url: '/wps/admin/deposits' })).status).toBe(401);
    // A member's session is not an admin's.
    expect((await t.call({ method: 'GET', url: '/wps/admin/deposits', headers: who.auth })).status).toBe(401);
    const support = await adminToken(t, 'support');
    const refused = await t.call({ method: 'GET', url: '/wps/admin/deposits', headers: asAdmin(support) });
    expect(refused.status).toBe(403);
    expect((await confirm(deposit.id, support)).status).toBe(403);
    expect((await depositRow(t, deposit.id)).status).toBe('pending');
  });

  it('confirms a deposit: credits the balance once, adds the turnover requirement, audits', async () => {
    const who = await createMember(t);
    const { deposit } = await createdDeposit(t, who, { channelId: bank.id, amount: '1200.50' });
    const first = await confirm(deposit.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      value: { id: deposit.id, status: 'credited', decidedAt: '2026-11-21T08:00:00.000Z' },
    });
    expect(await mainBalance(t, who)).toBe('1200.50');

    const transfers = await depositTransfers(t, deposit.id);
    expect(transfers).toHaveLength(1);
    expect(transfers[0]).toMatchObject({
      kind: 'deposit',
      currency: 'REAL',
      actor: expect.stringMatching(/^admin:/),
    });
    const row = await depositRow(t, deposit.id);
    expect(transfers[0]?.idempotencyKey).toBe(`deposit:${row.id}`);
    expect(row.transferId).toBe(transfers[0]?.id);
    expect((await turnoverRows(t, who)).map((r) => r.required)).toEqual([120050n]);
    expect(await lastAudit()).toMatchObject({ command: 'deposits confirm', detail: { deposit: deposit.id } });

    const second = await confirm(deposit.id);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, code: 'INVALID_STATE' });
    expect(await mainBalance(t, who)).toBe('1200.50');
    expect(await depositTransfers(t, deposit.id)).toHaveLength(1);
    expect(await turnoverRows(t, who)).toHaveLength(1);
  });

  it('credits once when two confirmations race', async () => {
    const who = await createMember(t);
    const { deposit } = await createdDeposit(t, who, { channelId: bank.id, amount: '300' });
    const results = await Promise.all([confirm(deposit.id), confirm(deposit.id), confirm(deposit.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await mainBalance(t, who)).toBe('300.00');
  });

  it('applies the turnover multiple with decimals, and none at 0', async () => {
    const who = await createMember(t);
    await t.services.settings.set('cashier.depositTurnoverMultiple', 1.5);
    const a = await createdDeposit(t, who, { channelId: bank.id, amount: '101' });
    await confirm(a.deposit.id);
    await t.services.settings.set('cashier.depositTurnoverMultiple', 0);
    const b = await createdDeposit(t, who, { channelId: bank.id, amount: '200' });
    await confirm(b.deposit.id);
    expect((await turnoverRows(t, who)).map((r) => r.required)).toEqual([15150n]);
    expect(await mainBalance(t, who)).toBe('301.00');
  });

  it('rejects a pending deposit with a reason, after which it cannot be confirmed', async () => {
    const who = await createMember(t);
    const { deposit } = await createdDeposit(t, who, { channelId: bank.id, amount: '400' });
    const bad = await reject(deposit.id, ' ');
    expect(bad.status).toBe(400);
    expect((await depositRow(t, deposit.id)).status).toBe('pending');

    const rejected = await reject(deposit.id, 'no transfer received');
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      success: true,
      value: { status: 'rejected', reason: 'no transfer received' },
    });
    expect(await lastAudit()).toMatchObject({ command: 'deposits reject' });
    expect((await confirm(deposit.id)).body).toMatchObject({ success: false, code: 'INVALID_STATE' });
    expect((await reject(deposit.id, 'again')).status).toBe(409);
    expect(await mainBalance(t, who)).toBe('0.00');
  });

  it('answers 404 for an unknown deposit', async () => {
    const response = await confirm('dep_nosuchdeposit');
    expect(response.status).toBe(404);
  });

  it('shows staff the proof image', async () => {
    const who = await createMember(t);
    const { deposit } = await createdDeposit(t, who, { channelId: bank.id, amount: '400' });
    const url = `/wps/admin/deposits/${deposit.id}/proof`;
    expect((await t.app.inject({ method: 'GET', url, headers: asAdmin(cashier) })).statusCode).toBe(404);
    await uploadProof(t, who, deposit.id, multipartFile('proof', PNG));
    const response = await t.app.inject({ method: 'GET', url, headers: asAdmin(cashier) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(await imageFacts(response.rawPayload)).toEqual({ format: 'png', width: 1, height: 1 });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('expiry', () => {
  it('expires pending bank transfers past their time, but not those with a proof, nor gateway orders', async () => {
    const who = await createMember(t);
    const stale = await createdDeposit(t, who, { channelId: bank.id, amount: '100' });
    const withProof = await createdDeposit(t, who, { channelId: bank.id, amount: '100' });
    await uploadProof(t, who, withProof.deposit.id, multipartFile('proof', PNG));
    const online = await createdDeposit(t, who, { channelId: gateway.id, amount: '100' });
    t.clock.advance(59 * 60_000);
    const fresh = await createdDeposit(t, who, { channelId: bank.id, amount: '100' });

    // Deposits of earlier tests in this file may expire too: only ours are looked at.
    const ours = [stale, withProof, online, fresh].map((created) => created.deposit.id);
    const expiredOfOurs = async () =>
      (await t.services.deposits.expireDue()).filter((id) => ours.includes(id));
    expect(await expiredOfOurs()).toEqual([]);
    t.clock.advance(60_000);
    expect(await expiredOfOurs()).toEqual([stale.deposit.id]);
    expect(await depositRow(t, stale.deposit.id)).toMatchObject({
      status: 'expired',
      decidedBy: 'system:deposit-expiry',
    });
    for (const kept of [withProof, online, fresh]) {
      expect((await depositRow(t, kept.deposit.id)).status).toBe('pending');
    }
    expect((await confirm(stale.deposit.id)).body).toMatchObject({ success: false, code: 'INVALID_STATE' });
  });

  it('runs every minute through the scheduler', async () => {
    const who = await createMember(t);
    const { deposit } = await createdDeposit(t, who, { channelId: bank.id, amount: '100' });
    t.clock.advance(61 * 60_000);
    await t.services.scheduler.runDue();
    expect((await depositRow(t, deposit.id)).status).toBe('expired');
  });
});

describe('operator tool', () => {
  const run = (...args: string[]) => t.services.operator.run(args, 'cli:tester');

  it('adds, lists, disables, enables and removes channels', async () => {
    const added = await run(
      'channels',
      'add',
      '--kind',
      'bank_transfer',
      '--name',
      'City Bank',
      '--min',
      '50',
      '--max',
      '1000.5',
      '--bank-name',
      'City Bank',
      '--account-name',
      'Khela Ltd',
      '--account-number',
      '5566778899',
    );
    expect(added.exitCode).toBe(0);
    const id = /channel (bank_[a-z0-9]+) added/.exec(added.output)?.[1] ?? '';
    expect(id).not.toBe('');
    expect(added.output).toContain('50.00 to 1000.50');

    const gatewayAdded = await run(
      'channels',
      'add',
      '--kind',
      'gateway',
      '--name',
      'Online',
      '--min',
      '1',
      '--max',
      '5',
      '--provider',
      'sandbox',
    );
    expect(gatewayAdded.exitCode).toBe(0);
    expect(await lastAudit()).toMatchObject({ command: 'channels add' });
    expect(JSON.stringify((await lastAudit())?.detail)).not.toContain('secret');

    const listed = await run('channels', 'list');
    expect(listed.output).toContain(id);
    expect(listed.output).toContain('City Bank / Khela Ltd / 5566778899');
    expect(listed.output).not.toMatch(/[0-9a-f]{64}/);

    expect((await run('channels', 'disable', id)).exitCode).toBe(0);
    const [disabled] = await t.handle.db.select().from(paymentChannel).where(eq(paymentChannel.id, id));
    expect(disabled?.enabled).toBe(false);
    expect((await run('channels', 'enable', id)).exitCode).toBe(0);

    const who = await createMember(t);
    await createdDeposit(t, who, { channelId: id, amount: '60' });
    const refused = await run('channels', 'remove', id);
    expect(refused.exitCode).toBe(1);
    expect(refused.output).toContain('disable it instead');

    const gatewayId = /channel (gw_[a-z0-9]+) added/.exec(gatewayAdded.output)?.[1] ?? '';
    expect((await run('channels', 'remove', gatewayId)).exitCode).toBe(0);
    expect(await t.handle.db.select().from(paymentChannel).where(eq(paymentChannel.id, gatewayId))).toEqual(
      [],
    );
  });

  it('names a channel in Bengali and English, for the channel list and the deposits made through it', async () => {
    const added = await run(
      'channels',
      'add',
      '--kind',
      'bank_transfer',
      '--name',
      'bKash Agent',
      '--name-bn',
      'বিকাশ এজেন্ট',
      '--min',
      '10',
      '--max',
      '500',
      '--bank-name',
      'bKash',
      '--account-name',
      'Khela Ltd',
      '--account-number',
      '01700000000',
    );
    expect(added.exitCode).toBe(0);
    const id = /channel (bank_[a-z0-9]+) added/.exec(added.output)?.[1] ?? '';
    const who = await createMember(t);
    const channelsOf = async () => {
      const { body } = await t.call<Channel[]>({
        method: 'GET',
        url: '/wps/cashier/channels',
        headers: who.auth,
      });
      if (!body.success) throw new Error(JSON.stringify(body));
      return body.value.find((channel) => channel.id === id);
    };
    // English was not given: the operator's name stands in for it.
    expect((await channelsOf())?.names).toEqual({ bn: 'বিকাশ এজেন্ট', en: 'bKash Agent' });

    expect((await run('channels', 'rename', id, '--name-en', 'bKash agent')).exitCode).toBe(0);
    expect((await channelsOf())?.names).toEqual({ bn: 'বিকাশ এজেন্ট', en: 'bKash agent' });
    const made = await createdDeposit(t, who, { channelId: id, amount: '20' });
    expect(made.deposit.channelNames).toEqual({ bn: 'বিকাশ এজেন্ট', en: 'bKash agent' });

    const before = await t.handle.db.select().from(paymentChannel).where(eq(paymentChannel.id, id));
    expect((await run('channels', 'rename', id)).exitCode).toBe(1);
    expect((await run('channels', 'rename', id, '--name-bn', 'ক')).output).toContain('--name-bn');
    expect((await run('channels', 'rename', 'bank_nope', '--name', 'Nope')).exitCode).toBe(1);
    expect(await t.handle.db.select().from(paymentChannel).where(eq(paymentChannel.id, id))).toEqual(before);
  });

  it('refuses bad channel input with every problem named by its flag', async () => {
    const result = await run(
      'channels',
      'add',
      '--kind',
      'bank_transfer',
      '--name',
      'X',
      '--min=-1',
      '--max',
      'lots',
    );
    expect(result.exitCode).toBe(1);
    expect(result.output).toContain('--name');
    expect(result.output).toContain('--min');
    expect(result.output).toContain('--max');
    expect(result.output).toContain('--bank-name');
    expect(
      (await run('channels', 'add', '--kind', 'gateway', '--name', 'Gate', '--min', '1', '--max', '2'))
        .output,
    ).toContain('--provider');
    expect((await run('channels', 'frobnicate')).exitCode).toBe(2);
  });

  it('lists, confirms and rejects deposits through the same rules', async () => {
    const who = await createMember(t);
    const a = await createdDeposit(t, who, { channelId: bank.id, amount: '700' });
    const b = await createdDeposit(t, who, { channelId: bank.id, amount: '800' });

    const listed = await run('deposits', 'list', '--status', 'pending');
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toContain(a.deposit.id);
    expect(listed.output).toContain(who.row.account);
    expect((await run('deposits', 'list', '--status', 'nonsense')).exitCode).toBe(1);

    const confirmed = await run('deposits', 'confirm', a.deposit.id);
    expect(confirmed.exitCode).toBe(0);
    expect(await mainBalance(t, who)).toBe('700.00');
    expect(await lastAudit()).toMatchObject({ actor: 'cli:tester', command: 'deposits confirm' });
    const twice = await run('deposits', 'confirm', a.deposit.id);
    expect(twice.exitCode).toBe(1);
    expect(twice.output).toContain('INVALID_STATE');
    expect(await mainBalance(t, who)).toBe('700.00');

    expect((await run('deposits', 'reject', b.deposit.id)).exitCode).toBe(2);
    const rejected = await run('deposits', 'reject', b.deposit.id, '--reason', 'wrong reference');
    expect(rejected.exitCode).toBe(0);
    const [row] = await t.handle.db
      .select()
      .from(depositTable)
      .where(eq(depositTable.publicId, b.deposit.id));
    expect(row).toMatchObject({ status: 'rejected', reason: 'wrong reference', decidedBy: 'cli:tester' });
  });
});
