import { z } from 'zod';
import { memberAccountParamsSchema } from './admin.js';
import { emptySchema } from './auth.js';
import { call } from './call.js';
import { CHAT_TEXT_MAX, FEEDBACK_TEXT_MAX, feedbackCategories } from './constants.js';
import { chatMessageSchema } from './chat-message.js';
import { pageSchema } from './content.js';
import { inputText } from './input-text.js';
import { localizedTextSchema } from './languages.js';

export { chatMessageSchema, type ChatMessage } from './chat-message.js';

/**
 * Platform messages (messageV2), the chat room and feedback (issue 15). Messages reach one member, a
 * segment or everyone; the chat's rooms push over the WebSocket (realtime.ts); feedback goes to the
 * operator.
 */

// Platform messages ------------------------------------------------------------------------------

export const messageKinds = ['operator', 'system', 'welcome'] as const;
export const messageSchema = z.object({
  id: z.string(),
  kind: z.enum(messageKinds),
  title: localizedTextSchema,
  body: localizedTextSchema,
  createdAt: z.string(),
  read: z.boolean(),
});
export type PlatformMessage = z.infer<typeof messageSchema>;

export const messagesQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
});
export const messageIdParamsSchema = z.object({ id: inputText(20).regex(/^\d{1,18}$/) });
/** what a read or delete leaves: the member's unread count now (the header badge) */
export const unreadAfterSchema = z.object({ count: z.number().int().min(0) });

const tagSchema = inputText(32).regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, 'lowercase letters, digits, _ or -');
const messageTextSchema = z.object({
  bn: inputText(2_000, { multiline: true }).trim().min(1),
  en: inputText(2_000, { multiline: true }).trim().min(1),
});

/** Who a message goes to: one member, a segment (rank range, an agent's team, a tag) or everyone. */
export const messageAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), account: memberAccountParamsSchema.shape.account }),
  z.object({
    kind: z.literal('rank'),
    minLevel: z.number().int().min(0).max(20),
    maxLevel: z.number().int().min(0).max(20).optional(),
  }),
  /** the agent's whole downline, every level */
  z.object({ kind: z.literal('team'), agentAccount: memberAccountParamsSchema.shape.account }),
  z.object({ kind: z.literal('tag'), tag: tagSchema }),
  z.object({ kind: z.literal('everyone') }),
]);
export type MessageAudience = z.infer<typeof messageAudienceSchema>;

