import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { cryptoRng } from '../apps/server/src/lib/rng.js';
import { LotteryEngine } from '../apps/server/src/modules/lottery/lottery.engine.js';
import { periodAt } from '../apps/server/src/modules/lottery/periods.js';
import { LedgerService } from '../apps/server/src/modules/wallet/ledger.service.js';
import { fundMembers, insertMembers, openScratch, pgbenchTps } from './ledger-throughput.js';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';
import { playersWithSessions } from './support/players.js';
import { startBuiltServer } from './support/server.js';

/**
 * The lottery on PostgreSQL (issue 13), beside pgbench -N on the same server in the same run:
 * - slips of 5 bets placed per second through HTTP (POST /wps/lottery/bets on the production build),
 *   each player its own member;
 * - one period holding `bets` bets settled by the engine (in chunks of 100,000: judgements, one UPDATE,
 *   the ledger's batch credit of one transfer per member, one transaction each, two at once; ADR 065, 087, 090), timed,
 *   with the process's memory.
 * `LOTTERY_SETTLE_ONLY=1 DATABASE_URL=... npx tsx bench/lottery.ts` measures the settlement alone.
 */
export interface LotteryFigure {
  pgbenchTps: number | null;
  /** pgbench -N again, right after the settlement */
  pgbenchAfterTps: number | null;
  /** the machine's 1-minute load average when the run ended (the development machine is shared) */
  loadAverage: number;
  /** null when only the settlement was measured (LOTTERY_SETTLE_ONLY) */
  http: { slipsPerSecond: number; betsPerSecond: number; p99Ms: number; failures: number } | null;
  settle: {
    bets: number;
    seconds: number;
    winners: number;
    /** the ledger transfers that paid them */
    credits: number;
    rssBeforeMb: number;
    rssAfterMb: number;
    rssPeakMb: number;
    heapPeakMb: number;
  };
}
export type LotteryBench = { skipped: string } | LotteryFigure;

const mb = (bytes: number) => Math.round(bytes / 1_048_576);

