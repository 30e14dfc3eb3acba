import { Writable } from 'node:stream';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRun } from '../../db/schema.js';
import { createFundedMember, createMember, fundWallet } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const METRICS_TOKEN = 'metrics-token-for-tests-0123';

describe('probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers alive and ready, outside the site guard, and names each request', async () => {
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    expect(alive.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, reasons: [] });
  });

  it('keeps a plain request id from the proxy and replaces one that could forge log lines', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-1234abcd' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-1234abcd');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'x\n{"level":60}' },
    });
    expect(forged.headers['x-request-id']).not.toContain('level');
  });

  it('is not ready while draining, and says why', async () => {
    const other = await createTestApp();
    try {
      other.services.ops.drain();
      const ready = await other.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ready: false, reasons: ['draining for shutdown'] });
      // Alive all the same: a draining server is not restarted, it is finishing its work.
      expect((await other.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('has no metrics unless a token is configured', async () => {
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(404);
  });
});

describe('metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async (): Promise<string> => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    return answer.body;
  };

  it('refuses a scrape without the token or with another', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer metrics-token-for-tests-0124' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('counts requests by route pattern and status, and ledger transfers by outcome', async () => {
    await t.app.inject({ method: 'GET', url: '/wps/system/status' });
    await t.app.inject({ method: 'GET', url: '/wps/no-such-call' });
    const member = await createFundedMember(t, '10.00');
    await fundWallet(t, member, '5.00');
    // The same key again: the ledger answers the first transfer (ok, nothing moved twice).
    await fundWallet(t, member, '5.00', 'ops-test-repeat');
    await fundWallet(t, member, '5.00', 'ops-test-repeat');
    const poorer = await createMember(t);
    await expect(fundWallet(t, poorer, '-1.00')).rejects.toThrow();

    const text = await scrape();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/wps\/system\/status",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(text).toMatch(/ledger_transfers_total\{outcome="ok"\} 4/);
    expect(text).toMatch(/ledger_transfers_total\{outcome="(refused|failed)"\} 1/);
    expect(text).toContain('http_request_duration_seconds_bucket');
    expect(text).toMatch(/websocket_connections 0/);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('shows each scheduled job lag and open rounds per vendor', async () => {
    const text = await scrape();
    for (const job of t.services.scheduler.describeJobs()) {
      expect(text).toContain(`job_lag_seconds{job="${job.name}"}`);
    }
    expect(text).toContain('# TYPE provider_open_rounds gauge');
  });
});

describe('operator backup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a relative path, and copies the embedded database (or points PostgreSQL at pg_dump)', async () => {
    const relative = await t.services.operator.run(['backup', 'site.tar.gz'], 'cli:test');
    expect(relative.exitCode).toBe(2);
    expect(relative.output).toContain('FILE must be an absolute path');

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'backup-')), 'site.tar.gz');
    const result = await t.services.operator.run(['backup', file], 'cli:test');
    if (t.handle.kind === 'pglite') {
      expect(result.exitCode).toBe(0);
      // gzip's magic bytes: a real archive, not an empty file.
      expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    } else {
      expect(result.exitCode).toBe(1);
      expect(result.output).toContain('pg_dump');
      expect(existsSync(file)).toBe(false);
    }
  });
});

describe('log lines', () => {
  it('carry the request id, also when a service writes them, and the client gets the same id', async () => {
    const lines: Record<string, unknown>[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const t = await createTestApp({ config: { LOG_LEVEL: 'warn' }, logStream });
    try {
      // An unsigned vendor call: the provider service (not the request's logger) says it refused it.
      const answer = await t.app.inject({
        method: 'POST',
        url: '/provider/v1/DEMO/balance',
        headers: { 'content-type': 'application/json', 'x-request-id': 'vendor-call-0001' },
        payload: JSON.stringify({ request_uuid: 'r-1', token: 'x' }),
      });
      expect(answer.headers['x-request-id']).toBe('vendor-call-0001');
      const refused = lines.filter((line) => line.msg === 'provider call refused');
      expect(refused.length).toBeGreaterThan(0);
      for (const line of refused) expect(line.reqId).toBe('vendor-call-0001');
    } finally {
      await t.close();
    }
  });
});

describe('two server instances on one database', () => {
  it('run each scheduled period once between them, every job finished', async () => {
    const first = await createTestApp();
    const second = await createTestApp({ beside: first });
    try {
      await Promise.all([first.services.scheduler.runDue(), second.services.scheduler.runDue()]);
      first.clock.advance(60 * 60_000);
      await Promise.all([second.services.scheduler.runDue(), first.services.scheduler.runDue()]);
      const runs = await first.handle.db.select().from(jobRun);
      const periods = runs.map((run) => `${run.job}@${run.periodKey}`);
      expect(new Set(periods).size).toBe(periods.length);
      const jobs = first.services.scheduler.describeJobs().map((job) => job.name);
      expect(new Set(runs.map((run) => run.job))).toEqual(new Set(jobs));
      expect(runs.filter((run) => run.finishedAt === null)).toEqual([]);
    } finally {
      await second.close();
      await first.close();
    }
  }, 180_000);
});
