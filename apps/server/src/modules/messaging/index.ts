import type { FastifyInstance } from 'fastify';
import type { AppDeps, ServiceLogger } from '../../lib/deps.js';
import type { AuditService } from '../audit/index.js';
import type { CashierModule } from '../cashier/index.js';
import type { MemberService } from '../member/index.js';
import type { RealtimeService } from '../realtime/index.js';
import { registerChatRoutes } from './chat.routes.js';
import { CHAT_TOPIC_PREFIX, ChatService } from './chat.service.js';
import { registerFeedbackRoutes } from './feedback.routes.js';
import { FeedbackService } from './feedback.service.js';
import { registerMessageRoutes } from './message.routes.js';
import { MessageService } from './message.service.js';
import { messagingOperatorCommands } from './messaging.operator.js';
import { systemMessageOf } from './system-messages.js';

export { ChatService, CHAT_RATE } from './chat.service.js';
export { MessageService } from './message.service.js';

/**
 * Messaging (issue 15): platform messages (messageV2) to one member, a segment or everyone, with the
 * unread count pushed live; system messages on the cashier's events (heard through its onEvent port);
 * the chat room (rooms, history, moderation), its messages fanned out through the realtime topics;
 * the feedback form, listed for the operator.
 */
export function createMessagingModule(
  deps: AppDeps,
  modules: {
    members: Pick<MemberService, 'byAccount' | 'idsOfSegment' | 'chatProfileOf' | 'summariesOf'>;
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
  const chat = new ChatService({
    deps,
    members: modules.members,
    realtime: modules.realtime,
    audit: modules.audit,
    logger: modules.logger,
  });
  const feedback = new FeedbackService({ deps, members: modules.members });
  // A socket hears a room only when the chat says the member may enter it.
  modules.realtime.allowTopics(CHAT_TOPIC_PREFIX, (memberId, topic) => chat.mayHear(memberId, topic));
  modules.cashier.onEvent('messages', async (event) => {
    const { title, body } = systemMessageOf(event);
    // The outbox delivers at least once: the event's key keeps a redelivery from a second message.
    await messages.system(event.memberId, event.type, title, body, `${event.type}:${event.reference}`);
  });
  return {
    messages,
    chat,
    feedback,
    registerRoutes: async (app: FastifyInstance) => {
      registerMessageRoutes(app, { messages });
      registerChatRoutes(app, { chat });
      await registerFeedbackRoutes(app, { feedback });
    },
    operatorCommands: messagingOperatorCommands({ messages, chat, feedback }),
  };
}
export type MessagingModule = ReturnType<typeof createMessagingModule>;
