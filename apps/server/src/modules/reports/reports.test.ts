import { randomUUID } from 'node:crypto';
import { formatMoney, type Dashboard } from '@platform/contract';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  createAdmin,
  createFundedMember,
  createMember,
  creditDeposit,
  placeLotterySlip,
  type TestAdmin,
  type TestMember,
} from '../../test/factories.js';
import { accountCodes } from '../wallet/index.js';

const DAY = '2026-11-21';
const YESTERDAY = '2026-11-20';
const VENDOR = 'RPTLIVE';

describe('the dashboard', () => {
  let t: TestApp;
  let finance: TestAdmin;

  beforeAll(async () => {
    t = await createTestApp();
    finance = await createAdmin(t, 'finance');
    await t.handle.db.execute(
      sql`INSERT INTO game_vendor (vassalage, category, title) VALUES (${VENDOR}, 'LIVE', 'Report Live')`,
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const rows = async <T>(query: SQL) => (await t.handle.db.execute(query)) as unknown as { rows: T[] };
  const dashboard = (query: string, headers: Record<string, string> = finance.headers) =>
    t.call<Dashboard>({ method: 'GET', url: `/wps/admin/dashboard?${query}`, headers });
  /** Staff sessions live by the clock: a test that moves it logs in again. */
  const freshFinance = async () => {
    finance = await createAdmin(t, 'finance');
  };
  const rollUp = () => t.services.reports.rollUp(new Date(t.clock.now().getTime() + 5 * 60_000));

  /** A live-casino vendor's bet and win, moved through the ledger as the vendor's calls move them. */
  const vendorRound = async (who: TestMember, stake: bigint, win: bigint) => {
    const id = randomUUID();
    await t.services.ledger.transferNow({
      idempotencyKey: `provider:${VENDOR}:${id}:bet`,
      kind: 'bet',
      currency: 'REAL',
      legs: [
        { account: accountCodes.memberMain(who.row.id), amount: -stake },
        { account: `vendor:${VENDOR}`, amount: stake },
      ],
      actor: 'test',
    });
    if (win > 0n) {
      await t.services.ledger.transferNow({
        idempotencyKey: `provider:${VENDOR}:${id}:win`,
        kind: 'win',
        currency: 'REAL',
        legs: [
          { account: `vendor:${VENDOR}`, amount: -win },
          { account: accountCodes.memberMain(who.row.id), amount: win },
        ],
        actor: 'test',
      });
    }
  };

  const dice = async (who: TestMember, stake: string) => {
    const answer = await t.call({
      method: 'POST',
      url: '/wps/inhouse/dice/bet',
      headers: who.auth,
      payload: { bet: stake, target: '50.00', direction: 'under', requestId: `dice-${randomUUID()}` },
    });
    expect(answer.status).toBe(200);
  };

  const bonus = async (who: TestMember, amount: bigint) =>
    t.services.ledger.transferNow({
      idempotencyKey: `test-bonus:${randomUUID()}`,
      kind: 'bonus',
      currency: 'REAL',
      legs: [
        { account: accountCodes.house, amount: -amount },
        { account: accountCodes.memberBonus(who.row.id), amount },
      ],
      actor: 'test',
    });

  const commission = async (agent: TestMember, amount: bigint) =>
    t.services.ledger.transferNow({
      idempotencyKey: `test-commission:${randomUUID()}`,
      kind: 'agent_commission',
      currency: 'REAL',
      legs: [
        { account: accountCodes.agentCommission, amount: -amount },
        { account: accountCodes.memberMain(agent.row.id), amount },
      ],
      actor: 'test',
    });

  /** A withdrawal's hold and its payout, as the cashier moves them. */
  const withdrawal = async (who: TestMember, amount: bigint) => {
    const id = randomUUID();
    await t.services.ledger.transferNow({
      idempotencyKey: `withdrawal:${who.row.id}:${id}`,
      kind: 'withdrawal_hold',
      currency: 'REAL',
      legs: [
        { account: accountCodes.memberMain(who.row.id), amount: -amount },
        { account: accountCodes.memberHeld(who.row.id), amount },
      ],
      actor: 'test',
    });
    await t.services.ledger.transferNow({
      idempotencyKey: `withdrawal-payout:${id}`,
      kind: 'withdrawal_payout',
      currency: 'REAL',
      legs: [
        { account: accountCodes.memberHeld(who.row.id), amount: -amount },
        { account: accountCodes.paidOut, amount },
      ],
      actor: 'test',
    });
  };

  /** One site day of business: members, deposits, play in three categories, bonuses, commissions. */
  const playDay = async (scale: number) => {
    const people: TestMember[] = [];
    for (let index = 0; index < 2 + scale; index += 1) people.push(await createMember(t));
    await createMember(t, { type: 4 }); // a trial account: not a registration
    for (const [index, who] of people.entries()) {
      await creditDeposit(t, who, `${100 + index * 10}.00`, `dep-${randomUUID()}`);
    }
    // A second deposit of the first member: a deposit, not a first deposit.
    await creditDeposit(t, people[0] as TestMember, '50.00', `dep-${randomUUID()}`);
    const veteran = await createFundedMember(t, '500.00');
    await vendorRound(veteran, 2_000n * BigInt(scale), 500n);
    await vendorRound(people[0] as TestMember, 1_000n, 0n);
    await dice(people[1] as TestMember, '2.00');
    await dice(people[1] as TestMember, '3.00');
    await t.services.lotteryEngine.tick();
    const slip = await placeLotterySlip(t, people[0] as TestMember, 'SSC-1', [
      { betType: 'size', selection: ['sum', 'big'], stake: '2.00' },
    ]);
    if (slip.status !== 200) throw new Error(JSON.stringify(slip.body));
    await bonus(veteran, 750n * BigInt(scale));
    await commission(veteran, 330n);
    await withdrawal(people[0] as TestMember, 4_000n);
  };

  /** The day's figures summed straight from the ledger, the rounds, the lottery bets and the members. */
  const expected = async (day: string) => {
    const onDay = (column: SQL) => sql`(${column} AT TIME ZONE 'Asia/Dhaka')::date = ${day}::date`;
    const [money] = (
      await rows<Record<string, string>>(sql`
        SELECT count(DISTINCT t.id) FILTER (WHERE t.kind = 'deposit')::text AS deposits,
               coalesce(sum(e.amount) FILTER (WHERE t.kind = 'deposit' AND a.member_id IS NOT NULL), 0)::text AS deposit_amount,
               count(DISTINCT t.id) FILTER (WHERE t.kind = 'withdrawal_payout')::text AS withdrawals,
               coalesce(sum(e.amount) FILTER (WHERE t.kind = 'withdrawal_payout' AND a.code = 'cashier:paid-out'), 0)::text AS withdrawal_amount,
               coalesce(-sum(e.amount) FILTER (WHERE t.kind = 'bonus' AND a.code = 'house'), 0)::text AS bonuses,
               coalesce(-sum(e.amount) FILTER (WHERE a.code = 'house:agent-commission'), 0)::text AS commissions,
               coalesce(sum(e.amount) FILTER (WHERE t.kind = 'bet' AND a.code = ${`vendor:${VENDOR}`}), 0)::text AS live_stakes,
               coalesce(-sum(e.amount) FILTER (WHERE t.kind = 'win' AND a.code = ${`vendor:${VENDOR}`}), 0)::text AS live_wins,
               count(DISTINCT t.id) FILTER (WHERE t.kind = 'bet' AND a.code = ${`vendor:${VENDOR}`})::text AS live_bets
          FROM ledger_transfer t
          JOIN ledger_entry e ON e.transfer_id = t.id
          JOIN ledger_account a ON a.id = e.account_id
         WHERE t.currency = 'REAL' AND ${onDay(sql`t.created_at`)}`)
    ).rows;
    const [inhouse] = (
      await rows<Record<string, string>>(sql`
        SELECT count(*)::text AS bets, coalesce(sum(bet_total - refund_total), 0)::text AS stakes,
               coalesce(sum(win_total), 0)::text AS wins
          FROM provider_round WHERE vendor_code = 'INHOUSE' AND ledger_currency = 'REAL' AND ${onDay(sql`opened_at`)}`)
    ).rows;
    const [lottery] = (
      await rows<Record<string, string>>(sql`
        SELECT (SELECT count(DISTINCT request_id) FROM lottery_bet WHERE ${onDay(sql`created_at`)})::text AS slips,
               ((SELECT coalesce(sum(amount), 0) FROM lottery_bet WHERE ${onDay(sql`created_at`)})
                - (SELECT coalesce(sum(win), 0) FROM lottery_bet
                    WHERE status IN ('tie', 'cancelled', 'refunded') AND ${onDay(sql`settled_at`)}))::text AS stakes,
               (SELECT coalesce(sum(win), 0) FROM lottery_bet
                 WHERE status = 'win' AND ${onDay(sql`settled_at`)})::text AS wins`)
    ).rows;
    const [people] = (
      await rows<Record<string, string>>(sql`
        SELECT (SELECT count(*) FROM member WHERE type <> 4 AND ${onDay(sql`created_at`)})::text AS registrations,
               (SELECT count(DISTINCT member_id) FROM deposit WHERE status = 'credited' AND ${onDay(sql`decided_at`)})::text AS depositors,
               (SELECT count(*) FROM (SELECT member_id, min(decided_at) AS first FROM deposit WHERE status = 'credited'
                  GROUP BY member_id) f WHERE ${onDay(sql`f.first`)})::text AS first_deposits,
               (SELECT count(*) FROM (
                  SELECT member_id FROM provider_round WHERE ledger_currency = 'REAL' AND ${onDay(sql`opened_at`)}
                  UNION SELECT member_id FROM lottery_bet WHERE ${onDay(sql`created_at`)}
                  UNION SELECT a.member_id FROM ledger_transfer t JOIN ledger_entry e ON e.transfer_id = t.id
                          JOIN ledger_account a ON a.id = e.account_id
                         WHERE t.kind = 'bet' AND a.member_id IS NOT NULL AND ${onDay(sql`t.created_at`)}) p)::text AS active`)
    ).rows;
    if (!money || !inhouse || !lottery || !people) throw new Error('no sums');
    const n = (text: string | undefined) => BigInt(text ?? '0');
    const stakes = n(money.live_stakes) + n(inhouse.stakes) + n(lottery.stakes);
    const wins = n(money.live_wins) + n(inhouse.wins) + n(lottery.wins);
    const ggr = stakes - wins;
    return {
      registrations: Number(people.registrations),
      depositors: Number(people.depositors),
      firstDeposits: Number(people.first_deposits),
      activePlayers: Number(people.active),
      deposits: { count: Number(money.deposits), amount: formatMoney(n(money.deposit_amount)) },
      withdrawals: { count: Number(money.withdrawals), amount: formatMoney(n(money.withdrawal_amount)) },
      netDeposits: formatMoney(n(money.deposit_amount) - n(money.withdrawal_amount)),
      bets: Number(money.live_bets) + Number(inhouse.bets) + Number(lottery.slips),
      stakes: formatMoney(stakes),
      wins: formatMoney(wins),
      ggr: formatMoney(ggr),
      bonuses: formatMoney(n(money.bonuses)),
      commissions: formatMoney(n(money.commissions)),
      ngr: formatMoney(ggr - n(money.bonuses) - n(money.commissions)),
      live: { stakes: formatMoney(n(money.live_stakes)), wins: formatMoney(n(money.live_wins)) },
      inhouse: { stakes: formatMoney(n(inhouse.stakes)), wins: formatMoney(n(inhouse.wins)) },
      lottery: { stakes: formatMoney(n(lottery.stakes)), wins: formatMoney(n(lottery.wins)) },
    };
  };

  const figuresMatch = (figures: Dashboard['current'], sums: Awaited<ReturnType<typeof expected>>) => {
    expect(figures).toMatchObject({
      registrations: sums.registrations,
      depositors: sums.depositors,
      activePlayers: sums.activePlayers,
      deposits: sums.deposits,
      withdrawals: sums.withdrawals,
      netDeposits: sums.netDeposits,
      bets: sums.bets,
      stakes: sums.stakes,
      wins: sums.wins,
      ggr: sums.ggr,
      bonuses: sums.bonuses,
      commissions: sums.commissions,
      ngr: sums.ngr,
    });
    expect(figures.firstDeposits.count).toBe(sums.firstDeposits);
  };

  it("answers a day's figures equal to the ledger's, the rounds' and the members' sums, beside the day before", async () => {
    t.clock.set(new Date(`${YESTERDAY}T05:00:00Z`));
    await playDay(1);
    t.clock.set(new Date(`${DAY}T05:00:00Z`));
    await playDay(2);
    t.clock.advance(60_000);
    await freshFinance();

    // Nothing is counted before the rollup runs; the job counts each movement once however often it runs.
    const before = await dashboard(`from=${DAY}&to=${DAY}`);
    expect(before.status).toBe(200);
    expect(before.body.success && before.body.value.current.deposits.count).toBe(0);
    // Two servers' jobs at once: each page is taken by one of them (the cursor's row lock).
    const [one, two] = await Promise.all([rollUp(), rollUp()]);
    expect(one.transfers + two.transfers).toBeGreaterThan(0);
    expect(await rollUp()).toEqual({ transfers: 0, members: 0 });

    const { status, body } = await dashboard(`from=${DAY}&to=${DAY}`);
    expect(status).toBe(200);
    if (!body.success) throw new Error(JSON.stringify(body));
    const today = await expected(DAY);
    const yesterday = await expected(YESTERDAY);
    expect(body.value).toMatchObject({ from: DAY, to: DAY, previousFrom: YESTERDAY, previousTo: YESTERDAY });
    figuresMatch(body.value.current, today);
    figuresMatch(body.value.previous, yesterday);
    expect(today.deposits.count).toBe(5);
    expect(today.firstDeposits).toBe(4);
    expect(today.registrations).toBe(5);
    expect(yesterday.registrations).toBe(4);
    const category = (name: string) => body.value.categories.find((entry) => entry.category === name);
    expect(category('LIVE')?.current).toMatchObject(today.live);
    expect(category('INHOUSE')?.current).toMatchObject(today.inhouse);
    expect(category('LOTTERY')?.current).toMatchObject(today.lottery);
    expect(category('LIVE')?.previous).toMatchObject(yesterday.live);
    expect(body.value.series).toHaveLength(1);
    expect(body.value.series[0]).toMatchObject({
      day: DAY,
      stakes: today.stakes,
      activePlayers: today.activePlayers,
    });

    // Two days: distinct members over both, and per day in the series.
    const both = await dashboard(`from=${YESTERDAY}&to=${DAY}`);
    if (!both.body.success) throw new Error(JSON.stringify(both.body));
    expect(both.body.value.previousFrom).toBe('2026-11-18');
    expect(both.body.value.series.map((entry) => entry.day)).toEqual([YESTERDAY, DAY]);
    expect(both.body.value.series[0]).toMatchObject({
      activePlayers: yesterday.activePlayers,
      ggr: yesterday.ggr,
    });
    expect(both.body.value.current.deposits.count).toBe(today.deposits.count + yesterday.deposits.count);
    expect(both.body.value.current.activePlayers).toBe(today.activePlayers + yesterday.activePlayers);
  });

  it('counts a member active on several days once over the range, a day folded late included', async () => {
    const who = await createFundedMember(t, '100.00');
    t.clock.set(new Date('2026-12-01T05:00:00Z'));
    await vendorRound(who, 100n, 0n);
    t.clock.set(new Date('2026-12-03T05:00:00Z'));
    await vendorRound(who, 100n, 0n);
    t.clock.set(new Date('2026-12-03T06:00:00Z'));
    await rollUp();
    // A movement of the 2nd folded after the 3rd's: the 3rd's previous day becomes the 2nd.
    t.clock.set(new Date('2026-12-02T05:00:00Z'));
    await vendorRound(who, 100n, 0n);
    t.clock.set(new Date('2026-12-03T06:00:00Z'));
    expect((await rollUp()).transfers).toBe(1);
    await freshFinance();
    const activeIn = async (from: string, to: string) => {
      const answer = await dashboard(`from=${from}&to=${to}`);
      if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
      return answer.body.value;
    };
    const all = await activeIn('2026-12-01', '2026-12-03');
    expect(all.current.activePlayers).toBe(1);
    expect(all.series.map((entry) => entry.activePlayers)).toEqual([1, 1, 1]);
    expect((await activeIn('2026-12-02', '2026-12-03')).current.activePlayers).toBe(1);
    expect((await activeIn('2026-12-03', '2026-12-03')).current.activePlayers).toBe(1);
    expect((await activeIn('2026-12-02', '2026-12-02')).previous.activePlayers).toBe(1);
  });

  it('refuses bad ranges with a clear 400 and changes nothing', async () => {
    const snapshot = async () =>
      (
        await rows<{ days: string; cursors: string }>(sql`
          SELECT (SELECT count(*) FROM report_day)::text AS days,
                 (SELECT string_agg(source || ':' || cursor_id, ',' ORDER BY source) FROM report_feed) AS cursors`)
      ).rows[0];
    const before = await snapshot();
    for (const [query, path] of [
      [`from=${DAY}&to=${YESTERDAY}`, 'to'],
      ['from=2026-13-01&to=2026-13-02', 'from'],
      ['from=yesterday&to=today', 'from'],
      [`from=${DAY}`, 'to'],
      [`to=${DAY}`, 'from'],
      ['from=2025-01-01&to=2026-01-02', 'to'],
    ] as const) {
      const { status, body } = await dashboard(query);
      expect(status, query).toBe(400);
      expect(body.success).toBe(false);
      if (body.success) continue;
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(body), query).toContain(path);
    }
    const longest = await dashboard('from=2025-01-01&to=2026-01-01');
    expect(longest.status).toBe(200);
    // Neither day: today, by the site's day of the clock.
    const today = await dashboard('');
    expect(today.status).toBe(200);
    expect(today.body.success && [today.body.value.from, today.body.value.to]).toEqual([
      '2026-12-03',
      '2026-12-03',
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('is for owner, finance and analyst staff: a visitor gets 401, support 403', async () => {
    expect((await dashboard(`from=${DAY}&to=${DAY}`, {})).status).toBe(401);
    const support = await createAdmin(t, 'support');
    expect((await dashboard(`from=${DAY}&to=${DAY}`, support.headers)).status).toBe(403);
    const analyst = await createAdmin(t, 'analyst');
    expect((await dashboard(`from=${DAY}&to=${DAY}`, analyst.headers)).status).toBe(200);
  });
});
