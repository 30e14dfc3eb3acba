import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { Scheduler } from '../../lib/scheduler.js';
import { addDays, siteDayOf } from '../agent/index.js';
import { registrationsAfter } from '../member/index.js';
import { ledgerMovementsAfter } from '../wallet/index.js';
import { registerReportsRoutes } from './reports.routes.js';
import { ReportsService, type ReportSources } from './reports.service.js';

export { ReportsService, ROLLUP_LAG_MS } from './reports.service.js';

/** The rollup folds the ledger's new movements and the new members this often. */
export const REPORTS_ROLLUP_JOB_MS = 60_000;

/**
 * Reports for the back office (issue 27): the dashboard, read from per-day rollups that the job
 * reports-rollup folds from the wallet module's ledger and the member module's new accounts, each read
 * through that module's index (ADR 096).
 */
export function createReportsModule(
  deps: AppDeps,
  /**
   * What it reads of earlier modules, each through its index: the wallet's ledger movements after a
   * cursor, the member module's new accounts after a cursor, the agent module's site days.
   */
  modules: ReportSources = {
    movements: ledgerMovementsAfter,
    registrations: registrationsAfter,
    dayOf: siteDayOf,
    addDays,
  },
) {
  const reports = new ReportsService({ db: deps.db, clock: deps.clock, sources: modules });
  return {
    reports,
    registerRoutes: (app: FastifyInstance) => registerReportsRoutes(app, { reports }),
    /** every minute: the ledger's movements and new members folded into the rollups */
    schedule(scheduler: Pick<Scheduler, 'every'>): void {
      scheduler.every('reports-rollup', REPORTS_ROLLUP_JOB_MS, () => reports.rollUp());
    },
  };
}
export type ReportsModule = ReturnType<typeof createReportsModule>;
