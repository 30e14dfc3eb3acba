import { dashboardQuerySchema } from '@platform/contract';
import { z } from 'zod';

/** The chosen range: the contract's dashboard query (at most 366 days, to not before from), both days required. */
export const rangeFormSchema = dashboardQuerySchema.and(
  z.object({ from: z.string().min(1), to: z.string().min(1) }),
);
