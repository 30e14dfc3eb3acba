import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { GAME_SESSION_IDLE_SECONDS, PROVIDER_PATH_PREFIX, providerHeaders } from '@platform/contract';
import type autocannon from 'autocannon';
import { memberSession, providerLaunchToken } from '../../apps/server/src/db/schema.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { sha256 } from '../../apps/server/src/lib/tokens.js';
import { fundMembers, insertMembers, openScratch } from '../ledger-throughput.js';

const BENCH_GAME = 'bench-slot';

/** A player in one of the vendor's games: our player id and the game session token its bets carry. */
export interface VendorPlayer {
  id: string;
  token: string;
}

/**
 * Players with 1,000,000.00 each, playing a game of `vendorCode`: straight into the database as a login, a
 * launch and the vendor's authenticate leave them (the benches measure play, not launches), so each has a
 * site session and the game session token its bets carry (ADR 091).
 */
export async function vendorPlayers(
  databaseUrl: string,
  vendorCode: string,
  count: number,
): Promise<VendorPlayer[]> {
  const handle = openScratch(databaseUrl, 2);
  try {
    const members = await insertMembers(handle.db, count, String(randomInt(1000, 10_000)));
    await fundMembers(handle.db, members, 100_000_000n);
    const now = systemClock.now();
    const sessions = await handle.db
      .insert(memberSession)
      .values(
        members.map((row) => ({
          memberId: row.id,
          tokenHash: sha256(randomBytes(32).toString('hex')),
          createdAt: now,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + 24 * 3_600_000),
        })),
      )
      .returning({ id: memberSession.id, memberId: memberSession.memberId });
    const sessionOf = new Map(sessions.map((session) => [session.memberId, session.id]));
    const players = members.map((row) => ({ row, token: randomBytes(32).toString('base64url') }));
    await handle.db.insert(providerLaunchToken).values(
      players.map(({ row, token }) => ({
        tokenHash: sha256(token),
        memberId: row.id,
        sessionId: sessionOf.get(row.id) ?? null,
        vendorCode,
        gameCode: BENCH_GAME,
        usedAt: now,
        usedByRequest: 'bench',
        expiresAt: new Date(now.getTime() + GAME_SESSION_IDLE_SECONDS * 1000),
        createdAt: now,
      })),
    );
    return players.map(({ row, token }) => ({ id: row.publicId, token }));
  } finally {
    await handle.close();
  }
}

/** The headers of one call signed with the vendor's secret, as a vendor sends it. */
export function signedBy(secret: string, raw: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest('hex');
  return {
    'content-type': 'application/json',
    [providerHeaders.timestamp]: timestamp,
    [providerHeaders.signature]: signature,
  };
}

interface RoundContext {
  player?: VendorPlayer;
  bet?: string;
  round?: string;
}

interface VendorRounds {
  vendor: string;
  secret: string;
  /**
   * Each round is played by the next player of this list in turn (a round's bet and win by the same
   * one): with more players than connections, each plays a few rounds a second, as a busy site's
   * players do, rather than a handful of players betting without pause.
   */
  players: VendorPlayer[];
  /** Every answer, as the vendor would check it. */
  onResponse: (status: number, body: string) => void;
}

/**
 * Rounds as a slot vendor plays them, as autocannon's request list: on each connection a bet of 1.00 with
 * its player's game session token, then its win of 0.50 closing the round (the commonest pair), each signed.
 */
export function vendorRoundRequests({
  vendor,
  secret,
  players,
  onResponse,
}: VendorRounds): autocannon.Request[] {
  let nextPlayer = 0;
  const path = (call: string) => `${PROVIDER_PATH_PREFIX}/${vendor}/${call}`;
  const common = (context: RoundContext) => ({
    player_id: context.player?.id,
    round: context.round,
    game_code: BENCH_GAME,
    currency: 'BDT',
    is_free: false,
  });
  return [
    {
      method: 'POST',
      setupRequest: (request, context: RoundContext) => {
        context.player = players[nextPlayer++ % players.length];
        context.bet = randomUUID();
        context.round = `r-${randomUUID()}`;
        const body = JSON.stringify({
          ...common(context),
          token: context.player?.token,
          request_uuid: randomUUID(),
          transaction_uuid: context.bet,
          round_closed: false,
          amount: '1.00',
        });
        return { ...request, path: path('bet'), headers: signedBy(secret, body), body };
      },
      onResponse,
    },
    {
      method: 'POST',
      setupRequest: (request, context: RoundContext) => {
        const body = JSON.stringify({
          ...common(context),
          request_uuid: randomUUID(),
          transaction_uuid: randomUUID(),
          reference_transaction_uuid: context.bet,
          round_closed: true,
          amount: '0.50',
        });
        return { ...request, path: path('win'), headers: signedBy(secret, body), body };
      },
      onResponse,
    },
  ];
}
