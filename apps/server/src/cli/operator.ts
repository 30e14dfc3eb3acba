import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  if (args[0] === 'restore') {
    const result = await restoreEmbedded(config, args.slice(1));
    process.stdout.write(`${result.output}\n`);
    process.exitCode = result.exitCode;
    return;
  }
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

/**
 * `restore FILE`: the embedded database from a `backup` file, with no server running (the database admits
 * one process). The files it replaces are kept beside it, renamed, so a wrong file loses nothing.
 */
async function restoreEmbedded(config: Config, args: string[]): Promise<OperatorResult> {
  const usage =
    'Usage:\n  restore FILE                       the embedded database from a backup file (server stopped)';
  if (config.DATABASE_URL) {
    return {
      exitCode: 1,
      output: 'DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md).',
    };
  }
  if (args.length !== 1 || !args[0]) return { exitCode: 2, output: usage };
  const dataDir = resolveDataDir(config);
  const endpoint = readOperatorEndpointFile(dataDir);
  if (endpoint && isAlive(endpoint.pid)) {
    return {
      exitCode: 1,
      output: `The server (pid ${endpoint.pid}) holds ${dataDir}: stop it, then restore.`,
    };
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]));
  } catch (error) {
    return {
      exitCode: 1,
      output: `Cannot read ${args[0]}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  const target = path.join(dataDir, 'pglite');
  const keptAt = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  if (existsSync(target)) renameSync(target, keptAt);
  mkdirSync(dataDir, { recursive: true });
  try {
    const restored = new PGlite(target, {
      loadDataDir: new Blob([new Uint8Array(bytes)]),
      extensions: { pg_trgm },
    });
    const members = await restored.query<{ count: number }>('SELECT count(*)::int AS count FROM member');
    await restored.close();
    const kept = existsSync(keptAt) ? ` The files it replaced are in ${keptAt}.` : '';
    return {
      exitCode: 0,
      output: `Restored ${dataDir} from ${args[0]} (${members.rows[0]?.count ?? 0} members).${kept}`,
    };
  } catch (error) {
    rmSync(target, { recursive: true, force: true });
    if (existsSync(keptAt)) renameSync(keptAt, target);
    return {
      exitCode: 1,
      output: `${args[0]} is not a backup of this site's database (${error instanceof Error ? error.message : String(error)}); nothing changed.`,
    };
  }
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