export const sendMessageBodySchema = z.object({
  audience: messageAudienceSchema,
  title: z.object({ bn: inputText(120).trim().min(1), en: inputText(120).trim().min(1) }),
  body: messageTextSchema,
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;
export const sentMessageSchema = z.object({ recipients: z.number().int().min(0) });

export const memberTagsBodySchema = z.object({ tags: z.array(tagSchema).max(20) });
export const memberTagsSchema = z.object({ tags: z.array(z.string()) });

// Chat --------------------------------------------------------------------------------------------

export const chatRoomCodeSchema = inputText(32).regex(/^[a-z0-9][a-z0-9_-]{0,31}$/);
export const chatRoomParamsSchema = z.object({ room: chatRoomCodeSchema });

export const chatRoomSchema = z.object({
  code: z.string(),
  name: localizedTextSchema,
  /** the room's language, or null for the lobby */
  language: z.string().nullable(),
  /** the lowest rank level that may enter; 0 for everyone */
  minRankLevel: z.number().int().min(0),
  /** messages since the member last read this room */
  unReadCount: z.number().int().min(0),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

export const chatHistoryQuerySchema = z.object({
  /** messages older than this id (paging back) */
  before: inputText(20)
    .regex(/^\d{1,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const chatHistorySchema = z.object({ list: z.array(chatMessageSchema) });

export const chatSendBodySchema = z.object({
  text: inputText(CHAT_TEXT_MAX, { multiline: true }).trim().min(1),
});

export const chatReadBodySchema = z.object({ lastId: inputText(20).regex(/^\d{1,18}$/) });
export const chatUnreadSchema = z.object({ unReadCount: z.number().int().min(0) });

/** SPEC section 7's chat URL call: b2c, title, language, headerColor; the answer is chatUrl. */
export const chatUrlQuerySchema = z.object({
  b2c: inputText(32).optional(),
  title: inputText(60).optional(),
  language: inputText(8)
    .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/)
    .optional(),
  headerColor: inputText(9)
    .regex(/^#?[0-9a-fA-F]{3,8}$/)
    .optional(),
  room: chatRoomCodeSchema.optional(),
});
export const chatUrlSchema = z.object({ chatUrl: z.string() });

export const chatMuteBodySchema = z.object({
  account: memberAccountParamsSchema.shape.account,
  /** how long; the member cannot send until then */
  minutes: z.number().int().min(1).max(525_600),
  reason: inputText(200).trim().min(1),
});
export const chatMuteSchema = z.object({ account: z.string(), until: z.string(), reason: z.string() });
export const chatWordsBodySchema = z.object({
  words: z.array(inputText(40).trim().min(1)).max(1_000),
});
export const chatWordsSchema = z.object({ words: z.array(z.string()) });
export const chatMessageParamsSchema = z.object({ id: inputText(20).regex(/^\d{1,18}$/) });

// Feedback ----------------------------------------------------------------------------------------

/** the multipart fields of PUT /wps/feedback besides up to 3 files named `images` */
export type FeedbackCategory = (typeof feedbackCategories)[number];
export const feedbackFieldsSchema = z.object({
  category: z.enum(feedbackCategories),
  text: inputText(FEEDBACK_TEXT_MAX, { multiline: true }).trim().min(1),
});
export const feedbackReceiptSchema = z.object({ id: z.string(), createdAt: z.string() });
export const adminFeedbackSchema = z.object({
  id: z.string(),
  account: z.string(),
  category: z.enum(feedbackCategories),
  text: z.string(),
  images: z.number().int().min(0),
  createdAt: z.string(),
});
export const adminFeedbackQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const staff = { admin: ['owner', 'support'] } as const;

export const messagingCalls = {
  memberMessages: call({
    method: 'GET',
    path: '/wps/member/messages',
    access: 'member',
    query: messagesQuerySchema,
    response: pageSchema(messageSchema),
  }),
  readMessage: call({
    method: 'POST',
    path: '/wps/member/messages/:id/read',
    access: 'member',
    params: messageIdParamsSchema,
    response: unreadAfterSchema,
  }),
  readAllMessages: call({
    method: 'POST',
    path: '/wps/member/messages/read-all',
    access: 'member',
    response: unreadAfterSchema,
  }),
  deleteMessage: call({
    method: 'DELETE',
    path: '/wps/member/messages/:id',
    access: 'member',
    params: messageIdParamsSchema,
    response: unreadAfterSchema,
  }),
  adminSendMessage: call({
    method: 'POST',
    path: '/wps/admin/messages',
    access: staff,
    body: sendMessageBodySchema,
    response: sentMessageSchema,
  }),
  adminMemberTags: call({
    method: 'PUT',
    path: '/wps/admin/members/:account/tags',
    access: staff,
    params: memberAccountParamsSchema,
    body: memberTagsBodySchema,
    response: memberTagsSchema,
  }),
  chatRooms: call({
    method: 'GET',
    path: '/wps/chat/rooms',
    access: 'member-real',
    response: z.array(chatRoomSchema),
  }),
  chatHistory: call({
    method: 'GET',
    path: '/wps/chat/rooms/:room/messages',
    access: 'member-real',
    params: chatRoomParamsSchema,
    query: chatHistoryQuerySchema,
    response: chatHistorySchema,
  }),
  chatSend: call({
    method: 'POST',
    path: '/wps/chat/rooms/:room/messages',
    access: 'member-real',
    params: chatRoomParamsSchema,
    body: chatSendBodySchema,
    response: chatMessageSchema,
  }),
  chatRead: call({
    method: 'POST',
    path: '/wps/chat/rooms/:room/read',
    access: 'member-real',
    params: chatRoomParamsSchema,
    body: chatReadBodySchema,
    response: chatUnreadSchema,
  }),
  /** SPEC section 7: chat unread (unReadCount), summed over the rooms the member may enter */
  chatUnread: call({ method: 'GET', path: '/wps/chat/unread', access: 'member', response: chatUnreadSchema }),
  /** SPEC section 7: the chat URL call */
  chatUrl: call({
    method: 'GET',
    path: '/wps/chat/url',
    access: 'member-real',
    query: chatUrlQuerySchema,
    response: chatUrlSchema,
  }),
  adminChatMute: call({
    method: 'POST',
    path: '/wps/admin/chat/mutes',
    access: staff,
    body: chatMuteBodySchema,
    response: chatMuteSchema,
  }),
  adminChatUnmute: call({
    method: 'DELETE',
    path: '/wps/admin/chat/mutes/:account',
    access: staff,
    params: memberAccountParamsSchema,
    response: emptySchema,
  }),
  adminChatDeleteMessage: call({
    method: 'DELETE',
    path: '/wps/admin/chat/messages/:id',
    access: staff,
    params: chatMessageParamsSchema,
    response: emptySchema,
  }),
  adminChatWords: call({
    method: 'GET',
    path: '/wps/admin/chat/words',
    access: staff,
    response: chatWordsSchema,
  }),
  adminSetChatWords: call({
    method: 'PUT',
    path: '/wps/admin/chat/words',
    access: staff,
    body: chatWordsBodySchema,
    response: chatWordsSchema,
  }),
  /** SPEC section 7: feedback. multipart/form-data: category, text, and up to 3 files `images` */
  feedback: call({
    method: 'PUT',
    path: '/wps/feedback',
    access: 'member',
    encoding: 'multipart/form-data',
    response: feedbackReceiptSchema,
  }),
  adminFeedback: call({
    method: 'GET',
    path: '/wps/admin/feedback',
    access: staff,
    query: adminFeedbackQuerySchema,
    response: pageSchema(adminFeedbackSchema),
  }),
};
