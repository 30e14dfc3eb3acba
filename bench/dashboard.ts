import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/database.js';
import { fixedClock } from '../apps/server/src/lib/clock.js';
import { addDays, siteDayOf } from '../apps/server/src/modules/agent/index.js';
import { registrationsAfter } from '../apps/server/src/modules/member/index.js';
import { ReportsService } from '../apps/server/src/modules/reports/index.js';
import { ledgerMovementsAfter } from '../apps/server/src/modules/wallet/index.js';
import { pgbenchTps } from './ledger-throughput.js';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';

/**
 * Issue 27: the back office's dashboard answers in under 500 ms with 10,000,000 bets (ADR 096).
 *
 * 1. The fold: FOLD_BETS real ledger bets and their wins (a bet of one of 2,000 members with a vendor of
 *    each lobby category, inserted as the ledger writes them) and deposits are folded by the job's own
 *    ReportsService.rollUp, timed (transfers a second).
 * 2. The read at scale: the rollups as 10,000,000 bets over a year leave them (DAYS days; each day about
 *    3% of 100,000 players bet, ~9 bets each, and 1% deposit: ~1,100,000 member-days of bets and
 *    ~365,000 of deposits, with their previous days; the per-day and per-category rows), then
 *    ReportsService.dashboard (the call's whole work: its five statements and the presentation) is timed
 *    ROUNDS times for ranges of 1, 7, 30, 92 and 366 days, one call at a time. pgbench -N (one client) runs
 *    on the same server in the same run: its time a transaction is the yardstick of the ratio.
 * Run: DATABASE_URL=postgres://... npx tsx bench/dashboard.ts   (or npm run bench -- dashboard)
 */
const PLAYERS = 100_000;
const DAYS = 365;
const BETS = 10_000_000;
const FOLD_BETS = Number(process.env.DASHBOARD_BENCH_FOLD ?? 100_000);
const ROUNDS = 100;
const CATEGORIES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'ESPORTS', 'LOTTERY', 'INHOUSE'];

