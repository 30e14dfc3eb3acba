import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { helloWorld } from './api-throughput.js';
import { openScratch, pgbenchTps } from './ledger-throughput.js';
import { cpuDuring } from './support/cpu-time.js';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';
import { repoRoot, startBuiltServer, type RunningServer } from './support/server.js';
import { vendorPlayers, vendorRoundRequests, type VendorPlayer } from './support/vendor-rounds.js';

const run = promisify(execFile);
const VENDOR = 'BENCHSLOT';
const SECRET = randomBytes(32).toString('hex');

export interface RoundFigure {
  label: string;
  roundsPerSecond: number;
  /** per call (bet or win), milliseconds */
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** CPU each call cost the server, the database's backends and the load generator, milliseconds */
  cpuPerCallMs: { server: number; postgres: number; client: number };
}

export type SeamlessRounds =
  | { skipped: string }
  | {
      figures: RoundFigure[];
      /** the round tables vacuumed by the bench (the server's autovacuum is off) */
      vacuumed: boolean;
      /** connections (load generator, hello world, pgbench) */
      connections: number;
      /** players taking turns over them */
      players: number;
      seconds: number;
      /** Fastify's hello world and pgbench -N on the same machine in the same run */
      helloPerSecond: number;
      pgbenchTps: number | null;
    };

/**
 * Rounds as a slot vendor plays them: on each connection, a bet of 1.00 and then its win of 0.50 closing
 * the round (the commonest pair), each signed, through autocannon (a load generator much lighter than
 * fetch, so the bench's own CPU takes less from the server on this 2-core machine). With `callsPerSecond`
 * the load is steady at that rate (autocannon's overallRate), otherwise each connection goes as fast as
 * it can (the ceiling). Each connection plays its own player.
 */
/** The tables each round writes (the wallet row, the member's key-share locks, the round, the calls). */
const ROUND_TABLES = 'ledger_account, member, provider_round, provider_transaction';
const VACUUM_EVERY_MS = 5_000;

/**
 * Runs `work` while the round tables are vacuumed every VACUUM_EVERY_MS, when the server's autovacuum is
 * off (this development machine's is; a production server's is on, and would clean them). Without it
 * their dead row versions pile up for the whole run and every call walks more of them: runs fell from
 * 500 to about 320 rounds/s within a minute, and came back with a VACUUM (ADR 088). true when it vacuumed.
 */
async function whileVacuumed<T>(
  databaseUrl: string,
  work: () => Promise<T>,
): Promise<{ result: T; vacuumed: boolean }> {
  const handle = openScratch(databaseUrl, 1);
  try {
    const [setting] = (
      (await handle.db.execute(sql`select current_setting('autovacuum') as on`)) as unknown as {
        rows: { on: string }[];
      }
    ).rows;
    if (setting?.on === 'on') return { result: await work(), vacuumed: false };
    let running = Promise.resolve();
    const timer = setInterval(() => {
      running = running.then(async () => {
        await handle.db.execute(sql.raw(`vacuum ${ROUND_TABLES}`));
      });
    }, VACUUM_EVERY_MS);
    try {
      return { result: await work(), vacuumed: true };
    } finally {
      clearInterval(timer);
      await running;
    }
  } finally {
    await handle.close();
  }
}

async function measure(
  label: string,
  server: RunningServer,
  databaseUrl: string,
  connections: number,
  players: VendorPlayer[],
  seconds: number,
  roundsPerSecond?: number,
): Promise<RoundFigure> {
  let failures = 0;
  let firstFailure = '';
  const check = (status: number, body: string) => {
    if (status === 200 && body.includes('"RS_OK"')) return;
    failures += 1;
    if (!firstFailure) firstFailure = `HTTP ${status}: ${body.slice(0, 200)}`;
  };
  const { result, serverMs, postgresMs, clientMs } = await cpuDuring(server.pid, databaseUrl, () =>
    autocannon({
      url: server.url,
      connections,
      duration: seconds,
      ...(roundsPerSecond ? { overallRate: roundsPerSecond * 2 } : {}),
      requests: vendorRoundRequests({ vendor: VENDOR, secret: SECRET, players, onResponse: check }),
    }),
  );
  if (firstFailure) console.log(`  (first failed call: ${firstFailure})`);
  const calls = Math.max(1, result.requests.total);
  return {
    label,
    roundsPerSecond: result.requests.average / 2,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: failures + result.errors,
    cpuPerCallMs: { server: serverMs / calls, postgres: postgresMs / calls, client: clientMs / calls },
  };
}

