import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, Deposit, Page } from '@platform/contract';
import { GIF, JPEG, PNG, multipartFile } from '../../test/uploads.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import type { ChannelRow } from './channel.repository.js';
import { seedDemoChannels } from './channel.service.js';
import {
  addChannels,
  adminToken,
  createdDeposit,
  depositCount,
  depositRow,
  newRequestId,
  requestDeposit,
  uploadProof,
} from './deposit-test-support.js';
import { PROOF_MAX_BYTES } from './deposit.service.js';

let t: TestApp;
let bank: ChannelRow;
let gateway: ChannelRow;

beforeAll(async () => {
  t = await createTestApp();
  ({ bank, gateway } = await addChannels(t));
});
afterAll(() => t.close());

const listDeposits = (auth: Record<string, string>, query = '') =>
  t.call<Page<Deposit>>({ method: 'GET', url: `/wps/cashier/deposits${query}`, headers: auth });

describe('payment channels', () => {
  it('lists the enabled channels with their limits as decimal strings, and hides disabled ones', async () => {
    const who = await createMember(t);
    const hidden = await t.services.channels.add({
      kind: 'bank_transfer',
      name: 'Closed bank',
      min: '1',
      max: '2',
      bankName: 'Old Bank',
      accountName: 'Khela',
      accountNumber: '99999999',
    });
    await t.services.channels.setEnabled(hidden.id, false);

    const response = await t.call<Channel[]>({
      method: 'GET',
      url: '/wps/cashier/channels',
      headers: who.auth,
    });
    expect(response.status).toBe(200);
    if (!response.body.success) throw new Error('channels failed');
    expect(response.body.value).toEqual([
      {
        id: bank.id,
        kind: 'bank_transfer',
        name: 'Bank transfer',
        names: { bn: 'Bank transfer', en: 'Bank transfer' },
        minAmount: '100.00',
        maxAmount: '50000.00',
      },
      {
        id: gateway.id,
        kind: 'gateway',
        name: 'Online (sandbox)',
        names: { bn: 'Online (sandbox)', en: 'Online (sandbox)' },
        minAmount: '10.00',
        maxAmount: '20000.00',
      },
    ]);
    // No bank details or gateway secrets in the list.
    expect(JSON.stringify(response.body.value)).not.toContain('secret');
  });

  it('needs a session', async () => {
    const response = await t.call({ method: 'GET', url: '/wps/cashier/channels' });
    expect(response.status).toBe(401);
  });

  it('seeds a demo bank channel and a sandbox gateway with a secret of its own', async () => {
    const seeded = await t.handle.db.transaction((tx) =>
      seedDemoChannels(tx, { clock: t.clock, rng: t.services.deps.rng }),
    );
    expect(seeded.map((row) => [row.kind, row.enabled, row.currency])).toEqual([
      ['bank_transfer', true, 'REAL'],
      ['gateway', true, 'REAL'],
    ]);
    expect(seeded[0]?.details).toMatchObject({ bankName: 'Demo Bank', accountNumber: '0123456789' });
    expect(seeded[1]?.details.provider).toBe('sandbox');
    expect(seeded[1]?.details.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(seeded[1]?.details.secret).not.toBe(gateway.details.secret);
    const listed = await t.services.channels.listForMembers();
    expect(listed.map((row) => row.id)).toEqual(expect.arrayContaining(seeded.map((row) => row.id)));
  });
});

describe('deposit by bank transfer', () => {
  it('creates a pending deposit with a short reference and the bank details, and lists it', async () => {
    const who = await createMember(t);
    const created = await createdDeposit(t, who, { channelId: bank.id, amount: '1500.50' });
    expect(created.bankDetails).toEqual({
      bankName: 'Sonali Bank',
      accountName: 'Khela Payments Ltd',
      accountNumber: '0011223344',
    });
    expect(created.redirectUrl).toBeNull();
    expect(created.deposit).toMatchObject({
      channelId: bank.id,
      channelName: 'Bank transfer',
      kind: 'bank_transfer',
      amount: '1500.50',
      status: 'pending',
      hasProof: false,
      reason: null,
      decidedAt: null,
      createdAt: '2026-11-21T08:00:00.000Z',
      expiresAt: '2026-11-21T09:00:00.000Z',
    });
    expect(created.deposit.reference).toMatch(/^D[0-9A-Z]{8}$/);
    expect((await depositRow(t, created.deposit.id)).amount).toBe(150050n);

    const listed = await listDeposits(who.auth);
    if (!listed.body.success) throw new Error('list failed');
    expect(listed.body.value.list).toEqual([created.deposit]);
  });

  it('answers a repeated request id with the same deposit, and refuses it for another amount', async () => {
    const who = await createMember(t);
    const requestId = newRequestId();
    const before = await depositCount(t);
    const first = await createdDeposit(t, who, { channelId: bank.id, amount: '200', requestId });
    const again = await createdDeposit(t, who, { channelId: bank.id, amount: '200.00', requestId });
    expect(again).toEqual(first);
    const other = await requestDeposit(t, who, { channelId: bank.id, amount: '300', requestId });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_CONFLICT' });
    expect(await depositCount(t)).toBe(before + 1);

    // The same request id from another member is another deposit.
    const someoneElse = await createMember(t);
    const theirs = await createdDeposit(t, someoneElse, { channelId: bank.id, amount: '200', requestId });
    expect(theirs.deposit.id).not.toBe(first.deposit.id);
  });

  it.each([
    ['negative', '-100'],
    ['zero', '0'],
    ['zero with decimals', '0.00'],
    ['more than 2 decimals', '100.001'],
    ['huge', '123456789012345678901234567890'],
    ['not a number', 'abc'],
    ['exponent', '1e5'],
    ['a JSON number', 150],
    ['empty', ''],
  ])('refuses an amount that is %s with 400 and writes nothing', async (_label, amount) => {
    const who = await createMember(t);
    const before = await depositCount(t);
    const response = await requestDeposit(t, who, { channelId: bank.id, amount });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await depositCount(t)).toBe(before);
  });

  it.each([
    ['below the minimum', '99.99'],
    ['above the maximum', '50000.01'],
  ])('refuses an amount %s with AMOUNT_OUT_OF_RANGE and the limits', async (_label, amount) => {
    const who = await createMember(t);
    const before = await depositCount(t);
    const response = await requestDeposit(t, who, { channelId: bank.id, amount });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      code: 'AMOUNT_OUT_OF_RANGE',
      details: { min: '100.00', max: '50000.00' },
    });
    expect(await depositCount(t)).toBe(before);
  });

  it('accepts the limits themselves', async () => {
    const who = await createMember(t);
    await createdDeposit(t, who, { channelId: bank.id, amount: '100' });
    await createdDeposit(t, who, { channelId: bank.id, amount: '50000.00' });
  });

  it('refuses a disabled or unknown channel with CHANNEL_UNAVAILABLE', async () => {
    const who = await createMember(t);
    const closed = await t.services.channels.add({
      kind: 'bank_transfer',
      name: 'Closing',
      min: '1',
      max: '1000',
      bankName: 'Old Bank',
      accountName: 'Khela',
      accountNumber: '12345678',
    });
    await t.services.channels.setEnabled(closed.id, false);
    const before = await depositCount(t);
    for (const channelId of [closed.id, 'bank_nosuchone']) {
      const response = await requestDeposit(t, who, { channelId, amount: '100' });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ success: false, code: 'CHANNEL_UNAVAILABLE' });
    }
    expect(await depositCount(t)).toBe(before);
  });

  it('refuses trial accounts', async () => {
    const trial = await createMember(t, { type: 4 });
    const before = await depositCount(t);
    const response = await requestDeposit(t, trial, { channelId: bank.id, amount: '100' });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ success: false, code: 'NEED_REAL_ACCOUNT' });
    expect(await depositCount(t)).toBe(before);
  });

  it('needs a session', async () => {
    const response = await t.call({
      method: 'POST',
      url: '/wps/cashier/deposits',
      payload: { channelId: bank.id, amount: '100', requestId: newRequestId() },
    });
    expect(response.status).toBe(401);
  });
});

