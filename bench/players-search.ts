import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/database.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { cryptoRng } from '../apps/server/src/lib/rng.js';
import { PlayersService } from '../apps/server/src/modules/players/players.service.js';
import { pgbenchTps } from './ledger-throughput.js';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';

/**
 * Issue 27: the back office's player search answers in under 50 ms at the 99th percentile with
 * 1,000,000 members. The members are inserted with generate_series (names from word lists, so a name
 * is shared as in life; mobiles, emails, real names for most, a bank account for half, a session each
 * with its address and browser: 50,000 distinct browsers), the migrations' indexes built, ANALYZE run;
 * then PlayersService.search (the call's whole work: one SQL statement and its presentation) is timed
 * for each kind of query, ROUNDS times each with values of different members, one at a time. pgbench -N
 * runs on the same server in the same run (one client: its per-transaction time is the yardstick).
 * Run: DATABASE_URL=postgres://... npx tsx bench/players-search.ts   (PLAYERS_BENCH_MEMBERS to change the size)
 */
const MEMBERS = Number(process.env.PLAYERS_BENCH_MEMBERS ?? 1_000_000);
const ROUNDS = 200;
const FIRST =
  'rahim karim sumon rakib hasan jamal nasir sabbir tanvir farhan arif mamun shakil rubel sohel masud imran habib liton babul ayesha fatema nusrat sharmin tania rina mitu shila jannat sadia mim puja anika riya sonia lima moni rupa popy keya'.split(
    ' ',
  );
const LAST =
  'uddin hossain rahman islam ahmed khan chowdhury sarker miah akter begum das roy saha alam haque kabir mollah sheikh talukder'.split(
    ' ',
  );

export interface PlayerSearchFigure {
  members: number;
  setupSeconds: number;
  kinds: { kind: string; p50Ms: number; p99Ms: number; meanHits: number }[];
}

const list = (words: string[]) => `array[${words.map((word) => `'${word}'`).join(',')}]`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** MEMBERS members with their bank accounts (half) and a session each, by generate_series. */
async function seed(run: (text: string) => Promise<unknown>): Promise<void> {
  // i -> a name shared by many (first name, a number), a mobile unique by a multiplier coprime to 10^8
  await run(`
    INSERT INTO member (public_id, username, account, referral_code, country_dialing_code, mobile, email,
                        payee_name, register_ip, created_at)
    SELECT 'mbr_' || i,
           (${list(FIRST)})[1 + i % ${FIRST.length}] || (i * 37 % 1000000)::text || chr(97 + i % 26) || i,
           (1000000000 + i)::text,
           'r' || i,
           '880',
           '1' || (3 + i % 7)::text || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0'),
           CASE WHEN i % 4 = 0 THEN NULL
                ELSE (${list(FIRST)})[1 + i % ${FIRST.length}] || '.' || i || '@' || (array['gmail.com','yahoo.com','outlook.com'])[1 + i % 3] END,
           CASE WHEN i % 5 = 0 THEN NULL
                ELSE initcap((${list(FIRST)})[1 + i % ${FIRST.length}]) || ' ' || initcap((${list(LAST)})[1 + (i / 7) % ${LAST.length}]) END,
           '10.' || (i / 65536) % 256 || '.' || (i / 256) % 256 || '.' || i % 256,
           now() - make_interval(secs => i)
      FROM generate_series(1, ${MEMBERS}) i`);
  await run(`
    INSERT INTO member_bank_account (public_id, member_id, bank_name, account_name, account_number, created_at)
    SELECT 'bnk_' || id, id, 'Sonali Bank', coalesce(payee_name, username), '20' || lpad(id::text, 11, '0'), now()
      FROM member WHERE id % 2 = 0`);
  await run(`
    INSERT INTO member_session (member_id, token_hash, created_at, last_seen_at, expires_at, ip, user_agent)
    SELECT id, md5(id::text) || id, now(), now(), now() + interval '1 day',
           '100.' || (id / 65536) % 64 || '.' || (id / 256) % 256 || '.' || id % 256,
           'Mozilla/5.0 (Linux; Android ' || (10 + id % 5) || '; SM-A' || (id % 50000) || ') Chrome/120.0'
      FROM member`);
  await run('ANALYZE');
}

