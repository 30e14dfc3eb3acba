import { randomBytes } from 'node:crypto';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { LedgerService } from '../apps/server/src/modules/wallet/ledger.service.js';
import { helloWorld, type HttpFigure } from './api-throughput.js';
import { openScratch } from './ledger-throughput.js';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';
import { playersWithSessions } from './support/players.js';
import { startBuiltServer } from './support/server.js';

/**
 * Slot rounds through the seamless path: POST /wps/inhouse/slot/spin on the production build over
 * PostgreSQL, each a whole round (the draw, the round's claim, the wallet's bet and closing win in process,
 * the claim settled), from `players` loops each playing as its own member as fast as answers come.
 * Beside it, Fastify's hello world measured in the same run (the ratio is the figure to compare), and
 * afterwards the ledger's reconciliation over every round played.
 */
export interface SlotRoundsFigure {
  roundsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  rounds: number;
  hello: HttpFigure;
  reconciliationProblems: number;
  players: number;
  seconds: number;
}

export type SlotRounds = { skipped: string } | SlotRoundsFigure;

const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);

async function reconciliationProblems(databaseUrl: string): Promise<number> {
  const handle = openScratch(databaseUrl, 1);
  try {
    return (await new LedgerService({ db: handle.db, clock: systemClock }).reconcile(handle.db)).length;
  } finally {
    await handle.close();
  }
}

export async function slotRounds(seconds = 10, players = 16): Promise<SlotRounds> {
  const serverUrl = process.env.DATABASE_URL;
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'DATABASE_URL is not set' };
  const hello = await helloWorld(players, seconds);
  const scratch = await scratchDatabase(serverUrl, 'bench_slot');
  const server = await startBuiltServer('production', { DATABASE_URL: scratch.url });
  try {
    const tokens = await playersWithSessions(scratch.url, players, 's');
    const latencies: number[] = [];
    let rounds = 0;
    let failures = 0;
    let request = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    await Promise.all(
      tokens.map(async (token) => {
        while (performance.now() < until) {
          request += 1;
          const at = performance.now();
          try {
            const response = await fetch(`${server.url}/wps/inhouse/slot/spin`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
              body: JSON.stringify({
                bet: '1.00',
                requestId: `bench-${request}-${randomBytes(6).toString('hex')}`,
              }),
            });
            const answer = (await response.json()) as { success?: boolean };
            latencies.push(performance.now() - at);
            if (answer.success) rounds += 1;
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
      roundsPerSecond: rounds / elapsed,
      p50Ms: Math.round(percentile(latencies, 0.5) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 0.99) * 10) / 10,
      failures,
      rounds,
      hello,
      reconciliationProblems: await reconciliationProblems(scratch.url),
      players,
      seconds,
    };
  } finally {
    await server.stop();
    await scratch.drop();
  }
}

/** Lines for run-all.ts. */
export function describeSlotRounds(result: SlotRounds): string[] {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  return [
    `  Fastify hello world (same run): ${result.hello.perSecond.toFixed(0)} req/s, p99 ${result.hello.p99Ms} ms`,
    `  slot rounds: ${result.roundsPerSecond.toFixed(0)} rounds/s` +
      ` (${((result.roundsPerSecond / result.hello.perSecond) * 100).toFixed(2)}% of hello),` +
      ` per round p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, ${result.rounds.toLocaleString('en')} rounds` +
      (result.failures ? `, ${result.failures} failed` : ''),
    `  ledger reconciliation after them: ${result.reconciliationProblems === 0 ? 'the books agree' : `${result.reconciliationProblems} problem(s)`}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await slotRounds(Number(process.env.SECONDS ?? 10));
  console.log('Slot rounds (POST /wps/inhouse/slot/spin) on PostgreSQL, 16 players:');
  for (const line of describeSlotRounds(result)) console.log(line);
}
