import { formatMoney, type BankAccount, type CreatedDeposit, type MemberBonuses } from '@platform/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerTransfer, member, rewardGrant, turnoverRequirement } from '../../db/schema.js';
import {
  createAdmin,
  createMember,
  fundWallet,
  type TestAdmin,
  type TestMember,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
// The harness's clock: 2026-11-21 08:00 UTC, 14:00 site time (UTC+6).
const TODAY = '2026-11-21';
const YESTERDAY = '2026-11-20';

let t: TestApp;
let bank: { id: string };
let cashier: TestAdmin;
let owner: TestAdmin;
beforeAll(async () => {
  t = await createTestApp();
  bank = await t.services.channels.add({
    kind: 'bank_transfer',
    name: 'Bank transfer',
    min: '100',
    max: '50000',
    bankName: 'Sonali Bank',
    accountName: 'Khela Payments Ltd',
    accountNumber: '0011223344',
  });
  cashier = await createAdmin(t, 'finance');
  owner = await createAdmin(t, 'owner');
});
afterAll(() => t.close());
beforeEach(async () => {
  const { settings } = t.services;
  await settings.set('cashier.depositTurnoverMultiple', 0);
  await settings.set('cashier.bonusTurnoverMultiple', 3);
  await settings.set('promotion.welcomeBonus', { enabled: true, percent: 100, upTo: '300.00' });
  await settings.set('promotion.firstDepositBonus', { enabled: true, minDeposit: '100.00' });
  await settings.set('promotion.reloadBonus', {
    enabled: true,
    percent: 10,
    upTo: '50.00',
    minDeposit: '200.00',
  });
  await settings.set('promotion.rebate', {
    enabled: true,
    basisPoints: 50,
    minValidBet: '100.00',
    upTo: '60.00',
    turnoverMultiple: 10,
  });
  await settings.set('promotion.bonusWithdrawRule', 'refuse');
});

const bonusBalance = async (memberId: bigint) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberBonus(memberId));
const grantsOf = (memberId: bigint) =>
  t.handle.db.select().from(rewardGrant).where(eq(rewardGrant.memberId, memberId)).orderBy(rewardGrant.id);
const grantCount = async () => (await t.handle.db.select({ n: count() }).from(rewardGrant))[0]?.n ?? 0;

let requests = 0;
const requestId = (): string => `rewards-test-${(requests += 1).toString().padStart(4, '0')}`;

async function createdDeposit(who: TestMember, amount: string): Promise<CreatedDeposit> {
  const answer = await t.call<CreatedDeposit>({
    method: 'POST',
    url: '/wps/cashier/deposits',
    headers: who.auth,
    payload: { requestId: requestId(), channelId: bank.id, amount },
  });
  if (!answer.body.success) throw new Error(`deposit failed: ${JSON.stringify(answer.body)}`);
  return answer.body.value;
}

/** A deposit the member asks for and the cashier confirms, over HTTP. */
async function deposit(who: TestMember, amount: string): Promise<string> {
  const created = await createdDeposit(who, amount);
  const confirmed = await t.call({
    method: 'POST',
    url: `/wps/admin/deposits/${created.deposit.id}/confirm`,
    headers: cashier.headers,
  });
  expect(confirmed.status).toBe(200);
  return created.deposit.id;
}
const payRebate = (day: unknown, headers: Record<string, string> = owner.headers) =>
  t.call<{ day: string; paid: number; total: string }>({
    method: 'POST',
    url: '/wps/admin/rewards/rebate',
    headers,
    payload: { day },
  });
const bet = (who: TestMember, day: string, validBet: bigint) =>
  t.services.turnoverAggregate.recordTurnover({
    memberId: who.row.id,
    category: 'SLOT',
    day,
    validBet,
    payout: 0n,
  });
