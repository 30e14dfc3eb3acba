import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { auditOperatorCommands } from './audit.operator.js';
import { AuditService } from './audit.service.js';

export { AuditService, actorName, adminActor, type Actor, type RecordOptions } from './audit.service.js';
export type { ChainVerdict } from './verify.js';

/** The staff audit (operator_audit, hash-chained, ADR 094): one `record` for every admin and operator action. */
export function createAuditModule(deps: { db: Database; clock: Clock }) {
  const audit = new AuditService(deps);
  return {
    audit,
    operatorCommands: auditOperatorCommands({ audit }),
  };
}
export type AuditModule = ReturnType<typeof createAuditModule>;
