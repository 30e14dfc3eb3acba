import { randomUUID } from 'node:crypto';
import { formatMoney, parseMoney, type DiceRound } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthenticatedMember } from '../../lib/caller.js';
import { createFundedMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';
import { crashRepository } from './crash.repository.js';
import { CRASH_TIMING, winOf } from './crash.service.js';
import { crashAfterMs, crashPoint } from './fair/crash.js';

/**
 * Many rounds of dice and crash, as players make them: every round's money goes through the seamless
 * wallet, each member's balance is what an independent reckoning of their rounds says (crash points
 * recomputed from the chain's seeds here), and the ledger reconciles.
 */
// Dice: the 10,000 rounds on PostgreSQL (CI; about 3.5 min at a load average of 15), 1,000 on PGlite
// (one connection); FAIR_DICE_ROUNDS overrides. Crash: a round is a
// dozen statements in a row (open, bets, cash-out, settlement: about 0.3 s on PostgreSQL on a shared
// machine), so 300 rounds on PostgreSQL and 150 on PGlite by default; FAIR_CRASH_ROUNDS=10000 runs the
// issue's 10,000 (68 min at a load average of 15, passed on 2026-11-26; the timeouts grow with the counts). FAIR_TEST_ROUNDS overrides both.
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = Number(
  process.env.FAIR_TEST_ROUNDS ?? process.env.FAIR_DICE_ROUNDS ?? (onPostgres ? 10_000 : 1_000),
);
const CRASH_ROUNDS = Number(
  process.env.FAIR_TEST_ROUNDS ?? process.env.FAIR_CRASH_ROUNDS ?? (onPostgres ? 300 : 150),
);
const PLAYERS = 20;
const IN_FLIGHT = onPostgres ? 16 : 4;

const rowsOf = async <R>(t: TestApp, query: ReturnType<typeof sql>): Promise<R[]> =>
  ((await t.handle.db.execute(query)) as unknown as { rows: R[] }).rows;

describe(`${ROUNDS.toLocaleString('en')} rounds of dice, ${CRASH_ROUNDS.toLocaleString('en')} of crash`, () => {
  let t: TestApp;
  let players: TestMember[];
  const expected = new Map<bigint, bigint>();
  beforeAll(async () => {
    t = await createTestApp({ config: { SETTINGS_CACHE_MS: 1000 } });
    players = [];
    for (let index = 0; index < PLAYERS; index += 1) players.push(await createFundedMember(t, '1000000.00'));
    for (const player of players) expected.set(player.row.id, 100_000_000n);
  });
  afterAll(async () => {
    await t.close();
  });

  const balancesAgree = async () => {
    for (const player of players) {
      const balance = await t.services.ledger.balanceOf(t.handle.db, accountCodes.memberMain(player.row.id));
      expect(formatMoney(balance)).toBe(formatMoney(expected.get(player.row.id) ?? 0n));
    }
  };
  const change = (player: TestMember, by: bigint) =>
    expected.set(player.row.id, (expected.get(player.row.id) ?? 0n) + by);

  it(
    'dice: money only through the wallet, as the answers say, and the ledger reconciles',
    { timeout: Math.max(1_200_000, ROUNDS * 300) },
    async () => {
      const targets = ['10.00', '49.50', '50.00', '90.00'];
      let next = 0;
      const worker = async () => {
        for (;;) {
          const index = next;
          next += 1;
          if (index >= ROUNDS) return;
          const player = players[index % PLAYERS] as TestMember;
          const answer = await t.call<DiceRound>({
            method: 'POST',
            url: '/wps/inhouse/dice/bet',
            headers: player.auth,
            payload: {
              bet: index % 3 === 0 ? '10.00' : '1.00',
              target: targets[index % targets.length],
              direction: index % 2 === 0 ? 'over' : 'under',
              requestId: `load-${randomUUID()}`,
            },
          });
          if (!answer.body.success) throw new Error(`dice round ${index}: ${answer.body.code}`);
          change(player, parseMoney(answer.body.value.win) - parseMoney(answer.body.value.bet));
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      await balancesAgree();
      const [rounds] = await rowsOf<{ rounds: number; settled: number }>(
        t,
        sql`select count(*)::int as rounds, count(*) filter (where status = 'settled')::int as settled from inhouse_dice_round`,
      );
      expect(rounds).toEqual({ rounds: ROUNDS, settled: ROUNDS });
      expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    },
  );

  it(
    'crash: money only through the wallet, as the chain says, and the ledger reconciles',
    { timeout: Math.max(1_800_000, CRASH_ROUNDS * 1_000) },
    async () => {
      const crash = t.services.crash;
      const asMember = (player: TestMember): AuthenticatedMember => ({
        id: player.row.id,
        publicId: player.row.publicId,
        username: player.row.username,
        type: player.row.type,
        sessionId: 0n,
      });
      // A low cap, so that many rounds reach it and the rule that pays the bets still in at the cap is tried.
      await t.services.settings.set('inhouse.crash', {
        minBet: '1.00',
        maxBet: '10000.00',
        maxMultiplier: '3.00',
      });
      let bets = 0;
      let capped = 0;
      for (let index = 0; index < CRASH_ROUNDS; index += 1) {
        await crash.tick();
        const round = await crashRepository.openRound(t.handle.db);
        if (!round) throw new Error(`crash round ${index} did not open`);
        const chain = await crashRepository.chain(t.handle.db, round.chainId);
        const seed = await crashRepository.seed(t.handle.db, round.chainId, round.position);
        // The crash point as anyone recomputes it from the revealed seed and the chain's salt.
        const point = crashPoint(seed ?? '', chain?.salt ?? '');
        expect(point).toBe(round.crashPoint);
        const inRound = [0, 1, 2, 3].map((offset) => players[(index * 4 + offset) % PLAYERS] as TestMember);
        const stakes = inRound.map((_, offset) => (offset === 0 ? 1_000n : 100n));
        const autos = [null, 150n, 200n, null];
        await Promise.all(
          inRound.map((player, offset) =>
            crash.bet(asMember(player), {
              roundId: round.publicId,
              stake: formatMoney(stakes[offset] as bigint),
              ...(autos[offset] ? { autoCashOut: formatMoney(autos[offset] as bigint) } : {}),
              requestId: `load-${randomUUID()}`,
            }),
          ),
        );
        bets += inRound.length;
        inRound.forEach((player, offset) => change(player, -(stakes[offset] as bigint)));
        // The first player cashes out by hand at 1.30× by the clock, if the round gets there.
        t.clock.set(new Date(round.bettingEndsAt.getTime() + crashAfterMs(130n)));
        const first = inRound[0] as TestMember;
        try {
          const out = await crash.cashOut(asMember(first), { roundId: round.publicId });
          expect(point).toBeGreaterThan(130n);
          expect(out.multiplier).toBe('1.30');
          change(first, winOf(1_000n, 130n));
        } catch (error) {
          expect(point).toBeLessThanOrEqual(130n);
          expect(error).toMatchObject({ code: 'INVALID_STATE' });
        }
        // A bet still in when the round reaches the operator's cap is paid at the cap (the player without an
        // auto cash-out too), as the game's rules say; below the cap an auto cash-out pays at its target.
        for (const offset of [1, 2, 3]) {
          const target = autos[offset] ?? round.paysUpTo;
          const auto = target < round.paysUpTo ? target : round.paysUpTo;
          if (auto < point) change(inRound[offset] as TestMember, winOf(stakes[offset] as bigint, auto));
        }
        if (point > round.paysUpTo) capped += 1;
        t.clock.set(new Date(round.crashesAt.getTime() + 1));
        await crash.tick();
        t.clock.advance(CRASH_TIMING.pauseMs);
      }
      expect(capped).toBeGreaterThan(0);
      await balancesAgree();
      const [rows] = await rowsOf<{ rounds: number; open: number }>(
        t,
        sql`select count(*)::int as rounds, count(*) filter (where status <> 'settled')::int as open from inhouse_crash_round`,
      );
      expect(rows).toEqual({ rounds: CRASH_ROUNDS, open: 0 });
      const [placed] = await rowsOf<{ bets: number; open: number }>(
        t,
        sql`select count(*)::int as bets, count(*) filter (where status in ('pending', 'placed'))::int as open from inhouse_crash_bet`,
      );
      expect(placed).toEqual({ bets, open: 0 });
      const [provider] = await rowsOf<{ open: number }>(
        t,
        sql`select count(*)::int as open from provider_round where vendor_code = 'INHOUSE' and status = 'open'`,
      );
      expect(provider).toEqual({ open: 0 });
      expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
    },
  );
});
