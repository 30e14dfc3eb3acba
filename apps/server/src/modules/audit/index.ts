import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { FastifyInstance } from 'fastify';
import { auditOperatorCommands } from './audit.operator.js';
import { registerAuditRoutes, type SiteDays } from './audit.routes.js';
import { AuditService } from './audit.service.js';

export { AuditService, actorName, adminActor, type Actor, type RecordOptions } from './audit.service.js';
export type { ChainVerdict } from './verify.js';
export { auditEntryOf } from './audit.routes.js';
export type { AuditFilter, AuditRow } from './audit.repository.js';

/** The staff audit (operator_audit, hash-chained, ADR 094): one `record` for every admin and operator action. */
export function createAuditModule(deps: { db: Database; clock: Clock }, modules: { days: SiteDays }) {
  const audit = new AuditService(deps);
  return {
    audit,
    registerRoutes: (app: FastifyInstance) => registerAuditRoutes(app, { audit, days: modules.days }),
    operatorCommands: auditOperatorCommands({ audit }),
  };
}
export type AuditModule = ReturnType<typeof createAuditModule>;