async function slipsOverHttp(url: string, seconds: number, count: number) {
  const server = await startBuiltServer('production', { DATABASE_URL: url });
  try {
    const tokens = await playersWithSessions(url, count, 'l');
    // SSC-5: five minutes a period; wait out a cut-off that would fall inside the run.
    const game = { intervalSeconds: 300, cutoffSeconds: 15 };
    const period = periodAt(game, new Date());
    if (period.cutoffAt.getTime() - Date.now() < (seconds + 3) * 1000)
      await new Promise((resolve) => setTimeout(resolve, period.drawAt.getTime() - Date.now() + 500));
    const periodNo = periodAt(game, new Date()).periodNo;
    const latencies: number[] = [];
    let slips = 0;
    let failures = 0;
    let request = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      tokens.map(async (token) => {
        while (performance.now() < until) {
          request += 1;
          const digit = () => String(cryptoRng.int(0, 10));
          const at = performance.now();
          try {
            const response = await fetch(`${server.url}/wps/lottery/bets`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({
                gameCode: 'SSC-5',
                periodNo,
                requestId: `bench-${request}-${randomBytes(6).toString('hex')}`,
                bets: [
                  { betType: 'digit', selection: ['1', digit()], stake: '1.00' },
                  { betType: 'digit', selection: ['5', digit()], stake: '1.00' },
                  { betType: 'size', selection: ['sum', 'big'], stake: '2.00' },
                  { betType: 'parity', selection: [String(cryptoRng.int(1, 6)), 'odd'], stake: '1.00' },
                  { betType: 'group6', selection: ['B', '1', '2', '3'], stake: '1.00' },
                ],
              }),
            });
            const answer = (await response.json()) as { success?: boolean };
            latencies.push(performance.now() - at);
            if (answer.success) slips += 1;
            else failures += 1;
          } catch {
            failures += 1;
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      slipsPerSecond: slips / elapsed,
      p99Ms: Math.round((latencies[Math.floor(latencies.length * 0.99)] ?? 0) * 10) / 10,
      failures,
    };
  } finally {
    await server.stop();
  }
}

/** A closed period with `bets` bets of 1,000 members, straight into the database, then settled. */
export async function settleOnePeriod(url: string, bets: number) {
  const handle = openScratch(url, 4);
  try {
    await handle.migrate();
    const members = await insertMembers(handle.db, 1000, `p${Date.now() % 100_000}`);
    await fundMembers(handle.db, members.slice(0, 1), 1_00n); // makes the house and one account
    const ids = `{${members.map((row) => row.id.toString()).join(',')}}`;
    const seed = randomBytes(32).toString('hex');
    const [period] = (
      (await handle.db.execute(sql`
        insert into lottery_period (game_code, period_no, opens_at, cutoff_at, draw_at, status, seed, seed_hash, committed_at)
        values ('SSC-5', '20000101-0001', now() - interval '5 minutes', now() - interval '15 seconds', now(), 'closed',
          ${seed}, 'bench', now())
        returning id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const periodId = BigInt(period?.id ?? 0);
    // Three bet types over 75 distinct selections, as a busy period looks; odds as the defaults. Each bet
    // is a member's picked by a hash (g % 1000 would tie members to selections: a few members winning
    // everything would make one credit per chunk pay for hundreds of winners).
    await handle.db.execute(sql`
      insert into lottery_bet (public_id, member_id, period_id, game_code, request_id, slip_index, bet_type, selection,
        odds, units, stake, amount, exposure_key, status, created_at)
      select 'Lb' || g, (${ids}::bigint[])[1 + abs(hashint4(g)) % 1000], ${periodId}, 'SSC-5', 'r' || g, 0,
        case g % 3 when 0 then 'digit' when 1 then 'size' else 'parity' end,
        case g % 3 when 0 then (1 + g % 5) || ',' || (g / 5 % 10)
          when 1 then (case g % 6 when 0 then 'sum' else (g % 6)::text end) || ',' || (case g / 6 % 2 when 0 then 'big' else 'small' end)
          else (1 + g % 5) || ',' || (case g / 5 % 2 when 0 then 'odd' else 'even' end) end,
        case g % 3 when 0 then 9700 else 1980 end, 1, 100, 100, 'bench', 'pending', now()
      from generate_series(1, ${bets}) g`);
    await handle.db.execute(sql`analyze lottery_bet`);
    const engine = new LotteryEngine({
      db: handle.db,
      clock: systemClock,
      rng: cryptoRng,
      settings: { get: () => Promise.reject(new Error('not used by settle')) },
      ledger: new LedgerService({ db: handle.db, clock: systemClock }),
      announcer: () => undefined,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let heapPeak = process.memoryUsage().heapUsed;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      heapPeak = Math.max(heapPeak, now.heapUsed);
      rssPeak = Math.max(rssPeak, now.rss);
    }, 50);
    const started = performance.now();
    await engine.settle({
      id: periodId,
      gameCode: 'SSC-5',
      periodNo: '20000101-0001',
      opensAt: new Date(),
      cutoffAt: new Date(),
      drawAt: new Date(),
      status: 'closed',
      seedHash: 'bench',
      seed,
      committedAt: new Date(),
      draw: null,
      drawnAt: null,
      late: false,
      cancelReason: null,
      potentialPayout: 0n,
      betCount: 0,
      stakeTotal: 0n,
      payoutTotal: 0n,
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const [winners] = (
      (await handle.db.execute(
        sql`select count(*)::int as n,
          (select count(*)::int from ledger_transfer where idempotency_key like ${`lottery-win:${periodId}:%`}) as credits
          from lottery_bet where period_id = ${periodId} and status = 'win'`,
      )) as unknown as { rows: { n: number; credits: number }[] }
    ).rows;
    return {
      bets,
      seconds,
      winners: winners?.n ?? 0,
      credits: winners?.credits ?? 0,
      rssBeforeMb: mb(rssBefore),
      rssAfterMb: mb(process.memoryUsage().rss),
      rssPeakMb: mb(rssPeak),
      heapPeakMb: mb(heapPeak),
    };
  } finally {
    await handle.close();
  }
}

export async function lotteryBench(
  seconds = 10,
  bets = 1_000_000,
  options: { settleOnly?: boolean } = {},
): Promise<LotteryBench> {
  const serverUrl = process.env.DATABASE_URL;
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'DATABASE_URL is not set' };
  const pgbench = await pgbenchTps(serverUrl, 8, seconds).catch(() => null);
  const scratch = await scratchDatabase(serverUrl, 'bench_lottery');
  try {
    const http = options.settleOnly ? null : await slipsOverHttp(scratch.url, seconds, 16);
    const settle = await settleOnePeriod(scratch.url, bets);
    // The shared machine's load drifts within a minute: pgbench again right after the settlement, and
    // the settlement's ratio taken against the mean of the two.
    const pgbenchAfter = await pgbenchTps(serverUrl, 8, seconds).catch(() => null);
    return {
      pgbenchTps: pgbench,
      pgbenchAfterTps: pgbenchAfter,
      loadAverage: loadavg()[0] ?? 0,
      http: http && { ...http, betsPerSecond: http.slipsPerSecond * 5 },
      settle,
    };
  } finally {
    await scratch.drop();
  }
}

/** A rate beside pgbench's transactions per second from the same run: the machine's weather cancels out. */
const ofPgbench = (perSecond: number, pgbench: number | null) =>
  pgbench ? ` = ${(perSecond / pgbench).toFixed(2)}x pgbench -N tps` : '';

export function describeLotteryBench(result: LotteryBench): string[] {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  const { settle, http } = result;
  const settledPerSecond = settle.bets / settle.seconds;
  const around =
    result.pgbenchTps && result.pgbenchAfterTps ? (result.pgbenchTps + result.pgbenchAfterTps) / 2 : null;
  return [
    `  pgbench -N (same server, same run): ${result.pgbenchTps?.toFixed(0) ?? 'n/a'} tps before, ${result.pgbenchAfterTps?.toFixed(0) ?? 'n/a'} tps after the settlement; load average ${result.loadAverage.toFixed(1)} at the end`,
    http
      ? `  slips of 5 bets over HTTP: ${http.slipsPerSecond.toFixed(0)} slips/s = ${http.betsPerSecond.toFixed(0)} bets/s${ofPgbench(http.betsPerSecond, result.pgbenchTps)}, p99 ${http.p99Ms} ms` +
        (http.failures ? `, ${http.failures} refused` : '')
      : '  slips over HTTP: not measured (LOTTERY_SETTLE_ONLY)',
    `  settle one period of ${settle.bets.toLocaleString('en')} bets: ${settle.seconds.toFixed(1)} s` +
      ` = ${settledPerSecond.toFixed(0)} bets/s${ofPgbench(settledPerSecond, around)} (their mean)` +
      ` (${settle.winners.toLocaleString('en')} winners credited by ${settle.credits.toLocaleString('en')} transfers; floor 10 s, goal 5 s)`,
    `  the settling process's memory: RSS ${settle.rssBeforeMb} -> ${settle.rssAfterMb} MB (peak ${settle.rssPeakMb}), heap peak ${settle.heapPeakMb} MB`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await lotteryBench(
    Number(process.env.SECONDS ?? 10),
    Number(process.env.BETS ?? 1_000_000),
    {
      settleOnly: process.env.LOTTERY_SETTLE_ONLY === '1',
    },
  );
  console.log('Lottery on PostgreSQL (DATABASE_URL), 16 players:');
  for (const line of describeLotteryBench(result)) console.log(line);
}
