import { z } from 'zod';
import { errorCodeSchema } from './envelope.js';
import { chatMessageSchema } from './chat-message.js';
import { balanceSchema } from './wallet.js';

/**
 * Every message on the WebSocket (GET /ws), both ways. The client's first message is `auth` (a token
 * never goes in a URL, where proxies log it); the server answers `ready` and the current balance, then
 * pushes events for that member. A new push is added here first, so server and web agree on it.
 */

/** What the client sends. */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string() }),
  z.object({ type: z.literal('ping') }),
  /** hear a topic's pushes (a chat room: `chat:<room>`); answered `subscribed` or `refused` */
  z.object({ type: z.literal('subscribe'), topic: z.string().max(100) }),
  z.object({ type: z.literal('unsubscribe'), topic: z.string().max(100) }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** What the server sends. */
export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  /** the auth message was accepted: pushes for this member follow */
  z.object({ type: z.literal('ready') }),
  /** the answer to `ping` */
  z.object({ type: z.literal('pong') }),
  /** the auth message was refused; the socket closes right after */
  z.object({ type: z.literal('error'), code: errorCodeSchema }),
  /** the member's balance now: the same value GET /wps/v2/wallets/balance answers */
  balanceSchema.extend({ type: z.literal('balance') }),
  /** pushes may have been lost (the server's listener reconnected): fetch what the page shows again */
  z.object({ type: z.literal('resync') }),
  /**
   * crash (every member's socket): the round changed phase, a player bet or cashed out, or the multiplier
   * now (about once a second while it rises, for the page to keep its animation on the server's clock)
   */
  z.object({
    type: z.literal('crash'),
    kind: z.enum(['betting', 'running', 'tick', 'bet', 'cashout', 'crashed']),
    roundId: z.string(),
    /** the server's clock when it was sent, ISO 8601 */
    serverTime: z.string(),
    bettingEndsAt: z.string(),
    multiplier: z.string(),
    /** once crashed */
    crashPoint: z.string().nullable(),
    seed: z.string().nullable(),
    /** the bet that was placed or cashed out */
    bet: z
      .object({
        betId: z.string(),
        player: z.string(),
        stake: z.string(),
        cashedOutAt: z.string().nullable(),
        win: z.string().nullable(),
      })
      .nullable(),
  }),
  /** the member's unread platform messages changed: `count` when known for this member, else refetch */
  z.object({ type: z.literal('unread'), count: z.number().int().min(0).nullable() }),
  z.object({ type: z.literal('subscribed'), topic: z.string() }),
  z.object({ type: z.literal('refused'), topic: z.string() }),
  /** a chat room's new message */
  z.object({ type: z.literal('chat.message'), room: z.string(), message: chatMessageSchema }),
  /** a moderator removed a chat message */
  z.object({ type: z.literal('chat.deleted'), room: z.string(), id: z.string() }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
export type RealtimeServerMessageType = RealtimeServerMessage['type'];
/** One kind of server message, e.g. `RealtimeServerMessageOf<'balance'>`. */
export type RealtimeServerMessageOf<T extends RealtimeServerMessageType> = Extract<
  RealtimeServerMessage,
  { type: T }
>;