const PAYMENT_PASSWORD = '482913';
/** A member who may withdraw: real name, payment password, a bound account and money on the main wallet. */
async function readyMember(money: string): Promise<{ who: TestMember; account: BankAccount }> {
  const who = await createMember(t, { payeeName: 'Rahim Uddin' });
  const hash = await t.services.passwords.hash(PAYMENT_PASSWORD);
  await t.handle.db.update(member).set({ paymentPasswordHash: hash }).where(eq(member.id, who.row.id));
  const bound = await t.call<BankAccount>({
    method: 'POST',
    url: '/wps/cashier/bank-accounts',
    headers: who.auth,
    payload: { bankName: 'Sonali Bank', accountName: 'Rahim Uddin', accountNumber: '1234567890' },
  });
  if (!bound.body.success) throw new Error(`bind failed: ${JSON.stringify(bound.body)}`);
  await fundWallet(t, who, money);
  return { who, account: bound.body.value };
}
const requestWithdrawal = (who: TestMember, body: { bankAccountId: string; amount: string }) =>
  t.call({
    method: 'POST',
    url: '/wps/cashier/withdrawals',
    headers: who.auth,
    payload: { paymentPassword: PAYMENT_PASSWORD, requestId: requestId(), ...body },
  });
const balances = async (who: TestMember) => ({
  main: formatMoney(await t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id))),
  held: formatMoney(await t.services.ledger.balanceOf(t.handle.db, accountCodes.memberHeld(who.row.id))),
});
const bonusesOf = (who: TestMember) =>
  t.call<MemberBonuses>({ method: 'GET', url: '/wps/bonuses', headers: who.auth });

describe('first-deposit and reload bonuses', () => {
  it('pays the welcome bonus on the first credited deposit, then one reload a day, each with its requirement', async () => {
    const who = await createMember(t);
    const first = await deposit(who, '500.00');
    // 100% of 500, capped at 300; requirement 3x.
    expect(await bonusBalance(who.row.id)).toBe(30_000n);
    await deposit(who, '1000.00');
    // 10% of 1,000 = 100, capped at 50.
    expect(await bonusBalance(who.row.id)).toBe(35_000n);
    await deposit(who, '1000.00');
    expect(await bonusBalance(who.row.id)).toBe(35_000n);
    const grants = await grantsOf(who.row.id);
    expect(
      grants.map((row) => [row.kind, row.period, row.amount, row.turnoverRequired, row.reference]),
    ).toEqual([
      ['first-deposit', 'once', 30_000n, 90_000n, first],
      ['reload', TODAY, 5_000n, 15_000n, expect.any(String)],
    ]);
    const required = await t.handle.db
      .select({ source: turnoverRequirement.source, required: turnoverRequirement.required })
      .from(turnoverRequirement)
      .where(eq(turnoverRequirement.memberId, who.row.id));
    expect(required).toEqual([
      { source: 'first-deposit', required: 90_000n },
      { source: 'reload', required: 15_000n },
    ]);
  });

  it('pays nothing for a first deposit under the minimum, and a later deposit is not a first one', async () => {
    await t.services.settings.set('promotion.firstDepositBonus', { enabled: true, minDeposit: '1000.00' });
    await t.services.settings.set('promotion.reloadBonus', {
      enabled: false,
      percent: 10,
      upTo: '50.00',
      minDeposit: '200.00',
    });
    const who = await createMember(t);
    await deposit(who, '500.00');
    await deposit(who, '2000.00');
    expect(await bonusBalance(who.row.id)).toBe(0n);
    expect(await grantsOf(who.row.id)).toEqual([]);
  });

  it('pays nothing while the welcome offer or its automatic payment is off, and a reload under its minimum earns nothing', async () => {
    await t.services.settings.set('promotion.welcomeBonus', { enabled: false, percent: 100, upTo: '300.00' });
    const who = await createMember(t);
    await deposit(who, '500.00');
    await deposit(who, '150.00');
    expect(await grantsOf(who.row.id)).toEqual([]);
    await t.services.settings.set('promotion.welcomeBonus', { enabled: true, percent: 100, upTo: '300.00' });
    await t.services.settings.set('promotion.firstDepositBonus', { enabled: false, minDeposit: '100.00' });
    const other = await createMember(t);
    await deposit(other, '500.00');
    expect(await grantsOf(other.row.id)).toEqual([]);
  });

  it('a repeated deposit event pays once', async () => {
    const who = await createMember(t);
    const reference = await deposit(who, '200.00');
    const event = { memberId: who.row.id, amount: 20_000n, reference, at: t.clock.now() };
    expect(await t.services.autoRewards.onDepositCredited(event)).toBeNull();
    expect(await bonusBalance(who.row.id)).toBe(20_000n);
    expect(await grantsOf(who.row.id)).toHaveLength(1);
  });
});

