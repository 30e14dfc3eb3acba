/**
 * The authenticated balance GET through nginx with one production instance behind it, then two, and the
 * ratio, beside Fastify's hello world in the same run. The proxy is the deployment test's
 * (e2e/deployment/nginx.conf.template, the reference deployment's rules); the instances run on a
 * scratch PostgreSQL database (DATABASE_URL), with Redis when it answers at 127.0.0.1:6379.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { helloWorld, type HttpFigure } from '../api-throughput.js';
import { postgresUnavailable, scratchDatabase } from '../support/postgres.js';
import { repoRoot, startProcess } from '../support/server.js';
import { vendorPlayers, vendorRoundRequests, type VendorPlayer } from '../support/vendor-rounds.js';

const run = promisify(execFile);
const NGINX = '/usr/sbin/nginx';
const TEMPLATE = path.join(repoRoot, 'e2e/deployment/nginx.conf.template');
const VENDOR = 'BENCHDEPLOY';
const SECRET = randomBytes(32).toString('hex');
const PLAYERS = 16;

export type DeploymentThroughput =
  | { skipped: string }
  | {
      hello: HttpFigure;
      one: HttpFigure;
      two: HttpFigure;
      /** seamless rounds (a signed bet and its win) per second, PLAYERS connections */
      roundsOne: HttpFigure;
      roundsTwo: HttpFigure;
      connections: number;
      seconds: number;
      redis: boolean;
      /** the machine's 1-minute load average before the run: other work on the 2 cores skews the ratio */
      loadAverage: number;
    };

const freePort = async (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const redisAnswers = async (): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect({ port: 6379, host: '127.0.0.1' });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });

/** nginx with the test's configuration; one instance is the same address twice in the upstream. */
async function startNginx(parent: string, ports: [number, number], proxyPort: number) {
  const dir = mkdtempSync(path.join(parent, 'nginx-'));
  const config = readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{DIR}}', dir)
    .replaceAll('{{USER_DIRECTIVE}}', process.getuid?.() === 0 ? 'user root;' : '')
    .replaceAll('{{PORT_A}}', String(ports[0]))
    .replaceAll('{{PORT_B}}', String(ports[1]))
    .replaceAll('{{PROXY_PORT}}', String(proxyPort))
    // A bench needs no access log: writing it would cost the proxy's CPU.
    .replace(/access_log [^;]+;/, 'access_log off;');
  const file = path.join(dir, 'nginx.conf');
  writeFileSync(file, config);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', file, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${proxyPort}`;
  for (let tries = 0; ; tries += 1) {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || tries > 100) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGQUIT');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function measure(url: string, token: string, connections: number, seconds: number) {
  const result = await autocannon({
    url: `${url}/wps/v2/wallets/balance`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    perSecond: result.requests.average,
    p99Ms: result.latency.p99,
    failures: result.errors + result.non2xx,
  };
}

/** A vendor's rounds through the proxy: on each connection, a bet of 1.00 and its win of 0.50. */
async function measureRounds(url: string, players: VendorPlayer[], seconds: number): Promise<HttpFigure> {
  let failures = 0;
  const check = (status: number, body: string) => {
    if (status !== 200 || !body.includes('"RS_OK"')) failures += 1;
  };
  const result = await autocannon({
    url,
    connections: players.length,
    duration: seconds,
    requests: vendorRoundRequests({ vendor: VENDOR, secret: SECRET, players, onResponse: check }),
  });
  return {
    perSecond: result.requests.average / 2,
    p99Ms: result.latency.p99,
    failures: failures + result.errors,
  };
}

/** The operator tool on the bench's database, as an operator would run it. */
async function operator(databaseUrl: string, ...args: string[]) {
  await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/operator.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    timeout: 60_000,
  });
}