export async function playerSearchBench(
  serverUrl: string | undefined,
): Promise<{ skipped: string } | PlayerSearchFigure> {
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'no DATABASE_URL' };
  // PLAYERS_BENCH_REUSE=<database url>: a database a run kept (PLAYERS_BENCH_KEEP=1), searched as it is
  const reuse = process.env.PLAYERS_BENCH_REUSE;
  const scratch = reuse
    ? { url: reuse, drop: () => Promise.resolve() }
    : await scratchDatabase(serverUrl, 'bench_players');
  const handle = openPostgres(scratch.url, 4);
  const run = (text: string) => handle.db.execute(sql.raw(text));
  try {
    await handle.migrate();
    const setupStarted = Date.now();
    if (!reuse) await seed(run);
    const setupSeconds = (Date.now() - setupStarted) / 1000;

    const players = new PlayersService({
      db: handle.db,
      clock: systemClock,
      rng: cryptoRng,
      countryLookup: { country: () => null },
      audit: undefined as never,
      turnover: undefined as never,
      tags: undefined as never,
    });
    type Sample = {
      account: string;
      username: string;
      mobile: string;
      email: string | null;
      payee_name: string | null;
      ip: string;
      device: string;
      bank: string;
    };
    const samples = (
      (await run(`SELECT m.account, m.username, m.mobile, m.email, m.payee_name, s.ip,
                         left(md5(s.user_agent), 16) AS device, '20' || lpad(m.id::text, 11, '0') AS bank
                    FROM member m JOIN member_session s ON s.member_id = m.id
                   WHERE m.id IN (SELECT 2 * (1 + (random() * ${Math.floor(MEMBERS / 2) - 2})::int) FROM generate_series(1, ${ROUNDS}))`)) as unknown as {
        rows: Sample[];
      }
    ).rows;
    const pick = (index: number): Sample => samples[index % samples.length] as Sample;
    const kinds: { kind: string; q: (s: Sample, index: number) => string }[] = [
      { kind: 'account, whole', q: (s) => s.account },
      { kind: 'account, first 6 digits', q: (s) => s.account.slice(0, 6) },
      { kind: 'username, whole', q: (s) => s.username },
      { kind: 'username, 6 characters within', q: (s) => s.username.slice(3, 9) },
      { kind: 'username, first 2 letters', q: (s) => s.username.slice(0, 2) },
      { kind: 'mobile, whole', q: (s) => s.mobile },
      { kind: 'mobile, 0 and first 7 digits', q: (s) => `0${s.mobile.slice(0, 7)}` },
      { kind: 'mobile, +880 international', q: (s) => `+880 ${s.mobile}` },
      { kind: 'email, whole', q: (s, i) => s.email ?? pick(i + 1).email ?? 'rahim.4@gmail.com' },
      { kind: 'email, part', q: (s) => (s.email ?? 'karim.8@gmail.com').split('@')[0] ?? '' },
      { kind: 'real name, whole (shared)', q: (s) => s.payee_name ?? 'Rahim Uddin' },
      { kind: 'real name, part', q: (s) => (s.payee_name ?? 'Rahim Uddin').split(' ')[1] ?? '' },
      { kind: 'a word no name has (a typo)', q: (_s, i) => `zzq${String.fromCharCode(97 + (i % 26))}w` },
      { kind: 'username, a typo (no match)', q: (_s, i) => `qzx${i}zq` },
      { kind: 'bank account, whole', q: (s) => s.bank },
      { kind: 'bank account, first 9', q: (s) => s.bank.slice(0, 9) },
      { kind: 'IP address', q: (s) => s.ip },
      { kind: 'device', q: (s) => s.device },
    ];
    const figures: PlayerSearchFigure['kinds'] = [];
    for (const { kind, q } of kinds) {
      // a few calls first, so the figures are the warm path's (plans, buffers)
      for (let index = 0; index < 5; index += 1)
        await players.search({ q: q(pick(index), index), page: 1, pageSize: 20 });
      const times: number[] = [];
      let hits = 0;
      for (let index = 0; index < ROUNDS; index += 1) {
        const started = performance.now();
        const answer = await players.search({ q: q(pick(index), index), page: 1, pageSize: 20 });
        times.push(performance.now() - started);
        hits += answer.total;
      }
      times.sort((a, b) => a - b);
      figures.push({
        kind,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        meanHits: hits / ROUNDS,
      });
    }
    return { members: MEMBERS, setupSeconds, kinds: figures };
  } finally {
    await handle.close();
    // PLAYERS_BENCH_KEEP=1 keeps the seeded database, to EXPLAIN a kind of query by hand
    if (process.env.PLAYERS_BENCH_KEEP) console.log(`  kept ${scratch.url}`);
    else if (!reuse) await scratch.drop();
  }
}

export function describePlayerSearch(
  result: { skipped: string } | PlayerSearchFigure,
  pgbench: number | null,
) {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  const pgbenchMs = pgbench ? 1000 / pgbench : null;
  const lines = [
    `  pgbench -N (1 client) on the same server: ${pgbench === null || pgbenchMs === null ? 'n/a' : `${pgbench.toFixed(0)} tps, ${pgbenchMs.toFixed(2)} ms a transaction`}`,
    `  ${result.members.toLocaleString('en')} members (set up in ${result.setupSeconds.toFixed(1)} s); ${ROUNDS} searches of each kind, target p99 < 50 ms:`,
  ];
  for (const figure of result.kinds) {
    const ratio = pgbenchMs ? ` (${(figure.p99Ms / pgbenchMs).toFixed(1)}x pgbench)` : '';
    lines.push(
      `    ${figure.kind.padEnd(32)} p50 ${figure.p50Ms.toFixed(2).padStart(6)} ms  p99 ${figure.p99Ms.toFixed(2).padStart(6)} ms${ratio}  ~${figure.meanHits.toFixed(0)} matches`,
    );
  }
  return lines;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const url = process.env.DATABASE_URL;
  const pgbench = url ? await pgbenchTps(url, 1, 10).catch(() => null) : null;
  for (const line of describePlayerSearch(await playerSearchBench(url), pgbench)) console.log(line);
  process.exit(0);
}
