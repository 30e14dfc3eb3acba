import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adminListener } from './admin-page.js';
import { buildApp } from './app.js';
import {
  ConfigError,
  isProduction,
  loadConfig,
  resolveDataDir,
  seedsDemoData,
  servesDevOutbox,
} from './config.js';
import { openDatabase } from './db/database.js';
import { seedDemoData, type DemoLogin } from './demo-seed.js';
import { systemClock } from './lib/clock.js';
import { createPasswordHasher } from './lib/password-hasher.js';
import { cryptoRng } from './lib/rng.js';
import { geoipCountryLookup } from './modules/system/index.js';
import { connectRedis } from './lib/redis.js';
import { checkDataDir, describeStartUpFailure, type StartUpStage } from './start-up.js';
import { removeOperatorEndpointFile, writeOperatorEndpointFile } from './modules/operator/index.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDistDir = config.WEB_DIST_DIR ?? path.resolve(here, '../../web/dist');
  const adminDistDir = config.ADMIN_DIST_DIR ?? path.resolve(here, '../../admin/dist');
  const dataDir = resolveDataDir(config);
  const context = {
    port: config.PORT,
    host: config.HOST,
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
  };
  // Each step that depends on a setting fails with one line naming it (start-up.ts), never a stack.
  const step = async <T>(stage: StartUpStage, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      console.error(`Cannot start: ${describeStartUpFailure(error, stage, context)}`);
      if (config.LOG_LEVEL === 'debug' || config.LOG_LEVEL === 'trace') console.error(error);
      process.exit(1);
    }
  };

  if (!config.DATABASE_URL) {
    await step('data directory', async () => checkDataDir(dataDir, process.env.DATA_DIR !== undefined));
  }
  const handle = openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  await step('database', () => handle.migrate());
  const redis = config.REDIS_URL
    ? await step('redis', () => connectRedis(config.REDIS_URL as string))
    : undefined;

  let demoLogins: readonly DemoLogin[] = [];
  if (seedsDemoData(config)) {
    const passwords = createPasswordHasher(config.HASH_CONCURRENCY);
    demoLogins = await seedDemoData(handle.db, {
      clock: systemClock,
      rng: cryptoRng,
      passwords,
      demoVendorUrl: config.DEMO_VENDOR_URL,
    });
  }

  // The operator tool works on PostgreSQL directly; only the embedded database, which admits one
  // process, needs the loopback endpoint (and a data directory to announce it in).
  const operatorSecret = handle.kind === 'postgres' ? undefined : randomBytes(32).toString('hex');
  const { app, services } = await buildApp({
    config: { ...config, WEB_DIST_DIR: webDistDir, ADMIN_DIST_DIR: adminDistDir },
    db: handle.db,
    clock: systemClock,
    rng: cryptoRng,
    countryLookup: geoipCountryLookup,
    ...(redis ? { redis } : {}),
    ...(operatorSecret ? { operatorSecret } : {}),
  });
  await step('listen', () => app.listen({ port: config.PORT, host: config.HOST }));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The back office on a listener of its own (ADMIN_PORT), e.g. an internal network only (ADR 095).
  const adminServer = config.ADMIN_PORT === undefined ? undefined : adminListener(app);
  const adminHost = config.ADMIN_HOST ?? '127.0.0.1';
  if (adminServer) {
    try {
      await new Promise<void>((resolve, reject) => {
        adminServer.once('error', reject);
        adminServer.listen(config.ADMIN_PORT, adminHost, () => resolve());
      });
    } catch (error) {
      // One line naming the settings to change, as for PORT (start-up.ts).
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      console.error(
        `Cannot start: cannot listen on ${adminHost}:${config.ADMIN_PORT} (${code}): check ADMIN_PORT and ADMIN_HOST`,
      );
      process.exit(1);
    }
  }
  const adminAddress = adminServer?.address();
  const adminPort = typeof adminAddress === 'object' && adminAddress ? adminAddress.port : undefined;
  if (operatorSecret) writeOperatorEndpointFile(dataDir, { port, secret: operatorSecret, pid: process.pid });
  // Only a serving process runs scheduled work (never tests or the operator tool).
  services.scheduler.start();

  const database = handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${dataDir}`;
  const site = config.PUBLIC_URL ?? `http://localhost:${port}`;
  const backOffice =
    adminPort === undefined
      ? `${site}/admin`
      : `http://${adminHost}:${adminPort}/admin (ADMIN_PORT; not on the site)`;
  console.log(`\n  Site:     ${site}\n  Back office: ${backOffice}\n  Database: ${database}`);
  if (isProduction(config)) {
    console.log('  Mode:     PRODUCTION (no demo data, no sandbox gateway, no development outbox)');
    if (config.SMS_PROVIDER === 'outbox' || config.EMAIL_PROVIDER === 'outbox') {
      console.log('  Warning:  SMS_PROVIDER or EMAIL_PROVIDER is outbox: codes and reset links reach nobody');
    }
  } else {
    const outbox = servesDevOutbox(config) ? ', development outbox at /dev/outbox' : '';
    console.log(
      `  Mode:     DEMO, not for real money (demo data, sandbox payment gateway${outbox}); production: NODE_ENV=production, see README`,
    );
    for (const login of demoLogins)
      console.log(`  Demo login: ${login.username} / ${login.password} (${login.role})`);
  }
  console.log('');

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Readiness fails first, so the proxy in front stops sending new requests; those in flight finish
    // in app.close(), which then closes the WebSockets (1001 going away: clients reconnect elsewhere).
    services.ops.drain();
    await new Promise((resolve) => setTimeout(resolve, config.DRAIN_MS));
    if (operatorSecret) removeOperatorEndpointFile(dataDir, process.pid);
    await services.scheduler.stop();
    await new Promise((resolve) => (adminServer ? adminServer.close(resolve) : resolve(undefined)));
    await app.close();
    await handle.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
