/**
 * The deployment test (issue 16): nginx in front of two PRODUCTION instances of the built server on
 * PostgreSQL (and Redis when it answers at 127.0.0.1:6379). The operator tool prepares the site the real
 * way; a member registers, deposits, plays a seamless vendor's game and withdraws with the requests
 * alternating between the instances; one instance is killed mid-journey and the journey completes
 * through the other with nothing lost or doubled; then a rolling restart under load drops no request.
 *
 * `npx tsx e2e/deployment/run.ts` (after `npm run build`). Prints every check; exits 1 on the first
 * that fails, keeping the temporary directory (logs, nginx config) for a look.
 */
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const repoRoot = path.resolve(import.meta.dirname, '../..');
const here = import.meta.dirname;
const NGINX = '/usr/sbin/nginx';
const VENDOR = 'DEPLOYV';
const GAME = 'deploy-slot';
const SECRET = randomBytes(32).toString('hex');
const METRICS_TOKEN = randomBytes(16).toString('hex');
const DRAIN_MS = 1500;
const PASSWORD = 'Deploy1234';
const PAYMENT_PASSWORD = '246813';
// The journey's money, in major units: the final balance must be exactly DEPOSIT - BET + WIN - WITHDRAWAL.
const DEPOSIT = 1000;
const BET = 1000; // the whole deposit: it also meets the deposit's turnover before the withdrawal
const WIN = 1250;
const WITHDRAWAL = 400;
const money = (value: number) => value.toFixed(2);

// Checks ---------------------------------------------------------------------------------------------

let checks = 0;
class CheckFailed extends Error {}
function check(what: string, ok: boolean, detail = ''): void {
  if (!ok) throw new CheckFailed(`FAILED: ${what}${detail ? ` (${detail})` : ''}`);
  checks += 1;
  console.log(`  ok  ${what}${detail ? ` (${detail})` : ''}`);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Machine --------------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
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
}

function ensureNginx(): void {
  if (existsSync(NGINX)) return;
  if (process.getuid?.() !== 0) throw new Error(`${NGINX} is missing: apt-get install -y nginx (as root)`);
  console.log('installing nginx (apt-get install -y nginx)...');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  const install = spawnSync('apt-get', ['install', '-y', '-qq', 'nginx'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (install.status !== 0 || !existsSync(NGINX)) throw new Error('apt-get install nginx failed');
}

// PostgreSQL: a database of this run's own, dropped at the end ----------------------------------------

async function createDatabase(serverUrl: string) {
  const name = `deploy_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

// Instances ------------------------------------------------------------------------------------------

interface Instance {
  name: string;
  port: number;
  log: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

function startInstance(name: string, port: number, env: Record<string, string>, dir: string): Instance {
  const log = path.join(dir, `${name}.log`);
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', out, out],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, port, log, child, exited };
}

async function waitReady(url: string, what: string, child?: ChildProcess, seconds = 90): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    if (child && child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${seconds} s`);
    await sleep(200);
  }
}

/** Requests an instance answered (from its own /metrics), leaving out the scrapes themselves. */
async function servedRequests(port: number): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_requests_total{') || line.includes('route="/metrics"')) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

// The operator tool, as an operator runs it ----------------------------------------------------------

async function operator(databaseUrl: string, ...args: string[]): Promise<string> {
  try {
    const { stdout } = await run('npm', ['run', '-s', 'operator', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: '', METRICS_TOKEN: '' },
      timeout: 120_000,
    });
    return stdout.trim();
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; code?: number };
    throw new Error(
      `operator ${args.join(' ')} failed (exit ${failed.code}): ${failed.stderr ?? ''}${failed.stdout ?? ''}`,
      { cause: error },
    );
  }
}

// Through the proxy ----------------------------------------------------------------------------------

interface Answer {
  status: number;
  body: Record<string, unknown>;
  /** the instance (host:port) nginx sent this request to; several when it tried more than one */
  upstream: string;
}

