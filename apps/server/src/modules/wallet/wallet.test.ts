import {
  formatMoney,
  parseMoney,
  type Envelope,
  type Balance,
  type Page,
  type Transaction,
  type Turnover,
} from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnoverRequirement } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { bearer, createMember, logIn, type TestMember } from '../../test/factories.js';
import { accountCodes, type TransferRequest } from './ledger.service.js';
import { betRequest, depositRequest, ledgerCounts, nextKey } from './wallet-test-support.js';

let t: TestApp;
const db = () => t.handle.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const at = (iso: string) => t.clock.set(new Date(iso));

/** Moving the clock ends sessions (idle time): a fresh one at the current time. */
async function freshSession(who: TestMember): Promise<TestMember> {
  const token = await logIn(t, who.row.id);
  return { ...who, token, auth: bearer(token) };
}

function houseTo(
  code: string,
  amount: bigint,
  kind: TransferRequest['kind'],
  memo?: string,
): TransferRequest {
  return {
    idempotencyKey: nextKey(kind),
    kind,
    currency: 'REAL',
    legs: [
      { account: accountCodes.house, amount: -amount },
      { account: code, amount },
    ],
    memo: memo ?? null,
    actor: 'system:test',
  };
}

async function callValue<T>(options: Parameters<TestApp['call']>[0]) {
  return unwrap(await t.call<T>(options));
}

/** The envelope split for assertions: `value` on success, `issues` on failure. */
function unwrap<T>(response: { status: number; body: Envelope<T> }) {
  const { body } = response;
  return {
    status: response.status,
    body,
    value: body.success ? body.value : undefined,
    issues: body.success ? undefined : body.issues,
  };
}

async function get<T>(url: string, who?: TestMember) {
  return unwrap(await t.call<T>({ method: 'GET', url, headers: who ? who.auth : {} }));
}

describe('every wallet call', () => {
  it('answers 401 without a live session', async () => {
    for (const url of [
      '/wps/v2/wallets/balance',
      '/wps/wallet/transactions',
      '/wps/wallet/bonuses',
      '/wps/wallet/turnover',
    ]) {
      const anonymous = await get(url);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      const stale = await t.call({ method: 'GET', url, headers: { authorization: 'Bearer not-a-session' } });
      expect(stale.status).toBe(401);
    }
  });
});

describe('balance', () => {
  it('is main plus bonus as a decimal string; money held for a withdrawal is not in it', async () => {
    const who = await createMember(t);
    expect((await get<Balance>('/wps/v2/wallets/balance', who)).body).toEqual({
      success: true,
      value: { sumBalance: '0.00', demo: false },
    });
    await t.services.ledger.transferNow(depositRequest(who.row.id, 10_000n));
    await t.services.ledger.transferNow(houseTo(accountCodes.memberBonus(who.row.id), 505n, 'bonus'));
    await t.services.ledger.transferNow({
      idempotencyKey: nextKey('hold'),
      kind: 'withdrawal_hold',
      currency: 'REAL',
      legs: [
        { account: accountCodes.memberMain(who.row.id), amount: -1_000n },
        { account: accountCodes.memberHeld(who.row.id), amount: 1_000n },
      ],
      actor: 'system:test',
    });
    const response = await get<Balance>('/wps/v2/wallets/balance', who);
    expect(response.status).toBe(200);
    expect(response.value).toEqual({ sumBalance: '95.05', demo: false });
  });
});

