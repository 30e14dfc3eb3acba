import { totpConfirmBodySchema } from '@platform/contract';
import type { z } from 'zod';

/** The confirmation code: the contract's body (6 digits). */
export const totpFormSchema = totpConfirmBodySchema;
export type TotpFormValues = z.input<typeof totpFormSchema>;
