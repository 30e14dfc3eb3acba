import { randomUUID } from 'node:crypto';
import type { Player360, PlayerNote, PlayerSearch } from '@platform/contract';
import { count, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTag, operatorAudit, playerNote } from '../../db/schema.js';
import {
  createAdmin,
  createMember,
  creditDeposit,
  fundWallet,
  placeLotterySlip,
  type TestAdmin,
  type TestMember,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let support: TestAdmin;
let suffix = 0;
/** Values unique to this run, so one test's members never answer another's search. */
const unique = () => `${Date.now().toString(36)}${(suffix += 1)}`;

beforeAll(async () => {
  t = await createTestApp();
  support = await createAdmin(t, 'support');
});
afterAll(() => t.close());

const search = (q: string, extra = '', headers: Record<string, string> = support.headers) =>
  t.call<PlayerSearch>({
    method: 'GET',
    url: `/wps/admin/players?q=${encodeURIComponent(q)}${extra}`,
    headers,
  });
const player = (account: string, headers: Record<string, string> = support.headers) =>
  t.call<Player360>({ method: 'GET', url: `/wps/admin/players/${account}`, headers });
const found = async (q: string) => {
  const { status, body } = await search(q);
  if (!body.success) throw new Error(`${status} ${JSON.stringify(body)}`);
  return body.value;
};
const itemOf = (page: PlayerSearch, who: TestMember) =>
  page.items.find((item) => item.account === who.row.account);

/** Another session for the member from this address and browser, as a login from there makes. */
const sessionFrom = (who: TestMember, ip: string, userAgent: string) =>
  t.services.sessions.issue(t.handle.db, who.row.id, { ip, userAgent });

describe('player search', () => {
  let who: TestMember;
  const tag = unique();
  beforeAll(async () => {
    who = await createMember(t, {
      username: `rahim${tag}`,
      mobile: `17${tag.replace(/\D/g, '').padEnd(8, '5').slice(0, 8)}`,
      countryDialingCode: '880',
      email: `rahim.${tag}@example.com`,
      payeeName: `Rahim Uddin ${tag}`,
    });
  });

  it('finds the member by account, whole or its first digits, and says so', async () => {
    const whole = await found(who.row.account);
    expect(itemOf(whole, who)?.matchedOn[0]).toBe('account');
    const prefix = await found(who.row.account.slice(0, -2));
    expect(itemOf(prefix, who)?.matchedOn).toContain('account');
    expect(itemOf(prefix, who)?.matchedValue).toBe(who.row.account);
  });

  it('finds the member by username, exact or a part of it', async () => {
    expect(itemOf(await found(`RAHIM${tag}`), who)?.matchedOn).toEqual(['username']);
    const part = await found(tag);
    expect(itemOf(part, who)?.matchedOn).toContain('username');
    expect(itemOf(await found('rah'), who)?.matchedOn).toContain('username');
  });

  it('finds the member by mobile, local or international, whole or its first digits', async () => {
    const mobile = who.row.mobile ?? '';
    expect(itemOf(await found(mobile), who)?.matchedOn).toContain('mobile');
    expect(itemOf(await found(`0${mobile.slice(0, 6)}`), who)?.matchedOn).toContain('mobile');
    expect(itemOf(await found(`+880 ${mobile}`), who)?.matchedOn).toContain('mobile');
  });

  it('finds the member by email and by real name, a part of either', async () => {
    expect(itemOf(await found(`rahim.${tag}@example.com`), who)?.matchedOn[0]).toBe('email');
    expect(itemOf(await found(`rahim.${tag}@exa`), who)?.matchedOn).toContain('email');
    expect(itemOf(await found(`.${tag}`), who)?.matchedOn).toContain('email');
    // an address's domain alone is in too many to be looked for within
    expect(itemOf(await found(`${tag}@example.com`), who)).toBeUndefined();
    const name = await found(`uddin ${tag}`);
    expect(itemOf(name, who)?.matchedOn).toEqual(['realName']);
    expect(itemOf(name, who)?.realName).toBe(`Rahim Uddin ${tag}`);
  });

  it('finds the member by bank account number, whole or its first digits', async () => {
    const number = `77${Date.now().toString().slice(-9)}`;
    const bound = await t.call({
      method: 'POST',
      url: '/wps/cashier/bank-accounts',
      headers: who.auth,
      payload: { bankName: 'Sonali Bank', accountName: `Rahim Uddin ${tag}`, accountNumber: number },
    });
    expect(bound.status).toBe(200);
    const whole = itemOf(await found(number), who);
    expect(whole?.matchedOn).toContain('bankAccount');
    expect(whole?.matchedValue).toBe(number);
    expect(itemOf(await found(number.slice(0, 8)), who)?.matchedOn).toContain('bankAccount');
  });

  it('finds the member by an address it logged in from and by its device, exactly', async () => {
    const ip = `203.0.113.${(Date.now() % 200) + 20}`;
    const agent = `Mozilla/5.0 (test ${unique()})`;
    await sessionFrom(who, ip, agent);
    const byIp = itemOf(await found(ip), who);
    expect(byIp?.matchedOn).toEqual(['ip']);
    expect(byIp?.matchedValue).toBe(ip);
    // the 360 names the device; searching by it finds the member
    const { body } = await player(who.row.account);
    if (!body.success) throw new Error(JSON.stringify(body));
    const device = body.value.sessions.items.find((session) => session.userAgent === agent)?.device ?? '';
    expect(device).toMatch(/^[0-9a-f]{16}$/);
    expect(itemOf(await found(device), who)?.matchedOn).toContain('device');
    expect(itemOf(await found(device.toUpperCase()), who)?.matchedOn).toContain('device');
    // an address is never matched by its beginning
    expect(itemOf(await found(ip.split('.').slice(0, 3).join('.')), who)).toBeUndefined();
  });

  it('answers an empty list when nothing matches', async () => {
    const page = await found(`nobody${unique()}zzq`);
    expect(page).toEqual({ items: [], page: 1, pageSize: 20, total: 0, totalCapped: false, totalPages: 0 });
    expect((await found('198.51.100.254')).items).toEqual([]);
  });

  it('pages the matches and counts them', async () => {
    const stem = `pager${unique()}`;
    for (let index = 0; index < 5; index += 1) await createMember(t, { username: `${stem}x${index}` });
    const first = await found(stem);
    expect(first.total).toBe(5);
    const { body: second } = await search(stem, '&page=2&pageSize=2');
    const { body: third } = await search(stem, '&page=3&pageSize=2');
    const { body: beyond } = await search(stem, '&page=4&pageSize=2');
    if (!second.success || !third.success || !beyond.success) throw new Error('paging failed');
    expect(second.value).toMatchObject({ page: 2, pageSize: 2, total: 5, totalPages: 3 });
    expect(third.value.items).toHaveLength(1);
    expect(beyond.value.items).toEqual([]);
    const accounts = [...second.value.items, ...third.value.items].map((item) => item.username);
    expect(new Set(accounts).size).toBe(3);
  });

  it('lists the newest members without a query', async () => {
    const newest = await createMember(t);
    const { status, body } = await t.call<PlayerSearch>({
      method: 'GET',
      url: '/wps/admin/players?pageSize=1',
      headers: support.headers,
    });
    if (!body.success) throw new Error(`${status} ${JSON.stringify(body)}`);
    expect(body.value.items).toEqual([
      expect.objectContaining({ account: newest.row.account, matchedOn: [], matchedValue: null }),
    ]);
    expect(body.value.total).toBeGreaterThan(1);
  });

  it('refuses an empty or too long query and a page out of range with 400', async () => {
    for (const extra of [
      'q=',
      'q=%20%20',
      `q=${'a'.repeat(65)}`,
      'q=abc&page=0',
      'q=abc&page=51',
      'q=abc&pageSize=101',
      'q=abc&page=x',
      'q=a%00b',
    ]) {
      const { status, body } = await t.call({
        method: 'GET',
        url: `/wps/admin/players?${extra}`,
        headers: support.headers,
      });
      expect({ extra, status, code: body.success ? null : body.code }).toEqual({
        extra,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('answers 401 to a visitor and a member, 403 to a content or games staff member', async () => {
    expect((await search('abc', '', {})).status).toBe(401);
    expect((await search('abc', '', who.auth)).status).toBe(401);
    for (const role of ['content', 'games'] as const) {
      const staff = await createAdmin(t, role);
      expect((await search('abc', '', staff.headers)).status).toBe(403);
      expect((await player(who.row.account, staff.headers)).status).toBe(403);
    }
    for (const role of ['owner', 'finance', 'risk', 'agents', 'analyst'] as const) {
      const staff = await createAdmin(t, role);
      expect((await search('abc', '', staff.headers)).status).toBe(200);
    }
  });
});

describe('the player 360', () => {
  it("shows a funded member's balances, statement, deposits and bets made through the real calls", async () => {
    await t.handle.db.execute(sql`update lottery_game set enabled = (code = 'SSC-1')`);
    await t.services.settings.set('lottery.limits', {
      minBet: '1.00',
      maxBet: '10000.00',
      maxPayoutPerPeriod: '10000000.00',
      maxPayoutPerNumber: '1000000.00',
    });
    const who = await createMember(t);
    await fundWallet(t, who, '100.00');
    const depositId = await creditDeposit(t, who, '50.00', `dep-${randomUUID()}`);
    const spin = await t.call<{ roundId: string }>({
      method: 'POST',
      url: '/wps/inhouse/slot/spin',
      headers: who.auth,
      payload: { bet: '1.00', requestId: `spin-${randomUUID()}` },
    });
    expect(spin.status).toBe(200);
    const slip = await placeLotterySlip(t, who, 'SSC-1', [
      { betType: 'size', selection: ['sum', 'big'], stake: '2.00' },
    ]);
    expect(slip.status).toBe(200);

    const { status, body } = await player(who.row.account);
    if (!body.success) throw new Error(`${status} ${JSON.stringify(body)}`);
    const view = body.value;
    expect(view.profile).toMatchObject({
      account: who.row.account,
      username: who.row.username,
      status: 'active',
    });
    // 100 + 50 deposited - 1 slot bet + its win - 2 lottery
    const statementMain = view.statement.items.find((line) => line.wallet === 'main');
    expect(view.balances.main).toBe(statementMain?.balanceAfter);
    expect(view.statement.total).toBeGreaterThanOrEqual(4);
    expect(view.statement.items.map((line) => line.kind)).toEqual(
      expect.arrayContaining(['adjustment', 'deposit']),
    );
    expect(view.deposits).toMatchObject({ total: 1, creditedTotal: '50.00' });
    expect(view.deposits.items[0]).toMatchObject({ id: depositId, amount: '50.00', status: 'credited' });
    expect(view.bets.total).toBe(2);
    const sources = view.bets.items.map((bet) => `${bet.source}:${bet.vendor}`).sort();
    expect(sources).toEqual(['lottery:LOTTERY', 'seamless:INHOUSE']);
    const lottery = view.bets.items.find((bet) => bet.source === 'lottery');
    expect(lottery).toMatchObject({ game: 'SSC-1', stake: '2.00' });
    expect(lottery?.period).toBeTruthy();
    expect(view.bets.items.find((bet) => bet.source === 'seamless')).toMatchObject({
      game: 'slot',
      stake: '1.00',
    });
    // the deposit's turnover requirement
    expect(view.bonuses.items.map((each) => each.source)).toContain('deposit');
    expect(view.sessions.items[0]).toMatchObject({ ip: '127.0.0.1', state: 'live', userAgent: 'vitest' });
  });

  it('shows the upline chain and the referrer', async () => {
    const top = await createMember(t, { type: 1 });
    const middle = await createMember(t, { type: 1, uplineId: top.row.id });
    const who = await createMember(t, { uplineId: middle.row.id, referredById: middle.row.id });
    const { body } = await player(who.row.account);
    if (!body.success) throw new Error(JSON.stringify(body));
    expect(body.value.agent.uplines.map((each) => each.account)).toEqual([
      middle.row.account,
      top.row.account,
    ]);
    expect(body.value.referral.referredBy?.account).toBe(middle.row.account);
    const { body: topView } = await player(top.row.account);
    if (!topView.success) throw new Error(JSON.stringify(topView));
    expect(topView.value.agent).toMatchObject({ downlines: 1, team: 2 });
  });

  it('links two members who share a device and an address, and a third who shares a bank account', async () => {
    const ip = `198.51.100.${(Date.now() % 200) + 20}`;
    const agent = `Mozilla/5.0 (linked ${unique()})`;
    const one = await createMember(t);
    const two = await createMember(t);
    const loner = await createMember(t);
    await sessionFrom(one, ip, agent);
    await sessionFrom(two, ip, agent);
    const number = `55${Date.now().toString().slice(-9)}`;
    for (const who of [one, loner]) {
      const bound = await t.call({
        method: 'POST',
        url: '/wps/cashier/bank-accounts',
        headers: who.auth,
        payload: { bankName: 'Dutch-Bangla Bank', accountName: 'Shared Name', accountNumber: number },
      });
      expect(bound.status).toBe(200);
    }
    const { body } = await player(one.row.account);
    if (!body.success) throw new Error(JSON.stringify(body));
    const links = body.value.linked.items;
    const withTwo = links.find((link) => link.account === two.row.account);
    expect(withTwo?.via).toEqual(expect.arrayContaining(['device', 'ip']));
    const withLoner = links.find((link) => link.account === loner.row.account);
    expect(withLoner?.via).toContain('bankAccount');
    // the two sharing most come first
    expect(links[0]?.account).toBe(two.row.account);
    expect(links.some((link) => link.account === one.row.account)).toBe(false);
  });

  it('answers 404 for an unknown account and 400 for a malformed one', async () => {
    expect((await player('99999999999999')).status).toBe(404);
    for (const bad of ['12ab', '123', '1'.repeat(21), '%20']) {
      const { status, body } = await player(bad);
      expect({ bad, status, code: body.success ? null : body.code }).toEqual({
        bad,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
    expect((await player('99999999999999', {})).status).toBe(401);
  });
});

describe('staff notes and tags', () => {
  const notesOf = async (memberId: bigint) =>
    (await t.handle.db.select({ n: count() }).from(playerNote).where(eq(playerNote.memberId, memberId)))[0]
      ?.n;
  const lastAudit = async () =>
    (await t.handle.db.select().from(operatorAudit).orderBy(desc(operatorAudit.seq)).limit(1))[0];

  it('adds a note, audited, and the 360 shows it newest first', async () => {
    const who = await createMember(t);
    const add = (text: string) =>
      t.call<PlayerNote>({
        method: 'POST',
        url: `/wps/admin/players/${who.row.account}/notes`,
        headers: support.headers,
        payload: { text },
      });
    const first = await add('Called about a late deposit.');
    expect(first.status).toBe(200);
    const second = await add('  Asked for the proof again.\nWill call back.  ');
    if (!second.body.success) throw new Error(JSON.stringify(second.body));
    expect(second.body.value).toMatchObject({
      author: `admin:${support.username}`,
      text: 'Asked for the proof again.\nWill call back.',
    });
    const audit = await lastAudit();
    expect(audit).toMatchObject({ actor: `admin:${support.username}`, command: 'players note' });
    expect(audit?.target).toEqual({ member: who.row.account });
    expect(audit?.after).toEqual({ text: 'Asked for the proof again.\nWill call back.' });
    const { body } = await player(who.row.account);
    if (!body.success) throw new Error(JSON.stringify(body));
    expect(body.value.notes.total).toBe(2);
    expect(body.value.notes.items.map((note) => note.text)).toEqual([
      'Asked for the proof again.\nWill call back.',
      'Called about a late deposit.',
    ]);
  });

  it('refuses an empty or too long note, an unknown member, and roles without the right; nothing is written', async () => {
    const who = await createMember(t);
    const url = `/wps/admin/players/${who.row.account}/notes`;
    const playersAudits = async () =>
      (
        await t.handle.db
          .select({ n: count() })
          .from(operatorAudit)
          .where(like(operatorAudit.command, 'players %'))
      )[0]?.n;
    const before = await playersAudits();
    for (const payload of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(2_001) },
      { text: 'a\u0000b' },
      { text: 5 },
    ]) {
      const { status } = await t.call({ method: 'POST', url, headers: support.headers, payload });
      expect({ payload, status }).toEqual({ payload, status: 400 });
    }
    expect(
      (
        await t.call({
          method: 'POST',
          url: '/wps/admin/players/99999999999999/notes',
          headers: support.headers,
          payload: { text: 'hi' },
        })
      ).status,
    ).toBe(404);
    expect((await t.call({ method: 'POST', url, payload: { text: 'hi' } })).status).toBe(401);
    for (const role of ['analyst', 'agents', 'content'] as const) {
      const staff = await createAdmin(t, role);
      expect(
        (await t.call({ method: 'POST', url, headers: staff.headers, payload: { text: 'hi' } })).status,
      ).toBe(403);
    }
    expect(await notesOf(who.row.id)).toBe(0);
    expect(await playersAudits()).toBe(before);
  });

  it('adds and removes a tag, each audited with its reason and the tags before and after', async () => {
    const who = await createMember(t);
    const url = `/wps/admin/players/${who.row.account}/tags`;
    const added = await t.call<{ tags: string[] }>({
      method: 'POST',
      url,
      headers: support.headers,
      payload: { tag: 'vip', reason: 'big depositor' },
    });
    expect(added.body).toMatchObject({ success: true, value: { tags: ['vip'] } });
    expect(await lastAudit()).toMatchObject({
      command: 'players tag add',
      reason: 'big depositor',
      before: { tags: [] },
      after: { tags: ['vip'] },
    });
    const seq = (await lastAudit())?.seq;
    // again: nothing changes, nothing audited
    await t.call({ method: 'POST', url, headers: support.headers, payload: { tag: 'vip' } });
    expect((await lastAudit())?.seq).toBe(seq);
    await t.call({ method: 'POST', url, headers: support.headers, payload: { tag: 'watch' } });
    const { body } = await player(who.row.account);
    if (!body.success) throw new Error(JSON.stringify(body));
    expect(body.value.tags).toEqual(['vip', 'watch']);
    const removed = await t.call<{ tags: string[] }>({
      method: 'DELETE',
      url: `${url}/vip?reason=${encodeURIComponent('no longer')}`,
      headers: support.headers,
    });
    expect(removed.body).toMatchObject({ success: true, value: { tags: ['watch'] } });
    expect(await lastAudit()).toMatchObject({
      command: 'players tag remove',
      reason: 'no longer',
      after: { tags: ['watch'] },
    });
    for (const payload of [{ tag: 'Bad Tag' }, { tag: '' }, {}, { tag: 'x'.repeat(33) }]) {
      expect((await t.call({ method: 'POST', url, headers: support.headers, payload })).status).toBe(400);
    }
    const tags = await t.handle.db.select().from(memberTag).where(eq(memberTag.memberId, who.row.id));
    expect(tags.map((row) => row.tag)).toEqual(['watch']);
  });
});