describe('daily rebate', () => {
  it('pays each member over the minimum once for a day, capped; a second run pays nobody', async () => {
    const [small, big, capped] = [await createMember(t), await createMember(t), await createMember(t)];
    const day = '2026-11-18';
    await bet(small, day, 5_000n); // 50.00: under the 100.00 minimum
    await bet(big, day, 500_000n); // 5,000.00: 0.5% = 25.00
    await bet(capped, day, 2_000_000n); // 20,000.00: 100.00, capped at 60.00
    const first = await payRebate(day);
    expect(first.body).toEqual({ success: true, value: { day, paid: 2, total: '85.00' } });
    expect(await bonusBalance(big.row.id)).toBe(2_500n);
    expect(await bonusBalance(capped.row.id)).toBe(6_000n);
    expect(await bonusBalance(small.row.id)).toBe(0n);
    const again = await payRebate(day);
    expect(again.body).toEqual({ success: true, value: { day, paid: 0, total: '0.00' } });
    expect(await bonusBalance(big.row.id)).toBe(2_500n);
    const [grant] = await grantsOf(big.row.id);
    expect(grant).toMatchObject({ kind: 'rebate', period: day, basis: 500_000n, turnoverRequired: 25_000n });
  });

  it('refuses bad input and the wrong callers, paying nothing', async () => {
    const who = await createMember(t);
    await bet(who, '2026-11-17', 500_000n);
    const before = await grantCount();
    for (const [day, field] of [
      ['yesterday', 'day'],
      ['2026-13-45', 'day'],
      [TODAY, 'day'],
      ['2026-11-17; drop', 'day'],
    ] as const) {
      const answer = await payRebate(day);
      expect(answer.status, day).toBe(400);
      expect(JSON.stringify(answer.body)).toContain(`"path":"${field}"`);
    }
    expect((await payRebate('2026-11-17', cashier.headers)).status).toBe(403);
    expect((await payRebate('2026-11-17', who.auth)).status).toBe(401);
    await t.services.settings.set('promotion.rebate', {
      enabled: false,
      basisPoints: 50,
      minValidBet: '100.00',
      upTo: '60.00',
      turnoverMultiple: 10,
    });
    expect((await payRebate('2026-11-17')).body).toMatchObject({ success: false, code: 'FEATURE_DISABLED' });
    expect(await grantCount()).toBe(before);
    expect(await bonusBalance(who.row.id)).toBe(0n);
  });

  it('the hourly job pays yesterday once', async () => {
    const who = await createMember(t);
    await bet(who, YESTERDAY, 1_000_000n);
    await t.services.autoRewards.payYesterdaysRebate();
    await t.services.autoRewards.payYesterdaysRebate();
    expect(await bonusBalance(who.row.id)).toBe(5_000n);
  });
});

