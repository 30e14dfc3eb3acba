import { z } from 'zod';

/**
 * One chat message as every reader gets it (GET history, the WebSocket push). `text` is the member's
 * words exactly as typed (after the word filter): the page renders it as text, never as HTML, and
 * finds links and @mentions in it itself.
 */
export const chatMessageSchema = z.object({
  id: z.string(),
  room: z.string(),
  /** the sender's nickname, or their masked account when they have none */
  sender: z.string(),
  /** the sender's public id, so a page can tell its own messages */
  senderId: z.string(),
  rankLevel: z.number().int().min(0),
  text: z.string(),
  sentAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
