import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../lib/deps.js';
import type { OperatorCommands } from '../../lib/operator-cli.js';
import type { AuditService } from '../audit/index.js';
import { registerOperatorRoutes } from './operator.routes.js';
import { OperatorService } from './operator.service.js';

export { OperatorService } from './operator.service.js';
export {
  OPERATOR_ACTOR_HEADER,
  OPERATOR_PATH,
  OPERATOR_SECRET_HEADER,
  operatorRequestSchema,
  operatorResultSchema,
} from './operator.routes.js';
export {
  readOperatorEndpointFile,
  removeOperatorEndpointFile,
  writeOperatorEndpointFile,
  type OperatorEndpoint,
} from './operator-endpoint.js';

/**
 * The operator tool: dispatches a command line to the commands the modules registered (in this order
 * its help lists them), audits what changed, and opens /internal/operator to the tool on this machine.
 */
export function createOperatorModule(
  deps: Pick<AppDeps, 'operatorSecret'>,
  modules: { audit: AuditService; commands: readonly OperatorCommands[] },
) {
  const operator = new OperatorService(modules.audit, modules.commands);
  return {
    operator,
    /** outside /wps: maintenance and region rules never lock the operator out */
    registerRoutes: (app: FastifyInstance) => {
      if (deps.operatorSecret) registerOperatorRoutes(app, { operator }, deps.operatorSecret);
    },
  };
}
export type OperatorModule = ReturnType<typeof createOperatorModule>;
