import { chatSendBodySchema } from '@platform/contract';
import type { SchemaMessages } from '@/lib/form-resolver';
import type { z } from 'zod';

/** The chat box: the contract's body of POST /wps/chat/rooms/:room/messages. */
export const chatFormSchema = chatSendBodySchema;
export type ChatFormValues = z.input<typeof chatFormSchema>;
export const chatFormMessages: SchemaMessages<ChatFormValues> = {
  text: { too_small: 'chat.errors.empty', too_big: 'chat.errors.tooLong', default: 'chat.errors.invalid' },
};
