import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/database.js';
import { systemClock } from '../apps/server/src/lib/clock.js';
import { AuditService } from '../apps/server/src/modules/audit/audit.service.js';
import { SettlementService } from '../apps/server/src/modules/agent/settlement.service.js';
import { siteDayOf, TurnoverService } from '../apps/server/src/modules/agent/turnover.service.js';
import { defaultSettings } from '../apps/server/src/modules/system/setting-defaults.js';
import { LedgerService } from '../apps/server/src/modules/wallet/ledger.service.js';
import { siteDayStart } from '../apps/server/src/modules/wallet/site-time.js';
import { migrate } from './agent-team.js';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';
import { pgbenchTps } from './ledger-throughput.js';

/**
 * Daily wages (ADR 071): one day's period for a tree of agents, each with an active daily-wage contract
 * from its upline, settled by SettlementService.settleDayKinds as the scheduler runs it, and timed. The
 * tree is agent-salary.ts's, smaller by default (the day kinds read each contract's figures one by one):
 * a top agent, LEVEL1 agents below it, LEVEL2_PER below each of those, 9 players below each of the lowest,
 * with a day of valid bets yesterday.
 * Run: DATABASE_URL=postgres://... LEVEL1=20 LEVEL2_PER=49 npx tsx bench/agent-day-kinds.ts
 */
const LEVEL1 = Number(process.env.LEVEL1 ?? 20);
const LEVEL2_PER = Number(process.env.LEVEL2_PER ?? 49);
const PLAYERS_PER = 9;
const DAY = 24 * 60 * 60_000;

export interface AgentDayKindsFigure {
  agents: number;
  members: number;
  setupSeconds: number;
  settleSeconds: number;
  settled: number;
  paidTotal: string;
}

