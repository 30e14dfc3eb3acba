import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_SESSION_IDLE_SECONDS, type LaunchGame } from '@platform/contract';
import { databaseDigest } from '../../test/database-digest.js';
import { createFundedMember, logIn, bearer, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import {
  mainBalance,
  moneyCall,
  providerHarness,
  VENDOR_SECRET,
  type ProviderHarness,
} from './provider-test-support.js';

/**
 * Issue 26: a correctly signed bet was debited for any known player, after logout and long after the launch
 * token expired. A bet now carries the game session's token (the launch token the vendor exchanged at
 * authenticate), live while the site session it was opened from lives and bets keep it from idling out;
 * wins and rollbacks never look at it (ADR 091). Everything here goes through HTTP as the player and the
 * vendor would: the launch call, the vendor's signed calls, logout, a password change.
 */
const VENDOR = 'SESSV';
const OTHER_VENDOR = 'SESSW';
const GAME = 'slot-1';
const IDLE_MS = GAME_SESSION_IDLE_SECONDS * 1000;

let t: TestApp;
let p: ProviderHarness;

beforeAll(async () => {
  t = await createTestApp();
  p = await providerHarness(t);
  for (const vendor of [VENDOR, OTHER_VENDOR]) {
    await t.services.game.addVendor({ vassalage: vendor, category: 'RNG', title: vendor });
    await t.services.provider.registerVendor({
      vendorCode: vendor,
      currency: 'BDT',
      signingSecret: VENDOR_SECRET,
      allowDemo: false,
      roundTimeoutSeconds: 3600,
      roundTimeoutRule: 'lost',
      launchUrl: `https://${vendor.toLowerCase()}.vendor.test/play?t={token}&g={game}`,
    });
    await t.services.gameCatalogue.importGames(
      [{ vassalage: vendor, gameCode: GAME, gameName: `${vendor} slot` }],
      new Set([vendor]),
    );
  }
});
afterAll(async () => {
  await p.close();
  await t.close();
});

/** The player opens the game in the site; the vendor's page gets the launch token in its URL. */
async function launch(auth: { authorization: string }, vendor = VENDOR): Promise<string> {
  const { status, body } = await t.call<LaunchGame>({
    method: 'POST',
    url: '/wps/game/launchGame',
    headers: auth,
    payload: { nodeId: `${vendor}-${GAME}` },
  });
  if (status !== 200 || !body.success) throw new Error(`launch answered ${status} ${JSON.stringify(body)}`);
  return new URL(body.value.game_url).searchParams.get('t') as string;
}

/** The vendor trades the launch token for the player: from now on it is the game session's token. */
async function authenticate(token: string, vendor = VENDOR) {
  return p.call('authenticate', { request_uuid: randomUUID(), token, game_code: GAME }, { vendor });
}

async function play(who: TestMember, auth = who.auth, vendor = VENDOR): Promise<string> {
  const token = await launch(auth, vendor);
  expect((await authenticate(token, vendor)).body).toMatchObject({ status: 'RS_OK' });
  return token;
}

const call = (kind: 'bet' | 'win' | 'rollback', body: Record<string, unknown>, vendor = VENDOR) =>
  p.call(kind, { game_code: GAME, ...body }, { vendor });

async function placed(who: TestMember, token: string, fields: Record<string, unknown> = {}) {
  const bet = moneyCall(who.row.publicId, { token, ...fields });
  const answer = await call('bet', bet);
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ status: 'RS_OK' });
  return bet;
}

/** A bet refused for its token: the documented status and nothing in the database changed. */
async function refusedBet(bet: Record<string, unknown>, message: RegExp, vendor = VENDOR) {
  const before = await databaseDigest(t);
  const answer = await call('bet', bet, vendor);
  expect(answer.status).toBe(401);
  expect(answer.body).toMatchObject({ status: 'RS_ERROR_INVALID_TOKEN', request_uuid: bet.request_uuid });
  expect(String(answer.body.message)).toMatch(message);
  expect(await databaseDigest(t)).toBe(before);
}

const closingWin = (who: TestMember, bet: { round: string; transaction_uuid: string }, amount: string) =>
  moneyCall(who.row.publicId, {
    round: bet.round,
    reference_transaction_uuid: bet.transaction_uuid,
    amount,
    round_closed: true,
  });

async function logout(auth: { authorization: string }) {
  const answer = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: auth });
  expect(answer.statusCode).toBe(200);
}

