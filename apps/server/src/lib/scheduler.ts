import { hostname } from 'node:os';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { jobRun } from './lib.schema.js';
import type { Clock } from './clock.js';

export interface SchedulerLogger {
  info(object: Record<string, unknown>, message: string): void;
  error(object: Record<string, unknown>, message: string): void;
}

export interface Period {
  /** unique per job: the period's start as an ISO 8601 instant, e.g. 2026-11-21T08:05:00.000Z */
  key: string;
  start: Date;
  end: Date;
}

export type JobWork = (period: Period) => Promise<Record<string, unknown>>;

interface Job {
  name: string;
  everyMs: number;
  work: JobWork;
  catchUp: number;
  offsetMs: number;
  /** start of the newest period this instance already looked at, so a tick without news costs no query */
  lastSeenStart: number | null;
  /** when this instance last cleared the job's old job_run rows */
  lastSweptAt: number | null;
}

/** A job's outcome may carry bigint amounts; JSON has no bigint, so they are kept as decimal text. */
const plainJson = (value: Record<string, unknown>): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)),
  );

/** How many missed periods a restarted server runs, unless a job says otherwise. */
export const DEFAULT_CATCH_UP = 12;
const TICK_MS = 1_000;
/**
 * job_run keeps a job's rows for a day, or for its catch-up window and one period more when that is
 * longer, and always its newest row (where a restarted server starts from): a job every second would
 * otherwise add 86,400 rows a day forever. Each instance clears a job's old rows once an hour, a batch
 * at a time.
 */
export const JOB_RUN_KEEP_MS = 24 * 3_600_000;
const SWEEP_EVERY_MS = 3_600_000;
const SWEEP_BATCH = 10_000;

/**
 * Periodic work that N server instances run once per period. Periods are aligned to the Unix epoch
 * (every 5 minutes means :00, :05, ...); a period is due once it has ended. Whoever inserts the row
 * (job, period key) into job_run first runs it; the others' inserts do nothing. A restarted server runs
 * the periods it missed since the job's last claimed period, at most `catchUp` of them (the newest).
 * A job never seen before starts with the latest ended period, so a new deployment does not backfill.
 *
 * A failing period is recorded (outcome.error) and not retried: a job must be written so that the next
 * period picks up whatever the failed one left (e.g. "every withdrawal due by now"), which keeps one
 * bad row from failing every second forever. The same holds for a server that dies mid-run: the claim
 * stays, finished_at stays null, and the next period does the work.
 */
