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
import { migrate } from './agent-team.js';
import { pgbenchTps } from './ledger-throughput.js';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';

/**
 * Issue 14: real-time salary for 10,000 agents over a team of ~100,000 members with a day of bets settles
 * each 5-minute period in under 5 s on PostgreSQL. A top agent, 100 agents below it, 99 below each of
 * those (10,000 agents with the top) and 9 players below each of the lowest (89,100 players) are
 * inserted (the tree by its triggers); every agent holds an active real-time salary contract from its
 * upline (the top one from the operator) with a basis of 0 at the start of today, and every player has a
 * day of valid bets, rolled up as recordTurnover does. Then SettlementService.settleSalaryPeriod runs for
 * the 5-minute period that just ended, as the scheduler runs it, and is timed.
 * Run: DATABASE_URL=postgres://... npx tsx bench/agent-salary.ts
 */
const LEVEL1 = 100;
const LEVEL2_PER = 99;
const PLAYERS_PER = 9;
const FIVE_MINUTES = 5 * 60_000;

export interface AgentSalaryFigure {
  agents: number;
  members: number;
  setupSeconds: number;
  settleSeconds: number;
  settled: number;
  paidTotal: string;
}

export async function agentSalaryBench(
  serverUrl: string | undefined,
): Promise<{ skipped: string } | AgentSalaryFigure> {
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'no DATABASE_URL' };
  const scratch = await scratchDatabase(serverUrl, 'bench_salary');
  const handle = openPostgres(scratch.url, 8);
  const run = (text: string) => handle.db.execute(sql.raw(text));
  try {
    await handle.db.transaction(async (tx) => migrate((text) => tx.execute(sql.raw(text))));
    const setupStarted = Date.now();
    const end = new Date(Math.floor(Date.now() / FIVE_MINUTES) * FIVE_MINUTES);
    const period = {
      key: new Date(end.getTime() - FIVE_MINUTES).toISOString(),
      start: new Date(end.getTime() - FIVE_MINUTES),
      end,
    };
    const today = siteDayOf(new Date(end.getTime() - 1));
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
                                  offered_at, responded_by, responded_at, effective_from, basis)
      SELECT 'ctr_' || m.id, m.upline_id, m.id, 'realtime_salary', 'five_minutes',
             jsonb_build_array(jsonb_build_object('min', '0', 'minActive', 0, 'rateBp',
               CASE WHEN m.upline_id IS NULL THEN 100 WHEN m.username LIKE 'l1\\_%' THEN 80 ELSE 50 END)),
             'active', 'bench', now() - interval '2 days', 'bench', now() - interval '2 days',
             now() - interval '1 day', jsonb_build_object('day', '${today}', 'validBet', '0')
        FROM member m WHERE m.type = 1`);
    // A day of play: every player's valid bet today in two categories, rolled up to every upline.
    await run(`
      INSERT INTO member_turnover_daily (member_id, day, category, valid_bet, payout, bets)
      SELECT m.id, '${today}'::date, c, 5000 + (m.id * 7) % 500000, 4000 + (m.id * 5) % 450000, 1 + m.id % 40
        FROM member m, unnest(ARRAY['RNG', 'LIVE']) c WHERE m.type = 0`);
    await run(`
      INSERT INTO team_turnover_daily (agent_id, day, category, valid_bet, payout, bets)
      SELECT t.ancestor_id, d.day, d.category, sum(d.valid_bet), sum(d.payout), sum(d.bets)
        FROM member_turnover_daily d JOIN agent_tree t ON t.descendant_id = d.member_id
       GROUP BY 1, 2, 3`);
    await run('ANALYZE');
    const setupSeconds = (Date.now() - setupStarted) / 1000;

    const deps = { db: handle.db, clock: systemClock };
    const turnover = new TurnoverService({
      ...deps,
      rounds: () => Promise.reject(new Error('the settlement reads the aggregates, not rounds')),
    });
    const settlements = new SettlementService({
      ...deps,
      ledger: new LedgerService(deps),
      audit: new AuditService(deps),
      turnover,
      settings: () => Promise.resolve({ ...defaultSettings, 'agent.contracts.realtimeSalary': true }),
    });
    const started = performance.now();
    const outcome = await settlements.settleSalaryPeriod('realtime_salary', period);
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
      settled: Number(outcome.settled ?? 0),
      paidTotal: `${(Number(counts?.paid ?? 0) / 100).toFixed(2)}`,
    };
  } finally {
    await handle.close();
    await scratch.drop();
  }
}

export function describeAgentSalary(result: { skipped: string } | AgentSalaryFigure, pgbench: number | null) {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  return [
    `  pgbench -N (8 clients) on the same server: ${pgbench === null ? 'n/a' : `${pgbench.toFixed(0)} tps`}`,
    `  ${result.agents.toLocaleString('en')} agents, ${result.members.toLocaleString('en')} members (set up in ${result.setupSeconds.toFixed(1)} s)`,
    `  one 5-minute period settled in ${result.settleSeconds.toFixed(2)} s (target < 5 s): ${result.settled} contracts paid, ${result.paidTotal} in total`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const url = process.env.DATABASE_URL;
  const pgbench = url ? await pgbenchTps(url, 8, 10).catch(() => null) : null;
  for (const line of describeAgentSalary(await agentSalaryBench(url), pgbench)) console.log(line);
  process.exit(0);
}
