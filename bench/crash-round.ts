import { performance } from 'node:perf_hooks';
import type { AuthenticatedMember } from '../apps/server/src/lib/caller.js';
import { crashRepository } from '../apps/server/src/modules/inhouse/crash.repository.js';
import { crashAfterMs } from '../apps/server/src/modules/inhouse/fair/crash.js';
import type { RealtimeSocket } from '../apps/server/src/modules/realtime/realtime.service.js';
import { createFundedMember, type TestMember } from '../apps/server/src/test/factories.js';
import { createTestApp } from '../apps/server/src/test/harness.js';

/**
 * Crash with 1,000 players in one round (issue 12's bench): every player bets through the service (the
 * wallet in process), half cash out by hand at rising multipliers, a third set an automatic cash-out,
 * then the round crashes and the scheduler's job settles it. Each player has a WebSocket (a stand-in
 * socket attached to the realtime hub, so the fan-out is the hub's: NOTIFY and LISTEN on PostgreSQL);
 * the fan-out latency is from a push's publish to its delivery on each socket.
 *
 * `npx tsx bench/crash-round.ts` (PGlite) or with DATABASE_URL=postgres://... (PostgreSQL, the figure
 * that matters: several connections, NOTIFY between instances). PLAYERS=<n> to change the 1,000.
 */
const PLAYERS = Number(process.env.PLAYERS ?? 1_000);
const IN_FLIGHT = 16;
const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0);

async function inParallel<T>(
  items: T[],
  work: (item: T, index: number) => Promise<unknown>,
): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next;
      next += 1;
      if (index >= items.length) return;
      const started = performance.now();
      await work(items[index] as T, index);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return times.sort((a, b) => a - b);
}

const t = await createTestApp({ config: { SETTINGS_CACHE_MS: 1000 } });
const onPostgres = t.services.realtime.fanOut === 'postgres';
if (onPostgres) await t.services.realtime.start();
try {
  console.log(`crash: ${PLAYERS} players in one round on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
  const members: TestMember[] = [];
  for (let index = 0; index < PLAYERS; index += 1) members.push(await createFundedMember(t, '1000.00'));

  // Every push, when it was published; every delivery, how long after.
  const published = new Map<string, number>();
  const fanOut: number[] = [];
  const keyOf = (text: string) => {
    const event = JSON.parse(text) as { kind?: string; serverTime?: string; bet?: { betId?: string } | null };
    return `${event.kind}:${event.serverTime}:${event.bet?.betId ?? ''}`;
  };
  const realtime = t.services.realtime;
  const publishAll = realtime.publishAll.bind(realtime);
  realtime.publishAll = async (event) => {
    published.set(keyOf(JSON.stringify(event)), performance.now());
    await publishAll(event);
  };
  for (const member of members) {
    const socket: RealtimeSocket = {
      readyState: 1,
      send: (data) => {
        const at = published.get(keyOf(data));
        if (at !== undefined) fanOut.push(performance.now() - at);
      },
      close: () => undefined,
      ping: () => undefined,
      terminate: () => undefined,
    };
    realtime.attach(member.row.id, socket);
  }
  const asMember = (member: TestMember): AuthenticatedMember => ({
    id: member.row.id,
    publicId: member.row.publicId,
    username: member.row.username,
    type: member.row.type,
    sessionId: 0n,
  });

  const chainStarted = performance.now();
  await t.services.crash.tick();
  const chainMs = performance.now() - chainStarted;
  const round = await crashRepository.openRound(t.handle.db);
  if (!round) throw new Error('no round opened');

  const bets = await inParallel(members, (member, index) =>
    t.services.crash.bet(asMember(member), {
      roundId: round.publicId,
      stake: '10.00',
      ...(index % 3 === 1 ? { autoCashOut: '1.50' } : {}),
      requestId: `bench-${round.publicId}-${index}`,
    }),
  );
  // Half cash out by hand as the multiplier rises (the clock set for each, as requests would arrive).
  const byHand = members.filter((_, index) => index % 2 === 0);
  const top = round.crashPoint > 101n ? round.crashPoint - 1n : 101n;
  const cashOuts = await inParallel(byHand, async (member, index) => {
    const at = 101n + ((top - 101n) * BigInt(index)) / BigInt(Math.max(1, byHand.length));
    t.clock.set(new Date(round.bettingEndsAt.getTime() + crashAfterMs(at)));
    await t.services.crash.cashOut(asMember(member), { roundId: round.publicId }).catch(() => undefined);
  });
  t.clock.set(new Date(round.crashesAt.getTime() + 1));
  const settleStarted = performance.now();
  const outcome = await t.services.crash.tick();
  const settleMs = performance.now() - settleStarted;
  // Let the last pushes arrive.
  await new Promise((resolve) => setTimeout(resolve, 500));
  fanOut.sort((a, b) => a - b);
  const problems = await t.services.ledger.reconcile(t.handle.db);
  console.log(
    `  crash point ${Number(round.crashPoint) / 100}×, chain of 10,000 seeds made in ${chainMs.toFixed(0)} ms`,
  );
  console.log(
    `  bets: ${bets.length}, p50 ${percentile(bets, 0.5).toFixed(1)} ms, p99 ${percentile(bets, 0.99).toFixed(1)} ms`,
  );
  console.log(
    `  cash-outs by hand: ${cashOuts.length}, p50 ${percentile(cashOuts, 0.5).toFixed(1)} ms, p99 ${percentile(cashOuts, 0.99).toFixed(1)} ms`,
  );
  console.log(`  settlement of the round: ${settleMs.toFixed(0)} ms (${JSON.stringify(outcome.settled)})`);
  console.log(
    `  fan-out: ${fanOut.length.toLocaleString('en')} deliveries of ${published.size} pushes to ${PLAYERS} sockets, ` +
      `p50 ${percentile(fanOut, 0.5).toFixed(1)} ms, p99 ${percentile(fanOut, 0.99).toFixed(1)} ms`,
  );
  console.log(
    `  ledger reconciliation: ${problems.length === 0 ? 'nothing wrong' : `${problems.length} problems`}`,
  );
} finally {
  if (onPostgres) await t.services.realtime.stop();
  await t.close();
}