describe('transactions', () => {
  let who: TestMember;
  beforeAll(async () => {
    who = await createMember(t);
    const main = accountCodes.memberMain(who.row.id);
    // Asia/Dhaka is UTC+6: 17:59:59Z is still the 20th there, 18:00Z is already the 21st.
    at('2026-11-20T17:59:59Z');
    await t.services.ledger.transferNow(depositRequest(who.row.id, 10_000n));
    at('2026-11-20T18:00:00Z');
    await t.services.ledger.transferNow(betRequest(who.row.id, 1_250n));
    at('2026-11-21T09:00:00Z');
    await t.services.ledger.transferNow(houseTo(main, 500n, 'bonus', 'welcome bonus'));
    at('2026-11-22T09:00:00Z');
    await t.services.ledger.transferNow(houseTo(main, 300n, 'win'));
    at('2026-11-22T10:00:00Z');
    who = await freshSession(who);
  });

  it('lists the main wallet newest first with signed amounts and the balance after each', async () => {
    const response = await get<Page<Transaction>>('/wps/wallet/transactions', who);
    expect(response.status).toBe(200);
    const page = response.value!;
    expect(page).toMatchObject({ pageNo: 1, pageSize: 20, totalCount: 4, totalPages: 1 });
    expect(page.list.map((row) => [row.type, row.amount, row.balanceAfter])).toEqual([
      ['win', '3.00', '95.50'],
      ['bonus', '5.00', '92.50'],
      ['bet', '-12.50', '87.50'],
      ['deposit', '100.00', '100.00'],
    ]);
    expect(page.list[1]).toMatchObject({ memo: 'welcome bonus', createdAt: '2026-11-21T09:00:00.000Z' });
    expect(page.list[3]).toMatchObject({ reference: 'D-TEST', memo: null });
    expect(new Set(page.list.map((row) => row.id)).size).toBe(4);
    for (const row of page.list) expect(row.id).not.toMatch(/^\d+$/);
  });

  it('filters by type and by days in the site time zone, inclusive', async () => {
    const byType = (await get<Page<Transaction>>('/wps/wallet/transactions?type=bet', who)).value!;
    expect(byType.list.map((row) => row.type)).toEqual(['bet']);
    const day20 = (
      await get<Page<Transaction>>('/wps/wallet/transactions?from=2026-11-20&to=2026-11-20', who)
    ).value!;
    expect(day20.list.map((row) => row.type)).toEqual(['deposit']);
    const day21 = (
      await get<Page<Transaction>>('/wps/wallet/transactions?from=2026-11-21&to=2026-11-21', who)
    ).value!;
    expect(day21.list.map((row) => row.type)).toEqual(['bonus', 'bet']);
    const since22 = (await get<Page<Transaction>>('/wps/wallet/transactions?from=2026-11-22', who)).value!;
    expect(since22.list.map((row) => row.type)).toEqual(['win']);
    const until20 = (await get<Page<Transaction>>('/wps/wallet/transactions?to=2026-11-20', who)).value!;
    expect(until20.totalCount).toBe(1);
  });

  it('pages', async () => {
    const second = (await get<Page<Transaction>>('/wps/wallet/transactions?pageNo=2&pageSize=3', who)).value!;
    expect(second).toMatchObject({ pageNo: 2, pageSize: 3, totalCount: 4, totalPages: 2 });
    expect(second.list.map((row) => row.type)).toEqual(['deposit']);
    const beyond = (await get<Page<Transaction>>('/wps/wallet/transactions?pageNo=9&pageSize=3', who)).value!;
    expect(beyond).toMatchObject({ list: [], totalCount: 4, totalPages: 2 });
  });

  it('shows only the member’s own money', async () => {
    const other = await createMember(t);
    const page = (await get<Page<Transaction>>('/wps/wallet/transactions', other)).value!;
    expect(page).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });
  });

  it.each([
    ['an unknown type', 'type=jackpot', 'type'],
    ['a date that does not exist', 'from=2026-02-30', 'from'],
    ['a date in another format', 'from=21-11-2026', 'from'],
    ['a date with a time', 'to=2026-11-21T00:00:00Z', 'to'],
    ['from after to', 'from=2026-11-22&to=2026-11-21', 'from'],
    ['page 0', 'pageNo=0', 'pageNo'],
    ['a page that is not a number', 'pageNo=two', 'pageNo'],
    ['a page size of 1000', 'pageSize=1000', 'pageSize'],
    ['a page size of 0', 'pageSize=0', 'pageSize'],
  ])('refuses %s with 400 and changes nothing', async (_name, query, path) => {
    const before = await ledgerCounts(db());
    const balanceBefore = await t.services.ledger.balanceOf(db(), accountCodes.memberMain(who.row.id));
    const response = await get(`/wps/wallet/transactions?${query}`, who);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(response.issues?.map((issue) => issue.path)).toContain(path);
    expect(await ledgerCounts(db())).toEqual(before);
    expect(await t.services.ledger.balanceOf(db(), accountCodes.memberMain(who.row.id))).toBe(balanceBefore);
  });
});

