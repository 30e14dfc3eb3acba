import { positiveMoneySchema } from '@platform/contract';
import { z } from 'zod';

/** The transfer form (to the upline, or to a chosen direct downline). Messages: keys of the agent namespace. */
export const transferFormSchema = z.object({
  amount: positiveMoneySchema,
  paymentPassword: z.string().min(1, 'transfer.errors.paymentPassword').max(64),
  downline: z.string().min(1, 'transfer.errors.downline'),
});
export type TransferFormValues = z.input<typeof transferFormSchema>;