/** The operator tool on the bench's database, as an operator would set a vendor up. */
async function operator(databaseUrl: string, ...args: string[]) {
  await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/operator.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  });
}

/**
 * Seamless rounds (a signed bet and its win) through HTTP on the production build over PostgreSQL:
 * the ceiling with `connections` connections, then a steady 500 rounds/s (the issue's floor: p99 under
 * 30 ms), beside Fastify's hello world and pgbench -N measured in the same run.
 */
export async function seamlessRounds(
  seconds = 10,
  connections = 16,
  /**
   * Players taking turns (ADR 088): 16 players each betting 30 times a second kept their 16 wallet rows
   * on one heap page, whose HOT chains the backends' pins kept from being pruned (with this machine's
   * autovacuum off the page's copies filled hundreds of pages); 400 players play about a round a second
   * each at the floor's rate.
   */
  playerCount = 400,
): Promise<SeamlessRounds> {
  const serverUrl = process.env.DATABASE_URL;
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'DATABASE_URL is not set' };
  const helloPerSecond = (await helloWorld(connections, seconds)).perSecond;
  const pgbench = await pgbenchTps(serverUrl, connections, seconds).catch(() => null);
  const scratch = await scratchDatabase(serverUrl, 'bench_seamless');
  const server = await startBuiltServer('production', { DATABASE_URL: scratch.url });
  try {
    await operator(
      scratch.url,
      'vendors',
      'add',
      '--vassalage',
      VENDOR,
      '--category',
      'RNG',
      '--title',
      'Bench',
    );
    await operator(
      scratch.url,
      'seamless-vendors',
      'add',
      '--vendor',
      VENDOR,
      '--currency',
      'BDT',
      '--secret',
      SECRET,
    );
    const wallets = await vendorPlayers(scratch.url, VENDOR, playerCount);
    const { result: figures, vacuumed } = await whileVacuumed(scratch.url, async () => [
      await measure(
        `ceiling, ${connections} connections`,
        server,
        scratch.url,
        connections,
        wallets,
        seconds,
      ),
      await measure('steady 500 rounds/s', server, scratch.url, connections, wallets, seconds, 500),
    ]);
    return {
      figures,
      vacuumed,
      connections,
      players: playerCount,
      seconds,
      helloPerSecond,
      pgbenchTps: pgbench,
    };
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

/** Lines for run-all.ts. */
export function describeSeamlessRounds(result: SeamlessRounds): string[] {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  const lines = [
    `  ${result.players} players taking turns over ${result.connections} connections` +
      (result.vacuumed
        ? `; autovacuum is off on this server: the bench vacuums ${ROUND_TABLES} every ${VACUUM_EVERY_MS / 1000} s`
        : ''),
    `  Fastify hello world (same run, ${result.connections} connections): ${result.helloPerSecond.toFixed(0)} req/s`,
    `  pgbench -N -c ${result.connections} (same run): ${result.pgbenchTps === null ? 'n/a' : `${result.pgbenchTps.toFixed(0)} tps`}`,
  ];
  for (const figure of result.figures) {
    const calls = figure.roundsPerSecond * 2;
    const ofPgbench = result.pgbenchTps
      ? ` = ${((calls / result.pgbenchTps) * 100).toFixed(0)}% of pgbench tps`
      : '';
    lines.push(
      `  ${figure.label}: ${figure.roundsPerSecond.toFixed(0)} rounds/s (${calls.toFixed(0)} calls/s${ofPgbench}),` +
        ` per call p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms` +
        (figure.failures ? `, ${figure.failures} failed` : ''),
      `    CPU per call: server ${figure.cpuPerCallMs.server.toFixed(2)} ms, PostgreSQL backends ${figure.cpuPerCallMs.postgres.toFixed(2)} ms, load generator ${figure.cpuPerCallMs.client.toFixed(2)} ms`,
    );
  }
  return lines;
}

// `npx tsx bench/seamless-rounds.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await seamlessRounds(Number(process.env.BENCH_SECONDS ?? 10));
  console.log('Seamless rounds (signed bet + win over HTTP) on PostgreSQL (DATABASE_URL):');
  for (const line of describeSeamlessRounds(result)) console.log(line);
}