class Proxy {
  private logOffset = 0;
  constructor(
    readonly url: string,
    private readonly accessLog: string,
  ) {}

  /** The access-log lines written since the last call (nginx writes each line as it answers). */
  newLines(): string[] {
    const text = existsSync(this.accessLog) ? readFileSync(this.accessLog, 'utf8') : '';
    const fresh = text.slice(this.logOffset);
    this.logOffset = text.length;
    return fresh.split('\n').filter((line) => line.length > 0);
  }

  async call(
    method: string,
    route: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Answer> {
    this.newLines();
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined = options.raw;
    if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(`${this.url}${route}`, { method, headers, body: payload });
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text: text.slice(0, 300) };
    }
    // nginx logs the request when it has answered; wait for its line.
    let upstream = '';
    for (let tries = 0; tries < 50 && !upstream; tries += 1) {
      const line = this.newLines().find((entry) => entry.includes(` ${route.split('?')[0]} `));
      upstream = line ? (/upstream=(\S+)/.exec(line)?.[1] ?? '') : '';
      if (!upstream) await sleep(20);
    }
    return { status: response.status, body, upstream };
  }
}

/** The `value` of the product's envelope, or a failed check naming the call. */
function valueOf<T>(what: string, answer: Answer): T {
  const ok = answer.status === 200 && answer.body.success === true;
  check(what, ok, ok ? `via ${answer.upstream}` : `HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.value as T;
}

// The vendor's side: signed seamless calls ------------------------------------------------------------

function signedHeaders(raw: string): Record<string, string> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', SECRET).update(`${timestamp}.`).update(raw).digest('hex');
  return {
    'content-type': 'application/json',
    'x-provider-timestamp': timestamp,
    'x-provider-signature': signature,
  };
}

async function vendorCall(proxy: Proxy, call: string, body: Record<string, unknown>): Promise<Answer> {
  const raw = JSON.stringify({ request_uuid: randomUUID(), ...body });
  return proxy.call('POST', `/provider/v1/${VENDOR}/${call}`, { raw, headers: signedHeaders(raw) });
}

// The test -------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  ensureNginx();
  if (!existsSync(path.join(repoRoot, 'apps/server/dist/main.js'))) {
    throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'platform-deploy-'));
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const database = await createDatabase(serverUrl);
  const redis = (await reachable(6379)) ? 'redis://127.0.0.1:6379' : '';
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  const proxyUrl = `http://127.0.0.1:${proxyPort}`;
  console.log(`deployment test in ${dir}`);
  console.log(
    `  PostgreSQL database ${database.name}, Redis ${redis || 'not reachable (counters in PostgreSQL)'}`,
  );
  console.log(`  instances on ${portA} and ${portB}, nginx on ${proxyPort}`);

  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: proxyUrl,
    MERCHANT_CODE: 'deploytest',
    TRUSTED_PROXIES: '127.0.0.1',
    DRAIN_MS: String(DRAIN_MS),
    DATABASE_URL: database.url,
    REDIS_URL: redis,
    METRICS_TOKEN,
    LOG_LEVEL: 'info',
  };
  const instances: Record<'a' | 'b', Instance> = {
    a: startInstance('a', portA, env, dir),
    b: startInstance('b', portB, env, dir),
  };
  let nginx: ChildProcess | undefined;
  let passed = false;
  try {
    // Both start at once: one applies the migrations, the other waits for it (an advisory lock).
    await Promise.all([
      waitReady(`http://127.0.0.1:${portA}`, 'instance a', instances.a.child),
      waitReady(`http://127.0.0.1:${portB}`, 'instance b', instances.b.child),
    ]);
    check('two production instances started together on one database and are ready', true);

    const template = readFileSync(path.join(here, 'nginx.conf.template'), 'utf8');
    // As root, nginx's workers would run as nobody, who cannot enter the private temp directory.
    const config = template
      .replaceAll('{{DIR}}', dir)
      .replaceAll('{{USER_DIRECTIVE}}', process.getuid?.() === 0 ? 'user root;' : '')
      .replaceAll('{{PORT_A}}', String(portA))
      .replaceAll('{{PORT_B}}', String(portB))
      .replaceAll('{{PROXY_PORT}}', String(proxyPort));
    writeFileSync(path.join(dir, 'nginx.conf'), config);
    const nginxOut = openSync(path.join(dir, 'nginx.out'), 'a');
    nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: ['ignore', nginxOut, nginxOut],
    });
    await waitReady(proxyUrl, 'nginx', nginx);
    check('nginx answers /readyz from the instances', true, proxyUrl);
    const metrics = await fetch(`${proxyUrl}/metrics`);
    check('the proxy does not show /metrics to the public', metrics.status === 404, `HTTP ${metrics.status}`);

    const proxy = new Proxy(proxyUrl, path.join(dir, 'access.log'));
    const upstreamOf = (instance: Instance) => `127.0.0.1:${instance.port}`;

    // The operator prepares the site, the real way -------------------------------------------------
    console.log('\noperator tool on PostgreSQL:');
    await operator(database.url, 'settings', 'set', 'register.captchaEnabled', 'false');
    check('settings set register.captchaEnabled false', true);
    await operator(
      database.url,
      'channels',
      'add',
      '--kind',
      'bank_transfer',
      '--name',
      'Deploy Bank',
      '--min',
      '100',
      '--max',
      '50000',
      '--bank-name',
      'Sonali Bank',
      '--account-name',
      'Khela Ltd',
      '--account-number',
      '2000123456',
    );
    check('channels add (bank transfer)', true);
    await operator(
      database.url,
      'vendors',
      'add',
      '--vassalage',
      VENDOR,
      '--category',
      'RNG',
      '--title',
      'Deploy Games',
    );
    await operator(
      database.url,
      'seamless-vendors',
      'add',
      '--vendor',
      VENDOR,
      '--currency',
      'BDT',
      '--secret',
      SECRET,
      '--launch-url',
      'https://games.vendor.example/play?t={token}&g={game}',
    );
    check('vendors add + seamless-vendors add (signed, with a launch URL)', true);
    const gamesFile = path.join(dir, 'games.json');
    writeFileSync(
      gamesFile,
      JSON.stringify([{ vassalage: VENDOR, gameCode: GAME, gameName: 'Deploy Slot' }]),
    );
    await operator(database.url, 'games', 'import', gamesFile);
    check('games import', true);

    // The member's journey, alternating instances --------------------------------------------------
    console.log('\nmember journey through nginx:');
    const before = { a: await servedRequests(portA), b: await servedRequests(portB) };
    proxy.newLines();
    const served: string[] = [];
    const note = (answer: Answer) => {
      served.push(answer.upstream);
      return answer;
    };

    const username = `dep${randomBytes(4).toString('hex')}`.replace(/[^a-z0-9]/g, 'x');
    const registered = valueOf<{ status: string; token?: string }>(
      'register (captcha off; the new member is logged in)',
      note(
        await proxy.call('PUT', '/wps/member/register', {
          body: { username, password: PASSWORD, confirmPassword: PASSWORD, ageConfirmed: true, agreed: true },
        }),
      ),
    );
    check('registration gave a session', registered.status === 'ok' && Boolean(registered.token));
    const login = valueOf<{ status: string; token?: string; user?: { account: string } }>(
      'log in',
      note(await proxy.call('POST', '/wps/session/login', { body: { username, password: PASSWORD } })),
    );
    check('login gave a session', login.status === 'ok' && Boolean(login.token), login.status);
    const token = login.token as string;
    const account = login.user?.account ?? '';
    // The session works whichever instance answers.
    const info = valueOf<{ userName?: string }>(
      'member info with the session (other instance)',
      note(await proxy.call('GET', '/wps/member/info', { token })),
    );
    check('the session is the member', JSON.stringify(info).includes(username));

    const channels = valueOf<{ id: string; name: string; kind: string }[]>(
      'deposit channels',
      note(await proxy.call('GET', '/wps/cashier/channels', { token })),
    );
    const channel = channels.find((entry) => entry.kind === 'bank_transfer');
    check('the operator’s bank-transfer channel is offered', Boolean(channel));
    const depositRequest = `dep-${randomUUID()}`;
    const created = valueOf<{ deposit: { id: string; status: string } }>(
      `deposit ${money(DEPOSIT)} by bank transfer`,
      note(
        await proxy.call('POST', '/wps/cashier/deposits', {
          token,
          body: { channelId: channel?.id, amount: money(DEPOSIT), requestId: depositRequest },
        }),
      ),
    );
    await operator(database.url, 'deposits', 'confirm', created.deposit.id);
    check('operator deposits confirm', true, created.deposit.id);
    const afterDeposit = valueOf<{ sumBalance: string }>(
      'balance',
      note(await proxy.call('GET', '/wps/v2/wallets/balance', { token })),
    );
    check(
      'the deposit is on the balance',
      afterDeposit.sumBalance === money(DEPOSIT),
      afterDeposit.sumBalance,
    );

    const launched = valueOf<{ game_url: string; mode: string }>(
      'launch the vendor’s game',
      note(
        await proxy.call('POST', '/wps/game/launchGame', {
          token,
          body: { nodeId: `${VENDOR}-${GAME}`, language: 'en' },
        }),
      ),
    );
    const launchToken = new URL(launched.game_url).searchParams.get('t') ?? '';
    check('the game URL carries a launch token', launchToken.length > 0, launched.game_url.slice(0, 60));

    // The vendor plays the round with signed calls through the same proxy.
    const authenticated = note(
      await vendorCall(proxy, 'authenticate', { token: launchToken, game_code: GAME }),
    );
    check(
      'vendor authenticate (signed)',
      authenticated.body.status === 'RS_OK',
      `${JSON.stringify(authenticated.body)} via ${authenticated.upstream}`,
    );
    const player = String(authenticated.body.player_id);
    const round = `round-${randomUUID()}`;
    const betId = `bet-${randomUUID()}`;
    const common = { player_id: player, round, game_code: GAME, currency: 'BDT', is_free: false };
    const bet = note(
      await vendorCall(proxy, 'bet', {
        ...common,
        // The game session's token: the launch token authenticate accepted (ADR 091).
        token: launchToken,
        transaction_uuid: betId,
        round_closed: false,
        amount: money(BET),
      }),
    );
    check(
      `vendor bet ${money(BET)}`,
      bet.body.status === 'RS_OK' && bet.body.balance === money(DEPOSIT - BET),
      `${JSON.stringify(bet.body)} via ${bet.upstream}`,
    );

    // Every call so far alternated between the two instances, and each instance's own count agrees.
    const alternated = served.every((upstream, index) => index === 0 || upstream !== served[index - 1]);
    check(
      `${served.length} calls alternated between the instances`,
      alternated &&
        served.every(
          (upstream) => upstream === upstreamOf(instances.a) || upstream === upstreamOf(instances.b),
        ),
      served.map((upstream) => (upstream === upstreamOf(instances.a) ? 'a' : 'b')).join(''),
    );
    const after = { a: await servedRequests(portA), b: await servedRequests(portB) };
    const byLog = {
      a: served.filter((upstream) => upstream === upstreamOf(instances.a)).length,
      b: served.filter((upstream) => upstream === upstreamOf(instances.b)).length,
    };
    check(
      'each instance’s /metrics counts the requests nginx sent it',
      after.a - before.a === byLog.a && after.b - before.b === byLog.b,
      `a ${after.a - before.a}/${byLog.a}, b ${after.b - before.b}/${byLog.b}`,
    );

    // Kill one instance with the win in flight --------------------------------------------------
    console.log('\nkill -9 an instance with the win in flight:');
    // Round robin: the next request goes to the instance that did not answer the bet. Frozen first,
    // it takes the request (the kernel accepts the connection) and dies holding it: nginx cannot know
    // whether the win was applied, answers 502, and the vendor retries with the same transaction id.
    const victimKey: 'a' | 'b' = bet.upstream === upstreamOf(instances.a) ? 'b' : 'a';
    const survivorKey: 'a' | 'b' = victimKey === 'a' ? 'b' : 'a';
    const victim = instances[victimKey];
    victim.child.kill('SIGSTOP');
    const winId = `win-${randomUUID()}`;
    const winBody = {
      ...common,
      transaction_uuid: winId,
      reference_transaction_uuid: betId,
      round_closed: true,
      amount: money(WIN),
    };
    const inFlight = vendorCall(proxy, 'win', winBody);
    await sleep(500);
    victim.child.kill('SIGKILL');
    const failedWin = await inFlight;
    check(
      `instance ${victimKey} killed with the win in flight: nginx answers it failed`,
      failedWin.status >= 500 && failedWin.upstream.includes(upstreamOf(victim)),
      `HTTP ${failedWin.status} via ${failedWin.upstream}`,
    );
    await victim.exited;
    const retried = await vendorCall(proxy, 'win', winBody);
    check(
      'the vendor retries the win with the same transaction id: paid once',
      retried.body.status === 'RS_OK' && retried.body.balance === money(DEPOSIT - BET + WIN),
      `${JSON.stringify(retried.body)} via ${retried.upstream}`,
    );
    const again = await vendorCall(proxy, 'win', winBody);
    check(
      'a second retry of the same win changes nothing',
      again.body.status === 'RS_OK' && again.body.balance === money(DEPOSIT - BET + WIN),
      JSON.stringify(again.body),
    );

    // The rest of the journey goes through the survivor.
    const survivor = upstreamOf(instances[survivorKey]);
    const bank = valueOf<{ id: string }>(
      'bind a bank account in the member’s name',
      await proxy.call('POST', '/wps/cashier/bank-accounts', {
        token,
        body: { bankName: 'Sonali Bank', accountName: 'Deploy Tester', accountNumber: '0123456789' },
      }),
    );
    valueOf(
      'set the payment password',
      await proxy.call('POST', '/wps/cashier/payment-password', {
        token,
        body: {
          loginPassword: PASSWORD,
          newPaymentPassword: PAYMENT_PASSWORD,
          confirmPaymentPassword: PAYMENT_PASSWORD,
        },
      }),
    );
    const withdrawalBody = {
      bankAccountId: bank.id,
      amount: money(WITHDRAWAL),
      paymentPassword: PAYMENT_PASSWORD,
      requestId: `wdr-${randomUUID()}`,
    };
    const withdrawalAnswer = await proxy.call('POST', '/wps/cashier/withdrawals', {
      token,
      body: withdrawalBody,
    });
    const withdrawal = valueOf<{ id: string }>(`withdraw ${money(WITHDRAWAL)}`, withdrawalAnswer);
    check('the journey goes on through the survivor', withdrawalAnswer.upstream === survivor, survivor);
    const repeated = valueOf<{ id: string }>(
      'the same withdrawal request again (same requestId)',
      await proxy.call('POST', '/wps/cashier/withdrawals', { token, body: withdrawalBody }),
    );
    check('it answers the same withdrawal', repeated.id === withdrawal.id, withdrawal.id);
    await operator(database.url, 'withdrawals', 'approve', withdrawal.id, '--payout-ref', 'DEPLOY-1');
    check('operator withdrawals approve', true, withdrawal.id);

    const expected = money(DEPOSIT - BET + WIN - WITHDRAWAL);
    const final = valueOf<{ sumBalance: string }>(
      'final balance',
      await proxy.call('GET', '/wps/v2/wallets/balance', { token }),
    );
    check(
      `final balance = deposit - bet + win - withdrawal = ${expected}`,
      final.sumBalance === expected,
      final.sumBalance,
    );
    const statement = valueOf<{ list: { type: string; amount: string }[] }>(
      'the member’s statement',
      await proxy.call('GET', '/wps/wallet/transactions?pageSize=100', { token }),
    );
    const entries = statement.list;
    const ofType = (type: string) =>
      entries.filter((entry) => entry.type === type).map((entry) => entry.amount);
    console.log(`      ${entries.map((entry) => `${entry.type} ${entry.amount}`).join(', ')}`);
    check('one deposit', JSON.stringify(ofType('deposit')) === JSON.stringify([money(DEPOSIT)]));
    check('one bet', JSON.stringify(ofType('bet')) === JSON.stringify([money(-BET)]));
    check(
      'one win (the killed call and its retries paid once)',
      JSON.stringify(ofType('win')) === JSON.stringify([money(WIN)]),
    );
    check(
      'one withdrawal hold',
      JSON.stringify(ofType('withdrawal_hold')) === JSON.stringify([money(-WITHDRAWAL)]),
    );
    const reconcile = await operator(database.url, 'reconcile');
    check('operator reconcile: the books agree', true, reconcile.split('\n')[0]);
    if (account)
      console.log(`      operator balance ${account}: ${await operator(database.url, 'balance', account)}`);

    // Rolling restart under load ------------------------------------------------------------------
    console.log('\nrolling restart under load:');
    instances[victimKey] = startInstance(victimKey, victim.port, env, dir);
    await waitReady(`http://127.0.0.1:${victim.port}`, `instance ${victimKey}`, instances[victimKey].child);
    check(`instance ${victimKey} started again`, true);
    await sleep(2500); // nginx's fail_timeout: it tries the instance again after it
    let stop = false;
    let ok = 0;
    const failures: string[] = [];
    const worker = async () => {
      while (!stop) {
        try {
          const response = await fetch(`${proxyUrl}/wps/v2/wallets/balance`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const text = await response.text();
          if (response.status === 200 && text.includes(`"${expected}"`)) ok += 1;
          else failures.push(`HTTP ${response.status} ${text.slice(0, 120)}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const startedAt = Date.now();
    const load = Array.from({ length: 8 }, () => worker());
    await sleep(1000);
    for (const key of ['a', 'b'] as const) {
      const instance = instances[key];
      instance.child.kill('SIGTERM');
      let drained = false;
      const readyUrl = `http://127.0.0.1:${instance.port}/readyz`;
      while (instance.child.exitCode === null) {
        const status = await fetch(readyUrl).then(
          (response) => response.status,
          () => 0,
        );
        if (status === 503) drained = true;
        await sleep(100);
      }
      const code = await instance.exited;
      check(
        `instance ${key}: SIGTERM, /readyz 503 while draining, then exit 0`,
        drained && code === 0,
        `exit ${code}`,
      );
      instances[key] = startInstance(key, instance.port, env, dir);
      await waitReady(`http://127.0.0.1:${instance.port}`, `instance ${key}`, instances[key].child);
      check(`instance ${key} started again and is ready`, true);
      await sleep(2500);
    }
    stop = true;
    await Promise.all(load);
    const seconds = (Date.now() - startedAt) / 1000;
    check(
      `${ok + failures.length} balance GETs through nginx during the rolling restart, none failed`,
      failures.length === 0 && ok > 0,
      failures.length
        ? `${failures.length} failed, first: ${failures[0]}`
        : `${(ok / seconds).toFixed(0)} req/s`,
    );
    passed = true;
  } finally {
    if (nginx && nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await new Promise((resolve) => nginx?.once('exit', resolve));
    }
    for (const instance of Object.values(instances)) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
    }
    await database.drop();
    if (passed) rmSync(dir, { recursive: true, force: true });
    else console.log(`\nlogs and nginx config kept in ${dir}`);
  }
}

try {
  await main();
  console.log(`\ndeployment: ${checks} passed, 0 failed`);
} catch (error) {
  console.error(`\n${error instanceof CheckFailed ? error.message : String(error)}`);
  console.log(`\ndeployment: ${checks} passed, 1 failed`);
  process.exit(1);
}