export async function agentDayKindsBench(
  serverUrl: string | undefined,
): Promise<{ skipped: string } | AgentDayKindsFigure> {
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'no DATABASE_URL' };
  const scratch = await scratchDatabase(serverUrl, 'bench_day_kinds');
  const handle = openPostgres(scratch.url, 8);
  const run = (text: string) => handle.db.execute(sql.raw(text));
  try {
    await handle.db.transaction(async (tx) => migrate((text) => tx.execute(sql.raw(text))));
    const setupStarted = Date.now();
    const now = new Date();
    const yesterday = siteDayOf(new Date(now.getTime() - DAY));
    const from = siteDayStart(yesterday).toISOString();
    const member = (username: string, type: number, upline: string) =>
      `INSERT INTO member (public_id, username, account, referral_code, type, upline_id)
       SELECT 'mbr_' || ${username}, ${username}, 'a' || ${username}, 'r' || ${username}, ${type}, ${upline}`;
    await run(`INSERT INTO member (public_id, username, account, referral_code, type)
               VALUES ('mbr_top', 'top', 'atop', 'rtop', 1)`);
    await run(
      `${member(`'l1_' || i`, 1, `(SELECT id FROM member WHERE username = 'top')`)} FROM generate_series(1, ${LEVEL1}) i`,
    );
    await run(
      `${member(`'l2_' || p.i || '_' || j`, 1, 'p.id')}
         FROM (SELECT id, substr(username, 4) AS i FROM member WHERE username LIKE 'l1\\_%') p, generate_series(1, ${LEVEL2_PER}) j`,
    );
    await run(
      `${member(`'p_' || p.n || '_' || j`, 0, 'p.id')}
         FROM (SELECT id, substr(username, 4) AS n FROM member WHERE username LIKE 'l2\\_%') p, generate_series(1, ${PLAYERS_PER}) j`,
    );
    // Rates fall down the tree (1.00%, 0.80%, 0.50%) so the differential pays every level.
    await run(`
      INSERT INTO agent_contract (public_id, upline_id, downline_id, kind, cycle, tiers, status, offered_by,
                                  offered_at, responded_by, responded_at, effective_from)
      SELECT 'ctr_' || m.id, m.upline_id, m.id, 'daily_wage', 'daily',
             jsonb_build_array(jsonb_build_object('min', '0', 'minActive', 0, 'rateBp',
               CASE WHEN m.upline_id IS NULL THEN 100 WHEN m.username LIKE 'l1\\_%' THEN 80 ELSE 50 END)),
             'active', 'bench', now() - interval '3 days', 'bench', now() - interval '3 days', '${from}'::timestamptz
        FROM member m WHERE m.type = 1`);
    await run(`
      INSERT INTO member_turnover_daily (member_id, day, category, valid_bet, payout, bets)
      SELECT m.id, '${yesterday}'::date, c, 5000 + (m.id * 7) % 500000, 4000 + (m.id * 5) % 450000, 1 + m.id % 40
        FROM member m, unnest(ARRAY['RNG', 'LIVE']) c WHERE m.type = 0`);
    await run(`
      INSERT INTO team_turnover_daily (agent_id, day, category, valid_bet, payout, bets)
      SELECT t.ancestor_id, d.day, d.category, sum(d.valid_bet), sum(d.payout), sum(d.bets)
        FROM member_turnover_daily d JOIN agent_tree t ON t.descendant_id = d.member_id
       GROUP BY 1, 2, 3`);
    await run('ANALYZE');
    const setupSeconds = (Date.now() - setupStarted) / 1000;

    const deps = { db: handle.db, clock: systemClock };
    const settlements = new SettlementService({
      ...deps,
      ledger: new LedgerService(deps),
      audit: new AuditService(deps),
      turnover: new TurnoverService({
        ...deps,
        rounds: () => Promise.reject(new Error('the settlement reads the aggregates, not rounds')),
      }),
      settings: () =>
        Promise.resolve({
          ...defaultSettings,
          'agent.contracts.dailyWage': true,
          'agent.contracts.dividend': false,
        }),
    });
    const started = performance.now();
    const outcome = await settlements.settleDayKinds(now);
    const settleSeconds = (performance.now() - started) / 1000;
    const [counts] = (
      (await run(`SELECT (SELECT count(*) FROM member WHERE type = 1)::int AS agents,
                         (SELECT count(*) FROM member)::int AS members,
                         (SELECT coalesce(sum(amount), 0)::text FROM agent_settlement WHERE status = 'paid') AS paid`)) as unknown as {
        rows: { agents: number; members: number; paid: string }[];
      }
    ).rows;
    return {
      agents: counts?.agents ?? 0,
      members: counts?.members ?? 0,
      setupSeconds,
      settleSeconds,
      settled: Number(outcome.daily_wage ?? 0),
      paidTotal: `${(Number(counts?.paid ?? 0) / 100).toFixed(2)}`,
    };
  } finally {
    await handle.close();
    await scratch.drop();
  }
}

/** Lines for run-all.ts and the command line: the settlement, and its contracts per second beside pgbench -N. */
export function describeAgentDayKinds(
  result: { skipped: string } | AgentDayKindsFigure,
  pgbenchTps: number | null,
): string[] {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  const perSecond = result.settled / Math.max(result.settleSeconds, 0.001);
  const ratio = pgbenchTps
    ? ` = ${(perSecond / pgbenchTps).toFixed(2)}x pgbench -N tps (${pgbenchTps.toFixed(0)})`
    : '';
  return [
    `  ${result.agents} agents, ${result.members} members (set up in ${result.setupSeconds.toFixed(1)} s): ` +
      `one day of daily wages settled in ${result.settleSeconds.toFixed(2)} s, ${result.settled} contracts` +
      ` (${perSecond.toFixed(0)}/s${ratio}), ${result.paidTotal} paid`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const pgbench = process.env.DATABASE_URL
    ? await pgbenchTps(process.env.DATABASE_URL, 8, 10).catch(() => null)
    : null;
  for (const line of describeAgentDayKinds(await agentDayKindsBench(process.env.DATABASE_URL), pgbench))
    console.log(line);
  process.exit(0);
}
