import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresUnavailable, scratchDatabase } from './support/postgres.js';

/**
 * Issue 14: the team overview of an agent with 100,000 members in its team answers p99 under 50 ms.
 * The migrations are applied to a scratch PostgreSQL database; a tree of 100 agents, 1,000 sub-agents
 * and ~99,000 players is inserted below one agent (agent_tree filled by the migration's triggers), with
 * DAYS days of play for a third of the players (with the roll-up's active-member counts); then the
 * overview's reads (the SQL of hierarchy.repository.ts and turnover.repository.ts, run at once as
 * HierarchyService.overview runs them) are timed. Run: DATABASE_URL=postgres://... npx tsx bench/agent-team.ts
 */
const LEVEL1 = 100;
const LEVEL2_PER = 10;
const PLAYERS_PER = 99;
const DAYS = 14;
const ROUNDS = 300;
const here = path.dirname(fileURLToPath(import.meta.url));
const migrations = path.join(here, '../apps/server/drizzle');

/** Every migration of the journal, statement by statement, through `query`. */
export async function migrate(query: (text: string) => Promise<unknown>): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const files = new Set(readdirSync(migrations));
  for (const { tag } of journal.entries) {
    if (!files.has(`${tag}.sql`)) throw new Error(`missing migration ${tag}`);
    for (const statement of readFileSync(path.join(migrations, `${tag}.sql`), 'utf8').split(
      '--> statement-breakpoint',
    )) {
      if (statement.trim()) await query(statement);
    }
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export async function agentTeamBench(serverUrl: string | undefined) {
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'no DATABASE_URL' };
  const scratch = await scratchDatabase(serverUrl, 'bench_agent');
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    await migrate((text) => client.query(text));
    // Each INSERT below is one statement for thousands of members: the statement-level triggers (ADR 068)
    // write their closure rows and the team counts once per statement, so the bulk load keeps them on.
    const started = Date.now();
    const member = (username: string, type: number, upline: string) =>
      `INSERT INTO member (public_id, username, account, referral_code, type, upline_id)
       SELECT 'mbr_' || ${username}, ${username}, 'a' || ${username}, 'r' || ${username}, ${type}, ${upline}`;
    await client.query(`INSERT INTO member (public_id, username, account, referral_code, type)
                        VALUES ('mbr_top', 'top', 'atop', 'rtop', 1)`);
    await client.query(
      `${member(`'l1_' || i`, 1, `(SELECT id FROM member WHERE username = 'top')`)} FROM generate_series(1, ${LEVEL1}) i`,
    );
    await client.query(
      `${member(`'l2_' || p.i || '_' || j`, 1, 'p.id')}
         FROM (SELECT id, substr(username, 4) AS i FROM member WHERE username LIKE 'l1\\_%') p, generate_series(1, ${LEVEL2_PER}) j`,
    );
    await client.query(
      `${member(`'p_' || p.n || '_' || j`, 0, 'p.id')}
         FROM (SELECT id, substr(username, 4) AS n FROM member WHERE username LIKE 'l2\\_%') p, generate_series(1, ${PLAYERS_PER}) j`,
    );
    const treeSeconds = (Date.now() - started) / 1000;
    const [{ top, team } = { top: '0', team: '0' }] = (
      await client.query<{ top: string; team: string }>(
        `SELECT m.id AS top, (SELECT count(*) FROM agent_tree WHERE ancestor_id = m.id AND depth > 0) AS team
           FROM member m WHERE username = 'top'`,
      )
    ).rows;
    // A third of the players bet on each day, in two categories; rolled up as recordTurnover does.
    const playStarted = Date.now();
    await client.query(`
      INSERT INTO member_turnover_daily (member_id, day, category, valid_bet, payout, bets)
      SELECT m.id, current_date - d, c, 1000 + (m.id * 7 + d) % 50000, 800 + (m.id * 5 + d) % 45000, 1 + d % 9
        FROM member m, generate_series(0, ${DAYS - 1}) d, unnest(ARRAY['RNG', 'LIVE']) c
       WHERE m.type = 0 AND (m.id + d) % 3 = 0`);
    await client.query(`
      INSERT INTO team_turnover_daily (agent_id, day, category, valid_bet, payout, bets)
      SELECT t.ancestor_id, d.day, d.category, sum(d.valid_bet), sum(d.payout), sum(d.bets)
        FROM member_turnover_daily d JOIN agent_tree t ON t.descendant_id = d.member_id
       GROUP BY 1, 2, 3`);
    // The active members per day and month as the roll-up counts them (turnover.repository's addActivity),
    // with the bench's threshold of 100.00; team_member_daily was kept by the closure table's triggers.
    await client.query(`
      INSERT INTO member_activity (member_id, period, valid_bet)
      SELECT member_id, 'd:' || to_char(day, 'YYYY-MM-DD'), sum(valid_bet) FROM member_turnover_daily GROUP BY 1, 2
      UNION ALL
      SELECT member_id, 'm:' || to_char(day, 'YYYY-MM'), sum(valid_bet) FROM member_turnover_daily GROUP BY 1, 2`);
    await client.query(
      `INSERT INTO activity_period (period, min_valid_bet) SELECT DISTINCT period, 10000 FROM member_activity`,
    );
    await client.query(`
      INSERT INTO team_active (agent_id, period, active)
      SELECT t.ancestor_id, a.period, count(*) FROM member_activity a JOIN agent_tree t ON t.descendant_id = a.member_id
       WHERE a.valid_bet >= 10000 GROUP BY 1, 2`);
    await client.query('ANALYZE');
    const playSeconds = (Date.now() - playStarted) / 1000;

    const pool = new pg.Pool({ connectionString: scratch.url, max: 6 });
    const today = new Date().toISOString().slice(0, 10);
    const monthStart = `${today.slice(0, 7)}-01`;
    const lastMonthStart = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1))
      .toISOString()
      .slice(0, 10);
    const lastMonthEnd = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, 0))
      .toISOString()
      .slice(0, 10);
    // The overview's reads as HierarchyService.overview runs them: team size and direct downlines, then
    // for today, this month and last month the team totals, new members and counted active members.
    const spans = [
      [today, today, `d:${today}`],
      [monthStart, today, `m:${today.slice(0, 7)}`],
      [lastMonthStart, lastMonthEnd, `m:${lastMonthStart.slice(0, 7)}`],
    ] as const;
    const reads: (readonly [string, readonly string[]])[] = [
      [`SELECT sum(joined) FROM team_member_daily WHERE agent_id = $1`, [top]],
      [`SELECT count(*) FROM agent_tree WHERE ancestor_id = $1 AND depth = 1`, [top]],
      ...spans.flatMap(
        ([from, to, period]) =>
          [
            [
              `SELECT sum(valid_bet), sum(payout), sum(bets) FROM team_turnover_daily WHERE agent_id = $1 AND day >= $2 AND day <= $3`,
              [top, from, to],
            ],
            [
              `SELECT sum(joined) FROM team_member_daily WHERE agent_id = $1 AND day >= $2 AND day <= $3`,
              [top, from, to],
            ],
            [
              `SELECT p.min_valid_bet, (SELECT active FROM team_active WHERE agent_id = $1 AND period = p.period)
                 FROM activity_period p WHERE p.period = $2`,
              [top, period],
            ],
          ] as const,
      ),
      [
        `SELECT day, sum(valid_bet), sum(payout) FROM team_turnover_daily WHERE agent_id = $1 AND day >= $2::date - 13 AND day <= $2 GROUP BY day`,
        [top, today],
      ],
    ];
    const timings: number[] = [];
    const each = new Map<number, number[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const begin = performance.now();
      await Promise.all(
        reads.map(async ([text, values], index) => {
          const at = performance.now();
          await pool.query(text, [...values]);
          each.set(index, [...(each.get(index) ?? []), performance.now() - at]);
        }),
      );
      timings.push(performance.now() - begin);
    }
    await pool.end();
    timings.sort((a, b) => a - b);
    return {
      teamSize: Number(team),
      treeSeconds,
      playSeconds,
      overview: { p50Ms: percentile(timings, 0.5), p99Ms: percentile(timings, 0.99), rounds: ROUNDS },
      slowestRead: [...each.entries()]
        .map(([index, list]) => ({
          index,
          p99Ms: percentile(
            list.sort((a, b) => a - b),
            0.99,
          ),
        }))
        .sort((a, b) => b.p99Ms - a.p99Ms)[0],
    };
  } finally {
    await client.end();
    await scratch.drop();
  }
}

export function describeAgentTeam(result: Awaited<ReturnType<typeof agentTeamBench>>): string[] {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  return [
    `  ${result.teamSize.toLocaleString('en')} members below one agent, inserted with the tree's triggers in ${result.treeSeconds.toFixed(1)} s`,
    `  team overview reads at once: p50 ${result.overview.p50Ms.toFixed(1)} ms, p99 ${result.overview.p99Ms.toFixed(1)} ms over ${result.overview.rounds} rounds (target p99 < 50 ms)`,
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(await agentTeamBench(process.env.DATABASE_URL), null, 2));
}
