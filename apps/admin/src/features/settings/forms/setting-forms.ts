import { resetSettingBodySchema, updateSettingBodySchema } from '@platform/contract';
import type { z } from 'zod';

/** The reason every change of a setting carries: the contract's field (2 to 500 characters). */
export const reasonSchema = updateSettingBodySchema.shape.reason as z.ZodType<string>;
export const resetReasonSchema = resetSettingBodySchema.shape.reason as z.ZodType<string>;
