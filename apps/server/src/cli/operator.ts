import { readFileSync } from 'node:fs';
import os from 'node:os';
import { ConfigError, loadConfig, resolveDataDir, type Config } from '../config.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { cryptoRng } from '../lib/rng.js';
import { readOperatorEndpointFile, type OperatorEndpoint } from '../modules/operator/index.js';
import {
  OPERATOR_ACTOR_HEADER,
  OPERATOR_PATH,
  OPERATOR_SECRET_HEADER,
  operatorResultSchema,
} from '../modules/operator/index.js';
import type { OperatorResult } from '../lib/operator-cli.js';
import { geoipCountryLookup } from '../modules/system/index.js';
import { composeModules } from '../app.js';

/**
 * `npm run operator -- <command>`: with DATABASE_URL it works on PostgreSQL directly (any number of
 * processes may). The embedded database admits one process, so while the server runs the command is
 * handed to it over loopback; with no server running the tool opens the data directory itself.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const args = process.argv.slice(2);
  const actor = `cli:${os.userInfo().username}`;
  const result = config.DATABASE_URL
    ? await runDirectly(openPostgres(config.DATABASE_URL, 2), config, args, actor)
    : await runEmbedded(config, args, actor);
  process.stdout.write(result.output.endsWith('\n') ? result.output : `${result.output}\n`);
  process.exitCode = result.exitCode;
}

async function runEmbedded(config: Config, args: string[], actor: string): Promise<OperatorResult> {
  const dataDir = resolveDataDir(config);
  const endpoint = readOperatorEndpointFile(dataDir);
  if (endpoint) {
    const answer = await askServer(endpoint, args, actor);
    if (answer) return answer;
    // A server that is shutting down no longer answers but still holds the files for a moment: wait for
    // it to go (up to 15 s) rather than open the database a second time.
    for (let waited = 0; waited < 15_000 && isAlive(endpoint.pid); waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (isAlive(endpoint.pid)) {
      return {
        exitCode: 1,
        output: `The server (pid ${endpoint.pid}) holds the database in ${dataDir} but did not answer on port ${endpoint.port}. Try again, or stop it first.`,
      };
    }
  }
  return runDirectly(openPglite(dataDir), config, args, actor);
}

/** null when nothing listens there (a server that stopped without cleaning up). */
async function askServer(
  endpoint: OperatorEndpoint,
  args: string[],
  actor: string,
): Promise<OperatorResult | null> {
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${endpoint.port}${OPERATOR_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [OPERATOR_SECRET_HEADER]: endpoint.secret,
        [OPERATOR_ACTOR_HEADER]: actor,
      },
      body: JSON.stringify({ args }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    return null;
  }
  const body: unknown = await response.json().catch(() => null);
  const value = typeof body === 'object' && body !== null && 'value' in body ? body.value : undefined;
  const parsed = operatorResultSchema.safeParse(value);
  if (response.ok && parsed.success) return parsed.data;
  return {
    exitCode: 1,
    output: `The server on port ${endpoint.port} refused the command (HTTP ${response.status}): ${JSON.stringify(body)}`,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
  return !isZombie(pid);
}

/** Exited but not yet reaped by its parent: answers kill(0) yet holds nothing. Linux only; elsewhere false. */
function isZombie(pid: number): boolean {
  try {
    return /\)\s+Z\b/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function runDirectly(
  handle: DatabaseHandle,
  config: Config,
  args: string[],
  actor: string,
): Promise<OperatorResult> {
  try {
    await handle.migrate();
    // The same services the server runs, without listening; settings are never cached here.
    const { services } = composeModules({
      config: { ...config, SETTINGS_CACHE_MS: 0 },
      db: handle.db,
      clock: systemClock,
      rng: cryptoRng,
      countryLookup: geoipCountryLookup,
    });
    return await services.operator.run(args, actor);
  } finally {
    await handle.close();
  }
}

void main();
