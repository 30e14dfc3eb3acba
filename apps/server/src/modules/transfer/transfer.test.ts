import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildDemoVendorApp,
  loadDemoVendorConfig,
  TransferWalletStore,
  type ChaosSwitches,
  type DemoVendorApp,
} from '@platform/demo-vendor';
import type { ConsolidateResult, VendorTransfer, VendorWallets } from '@platform/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDOR_SECRET } from '../provider/index.js';
import { ledgerTransfer, vendorTransfer } from '../../db/schema.js';
import { seedDemoData } from '../../demo-seed.js';
import { cryptoRng } from '../../lib/rng.js';
import {
  createAdmin,
  createFundedMember,
  createMember,
  strayHouseMoney,
  type TestMember,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { providerSignature } from '../provider/index.js';
import { accountCodes } from '../wallet/index.js';
import type { VendorTransport } from './vendor-client.js';

/**
 * The transfer wallet model (ADR 021) against the demo vendor's transfer wallet (apps/demo-vendor,
 * transfer-vendor.ts), both through HTTP (inject on each side): transfers in and out, consolidation,
 * refusals, concurrent copies, and transfers left pending by a vendor that did not answer, resolved once
 * by reconciliation. After each test the books reconcile.
 */
const SIMULATOR_URL = 'http://demo-vendor.test';
const VENDOR = 'DEMO_XFER';

describe('the transfer wallet model', () => {
  let t: TestApp;
  let vendor: DemoVendorApp;
  let dataDir: string;
  let requestSeq = 0;
  const requestId = () => `req-transfer-${(requestSeq += 1).toString().padStart(4, '0')}`;

  /** Our calls to the vendor's wallet API, answered by the simulator (a hang-up rejects, as a timeout does). */
  const toSimulator: VendorTransport = async (request) => {
    const response = await vendor.app.inject({
      method: 'POST',
      url: new URL(request.url).pathname,
      headers: request.headers,
      payload: request.body,
    });
    return { status: response.statusCode, body: response.json() };
  };

  const setChaos = (switches: Partial<ChaosSwitches>) =>
    vendor.app.inject({ method: 'PUT', url: '/admin/chaos', payload: switches, remoteAddress: '127.0.0.1' });

  const post = <T>(who: TestMember, url: string, payload: Record<string, unknown>) =>
    t.call<T>({ method: 'POST', url, headers: who.auth, payload });
  const transferIn = (who: TestMember, amount: string, id = requestId()) =>
    post<VendorTransfer>(who, '/wps/transfer/in', { vendor: VENDOR, amount, requestId: id });
  const transferOut = (who: TestMember, amount: string, id = requestId()) =>
    post<VendorTransfer>(who, '/wps/transfer/out', { vendor: VENDOR, amount, requestId: id });
  const wallets = async (who: TestMember) => {
    const answer = await t.call<VendorWallets>({
      method: 'GET',
      url: '/wps/transfer/wallets',
      headers: who.auth,
    });
    if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
    return answer.body.value;
  };
  const main = (who: TestMember) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
  const atVendor = (who: TestMember) => vendor.transferVendor.store.balanceOf(who.row.publicId);
  const transfersOf = (who: TestMember) =>
    t.handle.db.select().from(vendorTransfer).where(eq(vendorTransfer.memberId, who.row.id));
  const ledgerCount = async () =>
    (await t.handle.db.select({ id: ledgerTransfer.id }).from(ledgerTransfer)).length;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.handle.db, {
      clock: t.clock,
      rng: cryptoRng,
      passwords: t.services.passwords,
      demoVendorUrl: SIMULATOR_URL,
    });
    dataDir = mkdtempSync(path.join(tmpdir(), 'transfer-wallet-'));
    vendor = await buildDemoVendorApp(
      loadDemoVendorConfig({
        PLATFORM_URL: 'http://site.test',
        DEMO_VENDOR_FRAME_ANCESTORS: 'http://site.test',
      }),
      {
        dataDir,
        now: () => t.clock.now().getTime(),
        retryDelaysMs: [0],
        sleep: async () => undefined,
        // The simulator's seamless calls (authenticate at launch) reach our app.
        transport: async (request) => {
          const response = await t.app.inject({
            method: 'POST',
            url: new URL(request.url).pathname,
            headers: request.headers,
            payload: request.body,
          });
          return { status: response.statusCode, body: response.json() };
        },
      },
    );
    t.services.transfers.useTransport(toSimulator);
  });

  afterEach(async () => {
    await setChaos({ transferTimeout: 0, transferDrop: 0 });
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  afterAll(async () => {
    await vendor.app.close();
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the transfer vendor with the main balance; a member who never used it holds 0.00 there', async () => {
    const who = await createFundedMember(t, '100.00');
    const listed = await wallets(who);
    expect(listed.main).toBe('100.00');
    expect(listed.wallets).toEqual([
      {
        vendor: VENDOR,
        title: 'Demo Transfer Wallet (simulator)',
        balance: '0.00',
        refreshedAt: null,
        pendingAmount: '0.00',
        autoTransferIn: true,
      },
    ]);
    // Seamless vendors are not transfer wallets.
    expect(listed.wallets.some((wallet) => wallet.vendor === 'DEMO_RNG')).toBe(false);
  });

  it('moves money in and out: main and the vendor each change once, the sub-wallet shows the vendor', async () => {
    const who = await createFundedMember(t, '100.00');
    const moved = await transferIn(who, '30.00');
    expect(moved.body).toMatchObject({
      success: true,
      value: { vendor: VENDOR, direction: 'in', amount: '30.00', status: 'succeeded' },
    });
    expect(await main(who)).toBe(7_000n);
    expect(atVendor(who)).toBe(3_000n);
    expect((await wallets(who)).wallets[0]).toMatchObject({ balance: '30.00', pendingAmount: '0.00' });

    const back = await transferOut(who, '12.50');
    expect(back.body).toMatchObject({
      success: true,
      value: { direction: 'out', amount: '12.50', status: 'succeeded' },
    });
    expect(await main(who)).toBe(8_250n);
    expect(atVendor(who)).toBe(1_750n);

    // The statement names both movements.
    const statement = await t.call<{ list: { type: string; amount: string }[] }>({
      method: 'GET',
      url: '/wps/wallet/transactions',
      headers: who.auth,
    });
    expect(statement.body.success && statement.body.value.list.map((row) => [row.type, row.amount])).toEqual([
      ['vendor_transfer_out', '12.50'],
      ['vendor_transfer_in', '-30.00'],
      ['adjustment', '100.00'],
    ]);

    // The records and the status of one transfer.
    const records = await t.call<{ list: VendorTransfer[]; totalCount: number }>({
      method: 'GET',
      url: '/wps/transfer/transfers',
      headers: who.auth,
    });
    expect(records.body.success && records.body.value.totalCount).toBe(2);
    const status = await t.call<VendorTransfer>({
      method: 'GET',
      url: `/wps/transfer/transfers/${moved.body.success ? moved.body.value.id : ''}`,
      headers: who.auth,
    });
    expect(status.body).toMatchObject({ success: true, value: { status: 'succeeded', direction: 'in' } });
    // Another member cannot read it.
    const stranger = await createMember(t);
    const hidden = await t.call({
      method: 'GET',
      url: `/wps/transfer/transfers/${moved.body.success ? moved.body.value.id : ''}`,
      headers: stranger.auth,
    });
    expect(hidden.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('refreshes a sub-wallet from the vendor (play at the vendor changes it there, not here)', async () => {
    const who = await createFundedMember(t, '50.00');
    await transferIn(who, '20.00');
    await vendor.transferVendor.store.play(who.row.publicId, 500n, () => 0n);
    const refreshed = await post<VendorTransfer>(who, `/wps/transfer/wallets/${VENDOR}/refresh`, {});
    expect(refreshed.body).toMatchObject({ success: true, value: { vendor: VENDOR, balance: '15.00' } });
    expect(await main(who)).toBe(3_000n);
  });

  it('consolidates everything back to main in one call; the same click again moves nothing more', async () => {
    const who = await createFundedMember(t, '100.00');
    await transferIn(who, '40.00');
    await vendor.transferVendor.store.play(who.row.publicId, 1_000n, () => 2_500n);
    expect(atVendor(who)).toBe(5_500n);
    const id = requestId();
    const first = await post<ConsolidateResult>(who, '/wps/transfer/consolidate', { requestId: id });
    expect(first.body).toMatchObject({
      success: true,
      value: {
        main: '115.00',
        failedVendors: [],
        transfers: [{ vendor: VENDOR, direction: 'out', amount: '55.00', status: 'succeeded' }],
      },
    });
    const again = await post<ConsolidateResult>(who, '/wps/transfer/consolidate', { requestId: id });
    expect(again.body).toMatchObject({ success: true, value: { main: '115.00' } });
    expect(await main(who)).toBe(11_500n);
    expect(atVendor(who)).toBe(0n);
    // Nothing left anywhere: a new consolidation has nothing to move.
    const empty = await post<ConsolidateResult>(who, '/wps/transfer/consolidate', { requestId: requestId() });
    expect(empty.body).toMatchObject({ success: true, value: { transfers: [], main: '115.00' } });
  });

  it('refuses a transfer beyond the money there: INSUFFICIENT_FUNDS and nothing changed', async () => {
    const who = await createFundedMember(t, '20.00');
    const before = await ledgerCount();
    const tooMuchIn = await transferIn(who, '20.01');
    expect(tooMuchIn.status).toBe(409);
    expect(tooMuchIn.body).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    const tooMuchOut = await transferOut(who, '0.01');
    expect(tooMuchOut.body).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await main(who)).toBe(2_000n);
    expect(atVendor(who)).toBe(0n);
    expect(await transfersOf(who)).toEqual([]);
    expect(await ledgerCount()).toBe(before);
  });

  it('refuses a transfer in while staff suspend betting (BETTING_SUSPENDED, nothing changed); money out still comes back', async () => {
    const who = await createFundedMember(t, '50.00');
    expect((await transferIn(who, '20.00')).status).toBe(200);
    const risk = await createAdmin(t, 'risk');
    const staff = (action: 'suspend' | 'resume') =>
      t.call({
        method: 'POST',
        url: `/wps/admin/players/${who.row.account}/betting/${action}`,
        headers: risk.headers,
        payload: { reason: 'bonus abuse review' },
      });
    expect((await staff('suspend')).status).toBe(200);
    const before = await ledgerCount();
    const refused = await transferIn(who, '10.00');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'BETTING_SUSPENDED' });
    expect(await transfersOf(who)).toHaveLength(1);
    expect(await ledgerCount()).toBe(before);
    expect((await transferOut(who, '20.00')).body).toMatchObject({
      success: true,
      value: { status: 'succeeded' },
    });
    expect(await main(who)).toBe(5_000n);
    expect((await staff('resume')).status).toBe(200);
    expect((await transferIn(who, '10.00')).status).toBe(200);
  });

  it('answers every bad input with a clear code and changes nothing', async () => {
    const who = await createFundedMember(t, '20.00');
    const before = await ledgerCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ vendor: VENDOR, amount: '0', requestId: requestId() }, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, amount: '0.00', requestId: requestId() }, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, amount: '-5.00', requestId: requestId() }, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, amount: '1.234', requestId: requestId() }, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, amount: '1e3', requestId: requestId() }, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, amount: 5, requestId: requestId() }, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, amount: '99999999999999999999', requestId: requestId() }, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, amount: '5.00' }, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, amount: '5.00', requestId: 'short' }, 'VALIDATION_FAILED'],
      [{ vendor: VENDOR, amount: '5.00', requestId: 'has:colon-1234' }, 'VALIDATION_FAILED'],
      [{ vendor: 'NO SUCH', amount: '5.00', requestId: requestId() }, 'VALIDATION_FAILED'],
      [{ vendor: 'NOBODY', amount: '5.00', requestId: requestId() }, 'NOT_FOUND'],
      // A seamless vendor has no sub-wallet.
      [{ vendor: 'DEMO_RNG', amount: '5.00', requestId: requestId() }, 'NOT_FOUND'],
    ];
    for (const [payload, code] of bad) {
      for (const url of ['/wps/transfer/in', '/wps/transfer/out']) {
        const answer = await post(who, url, payload);
        expect(answer.body, `${url} ${JSON.stringify(payload)}`).toMatchObject({ success: false, code });
      }
    }
    expect((await post(who, '/wps/transfer/consolidate', {})).body).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await post(who, '/wps/transfer/wallets/NOBODY/refresh', {})).body).toMatchObject({
      code: 'NOT_FOUND',
    });
    const badId = await t.call({ method: 'GET', url: '/wps/transfer/transfers/x', headers: who.auth });
    expect(badId.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    // A request id used for one transfer cannot name another.
    const id = requestId();
    await transferIn(who, '1.00', id);
    expect((await transferIn(who, '2.00', id)).body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect((await transferOut(who, '1.00', id)).body).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
    expect(await main(who)).toBe(1_900n);
    expect(await transfersOf(who)).toHaveLength(1);
    expect(await ledgerCount()).toBe(before + 2);

    // Without a session, and as a trial account.
    const anonymous = await t.call({
      method: 'POST',
      url: '/wps/transfer/in',
      payload: { vendor: VENDOR, amount: '1.00', requestId: requestId() },
    });
    expect(anonymous.status).toBe(401);
    const trial = await createMember(t, { type: 4 });
    const refused = await post(trial, '/wps/transfer/in', {
      vendor: VENDOR,
      amount: '1.00',
      requestId: requestId(),
    });
    expect(refused.status).toBe(403);
  });

  it('moves money once for concurrent copies of one request, and never below zero for concurrent requests', async () => {
    const who = await createFundedMember(t, '100.00');
    const id = requestId();
    const copies = await Promise.all(Array.from({ length: 8 }, () => transferIn(who, '30.00', id)));
    const ids = new Set(copies.map((copy) => (copy.body.success ? copy.body.value.id : copy.body.code)));
    expect(ids.size).toBe(1);
    expect(await main(who)).toBe(7_000n);
    expect(atVendor(who)).toBe(3_000n);

    const many = await Promise.all(Array.from({ length: 5 }, () => transferIn(who, '20.00')));
    const ok = many.filter((answer) => answer.body.success);
    expect(ok).toHaveLength(3);
    expect(
      many.filter((answer) => !answer.body.success && answer.body.code === 'INSUFFICIENT_FUNDS'),
    ).toHaveLength(2);
    expect(await main(who)).toBe(1_000n);
    expect(atVendor(who)).toBe(9_000n);

    const outs = await Promise.all(Array.from({ length: 4 }, () => transferOut(who, '30.00')));
    expect(outs.filter((answer) => answer.body.success)).toHaveLength(3);
    expect(await main(who)).toBe(10_000n);
    expect(atVendor(who)).toBe(0n);
  });

  it('a transfer in that timed out after the vendor applied it stays pending, then reconciliation settles it once', async () => {
    const who = await createFundedMember(t, '100.00');
    await setChaos({ transferTimeout: 100 });
    const sent = await transferIn(who, '30.00');
    expect(sent.body).toMatchObject({ success: true, value: { status: 'pending' } });
    // The money left main (in transit) and the vendor has it, but nothing is settled.
    expect(await main(who)).toBe(7_000n);
    expect(atVendor(who)).toBe(3_000n);
    expect((await wallets(who)).wallets[0]).toMatchObject({ pendingAmount: '30.00' });
    await setChaos({ transferTimeout: 0 });
    // The books agree while it is pending: the vendor's in-transit account holds exactly the pending
    // transfers in, and the reconciliation names it when it holds anything else.
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    const transit = accountCodes.transferInTransit(sent.body.success ? sent.body.value.vendor : '?');
    const holds = await t.services.ledger.balanceOf(t.handle.db, transit);
    await strayHouseMoney(t, `test-stray-in:${who.row.id}`, transit, 5_00n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([
      { kind: 'holding_mismatch', account: transit, balance: holds + 5_00n, owed: holds },
    ]);
    await strayHouseMoney(t, `test-stray-out:${who.row.id}`, transit, -5_00n);
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);

    // Too young to ask about: its own call may still be on the way.
    expect(await t.services.transfers.reconcile(t.clock.now())).toEqual({
      succeeded: 0,
      failed: 0,
      stillPending: 0,
    });
    t.clock.advance(31_000);
    const pending = await t.services.operator.run(['vendor-transfers', 'pending'], 'cli:tester');
    expect(pending.output).toContain(sent.body.success ? sent.body.value.id : '?');
    expect(await t.services.transfers.reconcile(t.clock.now())).toEqual({
      succeeded: 1,
      failed: 0,
      stillPending: 0,
    });
    // Once: later runs find nothing.
    expect(await t.services.transfers.reconcile(t.clock.now())).toEqual({
      succeeded: 0,
      failed: 0,
      stillPending: 0,
    });
    const status = await t.call<VendorTransfer>({
      method: 'GET',
      url: `/wps/transfer/transfers/${sent.body.success ? sent.body.value.id : ''}`,
      headers: who.auth,
    });
    expect(status.body).toMatchObject({ success: true, value: { status: 'succeeded' } });
    expect(await main(who)).toBe(7_000n);
    expect(atVendor(who)).toBe(3_000n);
    const [row] = await transfersOf(who);
    expect(row).toMatchObject({ status: 'succeeded', resolvedBy: 'reconcile', checks: 0 });
  });

  it('a transfer in the vendor never received is found not applied: the money returns to main once, and a late copy is refused', async () => {
    const who = await createFundedMember(t, '100.00');
    await setChaos({ transferDrop: 100 });
    const sent = await transferIn(who, '25.00');
    expect(sent.body).toMatchObject({ success: true, value: { status: 'pending' } });
    expect(await main(who)).toBe(7_500n);
    expect(atVendor(who)).toBe(0n);
    await setChaos({ transferDrop: 0 });
    t.clock.advance(31_000);
    const run = await t.services.operator.run(['vendor-transfers', 'reconcile'], 'cli:tester');
    expect(run.output).toBe('succeeded 0, failed 1, still pending 0');
    expect(await t.services.transfers.reconcile(t.clock.now())).toEqual({
      succeeded: 0,
      failed: 0,
      stillPending: 0,
    });
    expect(await main(who)).toBe(10_000n);
    // The vendor now refuses that transfer id: it was told it never happened.
    const id = sent.body.success ? sent.body.value.id : '';
    expect(await vendor.transferVendor.store.deposit(id, who.row.publicId, 2_500n)).toMatchObject({
      ok: false,
      code: 'TRANSFER_REFUSED',
    });
    expect(atVendor(who)).toBe(0n);
    const status = await t.call<VendorTransfer>({
      method: 'GET',
      url: `/wps/transfer/transfers/${id}`,
      headers: who.auth,
    });
    expect(status.body).toMatchObject({ success: true, value: { status: 'failed' } });
  });

  it('a transfer out that timed out credits main only once the vendor confirmed it (reconciliation), both outcomes', async () => {
    const who = await createFundedMember(t, '100.00');
    await transferIn(who, '60.00');
    await setChaos({ transferTimeout: 100 });
    const applied = await transferOut(who, '20.00');
    expect(applied.body).toMatchObject({ success: true, value: { status: 'pending' } });
    expect(await main(who)).toBe(4_000n);
    expect(atVendor(who)).toBe(4_000n);
    await setChaos({ transferTimeout: 0, transferDrop: 100 });
    const dropped = await transferOut(who, '10.00');
    expect(dropped.body).toMatchObject({ success: true, value: { status: 'pending' } });
    await setChaos({ transferDrop: 0 });
    t.clock.advance(31_000);
    expect(await t.services.transfers.reconcile(t.clock.now())).toEqual({
      succeeded: 1,
      failed: 1,
      stillPending: 0,
    });
    expect(await t.services.transfers.reconcile(t.clock.now())).toEqual({
      succeeded: 0,
      failed: 0,
      stillPending: 0,
    });
    expect(await main(who)).toBe(6_000n);
    expect(atVendor(who)).toBe(4_000n);
  });

  it('a client retry of a pending transfer settles it through the vendor, once', async () => {
    const who = await createFundedMember(t, '100.00');
    await setChaos({ transferTimeout: 100 });
    const id = requestId();
    const first = await transferIn(who, '10.00', id);
    expect(first.body).toMatchObject({ success: true, value: { status: 'pending' } });
    await setChaos({ transferTimeout: 0 });
    const retried = await transferIn(who, '10.00', id);
    expect(retried.body).toMatchObject({ success: true, value: { status: 'succeeded' } });
    expect(first.body.success && retried.body.success && first.body.value.id === retried.body.value.id).toBe(
      true,
    );
    expect(await main(who)).toBe(9_000n);
    expect(atVendor(who)).toBe(1_000n);
    t.clock.advance(31_000);
    expect(await t.services.transfers.reconcile(t.clock.now())).toEqual({
      succeeded: 0,
      failed: 0,
      stillPending: 0,
    });
  });

  it('a vendor that cannot be reached leaves the transfer pending and keeps it pending until it answers', async () => {
    const who = await createFundedMember(t, '100.00');
    await setChaos({ transferTimeout: 100 });
    await transferIn(who, '5.00');
    // The vendor's status call answers too: the first attempt is only the money call's.
    await setChaos({ transferTimeout: 0 });
    t.services.transfers.useTransport(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    try {
      t.clock.advance(31_000);
      expect(await t.services.transfers.reconcile(t.clock.now())).toEqual({
        succeeded: 0,
        failed: 0,
        stillPending: 1,
      });
      expect((await post(who, `/wps/transfer/wallets/${VENDOR}/refresh`, {})).body).toMatchObject({
        code: 'VENDOR_UNAVAILABLE',
      });
      expect((await transferOut(who, '1.00')).body).toMatchObject({ code: 'VENDOR_UNAVAILABLE' });
    } finally {
      t.services.transfers.useTransport(toSimulator);
    }
    expect(await t.services.transfers.reconcile(t.clock.now())).toEqual({
      succeeded: 1,
      failed: 0,
      stillPending: 0,
    });
    expect(await main(who)).toBe(9_500n);
  });

  it('moves the main balance in when the game opens (auto-transfer-in), and the page plays against the vendor balance', async () => {
    const who = await createFundedMember(t, '40.00');
    const launched = await t.call<{ game_url: string }>({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: who.auth,
      payload: { nodeId: `${VENDOR}-tea-garden-reels`, language: 'en' },
    });
    if (!launched.body.success) throw new Error(JSON.stringify(launched.body));
    expect(await main(who)).toBe(0n);
    expect(atVendor(who)).toBe(4_000n);
    const url = new URL(launched.body.value.game_url);
    expect(url.origin).toBe(SIMULATOR_URL);
    const entered = await vendor.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(entered.statusCode).toBe(303);
    const gamePath = entered.headers.location as string;
    const page = await vendor.app.inject({ method: 'GET', url: gamePath });
    expect(page.body).toContain('Demo game vendor — simulator, not real money');
    expect(page.body).toContain('40.00 BDT');
    const spun = await vendor.app.inject({
      method: 'POST',
      url: `${gamePath}/spin`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'stake=5.00',
    });
    expect(spun.statusCode).toBe(303);
    const after = atVendor(who);
    expect(after).not.toBe(4_000n);
    // The launch never touches our seamless bet API for this vendor: it keeps its own wallet.
    const consolidated = await post<ConsolidateResult>(who, '/wps/transfer/consolidate', {
      requestId: requestId(),
    });
    expect(consolidated.body).toMatchObject({ success: true });
    expect(await main(who)).toBe(after);
    expect(atVendor(who)).toBe(0n);
  });

  it("keeps the vendor's balances across a restart of the simulator (its wallet file)", async () => {
    const who = await createFundedMember(t, '10.00');
    await transferIn(who, '7.00');
    const reopened = await TransferWalletStore.open(dataDir);
    expect(reopened.balanceOf(who.row.publicId)).toBe(700n);
  });

  it('refuses our call when the signature is wrong (the vendor checks it); the transfer stays pending', async () => {
    const who = await createFundedMember(t, '10.00');
    t.services.transfers.useTransport(async (request) => {
      const response = await vendor.app.inject({
        method: 'POST',
        url: new URL(request.url).pathname,
        headers: { ...request.headers, 'x-platform-signature': '0'.repeat(64) },
        payload: request.body,
      });
      expect(response.statusCode).toBe(401);
      return { status: response.statusCode, body: response.json() };
    });
    const sent = await transferIn(who, '3.00');
    expect(sent.body).toMatchObject({ success: true, value: { status: 'pending' } });
    expect(atVendor(who)).toBe(0n);
    t.services.transfers.useTransport(toSimulator);
    t.clock.advance(31_000);
    expect(await t.services.transfers.reconcile(t.clock.now())).toMatchObject({ failed: 1 });
    expect(await main(who)).toBe(1_000n);
  });

  it('registers a transfer vendor with the operator tool: its wallet API address is required, auto-transfer-in is a switch', async () => {
    const run = (...args: string[]) => t.services.operator.run(args, 'cli:tester');
    expect(
      (await run('vendors', 'add', '--vassalage', 'XFER_TWO', '--category', 'RNG', '--title', 'Two'))
        .exitCode,
    ).toBe(0);
    const secret = 'another-transfer-secret-0123456789abcdef';
    const missing = await run(
      'seamless-vendors',
      'add',
      '--vendor',
      'XFER_TWO',
      '--currency',
      'BDT',
      '--secret',
      secret,
      '--wallet-model',
      'transfer',
    );
    expect(missing.exitCode).toBe(1);
    expect(missing.output).toContain('wallet API URL');
    const wrongModel = await run(
      'seamless-vendors',
      'add',
      '--vendor',
      'XFER_TWO',
      '--currency',
      'BDT',
      '--secret',
      secret,
      '--wallet-model',
      'pooled',
    );
    expect(wrongModel.exitCode).toBe(2);
    const added = await run(
      'seamless-vendors',
      'add',
      '--vendor',
      'XFER_TWO',
      '--currency',
      'BDT',
      '--secret',
      secret,
      '--wallet-model',
      'transfer',
      '--transfer-api-url',
      'https://wallet.two.example/api',
    );
    expect(added).toMatchObject({
      exitCode: 0,
      output: 'vendor XFER_TWO keeps its own wallet (transfer model) in BDT',
    });
    expect((await run('seamless-vendors', 'set', 'XFER_TWO', '--auto-transfer-in', 'yes')).exitCode).toBe(0);
    const listed = await run('seamless-vendors', 'list');
    expect(listed.output).toMatch(/XFER_TWO\s+transfer/);
    // Its sub-wallet shows for members; switched off, it leaves the list again.
    const who = await createMember(t);
    expect((await wallets(who)).wallets.map((wallet) => [wallet.vendor, wallet.autoTransferIn])).toEqual([
      [VENDOR, true],
      ['XFER_TWO', true],
    ]);
    expect((await run('seamless-vendors', 'set', 'XFER_TWO', '--active', 'no')).exitCode).toBe(0);
    expect((await wallets(who)).wallets.map((wallet) => wallet.vendor)).toEqual([VENDOR]);
  });

  it('refuses seamless money calls from a transfer vendor (it keeps its own wallet)', async () => {
    const who = await createFundedMember(t, '10.00');
    const body = JSON.stringify({ request_uuid: 'req-1', player_id: who.row.publicId, currency: 'BDT' });
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const refused = await t.app.inject({
      method: 'POST',
      url: `/provider/v1/${VENDOR}/balance`,
      headers: {
        'content-type': 'application/json',
        'x-provider-timestamp': timestamp,
        'x-provider-signature': providerSignature(DEMO_VENDOR_SECRET, timestamp, body),
      },
      payload: body,
    });
    expect(refused.json()).toMatchObject({ status: 'RS_ERROR_UNKNOWN_VENDOR' });
  });
});
