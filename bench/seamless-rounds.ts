import { execFile } from 'node:child_process';
import { createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { PROVIDER_PATH_PREFIX, providerHeaders } from '@platform/contract';
import { fundMembers, insertMembers, openScratch } from './ledger-throughput.js';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';
import { repoRoot, startBuiltServer } from './support/server.js';

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
}

export type SeamlessRounds =
  { skipped: string } | { figures: RoundFigure[]; players: number; seconds: number };

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

/** One signed call, as a vendor sends it; true when the answer is RS_OK. */
async function call(server: string, name: 'bet' | 'win', body: Record<string, unknown>): Promise<boolean> {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.`).update(raw).digest('hex');
  const response = await fetch(`${server}${PROVIDER_PATH_PREFIX}/${VENDOR}/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [providerHeaders.timestamp]: timestamp,
      [providerHeaders.signature]: signature,
    },
    body: raw,
  });
  const answer = (await response.json()) as { status?: string };
  return answer.status === 'RS_OK';
}

/** A bet of 1.00 and its win of 0.50 closing the round: the commonest pair a slot vendor sends. */
async function round(server: string, player: string, latencies: number[]): Promise<boolean> {
  const bet = randomUUID();
  const roundId = `r-${randomUUID()}`;
  const common = {
    player_id: player,
    round: roundId,
    game_code: 'bench-slot',
    currency: 'BDT',
    is_free: false,
  };
  let at = performance.now();
  const betOk = await call(server, 'bet', {
    ...common,
    request_uuid: randomUUID(),
    transaction_uuid: bet,
    round_closed: false,
    amount: '1.00',
  });
  latencies.push(performance.now() - at);
  if (!betOk) return false;
  at = performance.now();
  const winOk = await call(server, 'win', {
    ...common,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: bet,
    round_closed: true,
    amount: '0.50',
  });
  latencies.push(performance.now() - at);
  return winOk;
}

/**
 * `players` loops, each its own player, for `seconds`; when `roundsPerSecond` is given, each loop keeps
 * to its share of that rate (a steady load), otherwise each goes as fast as it can (the ceiling).
 */
async function measure(
  label: string,
  server: string,
  players: string[],
  seconds: number,
  roundsPerSecond?: number,
): Promise<RoundFigure> {
  const latencies: number[] = [];
  let rounds = 0;
  let failures = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const interval = roundsPerSecond ? (players.length * 1000) / roundsPerSecond : 0;
  await Promise.all(
    players.map(async (player, index) => {
      let next = started + (interval * index) / players.length;
      while (performance.now() < until) {
        if (interval > 0) {
          const wait = next - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          next += interval;
        }
        try {
          if (await round(server, player, latencies)) rounds += 1;
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
    label,
    roundsPerSecond: rounds / elapsed,
    p50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
    failures,
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

/** Players with money on their main wallet, moved there through the ledger as an adjustment. */
async function createPlayers(databaseUrl: string, count: number): Promise<string[]> {
  const handle = openScratch(databaseUrl, 2);
  try {
    const members = await insertMembers(handle.db, count, String(randomInt(1000, 10_000)));
    await fundMembers(handle.db, members, 100_000_000n);
    return members.map((row) => row.publicId);
  } finally {
    await handle.close();
  }
}

/**
 * Seamless rounds (a signed bet and its win) through HTTP on the production build over PostgreSQL:
 * the ceiling with `players` loops, then a steady 500 rounds/s (the floor: p99 under 30 ms).
 */
export async function seamlessRounds(seconds = 10, players = 16): Promise<SeamlessRounds> {
  const serverUrl = process.env.DATABASE_URL;
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'DATABASE_URL is not set' };
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
    const wallets = await createPlayers(scratch.url, players);
    return {
      figures: [
        await measure(`ceiling, ${players} loops`, server.url, wallets, seconds),
        await measure('steady 500 rounds/s', server.url, wallets, seconds, 500),
      ],
      players,
      seconds,
    };
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

/** Lines for run-all.ts. */
export function describeSeamlessRounds(result: SeamlessRounds): string[] {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  return result.figures.map(
    (figure) =>
      `  ${figure.label}: ${figure.roundsPerSecond.toFixed(0)} rounds/s (${(figure.roundsPerSecond * 2).toFixed(0)} calls/s),` +
      ` per call p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms` +
      (figure.failures ? `, ${figure.failures} failed` : ''),
  );
}
