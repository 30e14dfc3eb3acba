import type { ChatMessage, ChatRoom } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { chatMessage } from '../../db/schema.js';
import { createAdmin, createMember, type TestAdmin, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { maskUsername } from '../../lib/mask.js';
import { filterWords } from './chat-filter.js';
import { CHAT_RATE } from './chat.service.js';

/** A socket that authenticated as the member, with its messages queued. */
async function socketFor(port: number, token: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const queue: Record<string, unknown>[] = [];
  const waiting: ((message: Record<string, unknown>) => void)[] = [];
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = (): Promise<Record<string, unknown>> => {
    const queued = queue.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no message in time')), 5_000);
      waiting.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  };
  /** the next message of this type, skipping others (the balance) */
  const nextOf = async (type: string): Promise<Record<string, unknown>> => {
    for (;;) {
      const message = await next();
      if (message.type === type) return message;
    }
  };
  socket.send(JSON.stringify({ type: 'auth', token }));
  await nextOf('ready');
  return { socket, next, nextOf };
}

const portOf = (app: FastifyInstance): number => {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return address.port;
};

describe('the word filter', () => {
  it('masks listed words whatever their case, longest first, and keeps other text', () => {
    expect(filterWords('You BAD badword, bad!', ['bad', 'badword'])).toBe('You *** *******, ***!');
    expect(filterWords('a.b a+b', ['a.b'])).toBe('*** a+b');
    expect(filterWords('nothing here', [])).toBe('nothing here');
  });
});

describe('chat', () => {
  let t: TestApp;
  let support: TestAdmin;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    support = await createAdmin(t, 'support');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(t.app);
  });
  afterAll(() => t.close());

  const say = (who: TestMember, text: unknown, room = 'lobby') =>
    t.call<ChatMessage>({
      method: 'POST',
      url: `/wps/chat/rooms/${room}/messages`,
      headers: who.auth,
      payload: { text },
    });
  const stored = async () => (await t.handle.db.select({ n: count() }).from(chatMessage))[0]?.n ?? 0;

  it('refuses a visitor (401) and a trial account (403) on every chat call, and stores nothing', async () => {
    const before = await stored();
    expect(
      (await t.call({ method: 'POST', url: '/wps/chat/rooms/lobby/messages', payload: { text: 'hi' } }))
        .status,
    ).toBe(401);
    expect((await t.call({ method: 'GET', url: '/wps/chat/rooms' })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/wps/chat/url' })).status).toBe(401);
    const trial = await createMember(t, { type: 4 });
    const refused = await say(trial, 'hi');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: 'NEED_REAL_ACCOUNT' });
    expect((await t.call({ method: 'GET', url: '/wps/chat/url', headers: trial.auth })).status).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('lists the rooms a member may enter: VIP only from rank 5', async () => {
    const plain = await createMember(t);
    const vip = await createMember(t, { rankLevel: 5 });
    const rooms = async (who: TestMember) => {
      const answer = await t.call<ChatRoom[]>({ method: 'GET', url: '/wps/chat/rooms', headers: who.auth });
      return answer.body.success ? answer.body.value.map((room) => room.code) : [];
    };
    expect(await rooms(plain)).toEqual(['lobby', 'bn', 'en']);
    expect(await rooms(vip)).toEqual(['lobby', 'bn', 'en', 'vip']);
    expect((await say(plain, 'let me in', 'vip')).status).toBe(404);
  });

  it('sends live to the room with the history on open; HTML stays text; unReadCount until read', async () => {
    const alice = await createMember(t, { nickname: 'Alice' });
    const bob = await createMember(t);
    const listener = await socketFor(port, bob.token);
    listener.socket.send(JSON.stringify({ type: 'subscribe', topic: 'chat:bn' }));
    expect(await listener.nextOf('subscribed')).toEqual({ type: 'subscribed', topic: 'chat:bn' });

    const html = '<script>alert(1)</script> see https://example.com @Bob';
    const sent = await say(alice, html, 'bn');
    expect(sent.status).toBe(200);
    const pushed = await listener.nextOf('chat.message');
    expect(pushed).toMatchObject({
      type: 'chat.message',
      room: 'bn',
      message: { text: html, sender: 'Alice' },
    });

    const history = await t.call<{ list: ChatMessage[] }>({
      method: 'GET',
      url: '/wps/chat/rooms/bn/messages',
      headers: bob.auth,
    });
    expect(history.body.success && history.body.value.list.at(-1)?.text).toBe(html);

    const unread = await t.call<{ unReadCount: number }>({
      method: 'GET',
      url: '/wps/chat/unread',
      headers: bob.auth,
    });
    expect(unread.body.success && unread.body.value.unReadCount).toBeGreaterThanOrEqual(1);
    const id = sent.body.success ? sent.body.value.id : '0';
    // Bob reads every room he has.
    for (const room of ['lobby', 'bn', 'en']) {
      await t.call({
        method: 'POST',
        url: `/wps/chat/rooms/${room}/read`,
        headers: bob.auth,
        payload: { lastId: '999999999' },
      });
    }
    const after = await t.call<{ unReadCount: number }>({
      method: 'GET',
      url: '/wps/chat/unread',
      headers: bob.auth,
    });
    expect(after.body).toMatchObject({ value: { unReadCount: 0 } });
    expect(BigInt(id)).toBeGreaterThan(0n);

    // A trial account's socket cannot hear a room.
    const trial = await createMember(t, { type: 4 });
    const trialSocket = await socketFor(port, trial.token);
    trialSocket.socket.send(JSON.stringify({ type: 'subscribe', topic: 'chat:lobby' }));
    expect(await trialSocket.nextOf('refused')).toEqual({ type: 'refused', topic: 'chat:lobby' });
    listener.socket.close();
    trialSocket.socket.close();
  });

  it('masks the operator’s words, refuses a muted member and a flood, and lets moderators remove a message', async () => {
    const words = await t.call({
      method: 'PUT',
      url: '/wps/admin/chat/words',
      headers: support.headers,
      payload: { words: ['Scam'] },
    });
    expect(words.body).toMatchObject({ value: { words: ['scam'] } });
    const carol = await createMember(t);
    const masked = await say(carol, 'this is a SCAM site');
    // Carol has no nickname: the room shows her account number (a login name) masked as every list masks one.
    expect(masked.body).toMatchObject({
      value: { text: 'this is a **** site', sender: maskUsername(carol.row.account) },
    });

    const mute = await t.call({
      method: 'POST',
      url: '/wps/admin/chat/mutes',
      headers: support.headers,
      payload: { account: carol.row.account, minutes: 30, reason: 'spam' },
    });
    expect(mute.status).toBe(200);
    const before = await stored();
    const muted = await say(carol, 'still here');
    expect(muted.status).toBe(403);
    expect(muted.body).toMatchObject({ code: 'CHAT_MUTED' });
    expect(await stored()).toBe(before);
    await t.call({
      method: 'DELETE',
      url: `/wps/admin/chat/mutes/${carol.row.account}`,
      headers: support.headers,
    });
    expect((await say(carol, 'back')).status).toBe(200);

    const dave = await createMember(t);
    for (let index = 0; index < CHAT_RATE.messages; index += 1)
      expect((await say(dave, `m${index}`)).status).toBe(200);
    const flooded = await say(dave, 'one too many');
    expect(flooded.status).toBe(429);
    expect(flooded.body).toMatchObject({ code: 'RATE_LIMITED', details: { secondsLeft: 10 } });
    t.clock.advance(CHAT_RATE.windowMs + 1);
    expect((await say(dave, 'later')).status).toBe(200);

    const id = masked.body.success ? masked.body.value.id : '';
    const removed = await t.call({
      method: 'DELETE',
      url: `/wps/admin/chat/messages/${id}`,
      headers: support.headers,
    });
    expect(removed.status).toBe(200);
    const history = await t.call<{ list: ChatMessage[] }>({
      method: 'GET',
      url: '/wps/chat/rooms/lobby/messages?limit=100',
      headers: dave.auth,
    });
    expect(history.body.success && history.body.value.list.some((message) => message.id === id)).toBe(false);
  });

  it('refuses bad input with the field and stores nothing', async () => {
    const erin = await createMember(t);
    const before = await stored();
    for (const text of ['', '   ', 'x'.repeat(501), 42]) {
      const answer = await say(erin, text);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('text');
    }
    expect((await say(erin, 'hi', 'nowhere')).status).toBe(404);
    expect(await stored()).toBe(before);
  });

  it('answers the chat URL call with the room page', async () => {
    const frank = await createMember(t);
    const answer = await t.call<{ chatUrl: string }>({
      method: 'GET',
      url: '/wps/chat/url?b2c=1&title=Chat&language=bn&headerColor=%23112233',
      headers: frank.auth,
    });
    expect(answer.body).toMatchObject({
      value: { chatUrl: 'http://site.test/chat?room=lobby&title=Chat&lang=bn&headerColor=%23112233&b2c=1' },
    });
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'chat fan-out across two server instances (PostgreSQL LISTEN/NOTIFY)',
  () => {
    const apps: TestApp[] = [];

    beforeAll(async () => {
      const first = await createTestApp({ listen: true });
      apps.push(first, await createTestApp({ beside: first, listen: true }));
      for (const instance of apps) await instance.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const instance of [...apps].reverse()) await instance.close();
    });

    it('a message sent to one instance arrives at a client of the other', async () => {
      const [one, two] = apps as [TestApp, TestApp];
      expect(one.services.realtime.fanOut).toBe('postgres');
      const sender = await createMember(one, { nickname: 'Sender' });
      const reader = await createMember(one);
      const client = await socketFor(portOf(two.app), reader.token);
      client.socket.send(JSON.stringify({ type: 'subscribe', topic: 'chat:lobby' }));
      await client.nextOf('subscribed');

      const sent = await one.call<ChatMessage>({
        method: 'POST',
        url: '/wps/chat/rooms/lobby/messages',
        headers: sender.auth,
        payload: { text: 'across the instances' },
      });
      expect(sent.status).toBe(200);
      expect(await client.nextOf('chat.message')).toMatchObject({
        room: 'lobby',
        message: { text: 'across the instances', sender: 'Sender' },
      });
      client.socket.close();
    });
  },
);
