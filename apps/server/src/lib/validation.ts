import type { z } from 'zod';
import { AppError } from './errors.js';

/** Validates input that did not come through a route's schema (the operator tool, the seed). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError(
    'VALIDATION_FAILED',
    `invalid ${what}`,
    parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  );
}
