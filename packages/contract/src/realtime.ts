import { z } from 'zod';
import { errorCodeSchema } from './envelope.js';
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
  /** a lottery period moved (closed at cut-off, settled with its result, cancelled): fetch what the page shows */
  z.object({
    type: z.literal('lottery'),
    gameCode: z.string(),
    periodNo: z.string(),
    status: z.enum(['closed', 'settled', 'cancelled']),
  }),
  /** pushes may have been lost (the server's listener reconnected): fetch what the page shows again */
  z.object({ type: z.literal('resync') }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
export type RealtimeServerMessageType = RealtimeServerMessage['type'];
/** One kind of server message, e.g. `RealtimeServerMessageOf<'balance'>`. */
export type RealtimeServerMessageOf<T extends RealtimeServerMessageType> = Extract<
  RealtimeServerMessage,
  { type: T }
>;
