import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@platform/contract';
import { member, outboxMessage, verificationCode } from '../../db/schema.js';
import { createTestApp, TEST_MERCHANT, type TestApp } from '../../test/harness.js';
import { servesDevOutbox } from '../../config.js';

let t: TestApp;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /wps/system/countries', () => {
  const countries = (headers: Record<string, string> = {}) =>
    t.call<{ countries: { countryCode: string; countryDialingCode: string }[]; defaultCountryCode: string }>({
      method: 'GET',
      url: '/wps/system/countries',
      headers,
    });

  it("lists the operator's countries with their dialing codes", async () => {
    await t.services.settings.set('register.countries', ['BD', 'IN', 'NP', 'ZZ']);
    await t.services.settings.set('register.defaultCountry', 'IN');
    const { status, body } = await countries();
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      value: {
        // ZZ is no country: it cannot take an SMS, so it is left out.
        countries: [
          { countryCode: 'BD', countryDialingCode: '880' },
          { countryCode: 'IN', countryDialingCode: '91' },
          { countryCode: 'NP', countryDialingCode: '977' },
        ],
        defaultCountryCode: 'IN',
      },
    });
  });

  it("picks the visitor's country when it is offered, else the operator's default", async () => {
    await t.services.settings.set('register.countries', ['BD', 'IN', 'NP']);
    await t.services.settings.set('register.defaultCountry', 'IN');
    // Without a trusted proxy the header is not believed.
    const spoofed = await countries({ 'x-forwarded-for': '103.4.145.1' });
    expect(spoofed.body).toMatchObject({ value: { defaultCountryCode: 'IN' } });

    const proxied = await createTestApp({ config: { TRUSTED_PROXIES: ['127.0.0.1'] } });
    try {
      await proxied.services.settings.set('register.countries', ['BD', 'IN', 'NP']);
      await proxied.services.settings.set('register.defaultCountry', 'IN');
      const from = (ip?: string) =>
        proxied.call({
          method: 'GET',
          url: '/wps/system/countries',
          headers: ip ? { 'x-forwarded-for': ip } : {},
        });
      expect((await from('103.4.145.1')).body).toMatchObject({ value: { defaultCountryCode: 'BD' } });
      // 8.8.8.8 is in the United States, which this operator does not offer.
      expect((await from('8.8.8.8')).body).toMatchObject({ value: { defaultCountryCode: 'IN' } });
      expect((await from()).body).toMatchObject({ value: { defaultCountryCode: 'IN' } });
    } finally {
      await proxied.close();
    }
  });

  it('works with the default settings', async () => {
    await t.services.settings.reset('register.countries');
    await t.services.settings.reset('register.defaultCountry');
    const { body } = await countries({ 'x-merchant-code': TEST_MERCHANT });
    if (!body.success) throw new Error(body.code);
    expect(body.value.defaultCountryCode).toBe('BD');
    expect(body.value.countries).toContainEqual({ countryCode: 'BD', countryDialingCode: '880' });
  });
});

describe('GET /wps/agent/affiliate', () => {
  let memberSeq = 0;
  async function addMember(referralCode: string, type: number, status = 'active'): Promise<void> {
    memberSeq += 1;
    await t.handle.db.insert(member).values({
      publicId: `mem_affiliate${memberSeq}`,
      username: `affiliate${memberSeq}`,
      account: `900000${memberSeq}`,
      referralCode,
      type,
      status,
    });
  }
  const affiliate = (query: string) =>
    t.call<{ valid: boolean }>({ method: 'GET', url: `/wps/agent/affiliate?${query}` });

  beforeAll(async () => {
    await addMember('AGENT01', 1);
    await addMember('Senior02', 2);
    await addMember('PLAYAGENT', 41);
    await addMember('PLAYER01', 0);
    await addMember('TRIAL01', 4);
    await addMember('GONEAGENT', 1, 'suspended');
  });

  it.each([
    ['code=AGENT01', true],
    ['code=agent01', true],
    ['code=SENIOR02&domain=example.com', true],
    ['code=playagent', true],
    ['code=PLAYER01', false],
    ['code=TRIAL01', false],
    ['code=GONEAGENT', false],
    ['code=NOSUCHCODE', false],
    ['code=', false],
  ])('%s -> valid %s', async (query, valid) => {
    const { status, body } = await affiliate(query);
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, value: { valid } });
  });

  it.each([
    ['no code', ''],
    ['a domain but no code', 'domain=example.com'],
    ['an oversized code', `code=${'A'.repeat(65)}`],
    ['an oversized domain', `code=AGENT01&domain=${'d'.repeat(254)}`],
  ])('refuses %s with VALIDATION_FAILED', async (_name, query) => {
    const { status, body } = await affiliate(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });
});

