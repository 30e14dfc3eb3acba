import type { FastifyInstance } from 'fastify';
import type { AppDeps, ServiceLogger } from '../../lib/deps.js';
import type { AuditService } from '../audit/index.js';
import type { CashierModule } from '../cashier/index.js';
import type { MemberService } from '../member/index.js';
import type { RealtimeService } from '../realtime/index.js';
import { registerMessageRoutes } from './message.routes.js';
import { MessageService } from './message.service.js';
import { messagingOperatorCommands } from './messaging.operator.js';
import { systemMessageOf } from './system-messages.js';

export { MessageService } from './message.service.js';

/**
 * Messaging (issue 15): platform messages (messageV2) to one member, a segment or everyone, with the
 * unread count pushed live; system messages on the cashier's events (heard through its onEvent port).
 */
export function createMessagingModule(
  deps: AppDeps,
  modules: {
    members: Pick<MemberService, 'byAccount' | 'idsOfSegment'>;
    realtime: RealtimeService;
    audit: AuditService;
    cashier: Pick<CashierModule, 'onEvent'>;
    logger: ServiceLogger;
  },
) {
  const messages = new MessageService({
    deps,
    members: modules.members,
    realtime: modules.realtime,
    audit: modules.audit,
    logger: modules.logger,
  });
  modules.cashier.onEvent(async (event) => {
    const { title, body } = systemMessageOf(event);
    await messages.system(event.memberId, event.type, title, body);
  });
  return {
    messages,
    registerRoutes: (app: FastifyInstance) => {
      registerMessageRoutes(app, { messages });
    },
    operatorCommands: messagingOperatorCommands({ messages }),
  };
}
export type MessagingModule = ReturnType<typeof createMessagingModule>;
