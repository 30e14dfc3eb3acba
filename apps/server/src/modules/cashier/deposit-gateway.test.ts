import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '@platform/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import type { ChannelRow } from './channel.repository.js';
import {
  addChannels,
  callbackRows,
  createdDeposit,
  depositRow,
  depositTransfers,
  mainBalance,
  requestDeposit,
  turnoverRows,
} from './deposit-test-support.js';
import {
  deliverSandboxCallback,
  SANDBOX_CALLBACK_PATH,
  sandboxCallbackFor,
  signSandboxBody,
} from './gateway/sandbox-gateway.js';

let t: TestApp;
let gateway: ChannelRow;
let secret: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ gateway } = await addChannels(t));
  secret = gateway.details.secret ?? '';
  // The sandbox posts its callbacks over HTTP to this server's own address, as a real provider would.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const orderIdOf = (redirectUrl: string | null): string => {
  const match = /^\/sandbox-gateway\/pay\/(SBX[0-9A-Z]{16})$/.exec(redirectUrl ?? '');
  if (!match?.[1]) throw new Error(`not a sandbox page: ${redirectUrl}`);
  return match[1];
};

const postCallback = (body: string, signature: string) =>
  t.call<{ outcome: string }>({
    method: 'POST',
    url: SANDBOX_CALLBACK_PATH,
    headers: { 'content-type': 'application/json', 'x-signature': signature },
    payload: body,
  });

const signedCallback = (orderId: string, amount: string, status = 'paid', nonce = 'nonce-0001') => {
  const body = JSON.stringify({ orderId, amount, status, paidAt: '2026-11-21T08:00:05.000Z', nonce });
  return { body, signature: signSandboxBody(secret, body) };
};

async function gatewayDeposit(amount = '250') {
  const who = await createMember(t);
  const created = await createdDeposit(t, who, { channelId: gateway.id, amount });
  return { who, created, orderId: orderIdOf(created.redirectUrl) };
}

