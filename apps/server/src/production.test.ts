import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permission } from '@platform/contract';
import { createTestApp, type TestApp } from './test/harness.js';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

interface Started {
  exitCode: Promise<number | null>;
  output: () => string;
  stop(): void;
}

/** `node main.ts` as an operator starts it, on an embedded database of its own. */
function start(env: Record<string, string>, argv: string[] = []): Started {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.INIT_CWD;
  delete childEnv.NODE_ENV;
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, ['--import', 'tsx', main, ...argv], { env: childEnv });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    exitCode: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
    output: () => output,
    stop: () => child.kill('SIGTERM'),
  };
}

async function waitFor(check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a production start', () => {
  it('refuses insecure settings with one line for each, naming what to set', async () => {
    const started = start({ NODE_ENV: 'production', SEED_DEMO: 'true', DEV_OUTBOX: 'true' });
    expect(await started.exitCode).toBe(2);
    expect(started.output()).toContain('Refusing to start in production:');
    for (const name of ['PUBLIC_URL', 'SEED_DEMO', 'DEV_OUTBOX', 'MERCHANT_CODE']) {
      expect(started.output()).toContain(`  ${name}`);
    }
  }, 60_000);

  it('--production is enough to choose it', async () => {
    const started = start({}, ['--production']);
    expect(await started.exitCode).toBe(2);
    expect(started.output()).toContain('PUBLIC_URL is not set');
  }, 60_000);

  describe('with secure settings', () => {
    let dataDir: string;
    let port: number;
    let server: Started;
    const get = (url: string) => fetch(`http://127.0.0.1:${port}${url}`);

    beforeAll(async () => {
      dataDir = mkdtempSync(path.join(tmpdir(), 'production-start-'));
      port = await freePort();
      server = start({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://play.example.com',
        MERCHANT_CODE: 'khela',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      await waitFor(() => server.output().includes('Mode:'));
    }, 90_000);
    afterAll(async () => {
      server.stop();
      await server.exitCode;
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('says it is production and prints no demo login', () => {
      expect(server.output()).toContain('PRODUCTION');
      expect(server.output()).not.toContain('Demo login');
      expect(server.output()).not.toContain('Admin-Pass');
    });

    it('seeds no published owner: the demo owner password does not log in', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/wps/admin/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Admin-Pass-2026' }),
      });
      expect(response.status).toBe(401);
    });

    it('mounts neither the development outbox nor the sandbox gateway, and shows no demo ribbon', async () => {
      expect((await get('/wps/dev/outbox')).status).toBe(404);
      // With the web app built, an unknown GET path is one of its pages; what matters is that no
      // sandbox page or pay action answers.
      const page = await get('/sandbox-gateway/pay/anything');
      expect(await page.text()).not.toContain('Sandbox payment gateway');
      const pay = await fetch(`http://127.0.0.1:${port}/sandbox-gateway/pay/anything/pay`, {
        method: 'POST',
      });
      expect(pay.status).toBe(404);
      expect(await pay.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      const permission = (await (await get('/wps/system/permission')).json()) as { value: Permission };
      expect(permission.value.info.demo).toBe(false);
      expect(permission.value.info.merchantCode).toBe('khela');
    });
  });
});

// PostgreSQL is there when DATABASE_URL names it (as in CI); the embedded runs above cover the rest.
describe.runIf(process.env.DATABASE_URL)('a production start on PostgreSQL', () => {
  const serverUrl = process.env.DATABASE_URL ?? '';
  const name = `prod_${randomBytes(5).toString('hex')}`;
  const sql = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  beforeAll(() => sql(`CREATE DATABASE ${name}`));
  afterAll(() => sql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it('serves from a fresh checkout that has no data directory, writes none, and stops cleanly', async () => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const missingDataDir = path.join(tmpdir(), `never-created-${randomBytes(4).toString('hex')}`);
    const port = await freePort();
    const server = start({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://play.example.com',
      MERCHANT_CODE: 'khela',
      DATABASE_URL: url.toString(),
      DATA_DIR: missingDataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    });
    await waitFor(() => server.output().includes('Mode:')).catch(() => {
      throw new Error(server.output());
    });
    expect(server.output()).toContain('PostgreSQL');
    expect((await fetch(`http://127.0.0.1:${port}/wps/system/status`)).status).toBe(200);
    expect(existsSync(missingDataDir)).toBe(false);
    server.stop();
    expect(await server.exitCode).toBe(0);
  }, 90_000);
});

describe('the demo, by contrast', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves the outbox and says it is a demo', async () => {
    expect((await t.call({ method: 'GET', url: '/wps/dev/outbox' })).status).toBe(200);
    const { body } = await t.call<Permission>({ method: 'GET', url: '/wps/system/permission' });
    expect(body).toMatchObject({ success: true, value: { info: { demo: true } } });
  });

  it('never mounts the outbox in production, whatever DEV_OUTBOX says', async () => {
    const production = await createTestApp({ config: { NODE_ENV: 'production', DEV_OUTBOX: true } });
    try {
      expect((await production.call({ method: 'GET', url: '/wps/dev/outbox' })).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
