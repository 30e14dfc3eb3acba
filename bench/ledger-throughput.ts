import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/database.js';
import { member } from '../apps/server/src/db/schema.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { accountCodes, LedgerService } from '../apps/server/src/modules/wallet/ledger.service.js';
import { scratchDatabase } from './support/postgres.js';
import { repoRoot, startBuiltServer } from './support/server.js';

const run = promisify(execFile);

export interface Figure {
  perSecond: number;
  p99Ms: number;
  failures: number;
}

export type LedgerThroughput =
  | { skipped: string }
  | {
      /** pgbench -N and the service, measured back to back, a pair per slice */
      slices: { pgbench: number; service: Figure }[];
      pgbenchNote?: string;
      http: Figure | { skipped: string };
      workers: number;
      durationSeconds: number;
    };

/**
 * pg's pool ends its connections without waiting for them to close; dropping the database right after
 * terminates them, and a pool with no 'error' listener would take the process down.
 */
export function openScratch(url: string, poolSize: number) {
  const handle = openPostgres(url, poolSize);
  (handle.db as unknown as { $client: EventEmitter }).$client.on('error', () => undefined);
  return handle;
}

function p99(latencies: number[]): number {
  if (latencies.length === 0) return 0;
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
}

/** The same server's plain write throughput, as a yardstick: pgbench's simple-update (-N) mix. */
export async function pgbenchTps(serverUrl: string, clients: number, durationSeconds: number) {
  const scratch = await scratchDatabase(serverUrl, 'bench_pgbench');
  try {
    await run('pgbench', ['-i', '-s', '1', '-q', scratch.url], { timeout: 60_000 });
    const { stdout } = await run(
      'pgbench',
      ['-N', '-c', String(clients), '-j', '2', '-T', String(durationSeconds), scratch.url],
      { timeout: (durationSeconds + 30) * 1000 },
    );
    const match = /tps = ([\d.]+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } finally {
    await scratch.drop();
  }
}

/** Money on each member's main wallet, through the ledger as an operator's adjustment would move it. */
export async function fundMembers(
  db: ReturnType<typeof openPostgres>['db'],
  members: { id: bigint }[],
  amount: bigint,
): Promise<void> {
  const ledger = new LedgerService({ db, clock: systemClock });
  for (const row of members) {
    await ledger.transferNow({
      idempotencyKey: `bench-seed:${row.id}`,
      kind: 'adjustment',
      currency: 'REAL',
      legs: [
        { account: accountCodes.house, amount: -amount },
        { account: accountCodes.memberMain(row.id), amount },
      ],
      actor: 'system:bench',
    });
  }
}

/** Members straight into the database (the benches measure money, not registration). */
export async function insertMembers(
  db: ReturnType<typeof openPostgres>['db'],
  count: number,
  prefix: string,
) {
  const rows = await db
    .insert(member)
    .values(
      Array.from({ length: count }, (_, index) => {
        const suffix = `${prefix}${String(index).padStart(3, '0')}`;
        return {
          publicId: `mbr_bench${suffix}`,
          username: `bench${suffix}`,
          account: `7${suffix}`.padEnd(10, '0'),
          referralCode: `BNC${suffix}`,
          createdAt: systemClock.now(),
        };
      }),
    )
    .returning({ id: member.id, account: member.account, publicId: member.publicId });
  return rows;
}

/** Funded members on a fresh scratch database, and the ledger over them, for service slices. */
async function serviceBench(serverUrl: string, workers: number) {
  const scratch = await scratchDatabase(serverUrl, 'bench_ledger');
  const handle = openScratch(scratch.url, workers + 2);
  await handle.migrate();
  const ledger = new LedgerService({ db: handle.db, clock: systemClock });
  const members = await insertMembers(handle.db, workers, String(randomInt(1000, 10_000)));
  for (const row of members) {
    await ledger.transferNow({
      idempotencyKey: `bench-seed:${row.id}`,
      kind: 'deposit',
      currency: 'REAL',
      legs: [
        { account: accountCodes.channel('bench'), amount: -1_000_000n },
        { account: accountCodes.memberMain(row.id), amount: 1_000_000n },
      ],
      actor: 'system:bench',
    });
  }
  let slice = 0;
  return {
    /**
     * Member <-> house transfers (bet 1.00, win 1.00, alternating) for `seconds`, each worker on its own
     * member so the figure is the ledger's cost per transfer rather than one hot row's queue.
     */
    async run(seconds: number): Promise<Figure> {
      slice += 1;
      const latencies: number[] = [];
      let failures = 0;
      const until = Date.now() + seconds * 1000;
      const started = performance.now();
      await Promise.all(
        members.map(async (row, worker) => {
          for (let index = 0; Date.now() < until; index += 1) {
            const bet = index % 2 === 0;
            const at = performance.now();
            try {
              await ledger.transferNow({
                idempotencyKey: `bench:${slice}:${worker}:${index}`,
                kind: bet ? 'bet' : 'win',
                currency: 'REAL',
                legs: [
                  { account: accountCodes.memberMain(row.id), amount: bet ? -100n : 100n },
                  { account: accountCodes.house, amount: bet ? 100n : -100n },
                ],
                actor: 'system:bench',
              });
              latencies.push(performance.now() - at);
            } catch {
              failures += 1;
            }
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      return { perSecond: latencies.length / elapsed, p99Ms: Math.round(p99(latencies) * 10) / 10, failures };
    },
    async close() {
      try {
        const problems = await ledger.reconcile(handle.db);
        if (problems.length > 0)
          throw new Error(`the ledger disagrees after the bench: ${JSON.stringify(problems.length)}`);
      } finally {
        await handle.close();
        await scratch.drop();
      }
    },
  };
}

/** POST /wps/admin/members/:account/adjust on the production build over PostgreSQL, +1.00/-1.00. */
async function httpThroughput(
  serverUrl: string,
  connections: number,
  durationSeconds: number,
): Promise<Figure | { skipped: string }> {
  const built = path.join(repoRoot, 'apps/server/dist/main.js');
  if (!existsSync(built)) return { skipped: 'n/a (no production build; run npm run build)' };
  // run-all builds only when dist is missing: a build older than the admin adjust route has no route to measure.
  if (!readFileSync(built, 'utf8').includes('adjustments.adjust')) {
    return { skipped: 'n/a (the production build predates the admin adjust route; run npm run build)' };
  }
  const scratch = await scratchDatabase(serverUrl, 'bench_http');
  const handle = openScratch(scratch.url, 2);
  let server: Awaited<ReturnType<typeof startBuiltServer>> | undefined;
  try {
    await handle.migrate();
    const members = await insertMembers(handle.db, connections, String(randomInt(1000, 10_000)));
    // Every member starts with money, so a debit that overtakes its credit is still covered.
    await fundMembers(handle.db, members, 1_000_000n);
    const password = randomBytes(12).toString('hex');
    // As an operator would: the operator tool, straight on this database.
    await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/operator.ts',
        'admin',
        'create',
        'benchcashier',
        '--role',
        // A cashier may adjust balances; an owner would need TOTP in production.
        'finance',
        '--password',
        password,
      ],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: scratch.url }, timeout: 60_000 },
    );
    server = await startBuiltServer('production', { DATABASE_URL: scratch.url });
    const login = await fetch(`${server.url}/wps/admin/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'benchcashier', password }),
    });
    const body = (await login.json()) as { value?: { token?: string } };
    const token = body.value?.token;
    if (!token) return { skipped: `n/a (admin login answered HTTP ${login.status})` };
    let counter = 0;
    let failures = 0;
    let firstFailure = '';
    const result = await autocannon({
      url: server.url,
      connections,
      duration: durationSeconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            counter += 1;
            const target = members[counter % members.length];
            const amount = Math.floor(counter / members.length) % 2 === 0 ? '1.00' : '-1.00';
            return {
              ...request,
              path: `/wps/admin/members/${target?.account ?? ''}/adjust`,
              headers: { 'content-type': 'application/json', 'x-admin-token': token },
              body: JSON.stringify({ amount, reason: 'bench', requestId: `bench-${counter}-${process.pid}` }),
            };
          },
          onResponse: (status, responseBody) => {
            if (status === 200) return;
            failures += 1;
            if (failures === 1) firstFailure = `HTTP ${status}: ${responseBody.slice(0, 200)}`;
          },
        },
      ],
    });
    if (firstFailure) console.log(`  (first failed adjust: ${firstFailure})`);
    return { perSecond: result.requests.average, p99Ms: result.latency.p99, failures };
  } finally {
    await server?.stop();
    await handle.close();
    await scratch.drop();
  }
}

/**
 * Ledger transfers per second and p99 latency on PostgreSQL, through the service and through HTTP, beside
 * pgbench -N on the same server in the same run (the ratio is what travels between machines). On a shared
 * machine the load drifts within seconds, so pgbench and the service take turns in short slices and the
 * figure is the median of the slices' ratios, each slice's pair measured back to back.
 */
export async function ledgerThroughput(
  durationSeconds = 5,
  workers = 8,
  slices = 3,
): Promise<LedgerThroughput> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { skipped: 'DATABASE_URL is not set (the ledger bench needs PostgreSQL)' };
  try {
    const probe = new pg.Client({ connectionString: serverUrl });
    await probe.connect();
    await probe.end();
  } catch (error) {
    return { skipped: `PostgreSQL at DATABASE_URL is not reachable (${String(error)})` };
  }
  let pgbenchNote: string | undefined;
  const pairs: { pgbench: number; service: Figure }[] = [];
  const bench = await serviceBench(serverUrl, workers);
  try {
    for (let slice = 0; slice < slices; slice += 1) {
      let tps: number | null = null;
      try {
        tps = await pgbenchTps(serverUrl, workers, durationSeconds);
      } catch (error) {
        pgbenchNote = `pgbench failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      }
      const service = await bench.run(durationSeconds);
      pairs.push({ pgbench: tps ?? Number.NaN, service });
    }
  } finally {
    await bench.close();
  }
  const http = await httpThroughput(serverUrl, workers, durationSeconds);
  return {
    slices: pairs,
    ...(pgbenchNote ? { pgbenchNote } : {}),
    http,
    workers,
    durationSeconds,
  };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Lines for run-all.ts. */
export function describeLedgerThroughput(result: LedgerThroughput): string[] {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  const measured = result.slices.filter((pair) => Number.isFinite(pair.pgbench));
  const lines = result.slices.map(
    (pair, index) =>
      `  slice ${index + 1}: pgbench -N -c ${result.workers} -j 2 -T ${result.durationSeconds} ${
        Number.isFinite(pair.pgbench) ? `${pair.pgbench.toFixed(0)} tps` : (result.pgbenchNote ?? 'n/a')
      }; service (transferNow, ${result.workers} workers) ${pair.service.perSecond.toFixed(0)} transfers/s${
        Number.isFinite(pair.pgbench)
          ? ` (${((pair.service.perSecond / pair.pgbench) * 100).toFixed(1)}%)`
          : ''
      }, p99 ${pair.service.p99Ms} ms, ${pair.service.failures} failed`,
  );
  const pgbenchMedian = median(measured.map((pair) => pair.pgbench));
  if (measured.length > 0) {
    lines.push(
      `  service: median ${(
        median(measured.map((pair) => pair.service.perSecond / pair.pgbench)) * 100
      ).toFixed(
        1,
      )}% of pgbench -N over ${measured.length} slices (median pgbench ${pgbenchMedian.toFixed(0)} tps)`,
    );
  }
  lines.push(
    'skipped' in result.http
      ? `  HTTP (admin adjust): ${result.http.skipped}`
      : `  HTTP (POST admin adjust, ${result.workers} connections): ${result.http.perSecond.toFixed(0)} transfers/s${
          Number.isFinite(pgbenchMedian)
            ? ` (${((result.http.perSecond / pgbenchMedian) * 100).toFixed(1)}% of the median pgbench -N)`
            : ''
        }, p99 ${result.http.p99Ms} ms, ${result.http.failures} not 200`,
  );
  return lines;
}

// `npx tsx bench/ledger-throughput.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await ledgerThroughput();
  console.log('Ledger transfers on PostgreSQL, in slices of 5 s:');
  for (const line of describeLedgerThroughput(result)) console.log(line);
}