describe('online deposit through the sandbox gateway', () => {
  it('goes from the hosted page’s Pay button through the signed callback to a credited balance', async () => {
    const { who, created, orderId } = await gatewayDeposit('250.75');
    expect(created.deposit).toMatchObject({ kind: 'gateway', status: 'pending', amount: '250.75' });
    expect(created.bankDetails).toBeNull();
    expect((await depositRow(t, created.deposit.id)).gatewayOrderId).toBe(orderId);

    const page = await t.app.inject({ method: 'GET', url: created.redirectUrl ?? '' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('250.75');
    expect(page.body).toContain('testmerchant');
    expect(page.body).toContain('>Pay</button>');
    expect(page.body).toContain('>Cancel</button>');
    expect(page.body).toContain('href="/?mc=depositv2"');

    // What a browser sends for the page's form.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/sandbox-gateway/pay/${orderId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('Payment complete');
    expect(paid.body).toContain('Your balance is updated');

    expect(await mainBalance(t, who)).toBe('250.75');
    expect(await depositRow(t, created.deposit.id)).toMatchObject({
      status: 'credited',
      decidedBy: 'gateway:sandbox',
    });
    expect(await depositTransfers(t, created.deposit.id)).toHaveLength(1);
    expect((await turnoverRows(t, who)).map((row) => row.required)).toEqual([25075n]);
    const recorded = (await callbackRows(t)).filter((row) => row.orderId === orderId);
    expect(recorded).toMatchObject([{ provider: 'sandbox', signatureValid: true, outcome: 'credited' }]);

    // The order is closed now: the page says so and Pay does nothing more.
    expect((await t.app.inject({ method: 'GET', url: created.redirectUrl ?? '' })).body).toContain(
      'cannot be paid',
    );
    const again = await t.app.inject({ method: 'POST', url: `/sandbox-gateway/pay/${orderId}/pay` });
    expect(again.statusCode).toBe(409);
    expect(await mainBalance(t, who)).toBe('250.75');
  });

  it('answers a repeated deposit request with the same order', async () => {
    const who = await createMember(t);
    const body = { channelId: gateway.id, amount: '40', requestId: 'gateway-repeat-01' };
    const first = await createdDeposit(t, who, body);
    const second = await createdDeposit(t, who, body);
    expect(second).toEqual(first);
    expect(first.redirectUrl).toMatch(/^\/sandbox-gateway\/pay\/SBX/);
  });

  it('turns Cancel into a rejected deposit', async () => {
    const { who, created, orderId } = await gatewayDeposit('60');
    const cancelled = await t.app.inject({ method: 'POST', url: `/sandbox-gateway/pay/${orderId}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body).toContain('Payment cancelled');
    expect(await depositRow(t, created.deposit.id)).toMatchObject({
      status: 'rejected',
      reason: 'cancelled at the payment gateway',
    });
    expect(await mainBalance(t, who)).toBe('0.00');
  });

  it('refuses a callback with a wrong signature: 401, nothing credited, recorded as invalid', async () => {
    const { who, created, orderId } = await gatewayDeposit('100');
    const { body } = signedCallback(orderId, '100.00');
    const forged = await postCallback(body, signSandboxBody('x'.repeat(64), body));
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ success: false, code: 'INVALID_SIGNATURE' });
    const missing = await postCallback(body, '');
    expect(missing.status).toBe(401);
    // Signed, then changed: the signature covers the raw bytes.
    const good = signedCallback(orderId, '100.00');
    const tampered = await postCallback(good.body.replace('100.00', '100.0'), good.signature);
    expect(tampered.status).toBe(401);

    expect(await mainBalance(t, who)).toBe('0.00');
    expect((await depositRow(t, created.deposit.id)).status).toBe('pending');
    const recorded = (await callbackRows(t)).filter((row) => row.orderId === orderId);
    expect(recorded).toHaveLength(3);
    expect(recorded.every((row) => !row.signatureValid && row.outcome === 'invalid_signature')).toBe(true);
  });

  it('refuses a callback for an order it does not know', async () => {
    const { body, signature } = signedCallback('SBXNOSUCHORDER00001', '100.00');
    const response = await postCallback(body, signature);
    expect(response.status).toBe(401);
    const recorded = (await callbackRows(t)).filter((row) => row.orderId === 'SBXNOSUCHORDER00001');
    expect(recorded).toMatchObject([{ signatureValid: false, outcome: 'unknown_order' }]);
    const garbage = await t.call({
      method: 'POST',
      url: SANDBOX_CALLBACK_PATH,
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(garbage.status).toBe(401);
  });

  it('credits a replayed callback once and answers the replay with already_processed', async () => {
    const { who, created, orderId } = await gatewayDeposit('75');
    const { body, signature } = signedCallback(orderId, '75.00');
    const first = await postCallback(body, signature);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true, value: { outcome: 'credited' } });
    const replies = await Promise.all([postCallback(body, signature), postCallback(body, signature)]);
    for (const reply of replies)
      expect(reply.body).toEqual({ success: true, value: { outcome: 'already_processed' } });

    expect(await mainBalance(t, who)).toBe('75.00');
    expect(await depositTransfers(t, created.deposit.id)).toHaveLength(1);
    expect(await turnoverRows(t, who)).toHaveLength(1);
    const outcomes = (await callbackRows(t))
      .filter((row) => row.orderId === orderId)
      .map((row) => row.outcome);
    expect(outcomes).toEqual(['credited', 'already_processed', 'already_processed']);

    // A late "cancelled" for a credited order changes nothing.
    const late = signedCallback(orderId, '75.00', 'cancelled', 'nonce-late');
    expect((await postCallback(late.body, late.signature)).body).toEqual({
      success: true,
      value: { outcome: 'not_pending' },
    });
    expect((await depositRow(t, created.deposit.id)).status).toBe('credited');
  });

  it('does not credit a callback whose amount differs, and leaves the deposit pending for the operator', async () => {
    const { who, created, orderId } = await gatewayDeposit('500');
    const { body, signature } = signedCallback(orderId, '5.00');
    const response = await postCallback(body, signature);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, value: { outcome: 'amount_mismatch' } });
    expect(await mainBalance(t, who)).toBe('0.00');
    expect((await depositRow(t, created.deposit.id)).status).toBe('pending');
    const recorded = (await callbackRows(t)).filter((row) => row.orderId === orderId);
    expect(recorded).toMatchObject([
      { signatureValid: true, outcome: 'amount_mismatch', payload: { amount: '5.00' } },
    ]);
  });

  it('answers a signed but malformed callback with 400 and records it', async () => {
    const { who, orderId } = await gatewayDeposit('30');
    const body = JSON.stringify({ orderId, amount: 'thirty', status: 'paid' });
    const response = await postCallback(body, signSandboxBody(secret, body));
    expect(response.status).toBe(400);
    expect(await mainBalance(t, who)).toBe('0.00');
    const recorded = (await callbackRows(t)).filter((row) => row.orderId === orderId);
    expect(recorded).toMatchObject([{ signatureValid: true, outcome: 'malformed' }]);
  });
});

describe('sandbox callback retries', () => {
  let flaky: Server;
  let hits = 0;

  beforeAll(async () => {
    // Stands in front of our endpoint and fails the first attempt with a 500, as a busy server might.
    flaky = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        hits += 1;
        if (hits === 1) {
          response.writeHead(500).end();
          return;
        }
        void t.app
          .inject({
            method: 'POST',
            url: SANDBOX_CALLBACK_PATH,
            headers: {
              'content-type': 'application/json',
              'x-signature': String(request.headers['x-signature'] ?? ''),
            },
            payload: Buffer.concat(chunks),
          })
          .then((answer) => response.writeHead(answer.statusCode).end(answer.body));
      });
    });
    await new Promise<void>((resolve) => flaky.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => flaky.close(() => resolve())));

  it('tries again after a 500 and credits once', async () => {
    const { who, created, orderId } = await gatewayDeposit('120');
    const { port } = flaky.address() as AddressInfo;
    const delivery = sandboxCallbackFor({
      url: `http://127.0.0.1:${port}${SANDBOX_CALLBACK_PATH}`,
      secret,
      orderId,
      amount: 12000n,
      status: 'paid',
      at: t.clock.now(),
      nonce: 'retry-nonce-1',
    });
    const run = deliverSandboxCallback(delivery, { retryDelaysMs: [20, 40, 80] });
    expect(await run.first).toEqual({ attempt: 1, status: 500 });
    const finished = await run.finished;
    expect(finished).toEqual({
      delivered: true,
      attempts: [
        { attempt: 1, status: 500 },
        { attempt: 2, status: 200 },
      ],
    });
    expect(await mainBalance(t, who)).toBe('120.00');
    expect((await depositRow(t, created.deposit.id)).status).toBe('credited');
  });

  it('gives up after the last retry while the endpoint keeps failing', async () => {
    const { who, orderId } = await gatewayDeposit('90');
    // An endpoint that is down for good: every attempt answers 503.
    const down = createServer((_request, response) => response.writeHead(503).end());
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = down.address() as AddressInfo;
      const delivery = sandboxCallbackFor({
        url: `http://127.0.0.1:${port}${SANDBOX_CALLBACK_PATH}`,
        secret,
        orderId,
        amount: 9000n,
        status: 'paid',
        at: t.clock.now(),
        nonce: 'retry-nonce-2',
      });
      const finished = await deliverSandboxCallback(delivery, { retryDelaysMs: [10, 10] }).finished;
      expect(finished).toEqual({
        delivered: false,
        attempts: [
          { attempt: 1, status: 503 },
          { attempt: 2, status: 503 },
          { attempt: 3, status: 503 },
        ],
      });
    } finally {
      await new Promise<void>((resolve) => down.close(() => resolve()));
    }
    expect(await mainBalance(t, who)).toBe('0.00');
  });
});

describe('the sandbox on a production deployment', () => {
  it('is neither listed nor usable', async () => {
    const production = await createTestApp({ config: { NODE_ENV: 'production' } });
    try {
      const { gateway: channel } = await addChannels(production);
      const who = await createMember(production);
      const channels = await production.call<Channel[]>({
        method: 'GET',
        url: '/wps/cashier/channels',
        headers: who.auth,
      });
      if (!channels.body.success) throw new Error('channels failed');
      expect(channels.body.value.map((row) => row.kind)).toEqual(['bank_transfer']);
      const refused = await requestDeposit(production, who, { channelId: channel.id, amount: '100' });
      expect(refused.body).toMatchObject({ success: false, code: 'CHANNEL_UNAVAILABLE' });
    } finally {
      await production.close();
    }
  });
});
