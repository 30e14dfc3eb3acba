import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { HOME_JS_BUDGET_KB, homeInitialJavaScript } from './bundle-size.js';
import { apiThroughput, describeApiThroughput } from './api-throughput.js';
import { describeLedgerThroughput, ledgerThroughput } from './ledger-throughput.js';
import { loginThroughput } from './login-throughput.js';
import { repoRoot } from './support/server.js';

// Figures, not pass/fail: they are printed for people to compare run to run.
if (
  !existsSync(path.join(repoRoot, 'apps/web/dist/index.html')) ||
  !existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))
) {
  console.log('building first (npm run build)...');
  execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
}

const bundle = homeInitialJavaScript();
console.log('\nHome page initial JavaScript (gzip):');
for (const item of bundle.files) console.log(`  ${item.gzipKb.toFixed(1).padStart(7)} KB  ${item.file}`);
console.log(`  ${bundle.totalKb.toFixed(1).padStart(7)} KB  total (budget ${HOME_JS_BUDGET_KB} KB)`);

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
