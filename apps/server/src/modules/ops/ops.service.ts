import type { Clock } from '../../lib/clock.js';
import type { OpsRepository } from './ops.repository.js';

export interface Readiness {
  ready: boolean;
  /** why not, for the operator reading the probe's answer */
  reasons: string[];
}

/**
 * The probes' rules: alive is the process answering at all; ready is the database reachable, every
 * migration of this build applied, and the server not draining for a shutdown.
 */
export class OpsService {
  private draining = false;
  private migrationsChecked = false;

  constructor(
    private readonly repository: OpsRepository,
    private readonly clock: Clock,
    private readonly migrationsInBuild: number,
    private readonly jobs: () => { name: string; everyMs: number }[],
  ) {}

  /** From now on readiness fails, so the proxy stops sending new requests before the server closes. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async readiness(): Promise<Readiness> {
    const reasons: string[] = [];
    if (this.draining) reasons.push('draining for shutdown');
    try {
      await this.repository.ping();
      // Once all are applied they stay applied: the count is read until then, not every second.
      if (!this.migrationsChecked) {
        const applied = await this.repository.appliedMigrations();
        if (applied >= this.migrationsInBuild) this.migrationsChecked = true;
        else reasons.push(`migrations applied ${applied} of ${this.migrationsInBuild}`);
      }
    } catch (error) {
      reasons.push(`database unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { ready: reasons.length === 0, reasons };
  }

  /**
   * Seconds each job is behind: a period is due when it ends, so a job on time has finished the period
   * that ended last; beyond that, the time since the next one fell due.
   */
  async jobLag(): Promise<{ job: string; seconds: number }[]> {
    const finished = await this.repository.lastFinishedPeriods();
    const now = this.clock.now().getTime();
    return this.jobs().map(({ name, everyMs }) => {
      const key = finished.get(name);
      const lastStart = key ? Date.parse(key) : Number.NaN;
      if (Number.isNaN(lastStart)) return { job: name, seconds: 0 };
      const nextDue = lastStart + 2 * everyMs;
      return { job: name, seconds: Math.max(0, (now - nextDue) / 1000) };
    });
  }
}
