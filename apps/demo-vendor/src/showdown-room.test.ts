import { describe, expect, it } from 'vitest';
import { calmChaos } from './chaos.js';
import { Settler } from './rounds.js';
import type { PlayerSession } from './sessions.js';
import { ANTE_MS, SEAT_IDLE_MS, SHOWDOWN_MS, ShowdownRoom } from './showdown-room.js';
import { WalletClient, type Transport } from './wallet-client.js';

/** The platform's side of the wire, as a tiny ledger: bets debit, wins credit, rollbacks refund. */
function platform(startMinor: bigint) {
  const balances = new Map<string, bigint>();
  const calls: {
    call: string;
    amount: string;
    round: string;
    detail?: { kind: string; hands?: unknown[] };
  }[] = [];
  const transport: Transport = async (request) => {
    const call = request.url.split('/').pop() as string;
    const body = JSON.parse(request.body) as {
      player_id: string;
      amount: string;
      round: string;
      round_detail?: { kind: string; hands?: unknown[] };
    };
    const balance = balances.get(body.player_id) ?? startMinor;
    const amount = BigInt(Math.round(Number(body.amount) * 100));
    const next = call === 'bet' ? balance - amount : balance + amount;
    if (next < 0n) {
      return {
        status: 200,
        body: {
          status: 'RS_ERROR_NOT_ENOUGH_MONEY',
          request_uuid: 'r',
          message: 'not enough money',
          balance: (Number(balance) / 100).toFixed(2),
        },
      };
    }
    balances.set(body.player_id, next);
    calls.push({
      call,
      amount: body.amount,
      round: body.round,
      ...(body.round_detail ? { detail: body.round_detail } : {}),
    });
    return {
      status: 200,
      body: {
        status: 'RS_OK',
        request_uuid: 'r',
        player_id: body.player_id,
        currency: 'BDT',
        balance: (Number(next) / 100).toFixed(2),
        demo: false,
      },
    };
  };
  return { balances, calls, transport };
}

const session = (id: string): PlayerSession => ({
  id,
  vendorCode: 'DEMO_PVP',
  gameCode: 'three-lamps-showdown',
  playerId: `player-${id}`,
  gameToken: `game-token-${id}`,
  currency: 'BDT',
  demo: false,
  balance: '100.00',
  language: 'en',
  lobby: null,
  lastSeen: 0,
});

function room(seats: number, startMinor = 10_000n) {
  const wire = platform(startMinor);
  let now = 0;
  const client = new WalletClient({
    baseUrl: 'http://platform.test',
    vendorCode: 'DEMO_PVP',
    secret: 'x'.repeat(32),
    transport: wire.transport,
  });
  const deps = { settler: new Settler(() => now), chaos: calmChaos, pick: (max: number) => max - 1 };
  const table = new ShowdownRoom(
    'three-lamps-showdown',
    { id: 'lamp-1', name: { en: 'Lamp Room 1', bn: 'প্রদীপ ঘর ১' }, seats, minBet: '10.00' },
    () => client,
    deps,
    () => now,
  );
  return {
    table,
    wire,
    advance(ms: number) {
      now += ms;
      table.tick();
    },
  };
}

