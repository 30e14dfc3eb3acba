import type { EventEmitter } from 'node:events';
import { parseMoney, type Envelope } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { maskUsername } from '../../lib/mask.js';
import { accountCodes } from '../wallet/index.js';
import { referralRewardOf } from './referral.service.js';

interface Friends {
  list: { username: string; firstDeposit: string | null; reward: string | null }[];
  totalCount: number;
  rateBp: number;
  max: string;
  totalReward: string;
}

async function setup(t: TestApp) {
  return (
    await t.services.channels.add({
      kind: 'gateway',
      name: 'Sandbox',
      min: '10',
      max: '20000',
      provider: 'sandbox',
    })
  ).id;
}
let deposits = 0;
/** A credited deposit as the cashier leaves it (the referral reward reads only the row). */
async function credited(t: TestApp, channelId: string, who: TestMember, minor: bigint, minutesAgo = 0) {
  deposits += 1;
  await t.handle.db.execute(
    sql`INSERT INTO deposit (public_id, member_id, channel_id, amount, status, reference, created_at, decided_at, expires_at)
        VALUES (${`dep_ref${who.row.id}_${deposits}`}, ${who.row.id.toString()}::bigint, ${channelId}, ${minor.toString()}::bigint,
                'credited', 'ref', now() - ${`${minutesAgo} minutes`}::interval,
                now() - ${`${minutesAgo} minutes`}::interval, now())`,
  );
}
const balanceOf = (t: TestApp, who: TestMember) =>
  t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(who.row.id));
const rewardTransfers = async (t: TestApp, friend: TestMember) =>
  (
    (await t.handle.db.execute(
      sql`SELECT count(*)::int AS n FROM ledger_transfer WHERE idempotency_key = ${`referral-reward:${friend.row.id}`}`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]?.n;

describe('the referral reward', () => {
  let t: TestApp;
  let channelId: string;
  beforeAll(async () => {
    t = await createTestApp();
    channelId = await setup(t);
    await t.services.settings.set('referral.reward', { rateBp: 500, max: '100.00' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is a share of the first deposit, floored and capped', () => {
    expect(referralRewardOf(12_345n, 500, 10_000n)).toBe(617n);
    expect(referralRewardOf(1_000_000n, 500, 10_000n)).toBe(10_000n);
    expect(referralRewardOf(100n, 0, 10_000n)).toBe(0n);
  });

  it('pays the inviting member once for a friend’s first deposit, and lists the friends with it', async () => {
    const inviter = await createMember(t);
    const friend = await createMember(t, { referredById: inviter.row.id });
    const waiting = await createMember(t, { referredById: inviter.row.id });
    await credited(t, channelId, friend, parseMoney('400.00'), 10);
    await credited(t, channelId, friend, parseMoney('9000.00'), 1);
    await t.services.referrals.payDue();
    await t.services.referrals.payDue();
    expect(await balanceOf(t, inviter)).toBe(parseMoney('20.00'));
    expect(await rewardTransfers(t, friend)).toBe(1);
    const answer = await t.call<Friends>({
      method: 'GET',
      url: '/wps/member/referral/friends',
      headers: inviter.auth,
    });
    const value = (answer.body as Envelope<Friends> & { value: Friends }).value;
    expect(value).toMatchObject({ totalCount: 2, rateBp: 500, max: '100.00', totalReward: '20.00' });
    expect(value.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          username: maskUsername(friend.row.username),
          firstDeposit: '400.00',
          reward: '20.00',
        }),
        expect.objectContaining({
          username: maskUsername(waiting.row.username),
          firstDeposit: null,
          reward: null,
        }),
      ]),
    );
    // The friends' full usernames never reach the inviter.
    for (const who of [friend, waiting]) expect(JSON.stringify(answer.body)).not.toContain(who.row.username);
    expect(value.list.map((row) => row.username)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^.{2}\*\*\*.$/)]),
    );
    expect((await t.call({ method: 'GET', url: '/wps/member/referral/friends' })).status).toBe(401);
    const bad = await t.call({
      method: 'GET',
      url: '/wps/member/referral/friends?pageSize=0',
      headers: inviter.auth,
    });
    expect(bad.status).toBe(400);
  });

  it('pays nothing while the operator has it off', async () => {
    await t.services.settings.set('referral.reward', { rateBp: 0, max: '100.00' });
    try {
      const inviter = await createMember(t);
      const friend = await createMember(t, { referredById: inviter.row.id });
      await credited(t, channelId, friend, parseMoney('400.00'));
      expect(await t.services.referrals.payDue()).toBe(0);
      expect(await balanceOf(t, inviter)).toBe(0n);
    } finally {
      await t.services.settings.set('referral.reward', { rateBp: 500, max: '100.00' });
    }
  });
});

/** Real concurrency needs real connections: PGlite has one, so this runs on PostgreSQL only. */
describe.skipIf(!process.env.DATABASE_URL)('the referral reward under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let channelId: string;
  beforeAll(async () => {
    t = await createTestApp();
    channelId = await setup(t);
    await t.services.settings.set('referral.reward', { rateBp: 1000, max: '100.00' });
  });
  afterAll(async () => {
    const pool = (t.handle.db as unknown as { $client: EventEmitter }).$client;
    pool.on('error', () => undefined);
    await t.close();
  });

  it('eight workers at once pay each friend once', async () => {
    const inviter = await createMember(t);
    const friends = await Promise.all(
      Array.from({ length: 5 }, () => createMember(t, { referredById: inviter.row.id })),
    );
    for (const friend of friends) await credited(t, channelId, friend, parseMoney('200.00'));
    await Promise.all(Array.from({ length: 8 }, () => t.services.referrals.payDue()));
    expect(await balanceOf(t, inviter)).toBe(parseMoney('100.00'));
    for (const friend of friends) expect(await rewardTransfers(t, friend)).toBe(1);
  });
});
