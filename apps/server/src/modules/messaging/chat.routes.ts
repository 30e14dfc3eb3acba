import { api } from '@platform/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/http.js';
import type { ChatService } from './chat.service.js';

export function registerChatRoutes(app: FastifyInstance, services: { chat: ChatService }): void {
  const { chat } = services;
  route(app, api.chatRooms, ({ member }) => chat.rooms(member));
  route(app, api.chatHistory, ({ member, params, query }) => chat.history(member, params.room, query));
  route(app, api.chatSend, ({ member, params, body }) => chat.send(member, params.room, body.text));
  route(app, api.chatRead, ({ member, params, body }) => chat.read(member, params.room, body.lastId));
  route(app, api.chatUnread, ({ member }) => chat.unread(member));
  route(app, api.chatUrl, ({ member, query }) => chat.url(member, query));
  route(app, api.adminChatMute, ({ admin, body }) => chat.mute(body, { admin }));
  route(app, api.adminChatUnmute, ({ admin, params }) => chat.unmute(params.account, { admin }));
  route(app, api.adminChatDeleteMessage, ({ admin, params }) => chat.deleteMessage(params.id, { admin }));
  route(app, api.adminChatWords, () => chat.words());
  route(app, api.adminSetChatWords, ({ admin, body }) => chat.setWords(body.words, { admin }));
}
