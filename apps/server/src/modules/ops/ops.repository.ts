import { sql } from 'drizzle-orm';
import { jobRun } from '../../db/schema.js';
import { ping, type Database } from '../../db/database.js';

/** Typed reads for the probes and the metrics; cheap enough to run every second. */
export class OpsRepository {
  constructor(private readonly db: Database) {}

  ping(): Promise<void> {
    return ping(this.db);
  }

  /** How many migrations the database has applied (drizzle's own table, outside schema.ts). */
  async appliedMigrations(): Promise<number> {
    const result = await this.db.execute(
      sql`SELECT count(*)::int AS applied FROM drizzle.__drizzle_migrations`,
    );
    // Both drivers answer { rows }; the Database type leaves the shape open.
    return (result as unknown as { rows: { applied: number }[] }).rows[0]?.applied ?? 0;
  }

  /** Each job's newest finished period (its key is the period's start as an ISO instant). */
  async lastFinishedPeriods(): Promise<Map<string, string>> {
    const rows = await this.db
      .select({
        job: jobRun.job,
        key: sql<string | null>`max(${jobRun.periodKey}) FILTER (WHERE ${jobRun.finishedAt} IS NOT NULL)`,
      })
      .from(jobRun)
      .groupBy(jobRun.job);
    const found = new Map<string, string>();
    for (const row of rows) if (row.key) found.set(row.job, row.key);
    return found;
  }
}
