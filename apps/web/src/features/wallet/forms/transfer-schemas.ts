import { formatMoney, parseMoney, vendorTransferBodySchema } from '@platform/contract';
import { z } from 'zod';
import { checkAmount, normaliseAmount } from '../lib/amount';

/**
 * The transfer form's schema (ADR 021): an amount the member holds where the money comes from, sent in
 * the server's canonical form and checked again by the contract's own schema. Messages are keys of the
 * wallet namespace (amount.errors.*), as in the cashier forms.
 */
export const transferFormSchema = (available: string) =>
  z.object({
    amount: z
      .string()
      .superRefine((raw, context) => {
        const problem = checkAmount(raw, { min: '0.01', max: '100000000.00', available });
        if (problem === 'balance') {
          context.addIssue({ code: 'custom', message: 'amount.errors.moreThanHeld' });
        } else if (problem) {
          context.addIssue({ code: 'custom', message: `amount.errors.${problem}` });
        }
      })
      .transform((raw) => formatMoney(parseMoney(normaliseAmount(raw))))
      .pipe(vendorTransferBodySchema.shape.amount),
  });
export type TransferFormValues = z.input<ReturnType<typeof transferFormSchema>>;
