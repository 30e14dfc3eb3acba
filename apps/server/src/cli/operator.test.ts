import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '@platform/contract';
import { writeOperatorEndpointFile } from '../modules/operator/index.js';
import { createTestApp, OPERATOR_SECRET, type TestApp } from '../test/harness.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'operator.ts');

/** Runs the tool as an operator would, in a process of its own, on the embedded database of dataDir. */
function runCli(dataDir: string, args: string[]): Promise<{ code: number | null; stdout: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.INIT_CWD;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { env, timeout: 60_000 },
      (error, stdout) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout });
      },
    );
  });
}

const deadPid = (): Promise<number> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, ['-e', '0']);
    child.on('exit', () => resolve(child.pid ?? 0));
  });
const closedPort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });

// Each run starts a process that boots the embedded database (and migrates it the first time): slow on a
// busy machine, so these tests get two minutes.
describe('npm run operator, no server running', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'operator-cli-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('opens the data directory itself, even when a stopped server left its endpoint file', async () => {
    writeOperatorEndpointFile(dataDir, {
      port: await closedPort(),
      secret: 'x'.repeat(32),
      pid: await deadPid(),
    });
    const set = await runCli(dataDir, ['settings', 'set', 'site.name', 'Khela Demo']);
    expect(set).toEqual({ code: 0, stdout: 'site.name = "Khela Demo"\n' });
    const get = await runCli(dataDir, ['settings', 'get', 'site.name']);
    expect(get.code).toBe(0);
    expect(get.stdout).toContain('site.name = "Khela Demo"');
  });

  it('exits with the code of a refused command', async () => {
    const result = await runCli(dataDir, ['settings', 'set', 'register.minimumAge', '16']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('18 | 21');
  });
});

describe('npm run operator, server running', () => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    dataDir = mkdtempSync(path.join(tmpdir(), 'operator-cli-'));
    writeOperatorEndpointFile(dataDir, {
      port: typeof address === 'object' && address ? address.port : 0,
      secret: OPERATOR_SECRET,
      pid: process.pid,
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('hands the command to the server, which applies it at once', async () => {
    const result = await runCli(dataDir, ['maintenance', 'on', '--until', '2030-01-01T00:00:00Z']);
    expect(result).toEqual({ code: 0, stdout: 'maintenance on until 2030-01-01T00:00:00Z\n' });
    const { body } = await t.call<SystemStatus>({ method: 'GET', url: '/wps/system/status' });
    expect(body).toMatchObject({
      success: true,
      value: { status: 1, maintenanceEnd: '2030-01-01T00:00:00Z' },
    });
    const [audit] = await t.services.audit.recent(1);
    expect(audit).toMatchObject({ actor: `cli:${os.userInfo().username}`, command: 'maintenance on' });

    expect(await runCli(dataDir, ['maintenance', 'off'])).toEqual({ code: 0, stdout: 'maintenance off\n' });
  });
});
