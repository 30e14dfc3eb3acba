import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { jobRun } from '../db/schema.js';
import { openTestDatabase } from '../db/test-database.js';
import { fixedClock } from './clock.js';
import { JOB_RUN_KEEP_MS, Scheduler, type Period, type SchedulerLogger } from './scheduler.js';

const MINUTE = 60_000;
const quiet: SchedulerLogger = { info: () => undefined, error: () => undefined };

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const runsOf = (job: string) =>
  handle.db.select().from(jobRun).where(eq(jobRun.job, job)).orderBy(asc(jobRun.periodKey));

describe('Scheduler', () => {
  it('runs a period once when two instances claim it at the same time', async () => {
    const clock = fixedClock(new Date('2026-11-21T08:07:30Z'));
    const seen: string[] = [];
    const work = (instance: string) => async (period: Period) => {
      seen.push(`${instance}:${period.key}`);
      return { instance };
    };
    const a = new Scheduler(handle.db, clock, quiet, 'a');
    const b = new Scheduler(handle.db, clock, quiet, 'b');
    a.every('twice', 5 * MINUTE, work('a'));
    b.every('twice', 5 * MINUTE, work('b'));

    await Promise.all([a.runDue(), b.runDue()]);

    // 08:07:30: the last ended 5-minute period is 08:00-08:05.
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/^[ab]:2026-11-21T08:00:00.000Z$/);
    const rows = await runsOf('twice');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.finishedAt).not.toBeNull();
    expect(rows[0]?.outcome).toMatchObject({ ok: true });

    // Running again in the same period finds nothing due.
    await Promise.all([a.runDue(), b.runDue()]);
    expect(seen).toHaveLength(1);
  });

  it('passes the period bounds and runs the next period when it has ended', async () => {
    const clock = fixedClock(new Date('2026-11-21T09:59:59Z'));
    const periods: Period[] = [];
    const scheduler = new Scheduler(handle.db, clock, quiet, 'bounds');
    scheduler.every('hourly', 60 * MINUTE, async (period) => {
      periods.push(period);
      return {};
    });
    await scheduler.runDue();
    clock.set(new Date('2026-11-21T10:00:00Z'));
    await scheduler.runDue();
    expect(periods.map((period) => [period.start.toISOString(), period.end.toISOString()])).toEqual([
      ['2026-11-21T08:00:00.000Z', '2026-11-21T09:00:00.000Z'],
      ['2026-11-21T09:00:00.000Z', '2026-11-21T10:00:00.000Z'],
    ]);
  });

  it('catches up on the periods missed while no server ran, oldest first', async () => {
    const clock = fixedClock(new Date('2026-11-21T08:05:10Z'));
    const keys: string[] = [];
    const work = async (period: Period) => {
      keys.push(period.key);
      return {};
    };
    const before = new Scheduler(handle.db, clock, quiet, 'before');
    before.every('catch-up', 5 * MINUTE, work);
    await before.runDue();
    expect(keys).toEqual(['2026-11-21T08:00:00.000Z']);

    // Down for three periods; a new process starts.
    clock.advance(3 * 5 * MINUTE);
    const after = new Scheduler(handle.db, clock, quiet, 'after');
    after.every('catch-up', 5 * MINUTE, work);
    await after.runDue();
    expect(keys).toEqual([
      '2026-11-21T08:00:00.000Z',
      '2026-11-21T08:05:00.000Z',
      '2026-11-21T08:10:00.000Z',
      '2026-11-21T08:15:00.000Z',
    ]);
  });

  it('catches up at most catchUp periods, the newest ones', async () => {
    const clock = fixedClock(new Date('2026-11-21T08:01:00Z'));
    const keys: string[] = [];
    const first = new Scheduler(handle.db, clock, quiet, 'first');
    first.every(
      'bounded',
      MINUTE,
      async (period) => {
        keys.push(period.key);
        return {};
      },
      { catchUp: 2 },
    );
    await first.runDue();
    clock.advance(10 * MINUTE);
    const second = new Scheduler(handle.db, clock, quiet, 'second');
    second.every(
      'bounded',
      MINUTE,
      async (period) => {
        keys.push(period.key);
        return {};
      },
      { catchUp: 2 },
    );
    await second.runDue();
    expect(keys).toEqual([
      '2026-11-21T08:00:00.000Z',
      '2026-11-21T08:09:00.000Z',
      '2026-11-21T08:10:00.000Z',
    ]);
  });

  it('starts a job it has never run with the latest ended period, without backfilling', async () => {
    const clock = fixedClock(new Date('2026-11-21T12:34:56Z'));
    const keys: string[] = [];
    const scheduler = new Scheduler(handle.db, clock, quiet, 'fresh');
    scheduler.every('fresh', MINUTE, async (period) => {
      keys.push(period.key);
      return {};
    });
    await scheduler.runDue();
    expect(keys).toEqual(['2026-11-21T12:33:00.000Z']);
  });

  it('shifts the periods by offsetMs, e.g. days in UTC+6', async () => {
    const clock = fixedClock(new Date('2026-11-21T17:59:00Z'));
    const periods: Period[] = [];
    const scheduler = new Scheduler(handle.db, clock, quiet, 'offset');
    scheduler.every(
      'daily-dhaka',
      24 * 60 * MINUTE,
      async (period) => {
        periods.push(period);
        return {};
      },
      { offsetMs: -6 * 60 * MINUTE },
    );
    await scheduler.runDue();
    clock.set(new Date('2026-11-21T18:00:00Z'));
    await scheduler.runDue();
    expect(periods.map((period) => period.key)).toEqual([
      '2026-11-19T18:00:00.000Z',
      '2026-11-20T18:00:00.000Z',
    ]);
  });

  it('records a failing period in outcome and does not run it again', async () => {
    const clock = fixedClock(new Date('2026-11-21T08:05:10Z'));
    let calls = 0;
    const failing = async (): Promise<Record<string, unknown>> => {
      calls += 1;
      throw new Error('payment provider unreachable');
    };
    const one = new Scheduler(handle.db, clock, quiet, 'one');
    one.every('failing', 5 * MINUTE, failing);
    await one.runDue();
    // Another instance, and the same one again, in the same period: the failed period stays done.
    const two = new Scheduler(handle.db, clock, quiet, 'two');
    two.every('failing', 5 * MINUTE, failing);
    await two.runDue();
    await one.runDue();
    expect(calls).toBe(1);
    const [row] = await handle.db
      .select()
      .from(jobRun)
      .where(and(eq(jobRun.job, 'failing'), eq(jobRun.periodKey, '2026-11-21T08:00:00.000Z')));
    expect(row?.finishedAt).not.toBeNull();
    expect(row?.outcome).toEqual({ ok: false, error: 'payment provider unreachable' });

    // The next period runs as usual.
    clock.advance(5 * MINUTE);
    await two.runDue();
    expect(calls).toBe(2);
  });

  it('keeps bigint figures of an outcome as text', async () => {
    const clock = fixedClock(new Date('2026-11-21T08:05:10Z'));
    const scheduler = new Scheduler(handle.db, clock, quiet, 'bigint');
    scheduler.every('bigint', 5 * MINUTE, async () => ({ paid: 12_345n, count: 2 }));
    await scheduler.runDue();
    const [row] = await runsOf('bigint');
    expect(row?.outcome).toEqual({ ok: true, paid: '12345', count: 2 });
  });

  it("keeps a day of job runs, or a job's catch-up window and a period more when that is longer", async () => {
    const clock = fixedClock(new Date('2026-11-21T08:00:00Z'));
    const old = new Date('2026-11-19T08:00:00Z').getTime();
    // Two days ago, an hour of a job every second; three days ago, the last run of a daily job.
    await handle.db.insert(jobRun).values([
      ...Array.from({ length: 3_600 }, (_, index) => ({
        job: 'every-second',
        periodKey: new Date(old + index * 1_000).toISOString(),
        claimedBy: 'earlier',
        claimedAt: new Date(old + index * 1_000),
      })),
      // A daily job keeps its catch-up window and a period more (two days here): three days ago is older.
      {
        job: 'stopped',
        periodKey: '2026-11-18T00:00:00.000Z',
        claimedBy: 'earlier',
        claimedAt: new Date('2026-11-18T00:00:00Z'),
      },
    ]);
    const recent = new Date(clock.now().getTime() - JOB_RUN_KEEP_MS + 60_000);
    await handle.db.insert(jobRun).values({
      job: 'every-second',
      periodKey: recent.toISOString(),
      claimedBy: 'earlier',
      claimedAt: recent,
    });
    const scheduler = new Scheduler(handle.db, clock, quiet, 'sweeper');
    scheduler.every('every-second', 1_000, async () => ({}));
    scheduler.every('stopped', 24 * 60 * MINUTE, async () => ({}), { catchUp: 1 });
    await scheduler.runDue();

    const kept = await runsOf('every-second');
    // The row of a day less a minute ago and the twelve seconds just caught up; the hour two days ago is gone.
    expect(kept).toHaveLength(13);
    expect(kept[0]?.periodKey).toBe(recent.toISOString());
    expect(kept[12]?.periodKey).toBe('2026-11-21T07:59:59.000Z');
    // The daily job ran the last ended day; its run of three days ago went.
    const stopped = await runsOf('stopped');
    expect(stopped.map((row) => row.periodKey)).toEqual(['2026-11-20T00:00:00.000Z']);
  });

  it('refuses a job scheduled twice or too often', () => {
    const scheduler = new Scheduler(handle.db, fixedClock(new Date()), quiet, 'x');
    scheduler.every('dup', MINUTE, async () => ({}));
    expect(() => scheduler.every('dup', MINUTE, async () => ({}))).toThrow(/already scheduled/);
    expect(() => scheduler.every('fast', 10, async () => ({}))).toThrow(/at least 1000/);
  });

  it('start ticks on its own and stop waits for the running period', async () => {
    const clock = fixedClock(new Date('2026-11-21T08:05:10Z'));
    const scheduler = new Scheduler(handle.db, clock, quiet, 'timer');
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      scheduler.every('timer', 5 * MINUTE, async () => {
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
        return { finished: true };
      });
    });
    scheduler.start();
    await started;
    const stopping = scheduler.stop();
    release();
    await stopping;
    const [row] = await runsOf('timer');
    expect(row?.outcome).toEqual({ ok: true, finished: true });
  });
});