export interface DashboardFigure {
  bets: number;
  memberDays: number;
  /** member-days of bets, and of deposits */
  activeDays: number;
  depositDays: number;
  setupSeconds: number;
  fold: { transfers: number; seconds: number };
  ranges: { label: string; days: number; p50Ms: number; p99Ms: number }[];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function dashboardBench(
  serverUrl: string | undefined,
): Promise<{ skipped: string } | DashboardFigure> {
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'no DATABASE_URL' };
  const scratch = await scratchDatabase(serverUrl, 'bench_dashboard');
  const handle = openPostgres(scratch.url, 6);
  const run = (text: string) => handle.db.execute(sql.raw(text));
  const rowsOf = async <T>(text: string) => ((await run(text)) as unknown as { rows: T[] }).rows;
  try {
    await handle.migrate();
    const today = siteDayOf(new Date());
    const clock = fixedClock(new Date());
    const reports = new ReportsService({
      db: handle.db,
      clock,
      sources: {
        movements: ledgerMovementsAfter,
        registrations: registrationsAfter,
        dayOf: siteDayOf,
        addDays,
      },
    });

    // 1. The fold, through the real job: members, vendors, then bets, wins and deposits as the ledger writes them.
    await run(`
      INSERT INTO member (public_id, username, account, referral_code, created_at)
      SELECT 'mbr_' || i, 'player' || i, (1000000000 + i)::text, 'r' || i, now() - interval '2 days'
        FROM generate_series(1, 2000) i`);
    await run(`
      INSERT INTO game_vendor (vassalage, category, title)
      SELECT 'V_' || c, c, c FROM unnest(array['RNG','LIVE','FISH','PVP','SPORTS','ESPORTS']) c`);
    await run(`
      INSERT INTO ledger_account (code, kind, currency, member_id, tracks_balance, balance)
      SELECT 'member:' || id || ':main', 'player_main', 'REAL', id, true, 100000000 FROM member
      UNION ALL SELECT 'vendor:' || vassalage, 'game_vendor', 'REAL', NULL, false, 0 FROM game_vendor
      UNION ALL SELECT 'channel:bench', 'payment_channel', 'REAL', NULL, false, 0`);
    const at = `now() - interval '1 day' + make_interval(secs => i * 0.5)`;
    await run(`
      INSERT INTO ledger_transfer (idempotency_key, kind, currency, actor, request_hash, created_at)
      SELECT 'bench:' || i, CASE WHEN i % 10 = 0 THEN 'deposit' WHEN i % 3 = 0 THEN 'win' ELSE 'bet' END,
             'REAL', 'bench', 'h', ${at}
        FROM generate_series(1, ${FOLD_BETS}) i`);
    await run(`
      INSERT INTO ledger_entry (transfer_id, account_id, amount, created_at)
      SELECT t.id, p.id, s.sign * a.amount, t.created_at
        FROM ledger_transfer t
        CROSS JOIN LATERAL (SELECT 100 + t.id % 5000 AS amount, 1 + t.id % 2000 AS member,
                                   'V_' || (array['RNG','LIVE','FISH','PVP','SPORTS','ESPORTS'])[1 + t.id % 6] AS vendor) a
        CROSS JOIN LATERAL (VALUES
            (CASE WHEN t.kind = 'bet' THEN -1 ELSE 1 END, 'member:' || a.member || ':main'),
            (CASE WHEN t.kind = 'bet' THEN 1 ELSE -1 END,
             CASE WHEN t.kind = 'deposit' THEN 'channel:bench' ELSE 'vendor:' || a.vendor END)) s(sign, code)
        JOIN ledger_account p ON p.code = s.code
       WHERE t.idempotency_key LIKE 'bench:%'`);
    await run('ANALYZE');
    clock.set(new Date(Date.now() + 10 * 60_000));
    const foldStarted = performance.now();
    const folded = await reports.rollUp();
    const fold = { transfers: folded.transfers, seconds: (performance.now() - foldStarted) / 1000 };
    const [check] = await rowsOf<{ bets: string }>(`SELECT sum(bets)::text AS bets FROM report_day_category`);
    const expectedBets = await rowsOf<{ n: string }>(
      `SELECT count(*)::text AS n FROM ledger_transfer WHERE kind = 'bet' AND idempotency_key LIKE 'bench:%'`,
    );
    if (check?.bets !== expectedBets[0]?.n)
      throw new Error(`the fold counted ${check?.bets} bets of ${expectedBets[0]?.n}`);

    // 2. The rollups of 10,000,000 bets over DAYS days (the fold's rows replaced).
    const setupStarted = Date.now();
    await run('TRUNCATE report_day, report_day_category, report_member_day, report_first_deposit');
    const first = `'${today}'::date - ${DAYS - 1}`;
    // member m bets on day d when a hash of both falls under 3%, deposits under 1%
    await run(`
      INSERT INTO report_member_day (activity, member_id, day, prev_day)
      SELECT activity, m, day, lag(day) OVER (PARTITION BY activity, m ORDER BY day)
        FROM (SELECT a.activity, m, ${first} + d AS day
                FROM generate_series(1, ${PLAYERS}) m, generate_series(0, ${DAYS - 1}) d,
                     (VALUES (1::smallint, 3), (2::smallint, 1)) a(activity, percent)
               WHERE (m::bigint * 2654435761 + d * 40503 + a.activity * 7919) % 100 < a.percent) x`);
    const [{ active = '0', depositors = '0', memberDays = '0' } = {}] = await rowsOf<{
      active: string;
      depositors: string;
      memberDays: string;
    }>(`SELECT count(*) FILTER (WHERE activity = 1)::text AS active, count(*) FILTER (WHERE activity = 2)::text AS depositors,
               count(*)::text AS "memberDays" FROM report_member_day`);
    const betsPerDay = Math.floor(BETS / DAYS);
    await run(`
      INSERT INTO report_day_category (day, category, bets, stakes, wins)
      SELECT ${first} + d, c,
             ${betsPerDay} / 8 + CASE WHEN n = 1 THEN ${betsPerDay} % 8 + CASE WHEN d = 0 THEN ${BETS - betsPerDay * DAYS} ELSE 0 END ELSE 0 END,
             (${betsPerDay} / 8) * (500 + n * 37), (${betsPerDay} / 8) * (460 + n * 35)
        FROM generate_series(0, ${DAYS - 1}) d, unnest(array[${CATEGORIES.map((c) => `'${c}'`).join(',')}]) WITH ORDINALITY AS k(c, n)`);
    await run(`
      INSERT INTO report_first_deposit (member_id, day, amount)
      SELECT member_id, min(day), 10000 FROM report_member_day WHERE activity = 2 GROUP BY member_id`);
    await run(`
      INSERT INTO report_day (day, registrations, first_deposits, first_deposit_amount, deposits, deposit_amount,
                              withdrawals, withdrawal_amount, bonuses, commissions, active_players, depositors)
      SELECT x.day, 270, coalesce(f.n, 0), coalesce(f.n, 0) * 10000, x.depositors + x.depositors / 3,
             (x.depositors + x.depositors / 3) * 25000, x.depositors / 2, (x.depositors / 2) * 40000, 1500000, 900000,
             x.active, x.depositors
        FROM (SELECT day, count(*) FILTER (WHERE activity = 1)::int AS active,
                     count(*) FILTER (WHERE activity = 2)::int AS depositors
                FROM report_member_day GROUP BY day) x
        LEFT JOIN (SELECT day, count(*)::int AS n FROM report_first_deposit GROUP BY day) f ON f.day = x.day`);
    // As autovacuum leaves a table that stopped changing: visibility map set, statistics current.
    await run('VACUUM ANALYZE report_member_day');
    await run('VACUUM ANALYZE report_day');
    await run('VACUUM ANALYZE report_day_category');
    const setupSeconds = (Date.now() - setupStarted) / 1000;

    const ranges = [
      { label: 'today', days: 1 },
      { label: 'last 7 days', days: 7 },
      { label: 'last 30 days', days: 30 },
      { label: 'last 92 days', days: 92 },
      { label: 'last 366 days (the most)', days: 366 },
    ];
    const figures: DashboardFigure['ranges'] = [];
    for (const range of ranges) {
      const from = addDays(today, 1 - range.days);
      // a few calls first, so the figures are the warm path's (plans, buffers)
      for (let index = 0; index < 5; index += 1) await reports.dashboard(from, today);
      const times: number[] = [];
      for (let index = 0; index < ROUNDS; index += 1) {
        const started = performance.now();
        const answer = await reports.dashboard(from, today);
        times.push(performance.now() - started);
        if (answer.series.length !== range.days) throw new Error('a day is missing');
      }
      times.sort((a, b) => a - b);
      figures.push({ ...range, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) });
    }
    const total = await rowsOf<{ bets: string }>(`SELECT sum(bets)::text AS bets FROM report_day_category`);
    return {
      bets: Number(total[0]?.bets ?? 0),
      memberDays: Number(memberDays),
      setupSeconds,
      fold,
      ranges: figures,
      activeDays: Number(active),
      depositDays: Number(depositors),
    };
  } finally {
    await handle.close();
    // DASHBOARD_BENCH_KEEP=1 keeps the seeded database, to EXPLAIN the reads by hand
    if (process.env.DASHBOARD_BENCH_KEEP) console.log(`  kept ${scratch.url}`);
    else await scratch.drop();
  }
}

