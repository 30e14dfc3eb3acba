import { randomUUID } from 'node:crypto';
import { formatMoney, parseMoney, type SlotRound } from '@platform/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedMember, type TestMember } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountCodes } from '../wallet/index.js';

/**
 * Many rounds, as players make them: every round's money goes through the seamless wallet, each
 * member's balance is what their rounds' answers say, and the ledger reconciles.
 */
// 10,000 on PostgreSQL (CI), whose connections take rounds side by side; PGlite has one connection, so it
// plays fewer (SLOT_TEST_ROUNDS overrides both).
const onPostgres = Boolean(process.env.DATABASE_URL);
const ROUNDS = Number(process.env.SLOT_TEST_ROUNDS ?? (onPostgres ? 10_000 : 2_000));
const PLAYERS = 20;
const IN_FLIGHT = onPostgres ? 16 : 4;

describe(`${ROUNDS.toLocaleString('en')} slot rounds`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Settings and vendor terms are read once a second, as in production (tests read them every time).
    t = await createTestApp({ config: { SETTINGS_CACHE_MS: 1000 } });
  });
  afterAll(async () => {
    await t.close();
  });

  it(
    'move money only through the wallet, as the answers say, and the ledger reconciles',
    { timeout: 600_000 },
    async () => {
      const players: TestMember[] = [];
      for (let index = 0; index < PLAYERS; index += 1) players.push(await createFundedMember(t, '100000.00'));
      const expected = new Map(players.map((player) => [player.row.id, 10_000_000n]));
      const bets = ['0.20', '1.00', '2.00', '10.00'];
      let next = 0;
      let freeSpinRounds = 0;
      const worker = async () => {
        for (;;) {
          const index = next;
          next += 1;
          if (index >= ROUNDS) return;
          const player = players[index % PLAYERS] as TestMember;
          const bet = bets[index % bets.length] as string;
          const answer = await t.call<SlotRound>({
            method: 'POST',
            url: '/wps/inhouse/slot/spin',
            headers: player.auth,
            payload: { bet, requestId: `load-${randomUUID()}` },
          });
          if (!answer.body.success) throw new Error(`round ${index}: ${answer.body.code}`);
          const round = answer.body.value;
          if (round.freeSpins.length > 0) freeSpinRounds += 1;
          expected.set(
            player.row.id,
            (expected.get(player.row.id) ?? 0n) - parseMoney(round.bet) + parseMoney(round.win),
          );
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

      for (const player of players) {
        const balance = await t.services.ledger.balanceOf(
          t.handle.db,
          accountCodes.memberMain(player.row.id),
        );
        expect(formatMoney(balance)).toBe(formatMoney(expected.get(player.row.id) ?? 0n));
      }
      const rows = (
        (await t.handle.db.execute(
          sql`select count(*)::int as rounds, count(*) filter (where status = 'settled')::int as settled from provider_round where vendor_code = 'INHOUSE'`,
        )) as unknown as { rows: { rounds: number; settled: number }[] }
      ).rows[0];
      expect(rows).toEqual({ rounds: ROUNDS, settled: ROUNDS });
      expect(await t.services.ledger.reconcile(t.handle.db)).toEqual([]);
      // About one round in 200 wins free spins.
      if (ROUNDS >= 2_000) expect(freeSpinRounds).toBeGreaterThan(0);
    },
  );
});
