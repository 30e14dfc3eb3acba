import {
  INHOUSE_VENDOR,
  type BetRecord,
  type Envelope,
  type InhouseInfo,
  type LaunchGame,
  type Page,
} from '@platform/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, createMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { providerSignature } from '../provider/index.js';
import { accountCodes } from '../wallet/index.js';

/**
 * The in-house games' foundation: INHOUSE exists on every database (migration 0018), its games are in the
 * RNG lobby, and its money moves only through the seamless wallet in process, never over HTTP.
 */
/** The value of a successful answer; a failure fails the test with what the server said. */
function valueOf<T>(answer: { body: Envelope<T> }): T {
  if (!answer.body.success) throw new Error(JSON.stringify(answer.body));
  return answer.body.value;
}

describe('in-house games: vendor, wallet and info', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const balance = (memberId: bigint) =>
    t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(memberId));

  it('lists the three games as playable, with free play as the whitelabel switch says', async () => {
    const info = await t.call<InhouseInfo>({ method: 'GET', url: '/wps/inhouse/info' });
    expect(info.status).toBe(200);
    expect(valueOf(info).games.map((game) => [game.gameCode, game.nodeId, game.enabled])).toEqual([
      ['slot', 'INHOUSE-slot', true],
      ['dice', 'INHOUSE-dice', true],
      ['crash', 'INHOUSE-crash', true],
    ]);
    const lobby = await t.call<{ games: { nodeId: string }[] }>({
      method: 'GET',
      url: '/wps/game/list?gameType=RNG&vassalage=INHOUSE&pageNo=1&pageSize=42',
    });
    expect(valueOf(lobby).games.map((game) => game.nodeId)).toEqual([
      'INHOUSE-slot',
      'INHOUSE-dice',
      'INHOUSE-crash',
    ]);
  });

  it('says a game is off once the operator disables it', async () => {
    await t.services.gameCatalogue.changeGame('INHOUSE-dice', { enabled: false });
    try {
      const info = await t.call<InhouseInfo>({ method: 'GET', url: '/wps/inhouse/info' });
      expect(valueOf(info).games.find((game) => game.gameCode === 'dice')?.enabled).toBe(false);
    } finally {
      await t.services.gameCatalogue.changeGame('INHOUSE-dice', { enabled: true });
    }
  });

  it('launches a member into the site page of the game, without a launch token', async () => {
    const member = await createMember(t);
    const launch = await t.call<LaunchGame>({
      method: 'POST',
      url: '/wps/game/launchGame',
      headers: member.auth,
      payload: { nodeId: 'INHOUSE-slot', language: 'en' },
    });
    expect(launch.status).toBe(200);
    expect(valueOf(launch).game_url).toBe('/inhouse/slot');
  });

  it('moves a bet and its win through the wallet: balance, ledger and betting record', async () => {
    const member = await createFundedMember(t, '50.00');
    const round = `slot-test-${member.row.id}`;
    const bet = await t.services.inhouseWallet.bet({
      playerId: member.row.publicId,
      gameCode: 'slot',
      round,
      transactionId: `${round}:bet`,
      amount: 1000n,
      roundClosed: false,
    });
    expect(bet.balance).toBe(4000n);
    const win = await t.services.inhouseWallet.win({
      playerId: member.row.publicId,
      gameCode: 'slot',
      round,
      transactionId: `${round}:win`,
      betTransactionId: `${round}:bet`,
      amount: 2500n,
      roundClosed: true,
      detail: { kind: 'slot', reels: [['A', 'B', 'C']] },
    });
    expect(win.balance).toBe(6500n);
    // A retry of the same win (the game's own ids) moves nothing.
    const again = await t.services.inhouseWallet.win({
      playerId: member.row.publicId,
      gameCode: 'slot',
      round,
      transactionId: `${round}:win`,
      betTransactionId: `${round}:bet`,
      amount: 2500n,
      roundClosed: true,
    });
    expect(again.balance).toBe(6500n);
    expect(await balance(member.row.id)).toBe(6500n);
    const records = await t.call<Page<BetRecord>>({
      method: 'GET',
      url: '/wps/records/bets?from=2026-11-21&to=2026-11-21&pageNo=1&pageSize=10',
      headers: member.auth,
    });
    const record = valueOf(records).list[0];
    expect(record).toMatchObject({
      vendorCode: INHOUSE_VENDOR,
      gameCode: 'slot',
      bet: '10.00',
      win: '25.00',
      status: 'settled',
      category: 'RNG',
      hasDetail: true,
    });
    expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
  });

  it('refuses a bet beyond the balance in the site words, and moves nothing', async () => {
    const member = await createFundedMember(t, '5.00');
    const before = await databaseDigest(t);
    await expect(
      t.services.inhouseWallet.bet({
        playerId: member.row.publicId,
        gameCode: 'dice',
        round: `dice-poor-${member.row.id}`,
        transactionId: `dice-poor-${member.row.id}:bet`,
        amount: 600n,
        roundClosed: false,
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await databaseDigest(t)).toBe(before);
    expect(await balance(member.row.id)).toBe(500n);
  });

  it("refuses a trial account real money (free play is the page's own, off the ledger)", async () => {
    const trial = await createMember(t, { type: 4 });
    await expect(
      t.services.inhouseWallet.bet({
        playerId: trial.row.publicId,
        gameCode: 'slot',
        round: `slot-trial-${trial.row.id}`,
        transactionId: `slot-trial-${trial.row.id}:bet`,
        amount: 100n,
        roundClosed: false,
      }),
    ).rejects.toMatchObject({ code: 'NEED_REAL_ACCOUNT' });
  });

  it('answers any HTTP wallet call naming INHOUSE as an unknown vendor, even signed', async () => {
    const member = await createFundedMember(t, '10.00');
    const before = await databaseDigest(t);
    const body = JSON.stringify({
      request_uuid: 'r-1',
      player_id: member.row.publicId,
      currency: 'BDT',
    });
    const timestamp = String(Math.floor(t.clock.now().getTime() / 1000));
    const response = await t.app.inject({
      method: 'POST',
      url: '/provider/v1/INHOUSE/balance',
      headers: {
        'content-type': 'application/json',
        'x-provider-timestamp': timestamp,
        // Whatever secret a caller guesses, the vendor is not there to check it against.
        'x-provider-signature': providerSignature('a'.repeat(64), timestamp, body),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 'RS_ERROR_UNKNOWN_VENDOR' });
    expect(await databaseDigest(t)).toBe(before);
  });
});
