import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
/**
 * The demo game vendor's port: 4250, or beside a private E2E_PORT (its port + 1000), so engineers running
 * journeys side by side on their own ports do not collide on it.
 */
const demoVendorPort = Number(
  process.env.E2E_DEMO_VENDOR_PORT ?? (process.env.E2E_PORT ? port + 1000 : 4250),
);
/** A fresh embedded database for every run, so journeys never see an earlier run's rows. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'platform-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const repoRoot = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './journeys',
  // Journeys change site-wide settings (maintenance, restriction): one at a time.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // A journey that runs the operator tool (a process of its own, about 9 s each on a loaded machine) or
  // plays a timed game round took past 60 s on a busy CI machine more than once: 2 minutes for every one.
  timeout: 120_000,
  // A shared CI machine under load once took over 10 s to open a lazily loaded page.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/results.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-US',
    timezoneId: 'Asia/Dhaka',
    viewport: { width: 390, height: 844 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      // The production build, as `npm start` runs it (CI builds before the journeys).
      // E2E_SERVER_ENTRY and WEB_DIST_DIR let a build kept elsewhere be tried (several engineers in one tree).
      command: `node ${process.env.E2E_SERVER_ENTRY ?? 'apps/server/dist/main.js'}`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${port}/wps/system/status`,
      timeout: 120_000,
      reuseExistingServer: false,
      // SIGTERM lets the server close the embedded database cleanly (the reconciliation after the
      // journeys opens it next); a SIGKILL could leave it mid-write.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        // The journeys play a visitor behind the operator's proxy (X-Forwarded-For) from this machine.
        TRUSTED_PROXIES: '127.0.0.1',
        SETTINGS_CACHE_MS: '0',
        // The journeys run on the embedded database, exactly as the quick start does.
        DATABASE_URL: '',
        ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
        // The demo seed registers the demo game vendor's launch URL here.
        DEMO_VENDOR_URL: `http://127.0.0.1:${demoVendorPort}`,
      },
    },
    {
      // The demo game vendor (a simulator) the journeys play: the lobbies' games open in it.
      command: 'node --import tsx apps/demo-vendor/src/main.ts',
      cwd: repoRoot,
      url: `http://127.0.0.1:${demoVendorPort}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      stdout: 'pipe',
      env: {
        DEMO_VENDOR_PORT: String(demoVendorPort),
        DEMO_VENDOR_HOST: '127.0.0.1',
        PLATFORM_URL: `http://127.0.0.1:${port}`,
        DEMO_VENDOR_FRAME_ANCESTORS: `http://127.0.0.1:${port}`,
        // The transfer vendor's wallet file (ADR 021) is fresh with the database, as its players are.
        DEMO_VENDOR_DATA_DIR: path.join(dataDir, 'demo-vendor'),
      },
    },
  ],
});
