import { randomBytes } from 'node:crypto';
import type { RealtimeServerMessage } from '@platform/contract';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { createMember } from '../../test/factories.js';
import { accountCodes } from '../wallet/index.js';
import { closeCodes, registerRealtimeRoutes } from './realtime.routes.js';

interface Client {
  socket: WebSocket;
  /** the next message, parsed */
  next(): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
}

const WAIT_MS = 5_000;

/** A push told apart by its value: a balance that no ledger step produced, named after the test's step. */
const markers = new Map<string, string>();
const marker = (name: string): RealtimeServerMessage => {
  const sumBalance = markers.get(name) ?? `${markers.size + 1}01.00`;
  markers.set(name, sumBalance);
  return { type: 'balance', sumBalance, demo: false };
};

async function connect(port: number): Promise<Client> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const queue: Record<string, unknown>[] = [];
  const waiting: ((message: Record<string, unknown>) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code: number, reason: Buffer) => resolve({ code, reason: reason.toString('utf8') }));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    closed,
    next: () => {
      const queued = queue.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message in time')), WAIT_MS);
        waiting.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
  };
}

async function authenticated(port: number, token: string): Promise<Client> {
  const client = await connect(port);
  client.socket.send(JSON.stringify({ type: 'auth', token }));
  expect(await client.next()).toEqual({ type: 'ready' });
  return client;
}

const portOf = (app: FastifyInstance): number => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
};

async function credit(t: TestApp, memberId: bigint, minor: bigint, key: string): Promise<void> {
  await t.services.ledger.transferNow({
    idempotencyKey: key,
    kind: 'adjustment',
    currency: 'REAL',
    legs: [
      { account: accountCodes.house, amount: -minor },
      { account: accountCodes.memberMain(memberId), amount: minor },
    ],
    actor: 'system:test',
  });
}

describe('GET /ws', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('authenticates, sends the balance, then pushes every change', async () => {
    const member = await createMember(t);
    await credit(t, member.row.id, 1_000n, 'ws-credit-1');
    const client = await authenticated(port, member.token);
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: '10.00', demo: false });

    // transferNow publishes after its commit.
    await credit(t, member.row.id, 250n, 'ws-credit-2');
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: '12.50', demo: false });

    await t.services.realtime.publish(member.row.id, marker('m1'));
    expect(await client.next()).toEqual(marker('m1'));

    client.socket.send(JSON.stringify({ type: 'ping' }));
    expect(await client.next()).toEqual({ type: 'pong' });
    client.socket.close();
    await client.closed;
  });

  it("pushes a member's events to that member only, on each of its sockets", async () => {
    const one = await createMember(t);
    const other = await createMember(t);
    const first = await authenticated(port, one.token);
    const second = await authenticated(port, one.token);
    const stranger = await authenticated(port, other.token);
    for (const client of [first, second, stranger]) await client.next(); // the initial balance
    await t.services.realtime.publish(one.row.id, marker('for-one'));
    await t.services.realtime.publish(other.row.id, marker('for-other'));
    expect(await first.next()).toEqual(marker('for-one'));
    expect(await second.next()).toEqual(marker('for-one'));
    expect(await stranger.next()).toEqual(marker('for-other'));
    for (const client of [first, second, stranger]) client.socket.close();
  });

  it('tells a trial account its balance is demo money', async () => {
    const trial = await createMember(t, { type: 4 });
    const client = await authenticated(port, trial.token);
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: '0.00', demo: true });
    client.socket.close();
  });

  it('closes the socket for a bad token', async () => {
    const client = await connect(port);
    client.socket.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(43) }));
    expect(await client.next()).toEqual({ type: 'error', code: 'UNAUTHORIZED' });
    expect((await client.closed).code).toBe(closeCodes.unauthorized);
  });

  it('closes the socket when the first message is not auth, or not JSON', async () => {
    const wrong = await connect(port);
    wrong.socket.send(JSON.stringify({ type: 'ping' }));
    expect((await wrong.closed).code).toBe(closeCodes.unauthorized);
    const garbage = await connect(port);
    garbage.socket.send('not json');
    expect((await garbage.closed).code).toBe(closeCodes.badMessage);
  });

  it('publishing to a member without sockets is harmless', async () => {
    await expect(t.services.realtime.publish(123_456n, marker('nobody'))).resolves.toBeUndefined();
    await expect(t.services.realtime.publishBalance(123_456n)).resolves.toBeUndefined();
  });
});

