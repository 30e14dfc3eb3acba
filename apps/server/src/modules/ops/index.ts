import type { FastifyInstance } from 'fastify';
import { migrationsInBuild, poolStats } from '../../db/database.js';
import type { AppDeps } from '../../lib/deps.js';
import { OpsMetrics } from './ops-metrics.js';
import { opsOperatorCommands } from './ops.operator.js';
import { OpsRepository } from './ops.repository.js';
import { registerOpsRoutes } from './ops.routes.js';
import { OpsService } from './ops.service.js';

export { OpsService, type Readiness } from './ops.service.js';

/**
 * Running the server: liveness and readiness probes, draining before a shutdown, and the Prometheus
 * metrics (on when METRICS_TOKEN is set).
 */
export function createOpsModule(
  deps: AppDeps,
  sources: {
    jobs: () => { name: string; everyMs: number }[];
    openRounds: () => Promise<{ vendor: string; open: number }[]>;
    websocketConnections: () => number;
    observeTransfers: (observer: (outcome: 'ok' | 'refused' | 'failed') => void) => void;
  },
) {
  const ops = new OpsService(new OpsRepository(deps.db), deps.clock, migrationsInBuild(), sources.jobs);
  const token = deps.config.METRICS_TOKEN;
  const metrics = token
    ? new OpsMetrics({
        openRounds: sources.openRounds,
        jobLag: () => ops.jobLag(),
        websocketConnections: sources.websocketConnections,
        pool: () => poolStats(deps.db),
      })
    : undefined;
  if (metrics) sources.observeTransfers((outcome) => metrics.ledgerTransfers.inc({ outcome }));
  return {
    ops,
    operatorCommands: opsOperatorCommands(deps.db),
    registerRoutes: (app: FastifyInstance) =>
      registerOpsRoutes(app, ops, metrics && token ? { registry: metrics, token } : undefined),
  };
}
export type OpsModule = ReturnType<typeof createOpsModule>;