describe('GET /wps/dev/outbox', () => {
  const outbox = (query = '') => t.call<OutboxMessage[]>({ method: 'GET', url: `/wps/dev/outbox${query}` });

  it('shows what was sent, newest first, filtered by recipient', async () => {
    await t.services.messages.sms('+8801799000001', 'first to one');
    t.clock.advance(1000);
    await t.services.messages.email('Player@Example.com', 'Hello', 'an email');
    t.clock.advance(1000);
    await t.services.messages.sms('+8801799000002', 'to two');
    t.clock.advance(1000);
    await t.services.messages.sms('+8801799000001', 'second to one');

    const all = await outbox();
    expect(all.status).toBe(200);
    if (!all.body.success) throw new Error(all.body.code);
    expect(all.body.value.slice(0, 4).map((message) => message.body)).toEqual([
      'second to one',
      'to two',
      'an email',
      'first to one',
    ]);
    expect(all.body.value[2]).toMatchObject({ channel: 'email', to: 'Player@Example.com', subject: 'Hello' });

    for (const to of ['%2B8801799000001', '+8801799000001', '8801799000001']) {
      const filtered = await outbox(`?to=${to}`);
      expect(filtered.body).toMatchObject({
        success: true,
        value: [{ body: 'second to one', to: '+8801799000001' }, { body: 'first to one' }],
      });
    }
    const email = await outbox('?to=player%40example.com');
    expect(email.body).toMatchObject({ value: [{ body: 'an email', channel: 'email', subject: 'Hello' }] });
    expect((await outbox('?to=nobody')).body).toEqual({ success: true, value: [] });
  });

  it('answers at most 50', async () => {
    for (let index = 0; index < 55; index += 1) {
      t.clock.advance(10);
      await t.services.messages.sms('+8801799000050', `message ${index}`);
    }
    const { body } = await outbox('?to=%2B8801799000050');
    if (!body.success) throw new Error(body.code);
    expect(body.value).toHaveLength(50);
    expect(body.value[0]?.body).toBe('message 54');
  });

  it('refuses an oversized filter', async () => {
    const { status, body } = await outbox(`?to=${'x'.repeat(256)}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('is on by default in the demo and never in production, whatever DEV_OUTBOX says', () => {
    expect(servesDevOutbox({ NODE_ENV: 'development', DEV_OUTBOX: undefined })).toBe(true);
    expect(servesDevOutbox({ NODE_ENV: 'test', DEV_OUTBOX: undefined })).toBe(true);
    expect(servesDevOutbox({ NODE_ENV: 'production', DEV_OUTBOX: undefined })).toBe(false);
    expect(servesDevOutbox({ NODE_ENV: 'production', DEV_OUTBOX: true })).toBe(false);
    expect(servesDevOutbox({ NODE_ENV: 'development', DEV_OUTBOX: false })).toBe(false);
  });

  it('answers 404 NOT_FOUND when DEV_OUTBOX=false', async () => {
    const off = await createTestApp({ config: { DEV_OUTBOX: false } });
    try {
      await off.services.messages.sms('+8801799000003', 'still stored');
      const { status, body } = await off.call({ method: 'GET', url: '/wps/dev/outbox' });
      expect(status).toBe(404);
      expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(await off.handle.db.select().from(outboxMessage)).toHaveLength(1);
    } finally {
      await off.close();
    }
  });
});

interface GatewayRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A few lines of SMTP, enough for nodemailer to hand over one message without TLS or login. */
function fakeSmtpServer(received: string[]): TcpServer {
  return createTcpServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = inData ? buffer.indexOf('\r\n.\r\n') : buffer.indexOf('\r\n')) >= 0) {
        if (inData) {
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
}

const listen = (server: Server | TcpServer): Promise<number> =>
  new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
const stop = (server: Server | TcpServer): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
  });

describe('delivery through real providers', () => {
  const requests: GatewayRequest[] = [];
  const mails: string[] = [];
  let gatewayStatus = 200;
  let gateway: Server;
  let smtp: TcpServer;
  let withProviders: TestApp;

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      request.on('end', () => {
        requests.push({
          method: request.method,
          url: request.url,
          headers: request.headers,
          body: JSON.parse(raw),
        });
        response.statusCode = gatewayStatus;
        response.end(gatewayStatus === 200 ? '{"ok":true}' : 'gateway is down');
      });
    });
    smtp = fakeSmtpServer(mails);
    const [gatewayPort, smtpPort] = await Promise.all([listen(gateway), listen(smtp)]);
    withProviders = await createTestApp({
      config: {
        SMS_PROVIDER: 'http',
        SMS_HTTP_URL: `http://127.0.0.1:${gatewayPort}/send`,
        SMS_HTTP_TOKEN: 'gateway-token',
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        EMAIL_FROM: 'Khela <no-reply@khela.test>',
      },
    });
  });
  afterAll(async () => {
    await withProviders.close();
    await Promise.all([stop(gateway), stop(smtp)]);
  });

  const rows = (recipient: string) =>
    withProviders.handle.db.select().from(outboxMessage).where(eq(outboxMessage.recipient, recipient));

  it('posts the SMS to the gateway with its token and records it as sent', async () => {
    gatewayStatus = 200;
    await withProviders.services.codes.send('register', '880', '01711000001', '198.51.100.1', 'en');
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toMatchObject({
      method: 'POST',
      url: '/send',
      headers: { authorization: 'Bearer gateway-token', 'content-type': 'application/json' },
      body: {
        to: '+8801711000001',
        text: expect.stringMatching(/^Khela: your registration code is \d{6}\./),
      },
    });
    expect(await rows('+8801711000001')).toMatchObject([{ provider: 'http', status: 'sent', error: null }]);
  });

  it('records a refused SMS as failed, answers INTERNAL, and lets the member try again at once', async () => {
    gatewayStatus = 500;
    await expect(
      withProviders.services.codes.send('register', '880', '01711000002', '198.51.100.1'),
    ).rejects.toMatchObject({ code: 'INTERNAL' });
    const [failed] = await rows('+8801711000002');
    expect(failed).toMatchObject({ provider: 'http', status: 'failed' });
    expect(failed?.error).toContain('500');
    // The code that never arrived is forgotten, so no countdown holds the retry.
    expect(
      await withProviders.handle.db
        .select()
        .from(verificationCode)
        .where(eq(verificationCode.mobile, '1711000002')),
    ).toEqual([]);
    gatewayStatus = 200;
    withProviders.clock.advance(MINUTE / 60);
    await withProviders.services.codes.send('register', '880', '01711000002', '198.51.100.1');
    expect((await rows('+8801711000002')).map((row) => row.status).sort()).toEqual(['failed', 'sent']);
  });

  it('sends email over SMTP and records it as sent', async () => {
    await withProviders.services.messages.email('player@example.com', 'Reset', 'Open the link');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Reset');
    expect(mails[0]).toContain('Open the link');
    expect(mails[0]).toContain('no-reply@khela.test');
    expect(await rows('player@example.com')).toMatchObject([{ provider: 'smtp', status: 'sent' }]);
  });

  it('records an email the SMTP server cannot take as failed and answers INTERNAL', async () => {
    const closed = createTcpServer();
    const port = await listen(closed);
    await stop(closed);
    const noServer = await createTestApp({
      config: { EMAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` },
    });
    try {
      await expect(
        noServer.services.messages.email('player@example.com', 'Reset', 'x'),
      ).rejects.toMatchObject({
        code: 'INTERNAL',
      });
      const [row] = await noServer.handle.db.select().from(outboxMessage);
      expect(row).toMatchObject({ provider: 'smtp', status: 'failed' });
      expect(row?.error).toBeTruthy();
    } finally {
      await noServer.close();
    }
  });
});