describe('socket lifetime (short timings)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    app = Fastify();
    await app.register(fastifyWebsocket);
    registerRealtimeRoutes(
      app,
      { realtime: t.services.realtime, sessions: t.services.liveSessions },
      { heartbeatMs: 100, authTimeoutMs: 200 },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(app);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('closes a socket that does not authenticate in time', async () => {
    const client = await connect(port);
    expect((await client.closed).code).toBe(closeCodes.authTimeout);
  });

  it('keeps an answering socket open across heartbeats and closes it when the session ends', async () => {
    const member = await createMember(t);
    const client = await authenticated(port, member.token);
    await client.next();
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    const session = await t.services.sessions.resolve(member.token);
    if (!session) throw new Error('session should be live');
    await t.services.sessions.end(session.sessionId, 'logout');
    expect((await client.closed).code).toBe(closeCodes.sessionEnded);
  });

  it('closes sockets when the server closes', async () => {
    const member = await createMember(t);
    const client = await authenticated(port, member.token);
    const other = Fastify();
    await other.register(fastifyWebsocket);
    registerRealtimeRoutes(
      other,
      { realtime: t.services.realtime, sessions: t.services.liveSessions },
      { heartbeatMs: 100, authTimeoutMs: 200 },
    );
    await other.listen({ port: 0, host: '127.0.0.1' });
    const elsewhere = await authenticated(portOf(other), member.token);
    await other.close();
    // @fastify/websocket closes its sockets first (code 1005: no status); either way they are closed.
    expect([1001, 1005]).toContain((await elsewhere.closed).code);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });
});

describe.runIf(process.env.DATABASE_URL)('fan-out across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  const apps: TestApp[] = [];

  beforeAll(async () => {
    const first = await createTestApp({ listen: true });
    apps.push(first, await createTestApp({ beside: first, listen: true }));
    for (const instance of apps) await instance.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const instance of [...apps].reverse()) await instance.close();
  });

  it('a publish on one instance reaches a socket on the other', async () => {
    const [one, two] = apps as [TestApp, TestApp];
    expect(one.services.realtime.fanOut).toBe('postgres');
    const member = await createMember(one);
    const client = await authenticated(portOf(two.app), member.token);
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: '0.00', demo: false });

    await credit(one, member.row.id, 4_200n, 'fanout-1');
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: '42.00', demo: false });
    await one.services.realtime.publish(member.row.id, marker('across'));
    expect(await client.next()).toEqual(marker('across'));
    client.socket.close();
  });

  it('a burst of balance changes goes out as one notification and reaches each member on the other instance', async () => {
    const [one, two] = apps as [TestApp, TestApp];
    const members = [await createMember(one), await createMember(one), await createMember(one)];
    const clients: Client[] = [];
    for (const member of members) {
      const client = await authenticated(portOf(two.app), member.token);
      expect(await client.next()).toEqual({ type: 'balance', sumBalance: '0.00', demo: false });
      clients.push(client);
    }
    const listener = new pg.Client({ connectionString: one.handle.url ?? undefined });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => {
      if (message.payload) heard.push(message.payload);
    });
    await listener.query('LISTEN realtime');
    try {
      // Three members' balances change within the gathering window (ADR 088).
      await Promise.all(members.map((member) => one.services.realtime.publishBalance(member.row.id)));
      for (const client of clients)
        expect(await client.next()).toEqual({ type: 'balance', sumBalance: '0.00', demo: false });
      await expect.poll(() => heard.length).toBe(1);
      expect(heard.map((payload) => JSON.parse(payload) as { bs?: string[] })).toEqual([
        { bs: members.map((member) => member.row.id.toString()) },
      ]);
    } finally {
      await listener.end();
      for (const client of clients) client.socket.close();
    }
  });

  it('delivers once on the publishing instance too (its own NOTIFY, no second copy)', async () => {
    const [one] = apps as [TestApp, TestApp];
    const member = await createMember(one);
    const client = await authenticated(portOf(one.app), member.token);
    await client.next();
    await one.services.realtime.publish(member.row.id, marker('m1'));
    await one.services.realtime.publish(member.row.id, marker('m2'));
    expect(await client.next()).toEqual(marker('m1'));
    expect(await client.next()).toEqual(marker('m2'));
    client.socket.close();
  });
});

describe.runIf(process.env.REDIS_URL)('two server instances with REDIS_URL (Redis pub/sub)', () => {
  const instances: TestApp[] = [];
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(process.env.REDIS_URL as string);
    const first = await createTestApp({ redis });
    instances.push(first, await createTestApp({ beside: first, redis }));
    for (const instance of instances) await instance.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const instance of [...instances].reverse()) await instance.close();
    redis.disconnect();
  });

  it('a publish and a balance change on one instance reach a socket on the other, once', async () => {
    const [one, two] = instances as [TestApp, TestApp];
    expect(one.services.realtime.fanOut).toBe('redis');
    const member = await createMember(one);
    const client = await authenticated(portOf(two.app), member.token);
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: '0.00', demo: false });

    await credit(one, member.row.id, 4_200n, `redis-fanout-${randomBytes(4).toString('hex')}`);
    expect(await client.next()).toEqual({ type: 'balance', sumBalance: '42.00', demo: false });
    await one.services.realtime.publish(member.row.id, marker('redis-across'));
    await two.services.realtime.publish(member.row.id, marker('redis-own'));
    expect(await client.next()).toEqual(marker('redis-across'));
    expect(await client.next()).toEqual(marker('redis-own'));
    client.socket.close();
  });
});