export async function deploymentThroughput(seconds = 10, connections = 32): Promise<DeploymentThroughput> {
  const serverUrl = process.env.DATABASE_URL;
  const unavailable = await postgresUnavailable(serverUrl);
  if (unavailable || !serverUrl) return { skipped: unavailable ?? 'DATABASE_URL is not set' };
  if (!existsSync(NGINX)) return { skipped: `${NGINX} is missing (apt-get install nginx)` };
  const loadAverage = os.loadavg()[0] ?? 0;
  const hello = await helloWorld(connections, seconds);
  const scratch = await scratchDatabase(serverUrl, 'bench_deploy');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-bench-deploy-'));
  const redis = await redisAnswers();
  const ports: [number, number] = [await freePort(), await freePort()];
  const proxyPorts = [await freePort(), await freePort()];
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${proxyPorts[1]}`,
    MERCHANT_CODE: 'benchdeploy',
    TRUSTED_PROXIES: '127.0.0.1',
    DATABASE_URL: scratch.url,
    REDIS_URL: redis ? 'redis://127.0.0.1:6379' : '',
    LOG_LEVEL: 'warn',
  };
  const stops: (() => Promise<void>)[] = [];
  try {
    for (const port of ports) {
      const server = await startProcess(
        ['apps/server/dist/main.js'],
        { ...env, PORT: String(port) },
        `http://127.0.0.1:${port}/readyz`,
      );
      stops.push(server.stop);
    }
    // A member of this bench's own, registered the real way (the operator turns the captcha off), and
    // a seamless vendor with funded players.
    await operator(scratch.url, 'settings', 'set', 'register.captchaEnabled', 'false');
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
    const players = await vendorPlayers(scratch.url, VENDOR, PLAYERS);
    const both = await startNginx(dir, ports, proxyPorts[1] as number);
    stops.push(both.stop);
    const one = await startNginx(dir, [ports[0], ports[0]], proxyPorts[0] as number);
    stops.push(one.stop);
    const username = `bench${randomBytes(4).toString('hex')}`;
    const register = await fetch(`${both.url}/wps/member/register`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username,
        password: 'Bench1234',
        confirmPassword: 'Bench1234',
        ageConfirmed: true,
        agreed: true,
      }),
    });
    const token = ((await register.json()) as { value?: { token?: string } }).value?.token;
    if (!token) throw new Error(`registration answered HTTP ${register.status}`);
    return {
      hello,
      one: await measure(one.url, token, connections, seconds),
      two: await measure(both.url, token, connections, seconds),
      roundsOne: await measureRounds(one.url, players, seconds),
      roundsTwo: await measureRounds(both.url, players, seconds),
      connections,
      seconds,
      redis,
      loadAverage,
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
    await scratch.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Lines for run-all.ts. */
export function describeDeploymentThroughput(result: DeploymentThroughput): string[] {
  if ('skipped' in result) return [`  skipped: ${result.skipped}`];
  const line = (name: string, figure: HttpFigure) =>
    `  ${name.padEnd(44)} ${figure.perSecond.toFixed(0).padStart(7)} req/s  p99 ${String(figure.p99Ms).padStart(4)} ms  ${figure.failures} failed`;
  return [
    line('Fastify hello world (same run, no proxy)', result.hello),
    line('balance GET, nginx + 1 instance', result.one),
    line('balance GET, nginx + 2 instances', result.two),
    `  balance GET two / one: ${(result.two.perSecond / Math.max(1, result.one.perSecond)).toFixed(2)}x`,
    line(`seamless rounds (bet + win), 1 instance, ${PLAYERS} players`, result.roundsOne).replace(
      'req/s',
      'rounds/s',
    ),
    line(`seamless rounds (bet + win), 2 instances, ${PLAYERS} players`, result.roundsTwo).replace(
      'req/s',
      'rounds/s',
    ),
    `  seamless rounds two / one: ${(result.roundsTwo.perSecond / Math.max(1, result.roundsOne.perSecond)).toFixed(2)}x` +
      ` (2 cores shared by nginx, both instances, PostgreSQL${result.redis ? ', Redis' : ''} and the load generator;` +
      ` load average ${result.loadAverage.toFixed(1)} before the run)`,
  ];
}

// `npx tsx bench/deployment/throughput.ts` runs it alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await deploymentThroughput(Number(process.env.BENCH_SECONDS ?? 10));
  console.log('Authenticated balance GET through nginx, production build on PostgreSQL (DATABASE_URL):');
  for (const line of describeDeploymentThroughput(result)) console.log(line);
}
