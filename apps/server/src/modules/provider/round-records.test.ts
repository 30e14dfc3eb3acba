import { randomUUID } from 'node:crypto';
import {
  RECORDS_MAX_DAYS,
  RECORDS_TIME_ZONE,
  type BetRecord,
  type BetRecordDetail,
  type Page,
  type ProfitReport,
  type RoundDetail,
} from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, createMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes, SITE_TIME_ZONE } from '../wallet/index.js';
import {
  createSeamlessVendor,
  gameToken,
  moneyCall,
  providerHarness,
  VENDOR_CURRENCY,
  VENDOR_SECRET,
  type ProviderHarness,
} from './provider-test-support.js';

/**
 * The betting record, a round's detail and the personal profit and loss, as a member reads them
 * through HTTP after vendors played rounds through the wallet API. Days are the site's (UTC+6).
 */
describe('betting record and personal profit', () => {
  let t: TestApp;
  let p: ProviderHarness;
  let slots: string;
  let fish: string;
  let rahim: TestMember;
  let karim: TestMember;
  let trial: TestMember;

  const reels: RoundDetail = {
    kind: 'slot',
    reels: [
      ['mango', 'seven', 'leaf'],
      ['mango', 'seven', 'bell'],
      ['mango', 'seven', 'star'],
    ],
    lines: [{ line: 1, symbols: 'seven seven seven', pays: '30.00' }],
  };

  /** One round as a vendor plays it: a bet, then (unless left open) a win or a rollback closing it. */
  const play = async (
    who: TestMember,
    at: string,
    round: {
      vendor?: string;
      game?: string;
      bet: string;
      win?: string;
      end?: 'win' | 'rollback' | 'open';
      detail?: RoundDetail;
    },
  ): Promise<void> => {
    t.clock.set(new Date(at));
    const vendor = round.vendor ?? slots;
    const base = { round: `round-${randomUUID()}`, game_code: round.game ?? 'test-slot' };
    const bet = moneyCall(who.row.publicId, {
      ...base,
      amount: round.bet,
      token: await gameToken(t, p, who, vendor),
    });
    const placed = await p.call('bet', bet, { vendor });
    expect(placed.body.status).toBe('RS_OK');
    const end = round.end ?? 'win';
    if (end === 'open') return;
    const closing = moneyCall(who.row.publicId, {
      ...base,
      round_closed: true,
      reference_transaction_uuid: bet.transaction_uuid,
      amount: end === 'win' ? (round.win ?? '0.00') : round.bet,
      ...(round.detail ? { round_detail: round.detail } : {}),
    });
    const closed = await p.call(end, closing, { vendor });
    expect(closed.body.status).toBe('RS_OK');
  };

  const get = <T>(who: TestMember | null, url: string) =>
    t.call<T>({ method: 'GET', url, headers: who ? who.auth : {} });
  const records = async (who: TestMember, query: string) => {
    const answer = await get<Page<BetRecord>>(who, `/wps/records/bets?${query}`);
    if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
    return answer.body.value;
  };

  beforeAll(async () => {
    t = await createTestApp();
    p = await providerHarness(t);
    slots = await createSeamlessVendor(t, p);
    await t.services.gameCatalogue.importGames(
      [{ vassalage: slots, gameCode: 'test-slot', gameName: 'Mango Test' }],
      new Set([slots]),
    );
    fish = `FISHV${Date.now() % 100000}`;
    await t.services.game.addVendor({ vassalage: fish, category: 'FISH', title: 'Test fishing' });
    await p.module.provider.registerVendor({
      vendorCode: fish,
      currency: VENDOR_CURRENCY,
      signingSecret: VENDOR_SECRET,
      allowDemo: true,
      roundTimeoutSeconds: 3600,
      roundTimeoutRule: 'lost',
    });
    rahim = await createFundedMember(t, '500.00');
    karim = await createFundedMember(t, '500.00');
    trial = await createMember(t, { type: 4 });
    await t.services.ledger.transferNow({
      idempotencyKey: `test-demo:${trial.row.id}`,
      kind: 'demo_grant',
      currency: 'DEMO',
      legs: [
        { account: accountCodes.houseDemo, amount: -10_000n },
        { account: accountCodes.memberDemo(trial.row.id), amount: 10_000n },
      ],
      actor: 'system:test',
    });
    // The games were opened now; the clock then goes back to the days the rounds were played.
    for (const [who, vendor] of [
      [rahim, slots],
      [rahim, fish],
      [karim, slots],
      [trial, fish],
    ] as const) {
      await gameToken(t, p, who, vendor);
    }

    // 19 Nov, 10:00 in Dhaka: a lost spin.
    await play(rahim, '2026-11-19T04:00:00Z', { bet: '10.00', win: '0.00' });
    // 20 Nov, 23:30 in Dhaka (17:30 UTC): a winning spin with its reels.
    await play(rahim, '2026-11-20T17:30:00Z', { bet: '5.00', win: '35.00', detail: reels });
    // 21 Nov, 00:30 in Dhaka (20 Nov 18:30 UTC): a fishing round, a game the catalogue does not list.
    await play(rahim, '2026-11-20T18:30:00Z', { vendor: fish, game: 'deep-sea', bet: '2.00', win: '1.00' });
    // 21 Nov: a round rolled back (cancelled) and one still open.
    await play(rahim, '2026-11-21T03:00:00Z', { bet: '4.00', end: 'rollback' });
    await play(rahim, '2026-11-21T04:00:00Z', { bet: '3.00', end: 'open' });
    // Someone else's round on the same day.
    await play(karim, '2026-11-21T04:30:00Z', { bet: '7.00', win: '0.00', detail: reels });
    // A trial account's demo round.
    await play(trial, '2026-11-21T05:00:00Z', { vendor: fish, game: 'deep-sea', bet: '1.00', win: '2.00' });
    t.clock.set(new Date('2026-11-21T08:00:00Z'));
  });
  afterAll(async () => {
    await p.close();
    await t.close();
  });

  it('days are the wallet records’ days (one site time zone)', () => {
    expect(RECORDS_TIME_ZONE).toBe(SITE_TIME_ZONE);
  });

  it("lists the member's rounds newest first with game, vendor, category, money, status and times", async () => {
    const page = await records(rahim, 'from=2026-11-19&to=2026-11-21');
    expect(page).toMatchObject({ pageNo: 1, pageSize: 20, totalCount: 5, totalPages: 1 });
    expect(page.list.map((row) => [row.status, row.bet, row.win, row.refund, row.net])).toEqual([
      ['open', '3.00', '0.00', '0.00', '-3.00'],
      ['cancelled', '4.00', '0.00', '4.00', '0.00'],
      ['settled', '2.00', '1.00', '0.00', '-1.00'],
      ['settled', '5.00', '35.00', '0.00', '30.00'],
      ['settled', '10.00', '0.00', '0.00', '-10.00'],
    ]);
    const [open, , fishing, winner] = page.list as [BetRecord, BetRecord, BetRecord, BetRecord];
    expect(winner).toMatchObject({
      vendorCode: slots,
      vendorName: expect.stringContaining('Test slots'),
      gameCode: 'test-slot',
      gameName: 'Mango Test',
      category: 'RNG',
      openedAt: '2026-11-20T17:30:00.000Z',
      closedAt: '2026-11-20T17:30:00.000Z',
      demo: false,
      hasDetail: true,
    });
    // A game the catalogue does not list is named by its code.
    expect(fishing).toMatchObject({ vendorName: 'Test fishing', gameName: 'deep-sea', category: 'FISH' });
    expect(fishing.hasDetail).toBe(false);
    expect(open.closedAt).toBeNull();
    // Nobody else's round.
    expect(page.list.every((row) => row.vendorCode === slots || row.vendorCode === fish)).toBe(true);
    expect((await records(karim, 'from=2026-11-19&to=2026-11-21')).totalCount).toBe(1);
  });

  it('counts days in the site time zone: 00:30 in Dhaka is the next day', async () => {
    const twentieth = await records(rahim, 'from=2026-11-20&to=2026-11-20');
    expect(twentieth.list.map((row) => row.openedAt)).toEqual(['2026-11-20T17:30:00.000Z']);
    const twentyFirst = await records(rahim, 'from=2026-11-21&to=2026-11-21');
    expect(twentyFirst.list.map((row) => row.openedAt)).toEqual([
      '2026-11-21T04:00:00.000Z',
      '2026-11-21T03:00:00.000Z',
      '2026-11-20T18:30:00.000Z',
    ]);
  });

  it('filters by category and pages', async () => {
    const fishing = await records(rahim, 'from=2026-11-01&to=2026-11-30&category=FISH');
    expect(fishing.list.map((row) => row.category)).toEqual(['FISH']);
    const lottery = await records(rahim, 'from=2026-11-01&to=2026-11-30&category=LOTT');
    expect(lottery).toMatchObject({ list: [], totalCount: 0, totalPages: 0 });

    const first = await records(rahim, 'from=2026-11-01&to=2026-11-30&pageSize=2');
    const second = await records(rahim, 'from=2026-11-01&to=2026-11-30&pageSize=2&pageNo=2');
    const third = await records(rahim, 'from=2026-11-01&to=2026-11-30&pageSize=2&pageNo=3');
    expect(first).toMatchObject({ totalCount: 5, totalPages: 3 });
    const ids = [...first.list, ...second.list, ...third.list].map((row) => row.id);
    expect(new Set(ids).size).toBe(5);
    const past = await records(rahim, 'from=2026-11-01&to=2026-11-30&pageSize=2&pageNo=4');
    expect(past).toMatchObject({ list: [], pageNo: 4, totalPages: 3 });
  });

  it("shows a round's detail to its owner only", async () => {
    const [winner] = (await records(rahim, 'from=2026-11-20&to=2026-11-20')).list as [BetRecord];
    const mine = await get<BetRecordDetail>(rahim, `/wps/records/bets/${winner.id}`);
    expect(mine.status).toBe(200);
    if (!mine.body.success) throw new Error('no detail');
    expect(mine.body.value).toMatchObject({ ...winner, detail: reels });

    const [noDetail] = (await records(rahim, 'from=2026-11-19&to=2026-11-19')).list as [BetRecord];
    const plain = await get<BetRecordDetail>(rahim, `/wps/records/bets/${noDetail.id}`);
    expect(plain.body).toMatchObject({ success: true, value: { detail: null } });

    // Another member's round and a round that does not exist answer the same.
    for (const url of [
      `/wps/records/bets/${winner.id}`,
      '/wps/records/bets/999999999',
      '/wps/records/bets/9999999999999999999',
    ]) {
      const answer = await get(karim, url);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('totals the closed rounds by day and by category, summed in the database', async () => {
    const answer = await get<ProfitReport>(rahim, '/wps/records/profit?from=2026-11-19&to=2026-11-21');
    if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
    const report = answer.body.value;
    expect(report).toMatchObject({ from: '2026-11-19', to: '2026-11-21', demo: false });
    // The open round (3.00) is left out until it closes.
    expect(report.total).toEqual({
      rounds: 4,
      bet: '21.00',
      win: '36.00',
      refund: '4.00',
      // the cancelled round's 4.00 came back: not a valid bet
      validBet: '17.00',
      net: '19.00',
    });
    expect(report.days).toEqual([
      {
        day: '2026-11-19',
        rounds: 1,
        bet: '10.00',
        win: '0.00',
        refund: '0.00',
        validBet: '10.00',
        net: '-10.00',
      },
      {
        day: '2026-11-20',
        rounds: 1,
        bet: '5.00',
        win: '35.00',
        refund: '0.00',
        validBet: '5.00',
        net: '30.00',
      },
      {
        day: '2026-11-21',
        rounds: 2,
        bet: '6.00',
        win: '1.00',
        refund: '4.00',
        validBet: '2.00',
        net: '-1.00',
      },
    ]);
    expect(report.categories).toEqual([
      {
        category: 'FISH',
        rounds: 1,
        bet: '2.00',
        win: '1.00',
        refund: '0.00',
        validBet: '2.00',
        net: '-1.00',
      },
      {
        category: 'RNG',
        rounds: 3,
        bet: '19.00',
        win: '35.00',
        refund: '4.00',
        validBet: '15.00',
        net: '20.00',
      },
    ]);

    const empty = await get<ProfitReport>(rahim, '/wps/records/profit?from=2026-10-01&to=2026-10-31');
    expect(empty.body).toMatchObject({
      success: true,
      value: { days: [], categories: [], total: { rounds: 0, net: '0.00' } },
    });
  });

  it("marks a trial account's rounds as demo", async () => {
    const page = await records(trial, 'from=2026-11-21&to=2026-11-21');
    expect(page.list).toMatchObject([{ demo: true, bet: '1.00', win: '2.00', net: '1.00' }]);
    const profit = await get<ProfitReport>(trial, '/wps/records/profit?from=2026-11-21&to=2026-11-21');
    expect(profit.body).toMatchObject({ success: true, value: { demo: true, total: { net: '1.00' } } });
  });

  it('refuses every bad input with a clear error and changes nothing', async () => {
    const bad = [
      '/wps/records/bets',
      '/wps/records/bets?from=2026-11-01',
      '/wps/records/bets?from=2026-13-01&to=2026-11-02',
      '/wps/records/bets?from=2026-11-31&to=2026-12-01',
      '/wps/records/bets?from=yesterday&to=today',
      '/wps/records/bets?from=2026-11-10&to=2026-11-09',
      `/wps/records/bets?from=2026-01-01&to=2026-12-31`,
      '/wps/records/bets?from=2026-11-01&to=2026-11-02&category=CASINO',
      '/wps/records/bets?from=2026-11-01&to=2026-11-02&pageNo=0',
      '/wps/records/bets?from=2026-11-01&to=2026-11-02&pageNo=x',
      '/wps/records/bets?from=2026-11-01&to=2026-11-02&pageSize=101',
      '/wps/records/bets/0',
      '/wps/records/bets/abc',
      '/wps/records/bets/-1',
      '/wps/records/profit?from=2026-11-02&to=2026-11-01',
      '/wps/records/profit?to=2026-11-01',
      '/wps/records/profit?from=2026-08-01&to=2026-11-01',
    ];
    const before = await databaseDigest(t);
    for (const url of bad) {
      const answer = await get(rahim, url);
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    }
    // The longest range (31 Aug to 30 Nov: 92 days) is accepted, one day more is not.
    expect(RECORDS_MAX_DAYS).toBe(92);
    const longest = await get(rahim, `/wps/records/profit?from=2026-08-31&to=2026-11-30`);
    expect(longest.status).toBe(200);
    const tooLong = await get(rahim, `/wps/records/profit?from=2026-08-30&to=2026-11-30`);
    expect(tooLong.status).toBe(400);
    // Without a session: no records.
    for (const url of ['/wps/records/bets?from=2026-11-01&to=2026-11-02', '/wps/records/bets/1']) {
      expect((await get(null, url)).status).toBe(401);
    }
    expect(await databaseDigest(t)).toBe(before);
  });
});