describe('bonus details and the withdrawal rule', () => {
  it('refuses a visitor', async () => {
    expect((await t.call({ method: 'GET', url: '/wps/bonuses' })).status).toBe(401);
  });

  it('shows each bonus with its requirement and the valid bets made since', async () => {
    const who = await createMember(t);
    await deposit(who, '200.00'); // welcome bonus 200.00, requirement 600.00
    await bet(who, TODAY, 40_000n);
    const open = await bonusesOf(who);
    expect(open.body).toMatchObject({
      success: true,
      value: {
        withdrawRule: 'refuse',
        bonuses: [
          {
            kind: 'first-deposit',
            amount: '200.00',
            turnoverRequired: '600.00',
            wagered: '400.00',
            remaining: '200.00',
            status: 'open',
          },
        ],
      },
    });
    await bet(who, TODAY, 90_000n);
    expect((await bonusesOf(who)).body).toMatchObject({
      value: { bonuses: [{ wagered: '600.00', remaining: '0.00', status: 'met' }] },
    });
  });

  it("refuses a withdrawal while a bonus is open under the 'refuse' rule, holding nothing", async () => {
    const { who, account } = await readyMember('1000.00');
    await bet(who, YESTERDAY, 1_000_000n);
    await t.services.autoRewards.payRebate(YESTERDAY); // 50.00, requirement 500.00
    const answer = await requestWithdrawal(who, { bankAccountId: account.id, amount: '200.00' });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'BONUS_TURNOVER_OPEN', details: { remaining: '500.00' } });
    expect(await balances(who)).toEqual({ main: '1000.00', held: '0.00' });
    expect(await bonusBalance(who.row.id)).toBe(5_000n);
  });

  it("forfeits the open bonus under the 'forfeit' rule, once, and the withdrawal goes through", async () => {
    await t.services.settings.set('promotion.bonusWithdrawRule', 'forfeit');
    const { who, account } = await readyMember('1000.00');
    await bet(who, YESTERDAY, 1_000_000n);
    await t.services.autoRewards.payRebate(YESTERDAY);
    const answer = await requestWithdrawal(who, { bankAccountId: account.id, amount: '200.00' });
    expect(answer.status).toBe(200);
    expect(await balances(who)).toEqual({ main: '800.00', held: '200.00' });
    expect(await bonusBalance(who.row.id)).toBe(0n);
    expect((await bonusesOf(who)).body).toMatchObject({
      value: { withdrawRule: 'forfeit', bonuses: [{ kind: 'rebate', status: 'forfeited' }] },
    });
    const required = await t.services.turnover.status(t.handle.db, who.row.id);
    expect(required.remaining).toBe(0n);
    const second = await requestWithdrawal(who, { bankAccountId: account.id, amount: '100.00' });
    expect(second.status).toBe(200);
    const forfeits = await t.handle.db
      .select()
      .from(ledgerTransfer)
      .where(eq(ledgerTransfer.memo, 'bonus forfeited by a withdrawal'));
    expect(forfeits.filter((row) => row.actor === 'system:rewards')).toHaveLength(1);
  });
});

describe.skipIf(!onPostgres)('exactly once under concurrency (PostgreSQL)', () => {
  it('pays the welcome bonus once when the deposit event arrives many times at once', async () => {
    const who = await createMember(t);
    const reference = await deposit(who, '100.00');
    const event = { memberId: who.row.id, amount: 10_000n, reference, at: t.clock.now() };
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.services.autoRewards.onDepositCredited(event)),
    );
    expect(answers.filter((answer) => answer !== null)).toHaveLength(0);
    expect(await bonusBalance(who.row.id)).toBe(10_000n);
    expect(await grantsOf(who.row.id)).toHaveLength(1);
  });

  it('pays a reload once when deposits of one day are credited at once', async () => {
    const who = await createMember(t);
    await deposit(who, '100.00');
    const references = await Promise.all(Array.from({ length: 4 }, () => createdDeposit(who, '500.00')));
    await Promise.all(
      references.map((created) =>
        t.call({
          method: 'POST',
          url: `/wps/admin/deposits/${created.deposit.id}/confirm`,
          headers: cashier.headers,
        }),
      ),
    );
    expect((await grantsOf(who.row.id)).map((row) => row.kind)).toEqual(['first-deposit', 'reload']);
    expect(await bonusBalance(who.row.id)).toBe(10_000n + 5_000n);
  });

  it('pays a day of rebates once when the job and the operator run it at the same time', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(t)));
    const day = '2026-11-15';
    for (const who of members) await bet(who, day, 1_000_000n);
    const runs = await Promise.all(Array.from({ length: 4 }, () => payRebate(day)));
    const paid = runs.reduce((sum, run) => sum + (run.body.success ? run.body.value.paid : 0), 0);
    expect(paid).toBe(members.length);
    for (const who of members) expect(await bonusBalance(who.row.id)).toBe(5_000n);
  });
});
