import { auditQuerySchema } from '@platform/contract';
import { z } from 'zod';

const shape = auditQuerySchema.shape;
/** An empty field is no filter: left out, not sent as "". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema);

/** The audit's filters: the contract's query fields; the range's start is not after its end. */
export const auditFilterSchema = z
  .object({
    staff: optional(shape.staff),
    action: optional(shape.action),
    object: optional(shape.object),
    from: optional(shape.from),
    to: optional(shape.to),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    path: ['to'],
    message: 'audit.validation.range',
  });

export type AuditFilterInput = { staff: string; action: string; object: string; from: string; to: string };
export type AuditFilter = z.output<typeof auditFilterSchema>;
