import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { MessageService } from './message.service.js';

export function registerMessageRoutes(app: FastifyInstance, services: { messages: MessageService }): void {
  const { messages } = services;
  route(app, api.memberMessages, ({ member, query }) =>
    messages.list(member.id, query.pageNo, query.pageSize),
  );
  route(app, api.readMessage, ({ member, params }) => messages.read(member.id, params.id));
  route(app, api.readAllMessages, ({ member }) => messages.readAll(member.id));
  route(app, api.deleteMessage, ({ member, params }) => messages.remove(member.id, params.id));
  route(app, api.adminSendMessage, ({ admin, body }) => messages.send(body, { admin }));
  route(app, api.adminMemberTags, ({ admin, params, body }) =>
    messages.setTags(params.account, body.tags, { admin }),
  );
}