export class Scheduler {
  private readonly jobs = new Map<string, Job>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly instance: string;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly logger: SchedulerLogger,
    instanceId?: string,
  ) {
    this.instance = instanceId ?? `${hostname()}:${process.pid}`;
  }

  /**
   * `offsetMs` shifts the grid of periods from the Unix epoch: a daily job at midnight in UTC+6 uses
   * everyMs = 24 h and offsetMs = -6 h.
   */
  every(
    job: string,
    everyMs: number,
    work: JobWork,
    options: { catchUp?: number; offsetMs?: number } = {},
  ): void {
    if (this.jobs.has(job)) throw new Error(`job ${job} is already scheduled`);
    if (!Number.isInteger(everyMs) || everyMs < 1_000)
      throw new Error(`job ${job}: everyMs must be at least 1000`);
    const catchUp = options.catchUp ?? DEFAULT_CATCH_UP;
    if (!Number.isInteger(catchUp) || catchUp < 1) throw new Error(`job ${job}: catchUp must be at least 1`);
    const offsetMs = options.offsetMs ?? 0;
    if (!Number.isInteger(offsetMs)) throw new Error(`job ${job}: offsetMs must be whole milliseconds`);
    this.jobs.set(job, {
      name: job,
      everyMs,
      work,
      catchUp,
      offsetMs,
      lastSeenStart: null,
      lastSweptAt: null,
    });
  }

  /** The scheduled jobs and their periods (the metrics' job lag is measured against them). */
  describeJobs(): { name: string; everyMs: number }[] {
    return [...this.jobs.values()].map((job) => ({ name: job.name, everyMs: job.everyMs }));
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    void this.tick();
  }

  /** Stops ticking and waits for the period that is running, so shutdown does not cut a job in half. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Claims and runs every due period of every job now, by the injected clock (tests call this). */
  async runDue(): Promise<void> {
    while (this.running) await this.running;
    const run = this.runAll();
    this.running = run;
    try {
      await run;
    } finally {
      this.running = null;
    }
  }

  private async tick(): Promise<void> {
    if (this.running) return;
    try {
      await this.runDue();
    } catch (error) {
      // The database may be briefly away; the next tick tries again.
      this.logger.error({ err: error }, 'scheduler tick failed');
    }
  }

  private async runAll(): Promise<void> {
    for (const job of this.jobs.values()) await this.runJob(job);
  }

  private async runJob(job: Job): Promise<void> {
    const now = this.clock.now().getTime();
    const gridStart = (at: number) =>
      Math.floor((at - job.offsetMs) / job.everyMs) * job.everyMs + job.offsetMs;
    const latestStart = gridStart(now) - job.everyMs;
    if (job.lastSeenStart === latestStart) return;
    const oldestAllowed = latestStart - (job.catchUp - 1) * job.everyMs;
    const lastClaimed = await this.lastClaimedStart(job.name);
    // The period after the last claimed one, on today's grid (the grid may have moved since).
    const from =
      lastClaimed === null ? latestStart : Math.max(gridStart(lastClaimed) + job.everyMs, oldestAllowed);
    for (let start = from; start <= latestStart; start += job.everyMs) {
      await this.runPeriod(job, {
        key: new Date(start).toISOString(),
        start: new Date(start),
        end: new Date(start + job.everyMs),
      });
    }
    job.lastSeenStart = latestStart;
    if (job.lastSweptAt === null || now - job.lastSweptAt >= SWEEP_EVERY_MS) {
      job.lastSweptAt = now;
      await this.sweep(job, now);
    }
  }

  /** Deletes the job's rows older than it keeps (JOB_RUN_KEEP_MS), its newest row never. */
  private async sweep(job: Job, now: number): Promise<void> {
    const keepMs = Math.max(JOB_RUN_KEEP_MS, (job.catchUp + 1) * job.everyMs);
    const newest = await this.lastClaimedStart(job.name);
    if (newest === null) return;
    // Keys are ISO instants of one fixed width: text order is time order, and the primary key serves it.
    const before = new Date(Math.min(now - keepMs, newest)).toISOString();
    await this.db.execute(sql`
      delete from job_run
      where job = ${job.name} and period_key in (
        select period_key from job_run
        where job = ${job.name} and period_key < ${before}
        order by period_key
        limit ${SWEEP_BATCH}
      )`);
  }

  private async lastClaimedStart(job: string): Promise<number | null> {
    // Keys are ISO instants of one fixed width, so their text order is their time order.
    const [row] = await this.db
      .select({ key: jobRun.periodKey })
      .from(jobRun)
      .where(eq(jobRun.job, job))
      .orderBy(desc(jobRun.periodKey))
      .limit(1);
    if (!row) return null;
    const start = Date.parse(row.key);
    return Number.isNaN(start) ? null : start;
  }

  private async runPeriod(job: Job, period: Period): Promise<void> {
    const claimed = await this.db
      .insert(jobRun)
      .values({ job: job.name, periodKey: period.key, claimedBy: this.instance, claimedAt: this.clock.now() })
      .onConflictDoNothing()
      .returning({ job: jobRun.job });
    if (claimed.length === 0) return;
    let outcome: Record<string, unknown>;
    try {
      outcome = { ok: true, ...(await job.work(period)) };
    } catch (error) {
      this.logger.error({ err: error, job: job.name, period: period.key }, 'scheduled job failed');
      outcome = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    await this.db
      .update(jobRun)
      .set({ finishedAt: this.clock.now(), outcome: plainJson(outcome) })
      .where(and(eq(jobRun.job, job.name), eq(jobRun.periodKey, period.key)));
  }
}
