import type { Page, PlatformMessage } from '@platform/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberMessage } from '../../db/schema.js';
import {
  createAdmin,
  createAgent,
  createMember,
  creditDeposit,
  type TestAdmin,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { RealtimeServerMessage as RealtimeEvent } from '@platform/contract';

let t: TestApp;
let support: TestAdmin;
/** what the realtime hub was asked to push, by member */
const pushed: { memberId: bigint | '*'; event: RealtimeEvent }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  support = await createAdmin(t, 'support');
  const realtime = t.services.realtime;
  const publish = realtime.publish.bind(realtime);
  const publishToAll = realtime.publishToAll.bind(realtime);
  realtime.publish = async (memberId, event) => {
    pushed.push({ memberId, event });
    await publish(memberId, event);
  };
  realtime.publishToAll = async (event) => {
    pushed.push({ memberId: '*', event });
    await publishToAll(event);
  };
});
afterAll(() => t.close());

const text = (en: string) => ({ bn: `${en} (bn)`, en });
const send = (audience: unknown, headers: Record<string, string> = support.headers) =>
  t.call<{ recipients: number }>({
    method: 'POST',
    url: '/wps/admin/messages',
    headers,
    payload: { audience, title: text('Hello'), body: text('Body <b>bold</b>') },
  });
const inbox = (auth: Record<string, string>, query = '') =>
  t.call<Page<PlatformMessage>>({ method: 'GET', url: `/wps/member/messages${query}`, headers: auth });
const unread = async (auth: Record<string, string>) =>
  (await t.call<{ count: number }>({ method: 'GET', url: '/wps/member/unread', headers: auth })).body;
const stored = async () => (await t.handle.db.select({ n: count() }).from(memberMessage))[0]?.n ?? 0;

