import {
  adjustBalanceBodySchema,
  playerActionBodySchema,
  playerBonusGrantBodySchema,
  playerMoveBodySchema,
  playerNoteBodySchema,
  playerSearchQuerySchema,
  playerTagBodySchema,
} from '@platform/contract';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';

/** The players' forms validate with the contract's own schemas (the server's), adapted to form input. */
export { playerNoteBodySchema, playerTagBodySchema };

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** The search box: the contract's q (a blank box lists the newest members). */
export const searchFormSchema = z.object({
  q: z.preprocess(blankToUndefined, playerSearchQuerySchema.shape.q),
});

export type ActionFormKind = 'reason' | 'bonus' | 'move' | 'adjust';

/** Each action's form: the call's own body (a request id is added when sending). */
export const actionFormSchemas: Record<ActionFormKind, z.ZodType<FieldValues, FieldValues>> = {
  reason: playerActionBodySchema,
  bonus: playerBonusGrantBodySchema.omit({ requestId: true }),
  move: playerMoveBodySchema.extend({ upline: z.preprocess(blankToNull, playerMoveBodySchema.shape.upline) }),
  adjust: adjustBalanceBodySchema.omit({ requestId: true }),
};
