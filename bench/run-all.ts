import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { agentDayKindsBench, describeAgentDayKinds } from './agent-day-kinds.js';
import { agentSalaryBench, describeAgentSalary } from './agent-salary.js';
import { agentTeamBench, describeAgentTeam } from './agent-team.js';
import { apiThroughput, describeApiThroughput } from './api-throughput.js';
import { csvExportBench, describeCsvExport } from './csv-export.js';
import { dashboardBench, describeDashboard } from './dashboard.js';
import { deploymentThroughput, describeDeploymentThroughput } from './deployment/throughput.js';
import { describeGameCatalogue, gameCatalogueLatency } from './game-catalogue.js';
import { describeLedgerThroughput, ledgerThroughput, pgbenchTps } from './ledger-throughput.js';
import { printHomePage } from './home-page.js';
import { loginThroughput } from './login-throughput.js';
import { describeLotteryBench, lotteryBench } from './lottery.js';
import { describePlayerSearch, playerSearchBench } from './players-search.js';
import { describeSeamlessRounds, seamlessRounds } from './seamless-rounds.js';
import { describeSlotMath, slotMath } from './slot-math.js';
import { describeSlotRounds, slotRounds } from './slot-rounds.js';
import { repoRoot, startBuiltServer } from './support/server.js';

/** The back office's dashboard at 10,000,000 bets, beside pgbench -N (one client) measured in the same run. */
async function printDashboard(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const pgbench = url ? await pgbenchTps(url, 1, 10).catch(() => null) : null;
  console.log(
    '\nDashboard (ReportsService.dashboard, GET /wps/admin/dashboard) on PostgreSQL (DATABASE_URL) at 10,000,000 bets, beside pgbench -N:',
  );
  for (const line of describeDashboard(await dashboardBench(url), pgbench)) console.log(line);
}

/** The back office's player search at 1,000,000 members, beside pgbench -N (one client) in the same run. */
async function printPlayers(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const pgbench = url ? await pgbenchTps(url, 1, 10).catch(() => null) : null;
  console.log(
    '\nPlayer search (PlayersService.search, GET /wps/admin/players?q=) on PostgreSQL (DATABASE_URL) at 1,000,000 members, beside pgbench -N:',
  );
  for (const line of describePlayerSearch(await playerSearchBench(url), pgbench)) console.log(line);
}

/** A back-office CSV export of 1,000,000 audit rows: time and how far memory rose, beside pgbench -N. */
async function printCsvExport(): Promise<void> {
  const url = process.env.DATABASE_URL;
  const pgbench = url ? await pgbenchTps(url, 1, 10).catch(() => null) : null;
  console.log(
    '\nCSV export (GET /wps/admin/audit?format=csv: keyset batches through csv-stringify) of 1,000,000 rows:',
  );
  for (const line of describeCsvExport(await csvExportBench(url), pgbench)) console.log(line);
}

// `npm run bench -- dashboard` (or `players`, `csv`): that part alone (no build, no server).
const parts = process.argv.slice(2);
if (parts.includes('dashboard') || parts.includes('players') || parts.includes('csv')) {
  if (parts.includes('dashboard')) await printDashboard();
  if (parts.includes('players')) await printPlayers();
  await printCsvExport();
  if (parts.includes('csv')) await printCsvExport();
  process.exit(0);
}

// Figures, not pass/fail: they are printed for people to compare run to run.
if (
  !process.env.BENCH_SERVER_ENTRY &&
  (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html')) ||
    !existsSync(path.join(repoRoot, 'apps/server/dist/main.js')))
) {
  console.log('building first (npm run build)...');
  execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
}

// The home page as a visitor meets it: the built server with the demo data (banners, promotions).
const site = await startBuiltServer('demo');
try {
  await printHomePage(site.url);
} finally {
  await site.stop();
}

const api = await apiThroughput();
console.log(`\nHTTP on the built server, ${api.connections} connections, ${api.durationSeconds} s each:`);
for (const line of describeApiThroughput(api)) console.log(line);

const logins = await loginThroughput();
console.log(
  '\nPOST /wps/session/login (argon2id 19 MiB, t=2, p=1; HASH_CONCURRENCY 4), 16 connections, 10 s:',
);
console.log(
  `  ${logins.loginsPerSecond.toFixed(1)} logins/s, p99 ${logins.p99Ms} ms, ${logins.failures} not 200`,
);

const ledger = await ledgerThroughput();
console.log(
  '\nLedger transfers on PostgreSQL (DATABASE_URL), beside pgbench -N on the same server, 10 s each:',
);
for (const line of describeLedgerThroughput(ledger)) console.log(line);

const catalogue = await gameCatalogueLatency();
console.log(
  '\nGET /wps/game/list with 10,000 games on PostgreSQL (DATABASE_URL), 8 connections, 5 s each, beside hello world:',
);
for (const line of describeGameCatalogue(catalogue)) console.log(line);

const rounds = await seamlessRounds();
console.log(
  '\nSeamless rounds (signed bet + win over HTTP) on PostgreSQL (DATABASE_URL), 16 players, 10 s each:',
);
for (const line of describeSeamlessRounds(rounds)) console.log(line);

console.log(
  '\nSlot (Royal Bengal Reels) mathematics: exact RTP from the reel strips, 10,000,000 simulated paid spins per variant:',
);
for (const line of describeSlotMath(slotMath(10_000_000))) console.log(line);

const slot = await slotRounds();
console.log(
  '\nSlot rounds through the seamless path (POST /wps/inhouse/slot/spin) on PostgreSQL, 16 players, 10 s:',
);
for (const line of describeSlotRounds(slot)) console.log(line);

const deployment = await deploymentThroughput();
console.log(
  "\nAuthenticated balance GET through nginx (the deployment test's proxy) with one and two production instances on PostgreSQL, 32 connections, 10 s each:",
);
for (const line of describeDeploymentThroughput(deployment)) console.log(line);

const lottery = await lotteryBench();
console.log(
  '\nLottery on PostgreSQL (DATABASE_URL): slips of 5 bets over HTTP (16 players, 10 s) and one period of 1,000,000 bets settled, beside pgbench -N:',
);
for (const line of describeLotteryBench(lottery)) console.log(line);

const agentPgbench = process.env.DATABASE_URL
  ? await pgbenchTps(process.env.DATABASE_URL, 8, 10).catch(() => null)
  : null;
console.log(
  `\nAgents on PostgreSQL (DATABASE_URL), beside pgbench -N (8 clients, 10 s): ${agentPgbench === null ? 'n/a' : `${agentPgbench.toFixed(0)} tps`}; load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(', ')}`,
);
console.log('Team overview of an agent with ~100,000 members:');
for (const line of describeAgentTeam(await agentTeamBench(process.env.DATABASE_URL))) console.log(line);
console.log('Real-time salary, one 5-minute period:');
for (const line of describeAgentSalary(await agentSalaryBench(process.env.DATABASE_URL), agentPgbench))
  console.log(line);
console.log('Daily wages, one site day of every agent with a wage contract:');
for (const line of describeAgentDayKinds(await agentDayKindsBench(process.env.DATABASE_URL), agentPgbench))
  console.log(line);
await printDashboard();
await printPlayers();
await printCsvExport();