export function describeDashboard(result: { skipped: string } | DashboardFigure, pgbench: number | null) {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  const pgbenchMs = pgbench ? 1000 / pgbench : null;
  const lines = [
    `  pgbench -N (1 client) on the same server: ${pgbench === null || pgbenchMs === null ? 'n/a' : `${pgbench.toFixed(0)} tps, ${pgbenchMs.toFixed(2)} ms a transaction`}`,
    `  the job's fold (ReportsService.rollUp): ${result.fold.transfers.toLocaleString('en')} ledger transfers in ${result.fold.seconds.toFixed(1)} s (${(result.fold.transfers / result.fold.seconds).toFixed(0)} a second)`,
    `  rollups of ${result.bets.toLocaleString('en')} bets over ${DAYS} days (${result.activeDays.toLocaleString('en')} member-days of bets, ${result.depositDays.toLocaleString('en')} of deposits; set up in ${result.setupSeconds.toFixed(1)} s); ${ROUNDS} calls a range, target < 500 ms:`,
  ];
  for (const figure of result.ranges) {
    const ratio = (ms: number) => (pgbenchMs ? ` (${(ms / pgbenchMs).toFixed(1)}x pgbench)` : '');
    lines.push(
      `    ${figure.label.padEnd(26)} p50 ${figure.p50Ms.toFixed(2).padStart(7)} ms${ratio(figure.p50Ms)}  p99 ${figure.p99Ms.toFixed(2).padStart(7)} ms${ratio(figure.p99Ms)}`,
    );
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const url = process.env.DATABASE_URL;
  const pgbench = url ? await pgbenchTps(url, 1, 10).catch(() => null) : null;
  for (const line of describeDashboard(await dashboardBench(url), pgbench)) console.log(line);
  process.exit(0);
}