describe('a trial account', () => {
  it('sees its demo money, marked demo, and its demo transactions', async () => {
    const login = await callValue<{ token: string }>({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: '10.98.0.1',
    });
    expect(login.status).toBe(200);
    const auth = { authorization: `Bearer ${login.value!.token}` };
    const demoBalance = await t.services.settings.get('trial.demoBalance');
    const balance = await callValue<Balance>({
      method: 'GET',
      url: '/wps/v2/wallets/balance',
      headers: auth,
    });
    expect(balance.value).toEqual({ sumBalance: formatted(demoBalance), demo: true });
    const list = await callValue<Page<Transaction>>({
      method: 'GET',
      url: '/wps/wallet/transactions',
      headers: auth,
    });
    expect(list.value!.list).toEqual([
      expect.objectContaining({
        type: 'demo_grant',
        amount: formatted(demoBalance),
        balanceAfter: formatted(demoBalance),
      }),
    ]);
    const turnover = await callValue<Turnover>({ method: 'GET', url: '/wps/wallet/turnover', headers: auth });
    expect(turnover.value).toEqual({ required: '0.00', wagered: '0.00', remaining: '0.00' });
  });
});

const formatted = (text: string): string => formatMoney(parseMoney(text));

describe('bonuses', () => {
  it('lists bonus credits only, on main and bonus wallets, paged', async () => {
    const who = await createMember(t);
    await t.services.ledger.transferNow(depositRequest(who.row.id, 5_000n));
    await t.services.ledger.transferNow(
      houseTo(accountCodes.memberBonus(who.row.id), 700n, 'bonus', 'reload'),
    );
    await t.services.ledger.transferNow(
      houseTo(accountCodes.memberMain(who.row.id), 200n, 'bonus', 'rebate'),
    );
    const page = (await get<Page<Transaction>>('/wps/wallet/bonuses', who)).value!;
    expect(page).toMatchObject({ totalCount: 2, totalPages: 1 });
    expect(page.list.map((row) => [row.type, row.amount, row.memo])).toEqual([
      ['bonus', '2.00', 'rebate'],
      ['bonus', '7.00', 'reload'],
    ]);
    const small = (await get<Page<Transaction>>('/wps/wallet/bonuses?pageSize=1&pageNo=2', who)).value!;
    expect(small).toMatchObject({
      totalCount: 2,
      totalPages: 2,
      list: [expect.objectContaining({ memo: 'reload' })],
    });
    expect((await get('/wps/wallet/bonuses?pageSize=1000', who)).status).toBe(400);
    expect((await get('/wps/wallet/bonuses?pageNo=0', who)).status).toBe(400);
  });
});

describe('turnover', () => {
  it('is the sum of requirements against REAL bets since the first one, never below zero', async () => {
    let who = await createMember(t);
    const id = who.row.id;
    expect((await get<Turnover>('/wps/wallet/turnover', who)).value).toEqual({
      required: '0.00',
      wagered: '0.00',
      remaining: '0.00',
    });
    at('2026-11-23T08:00:00Z');
    await t.services.ledger.transferNow(depositRequest(id, 100_000n));
    // A bet before the first requirement does not count toward it.
    await t.services.ledger.transferNow(betRequest(id, 3_000n));
    at('2026-11-23T09:00:00Z');
    await db()
      .insert(turnoverRequirement)
      .values({ memberId: id, source: 'deposit', required: 10_000n, createdAt: t.clock.now() });
    at('2026-11-23T10:00:00Z');
    await t.services.ledger.transferNow(betRequest(id, 4_000n));
    who = await freshSession(who);
    expect((await get<Turnover>('/wps/wallet/turnover', who)).value).toEqual({
      required: '100.00',
      wagered: '40.00',
      remaining: '60.00',
    });
    expect(await t.services.turnover.remaining(db(), id)).toBe(6_000n);
    await db()
      .insert(turnoverRequirement)
      .values({ memberId: id, source: 'bonus', required: 5_000n, createdAt: t.clock.now() });
    await t.services.ledger.transferNow(betRequest(id, 20_000n));
    expect((await get<Turnover>('/wps/wallet/turnover', who)).value).toEqual({
      required: '150.00',
      wagered: '240.00',
      remaining: '0.00',
    });
    expect(await t.services.turnover.remaining(db(), id)).toBe(0n);
  });
});
