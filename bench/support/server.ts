import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  /** the server's process id (to read its CPU time) */
  pid: number;
  /** runs the operator tool against this server, as an operator would */
  operator(...args: string[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How the built server is started: `production` as an operator runs it (no demo data; the settings it
 * insists on are filled in for this machine), `demo` as `npm start` runs it (demo logins, for benches
 * that need a member). Both log at warn and believe X-Forwarded-For from this machine, so a bench can
 * play many addresses.
 */
export type ServerMode = 'production' | 'demo';

const freePort = () => 20_000 + Math.floor(Math.random() * 20_000);

/** Starts a process and waits until `readyUrl` answers 200 (60 s at most). */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
): Promise<{ pid: number; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(readyUrl);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Starts the built server (apps/server/dist) on its own port and data directory. */
export async function startBuiltServer(
  mode: ServerMode = 'production',
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'platform-bench-'));
  const modeEnv: Record<string, string> =
    mode === 'production'
      ? { NODE_ENV: 'production', PUBLIC_URL: url, MERCHANT_CODE: 'bench' }
      : { NODE_ENV: 'development', SEED_DEMO: 'true' };
  const serverEnv = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    TRUSTED_PROXIES: '127.0.0.1',
    ...modeEnv,
    ...env,
  };
  // BENCH_SERVER_ENTRY (with WEB_DIST_DIR) measures a build kept elsewhere, as the journeys allow.
  const entry = process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.js';
  const server = await startProcess([entry], serverEnv, `${url}/wps/system/status`);
  return {
    url,
    pid: server.pid,
    async operator(...args: string[]) {
      await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/operator.ts', ...args], {
        cwd: repoRoot,
        env: { ...process.env, ...serverEnv },
      });
    },
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
