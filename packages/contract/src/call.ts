import type { z } from 'zod';
import type { RouteDefinition } from './access.js';

/** One call of the contract: where it lives, who may call it, and the schemas of its input and answer. */
export interface CallDefinition extends RouteDefinition {
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** schema of `value` in a successful envelope */
  response: z.ZodType;
}

/** Declares a call; the literal types (method, path, access) are kept for the server's route helper. */
export const call = <const C extends CallDefinition>(definition: C): C => definition;
