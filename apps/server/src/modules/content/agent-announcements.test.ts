import type { Announcement, Page, StoredAnnouncement } from '@platform/contract';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAudit } from '../../db/schema.js';
import { createAdmin, createAgent, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** Announcements for agents (audience agent, ADR 067): the agent centre lists them, the public list never. */
describe('agent announcements', () => {
  let t: TestApp;
  let agent: TestMember;
  let member: TestMember;
  const ACTOR = 'cli:tester';
  const run = (...args: string[]) => t.services.operator.run(args, ACTOR);
  const texts = (en: string) => [
    '--title-en',
    en,
    '--title-bn',
    `${en} (bn)`,
    '--content-en',
    `${en} body`,
    '--content-bn',
    `${en} body (bn)`,
  ];
  const agentList = (who: TestMember | null, query = '?language=en') =>
    t.call<Page<Announcement>>({
      method: 'GET',
      url: `/wps/agent/announcements${query}`,
      headers: who ? who.auth : {},
    });
  const publicTitles = async (execution: 'B' | 'L') => {
    const { body } = await t.call<Page<Announcement>>({
      method: 'GET',
      url: `/wps/announcements/v2?execution=${execution}&pageSize=100&language=en`,
    });
    if (!body.success) throw new Error('the public list must answer');
    return body.value.list.map((row) => row.title);
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ agent } = await createAgent(t));
    member = await createMember(t);
    // Published an hour apart, oldest first, so the order is known.
    const start = t.clock.now().getTime() - 24 * 3_600_000;
    for (let index = 1; index <= 12; index += 1) {
      const at = new Date(start + index * 3_600_000).toISOString();
      const result = await run(
        'content',
        'announcements',
        'add',
        '--type',
        'PL',
        '--audience',
        'agent',
        '--published',
        at,
        ...texts(`Agent notice ${index}`),
      );
      expect(result.output).toMatch(/agents only/);
    }
    await run('content', 'announcements', 'add', '--type', 'B', ...texts('Everyone notice'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('never shows an agent announcement in the public list, logged in or not', async () => {
    for (const execution of ['B', 'L'] as const) {
      const titles = await publicTitles(execution);
      expect(titles).toContain('Everyone notice');
      expect(titles.filter((title) => title.startsWith('Agent notice'))).toEqual([]);
    }
  });

  it('lists them to an agent, newest first, a page at a time, in its language', async () => {
    const first = await agentList(agent, '?pageSize=5&language=en');
    expect(first.status).toBe(200);
    if (!first.body.success) throw new Error('must answer');
    expect(first.body.value).toMatchObject({ pageNo: 1, pageSize: 5, totalCount: 12, totalPages: 3 });
    expect(first.body.value.list.map((row) => row.title)).toEqual(
      [12, 11, 10, 9, 8].map((index) => `Agent notice ${index}`),
    );
    const last = await agentList(agent, '?pageSize=5&pageNo=3&language=bn');
    if (!last.body.success) throw new Error('must answer');
    expect(last.body.value.list.map((row) => row.title)).toEqual([
      'Agent notice 2 (bn)',
      'Agent notice 1 (bn)',
    ]);
    expect(last.body.value.list[0]?.content).toBe('Agent notice 2 body (bn)');
  });

  it('refuses a visitor (401) and a member who is not an agent (403)', async () => {
    expect((await agentList(null)).status).toBe(401);
    const refused = await agentList(member);
    expect(refused.status).toBe(403);
  });

  it('lets an owner add one through the admin call, audited; other staff are refused', async () => {
    const owner = await createAdmin(t, 'owner');
    const payload = {
      type: 'H',
      audience: 'agent',
      title: { bn: 'নতুন চুক্তি', en: 'New contracts' },
      content: { bn: 'বিস্তারিত', en: 'Details' },
    };
    const added = await t.call<StoredAnnouncement>({
      method: 'POST',
      url: '/wps/admin/content/announcements',
      headers: owner.headers,
      payload,
    });
    expect(added.body).toMatchObject({
      success: true,
      value: { type: 'H', audience: 'agent', execution: 'B' },
    });
    if (!added.body.success) throw new Error('must answer');
    const [audit] = await t.handle.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(1);
    expect(audit).toMatchObject({ actor: `admin:${owner.username}`, command: 'content announcements add' });

    const listed = await agentList(agent, '?pageSize=1&language=en');
    if (!listed.body.success) throw new Error('must answer');
    expect(listed.body.value.list[0]).toMatchObject({ id: added.body.value.id, title: 'New contracts' });
    expect(await publicTitles('L')).not.toContain('New contracts');

    const cashier = await createAdmin(t, 'finance');
    const refused = await t.call({
      method: 'POST',
      url: '/wps/admin/content/announcements',
      headers: cashier.headers,
      payload,
    });
    expect(refused.status).toBe(403);
  });

  it('refuses an audience it does not know', async () => {
    const refused = await run(
      'content',
      'announcements',
      'add',
      '--type',
      'PL',
      '--audience',
      'vip',
      ...texts('Bad'),
    );
    expect(refused).toMatchObject({ exitCode: 1, output: expect.stringMatching(/--audience/) });
  });
});