describe('a Three Lamps Showdown room', () => {
  it('seats players, lists the seats as taken or free, and refuses a full room', () => {
    const { table } = room(2);
    const [a, b, c] = [session('a'), session('b'), session('c')];
    expect(table.sit(a)).toEqual({ seat: 0 });
    expect(table.sit(a)).toEqual({ seat: 0 });
    expect(table.sit(b)).toEqual({ seat: 1 });
    expect(table.sit(c)).toEqual({ full: true });
    expect(table.listing().seats).toEqual([
      { seat: 0, taken: true },
      { seat: 1, taken: true },
    ]);
    table.leave(a);
    expect(table.listing().seats[0]).toEqual({ seat: 0, taken: false });
  });

  it('plays a lone player against simulated opponents: one bet, one win of the pot less 5%, or zero', async () => {
    const { table, wire, advance } = room(4);
    const player = session('a');
    table.sit(player);
    expect(await table.ante(player)).toMatchObject({ accepted: true, balance: '90.00' });
    // A second tap in the same hand is refused, not debited again.
    expect(await table.ante(player)).toMatchObject({ accepted: false, reason: 'already' });
    advance(ANTE_MS);
    await table.settled();
    const view = table.view(player);
    expect(view.phase).toBe('showdown');
    const hands = view.lastHand?.hands ?? [];
    expect(hands.map((hand) => hand.who)).toEqual(['you', 'simulated', 'simulated', 'simulated']);
    const won = hands.find((hand) => hand.who === 'you')?.winner ?? false;
    const winners = hands.filter((hand) => hand.winner).length;
    // Four antes of 10.00 make a pot of 40.00; the house keeps 2.00, the winners share 38.00.
    const expected = won ? (38 / winners).toFixed(2) : '0.00';
    expect(wire.calls.map((call) => [call.call, call.amount])).toEqual([
      ['bet', '10.00'],
      ['win', expected],
    ]);
    expect(wire.calls[0]?.round).toBe(wire.calls[1]?.round);
    // The closing win tells the betting record the hand: four seats' cards.
    expect(wire.calls[1]?.detail).toMatchObject({ kind: 'cards' });
    expect(wire.calls[1]?.detail?.hands).toHaveLength(4);
    // Antes close for the showdown, then the next hand opens.
    expect(await table.ante(player)).toMatchObject({ accepted: false, reason: 'closed' });
    advance(SHOWDOWN_MS);
    expect(table.view(player)).toMatchObject({ phase: 'ante', anted: false, seat: 0 });
  });

  it('deals no hand when nobody antes, and a seated player who did not ante sits it out', async () => {
    const { table, wire, advance } = room(3);
    const [a, b] = [session('a'), session('b')];
    table.sit(a);
    table.sit(b);
    advance(ANTE_MS);
    expect(table.view(a).phase).toBe('ante');
    expect(await table.ante(a)).toMatchObject({ accepted: true });
    advance(ANTE_MS);
    await table.settled();
    const hands = table.view(a).lastHand?.hands ?? [];
    // Seat 1 (b) did not ante: a plays the simulated opponent in the free seat 2.
    expect(hands.map((hand) => [hand.seat, hand.who])).toEqual([
      [0, 'you'],
      [2, 'simulated'],
    ]);
    expect(wire.calls.filter((call) => call.call === 'bet')).toHaveLength(1);
  });

  it('refunds the ante when no opponent can sit (every other seat holds a player sitting out)', async () => {
    const { table, wire, advance } = room(2);
    const [a, b] = [session('a'), session('b')];
    table.sit(a);
    table.sit(b);
    await table.ante(a);
    advance(ANTE_MS);
    await table.settled();
    expect(wire.calls.map((call) => call.call)).toEqual(['bet', 'rollback']);
    expect(wire.balances.get('player-a')).toBe(10_000n);
  });

  it('frees the seat of a player whose page stopped asking, and refuses an ante without a seat', async () => {
    const { table, advance } = room(2);
    const player = session('a');
    table.sit(player);
    advance(SEAT_IDLE_MS + 1);
    expect(table.listing().seats[0]?.taken).toBe(false);
    expect(await table.ante(player)).toMatchObject({ accepted: false, reason: 'not-seated' });
  });

  it('refuses an ante beyond the balance and leaves the player out of the hand', async () => {
    const { table, wire, advance } = room(2, 500n);
    const player = session('a');
    table.sit(player);
    expect(await table.ante(player)).toMatchObject({ accepted: false, reason: 'not-enough-money' });
    advance(ANTE_MS);
    await table.settled();
    expect(wire.calls).toEqual([]);
    expect(table.view(player).lastHand).toBeNull();
  });
});