describe('a vendor bet needs the live game session of its player', () => {
  it('after logout: a new bet is refused and moves nothing; the rounds opened before still close', async () => {
    const who = await createFundedMember(t, '100.00');
    const token = await play(who);
    const kept = await placed(who, token, { amount: '10.00' });
    const refunded = await placed(who, token, { amount: '5.00' });
    // A launch made before the logout whose authenticate only comes after it.
    const late = await launch(who.auth);
    await logout(who.auth);

    await refusedBet(moneyCall(who.row.publicId, { token }), /session has ended/);
    // Another bet on the round still open is a new debit all the same.
    await refusedBet(moneyCall(who.row.publicId, { token, round: kept.round }), /session has ended/);
    expect(await mainBalance(t, who.row.id)).toBe(8500n);
    const before = await databaseDigest(t);
    expect((await authenticate(late)).body).toMatchObject({ status: 'RS_ERROR_INVALID_TOKEN' });
    expect(await databaseDigest(t)).toBe(before);

    // The vendor's retry of a bet that went through before the logout is its repeat: answered, nothing moves.
    expect((await call('bet', { ...kept, request_uuid: randomUUID() })).body).toMatchObject({
      status: 'RS_OK',
      balance: '85.00',
    });
    // The round in flight closes: its win is paid, with the dead token or with none.
    expect((await call('win', { ...closingWin(who, kept, '20.00'), token })).body).toMatchObject({
      status: 'RS_OK',
      balance: '105.00',
    });
    const rollback = moneyCall(who.row.publicId, {
      round: refunded.round,
      reference_transaction_uuid: refunded.transaction_uuid,
      amount: '5.00',
      round_closed: true,
    });
    expect((await call('rollback', rollback)).body).toMatchObject({ status: 'RS_OK', balance: '110.00' });
    expect(await mainBalance(t, who.row.id)).toBe(11_000n);
  });

  it('after the game session idled out (no bet for an hour), while each bet keeps it alive', async () => {
    const who = await createFundedMember(t, '100.00');
    const token = await play(who);
    // Two bets each nearly an hour after the one before: the first moved the session's end on.
    t.clock.advance(IDLE_MS - 60_000);
    await placed(who, token);
    t.clock.advance(IDLE_MS - 60_000);
    const last = await placed(who, token);
    t.clock.advance(IDLE_MS + 1_000);
    await refusedBet(moneyCall(who.row.publicId, { token }), /game session expired/);
    expect(await mainBalance(t, who.row.id)).toBe(9800n);
    // Its round still closes.
    expect((await call('win', closingWin(who, last, '3.00'))).body).toMatchObject({
      status: 'RS_OK',
      balance: '101.00',
    });
  });

  it("after the site session's own end (its absolute expiry), however recently the player bet", async () => {
    await t.services.settings.set('auth.sessionAbsoluteHours', 1);
    try {
      const who = await createFundedMember(t, '100.00');
      const token = await play(who);
      t.clock.advance(40 * 60_000);
      await placed(who, token);
      t.clock.advance(40 * 60_000);
      await refusedBet(moneyCall(who.row.publicId, { token }), /session has ended/);
      expect(await mainBalance(t, who.row.id)).toBe(9900n);
    } finally {
      await t.services.settings.reset('auth.sessionAbsoluteHours');
    }
  });

  it('after a password change on another device: that device’s games stop, this one’s play on', async () => {
    const who = await createFundedMember(t, '100.00');
    const otherDevice = bearer(await logIn(t, who.row.id));
    const there = await play(who, otherDevice);
    const here = await play(who);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/wps/member/password',
      headers: who.auth,
      payload: { oldPassword: who.password, newPassword: 'NewPass456', confirmNewPassword: 'NewPass456' },
    });
    expect(changed.statusCode).toBe(200);
    await refusedBet(moneyCall(who.row.publicId, { token: there }), /session has ended/);
    await placed(who, here, { amount: '2.00' });
    expect(await mainBalance(t, who.row.id)).toBe(9800n);
  });

  it("with another player's token, another vendor's, one never exchanged, an unknown one or none", async () => {
    const who = await createFundedMember(t, '100.00');
    const someoneElse = await createFundedMember(t, '100.00');
    const theirs = await play(someoneElse);
    const otherVendors = await play(who, who.auth, OTHER_VENDOR);
    const neverExchanged = await launch(who.auth);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ token: theirs }, /another player/],
      [{ token: otherVendors }, /not a game session of this vendor/],
      [{ token: neverExchanged }, /not a game session of this vendor/],
      [{ token: 'x'.repeat(43) }, /not a game session of this vendor/],
      [{ token: '' }, /not a game session of this vendor/],
      [{}, /carries the game session token/],
    ];
    for (const [fields, message] of cases) {
      await refusedBet(moneyCall(who.row.publicId, fields), message);
    }
    // The other vendor's token plays at that vendor; the other player's token plays for that player.
    expect(
      (await call('bet', moneyCall(who.row.publicId, { token: otherVendors }), OTHER_VENDOR)).body,
    ).toMatchObject({ status: 'RS_OK', balance: '99.00' });
    await placed(someoneElse, theirs);
    expect([await mainBalance(t, who.row.id), await mainBalance(t, someoneElse.row.id)]).toEqual([
      9900n,
      9900n,
    ]);
  });

  it('a token too long or with control characters is malformed, not a session: RS_ERROR_VALIDATION', async () => {
    const who = await createFundedMember(t, '100.00');
    for (const token of ['x'.repeat(201), 'abc\u0000def']) {
      const before = await databaseDigest(t);
      const answer = await call('bet', moneyCall(who.row.publicId, { token }));
      expect(answer.body).toMatchObject({ status: 'RS_ERROR_VALIDATION' });
      expect(await databaseDigest(t)).toBe(before);
    }
  });
});