describe('deposit records', () => {
  it('lists only the member’s own deposits, newest first, paged and filtered by status', async () => {
    const who = await createMember(t);
    const other = await createMember(t);
    await createdDeposit(t, other, { channelId: bank.id, amount: '999' });
    const ids: string[] = [];
    for (const amount of ['100', '200', '300']) {
      ids.push((await createdDeposit(t, who, { channelId: bank.id, amount })).deposit.id);
      t.clock.advance(1_000);
    }
    const admin = await adminToken(t);
    await t.call({
      method: 'POST',
      url: `/wps/admin/deposits/${ids[0]}/reject`,
      headers: { 'x-admin-token': admin },
      payload: { reason: 'no money arrived' },
    });

    const all = await listDeposits(who.auth);
    if (!all.body.success) throw new Error('list failed');
    expect(all.body.value.list.map((row) => row.amount)).toEqual(['300.00', '200.00', '100.00']);
    expect(all.body.value).toMatchObject({ totalCount: 3, totalPages: 1, pageNo: 1, pageSize: 20 });

    const paged = await listDeposits(who.auth, '?pageNo=2&pageSize=2');
    if (!paged.body.success) throw new Error('list failed');
    expect(paged.body.value.list.map((row) => row.id)).toEqual([ids[0]]);
    expect(paged.body.value).toMatchObject({ totalCount: 3, totalPages: 2 });

    const rejected = await listDeposits(who.auth, '?status=rejected');
    if (!rejected.body.success) throw new Error('list failed');
    expect(rejected.body.value.list).toHaveLength(1);
    expect(rejected.body.value.list[0]).toMatchObject({
      id: ids[0],
      status: 'rejected',
      reason: 'no money arrived',
    });

    const bad = await listDeposits(who.auth, '?status=stolen');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('transfer proof', () => {
  it('takes a png or a jpg for a pending bank transfer', async () => {
    const who = await createMember(t);
    const { deposit } = await createdDeposit(t, who, { channelId: bank.id, amount: '500' });
    const png = await uploadProof(t, who, deposit.id, multipartFile('proof', PNG));
    expect(png.status).toBe(200);
    expect(png.body).toMatchObject({
      success: true,
      value: { id: deposit.id, hasProof: true, status: 'pending' },
    });
    expect((await depositRow(t, deposit.id)).proofContentType).toBe('image/png');

    // The bytes decide, not the name or the declared type.
    const jpg = await uploadProof(t, who, deposit.id, multipartFile('proof', JPEG, 'x.png', 'image/png'));
    expect(jpg.status).toBe(200);
    expect((await depositRow(t, deposit.id)).proofContentType).toBe('image/jpeg');
  });

  it('refuses a gif, a file over 5 MB and a missing file, and keeps nothing', async () => {
    const who = await createMember(t);
    const { deposit } = await createdDeposit(t, who, { channelId: bank.id, amount: '500' });
    const gif = await uploadProof(t, who, deposit.id, multipartFile('proof', GIF, 'p.png', 'image/png'));
    expect(gif.status).toBe(400);
    expect(gif.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });

    const big = Buffer.concat([PNG, Buffer.alloc(PROOF_MAX_BYTES + 1 - PNG.length)]);
    expect(big.length).toBe(PROOF_MAX_BYTES + 1);
    const tooLarge = await uploadProof(t, who, deposit.id, multipartFile('proof', big));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });

    const exactly = Buffer.concat([PNG, Buffer.alloc(PROOF_MAX_BYTES - PNG.length)]);
    const wrongField = await uploadProof(t, who, deposit.id, multipartFile('icon', PNG));
    expect(wrongField.status).toBe(400);
    expect((await depositRow(t, deposit.id)).proofContentType).toBeNull();

    const atLimit = await uploadProof(t, who, deposit.id, multipartFile('proof', exactly));
    expect(atLimit.status).toBe(200);
  });

  it('answers 404 for another member’s deposit and leaves it alone', async () => {
    const owner = await createMember(t);
    const stranger = await createMember(t);
    const { deposit } = await createdDeposit(t, owner, { channelId: bank.id, amount: '500' });
    const response = await uploadProof(t, stranger, deposit.id, multipartFile('proof', PNG));
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await depositRow(t, deposit.id)).proofContentType).toBeNull();
    const missing = await uploadProof(t, stranger, 'dep_doesnotexist', multipartFile('proof', PNG));
    expect(missing.status).toBe(404);
  });

  it('refuses a proof once the deposit is no longer pending', async () => {
    const who = await createMember(t);
    const { deposit } = await createdDeposit(t, who, { channelId: bank.id, amount: '500' });
    await t.services.deposits.reject(deposit.id, 'duplicate', { actor: 'system:test' });
    const response = await uploadProof(t, who, deposit.id, multipartFile('proof', PNG));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ success: false, code: 'INVALID_STATE' });
    expect((await depositRow(t, deposit.id)).proofContentType).toBeNull();
  });
});
