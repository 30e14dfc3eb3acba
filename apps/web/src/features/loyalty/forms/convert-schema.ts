import { convertPointsSchema } from '@platform/contract';
import { z } from 'zod';
import type { SchemaMessages } from '@/lib/form-resolver';

/**
 * Converting points: a whole number of points (Bengali digits accepted) from the operator's minimum up
 * to the balance, and the payment password. The contract's schema checks both again; this module (and
 * zod with it) loads only with the loyalty pages.
 */
export const convertFormSchema = (limits: { min: number; balance: number }) =>
  z.object({
    points: z
      .string()
      .transform((raw) => raw.trim().replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6)))
      .superRefine((text, context) => {
        if (!/^\d{1,10}$/.test(text)) context.addIssue({ code: 'custom', message: 'convert.errors.whole' });
        else if (Number(text) < limits.min)
          context.addIssue({ code: 'custom', message: 'convert.errors.min' });
        else if (Number(text) > limits.balance)
          context.addIssue({ code: 'custom', message: 'convert.errors.balance' });
      })
      .transform(Number)
      .pipe(convertPointsSchema.shape.points),
    paymentPassword: convertPointsSchema.shape.paymentPassword.min(1),
  });
export type ConvertFormValues = z.input<ReturnType<typeof convertFormSchema>>;
export const convertFormMessages: SchemaMessages<ConvertFormValues> = {
  paymentPassword: { default: 'convert.errors.passwordRequired' },
};
