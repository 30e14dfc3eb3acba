import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStartUpFailure, redactUrl } from './start-up.js';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const scratch = mkdtempSync(path.join(tmpdir(), 'start-up-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `node main.ts` as an operator starts it; resolves with its exit code and everything it printed. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', SEED_DEMO: 'false' };
  for (const name of ['DATABASE_URL', 'INIT_CWD', 'NODE_ENV', 'REDIS_URL', 'DATA_DIR']) delete childEnv[name];
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, ['--import', 'tsx', main], { env: childEnv });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A start that does not fail is stopped: the test then sees no "Cannot start" line.
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

/** Exactly one line, naming the setting, and no stack frame anywhere. */
function expectOneLine(output: string, ...fragments: string[]): void {
  const lines = output.trim().split('\n');
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toMatch(/^Cannot start: /);
  for (const fragment of fragments) expect(lines[0]).toContain(fragment);
  expect(output).not.toMatch(/\n\s+at /);
}

const listening = (): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
  });

describe('a start-up problem is one line naming the setting to change', () => {
  it('DATA_DIR that does not exist (a typo must not start a new, empty database)', async () => {
    const missing = path.join(scratch, 'no-such-dir');
    const { code, output } = await startServer({ DATA_DIR: missing, PORT: '0' });
    expect(code).toBe(1);
    expectOneLine(output, `DATA_DIR=${missing} does not exist`);
  }, 90_000);

  it('DATA_DIR that is a file', async () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, 'x');
    const { code, output } = await startServer({ DATA_DIR: file, PORT: '0' });
    expect(code).toBe(1);
    expectOneLine(output, `DATA_DIR=${file} is a file`);
  }, 90_000);

  it('the port in use', async () => {
    const taken = await listening();
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const { code, output } = await startServer({
        DATA_DIR: mkdtempSync(path.join(scratch, 'data-')),
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      expect(code).toBe(1);
      expectOneLine(output, `PORT=${port} is in use`);
    } finally {
      taken.close();
    }
  }, 90_000);

  it('DATABASE_URL unreachable, with its password hidden', async () => {
    const { code, output } = await startServer({
      DATABASE_URL: 'postgres://app:secret-pw@127.0.0.1:1/app',
      PORT: '0',
    });
    expect(code).toBe(1);
    expectOneLine(output, 'DATABASE_URL=postgres://app:***@127.0.0.1:1/app is unreachable (ECONNREFUSED)');
    expect(output).not.toContain('secret-pw');
  }, 90_000);

  it('REDIS_URL unreachable', async () => {
    const { code, output } = await startServer({
      DATA_DIR: mkdtempSync(path.join(scratch, 'data-')),
      REDIS_URL: 'redis://127.0.0.1:1',
      PORT: '0',
    });
    expect(code).toBe(1);
    expectOneLine(output, 'REDIS_URL=redis://127.0.0.1:1 is unreachable', 'unset it');
  }, 90_000);

  it('a migration that fails, and the database left as it was', async () => {
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    // A table of the first migration already there, by another hand, with another shape.
    const squatter = new PGlite(path.join(dataDir, 'pglite'));
    await squatter.exec('CREATE TABLE banner (id integer)');
    await squatter.close();
    const { code, output } = await startServer({ DATA_DIR: dataDir, PORT: '0' });
    expect(code).toBe(1);
    expectOneLine(output, 'a database migration failed', 'relation "banner" already exists');
    const after = new PGlite(path.join(dataDir, 'pglite'));
    const tables = await after.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
    );
    await after.close();
    expect(tables.rows.map((row) => row.name)).toEqual(['banner']);
  }, 90_000);

  it('a malformed and a misspelt variable, each on its own line', async () => {
    const { code, output } = await startServer({ PORT: 'eighty', DATABSE_URL: 'postgres://x@y/z' });
    expect(code).toBe(2);
    const lines = output.trim().split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines).toContain('  DATABSE_URL is not a setting of this server: did you mean DATABASE_URL?');
    expect(lines.some((line) => line.startsWith('  PORT="eighty"'))).toBe(true);
    expect(output).not.toMatch(/\n\s+at /);
  }, 90_000);
});

describe('the lines themselves', () => {
  const context = { port: 8080, host: '0.0.0.0', databaseUrl: 'postgres://u:p@db:5432/site' };

  it('names a refused login and a missing database without the password', () => {
    const login = Object.assign(new Error('password authentication failed for user "u"'), { code: '28P01' });
    expect(describeStartUpFailure(login, 'database', context)).toBe(
      'DATABASE_URL=postgres://u:***@db:5432/site refused the login (password authentication failed for user "u"): ' +
        'correct the user or password in DATABASE_URL',
    );
    const missing = Object.assign(new Error('database "site" does not exist'), { code: '3D000' });
    expect(describeStartUpFailure(missing, 'database', context)).toContain('create the database');
  });

  it('finds the cause inside a wrapper', () => {
    const wrapped = new Error('Failed query: select 1', {
      cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
    });
    expect(describeStartUpFailure(wrapped, 'database', context)).toContain('is unreachable (ECONNREFUSED)');
  });

  it('hides a password and survives a URL that does not parse', () => {
    expect(redactUrl('redis://:hunter2@cache:6379')).toBe('redis://:***@cache:6379');
    expect(redactUrl('not a url')).toBe('(unparsable URL)');
  });
});