describe('platform messages', () => {
  it('refuses a visitor with 401 on every member call', async () => {
    for (const [method, url] of [
      ['GET', '/wps/member/messages'],
      ['POST', '/wps/member/messages/1/read'],
      ['POST', '/wps/member/messages/read-all'],
      ['DELETE', '/wps/member/messages/1'],
    ] as const) {
      const answer = await t.call({ method, url });
      expect(answer.status).toBe(401);
    }
  });

  it('sends to one member: listed newest first, unread counted and pushed, read, deleted', async () => {
    const who = await createMember(t);
    const before = await stored();
    const sent = await send({ kind: 'member', account: who.row.account });
    expect(sent.body).toMatchObject({ success: true, value: { recipients: 1 } });
    expect(await stored()).toBe(before + 1);
    expect(pushed.at(-1)).toEqual({ memberId: who.row.id, event: { type: 'unread', count: 1 } });

    const list = await inbox(who.auth);
    if (!list.body.success) throw new Error('list failed');
    const [message] = list.body.value.list;
    expect(message).toMatchObject({ kind: 'operator', read: false, title: text('Hello') });
    // Stored as the operator wrote it; the page shows it as text.
    expect(message?.body.en).toBe('Body <b>bold</b>');
    expect(await unread(who.auth)).toMatchObject({ value: { count: 1 } });

    const read = await t.call({
      method: 'POST',
      url: `/wps/member/messages/${message?.id}/read`,
      headers: who.auth,
    });
    expect(read.body).toMatchObject({ success: true, value: { count: 0 } });
    expect(pushed.at(-1)).toEqual({ memberId: who.row.id, event: { type: 'unread', count: 0 } });

    const removed = await t.call({
      method: 'DELETE',
      url: `/wps/member/messages/${message?.id}`,
      headers: who.auth,
    });
    expect(removed.status).toBe(200);
    const after = await inbox(who.auth);
    expect(after.body.success && after.body.value.totalCount).toBe(0);
  });

  it("never reads or deletes another member's message", async () => {
    const owner = await createMember(t);
    const other = await createMember(t);
    await send({ kind: 'member', account: owner.row.account });
    const list = await inbox(owner.auth);
    const id = list.body.success ? list.body.value.list[0]?.id : undefined;
    const read = await t.call({
      method: 'POST',
      url: `/wps/member/messages/${id}/read`,
      headers: other.auth,
    });
    expect(read.status).toBe(404);
    const removed = await t.call({
      method: 'DELETE',
      url: `/wps/member/messages/${id}`,
      headers: other.auth,
    });
    expect(removed.status).toBe(404);
    expect(await unread(owner.auth)).toMatchObject({ value: { count: 1 } });
  });

  it('sends to a rank range, an agent team (every level), a tag and everyone', async () => {
    const gold = await createMember(t, { rankLevel: 3 });
    const crown = await createMember(t, { rankLevel: 6 });
    const trial = await createMember(t, { rankLevel: 3, type: 4 });
    const ranked = await send({ kind: 'rank', minLevel: 3, maxLevel: 4 });
    expect(ranked.status).toBe(200);
    expect(await unread(gold.auth)).toMatchObject({ value: { count: 1 } });
    expect(await unread(crown.auth)).toMatchObject({ value: { count: 0 } });
    expect(await unread(trial.auth)).toMatchObject({ value: { count: 0 } });

    const { agent, downlines } = await createAgent(t, { downlines: 2 });
    const [first] = downlines;
    if (!first) throw new Error('no downline');
    const second = await createMember(t, { uplineId: first.row.id });
    const team = await send({ kind: 'team', agentAccount: agent.row.account });
    expect(team.body).toMatchObject({ value: { recipients: 3 } });
    expect(await unread(second.auth)).toMatchObject({ value: { count: 1 } });
    expect(await unread(agent.auth)).toMatchObject({ value: { count: 0 } });

    const tagged = await t.call({
      method: 'PUT',
      url: `/wps/admin/members/${crown.row.account}/tags`,
      headers: support.headers,
      payload: { tags: ['whale'] },
    });
    expect(tagged.body).toMatchObject({ value: { tags: ['whale'] } });
    expect((await send({ kind: 'tag', tag: 'whale' })).body).toMatchObject({ value: { recipients: 1 } });
    expect(await unread(crown.auth)).toMatchObject({ value: { count: 1 } });

    const everyone = await send({ kind: 'everyone' });
    if (!everyone.body.success) throw new Error('send failed');
    expect(everyone.body.value.recipients).toBeGreaterThan(5);
    expect(await unread(crown.auth)).toMatchObject({ value: { count: 2 } });
  });

  it('refuses bad input with the field and stores nothing', async () => {
    const before = await stored();
    const cases = [
      { audience: { kind: 'member', account: 'abc' }, field: 'audience.account' },
      { audience: { kind: 'rank', minLevel: 4, maxLevel: 2 }, field: 'audience.maxLevel' },
      { audience: { kind: 'nobody' }, field: 'audience.kind' },
    ];
    for (const { audience, field } of cases) {
      const answer = await send(audience);
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    const empty = await t.call({
      method: 'POST',
      url: '/wps/admin/messages',
      headers: support.headers,
      payload: { audience: { kind: 'everyone' }, title: { bn: ' ', en: 'x' }, body: text('b') },
    });
    expect(empty.status).toBe(400);
    const unknown = await send({ kind: 'member', account: '1234567' });
    expect(unknown.status).toBe(404);
    expect(await stored()).toBe(before);
  });

  it('lets only owner and support send, and audits the send', async () => {
    const cashier = await createAdmin(t, 'finance');
    expect((await send({ kind: 'everyone' }, cashier.headers)).status).toBe(403);
    expect((await t.call({ method: 'POST', url: '/wps/admin/messages', payload: {} })).status).toBe(401);
  });

  it('the operator tool sends the same messages', async () => {
    const who = await createMember(t);
    const result = await t.services.operator.run(
      [
        'messages',
        'send',
        '--to',
        who.row.account,
        '--title-bn',
        'শিরোনাম',
        '--title-en',
        'Title',
        '--body-bn',
        'বার্তা',
        '--body-en',
        'Text',
      ],
      'cli:test',
    );
    expect(result).toMatchObject({ exitCode: 0 });
    expect(await unread(who.auth)).toMatchObject({ value: { count: 1 } });
  });

  it('sends a system message when a deposit is credited', async () => {
    const who = await createMember(t);
    await creditDeposit(t, who, '120', 'msg-deposit-0001');
    const rows = await t.handle.db.select().from(memberMessage).where(eq(memberMessage.memberId, who.row.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'system', sentBy: 'event:deposit-credited' });
    expect(rows[0]?.body.en).toContain('120.00');
  });
});
