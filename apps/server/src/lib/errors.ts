import type { ErrorCode, Issue } from '@platform/contract';

/** A failure a caller should see, with its stable code. Anything else becomes INTERNAL. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: Issue[],
    /** facts the caller acts on, e.g. { captchaRequired: true } or { secondsLeft: 42 } */
    readonly details?: Record<string, string | number | boolean>,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const invalid = (issues: Issue[]) => new AppError('VALIDATION_FAILED', 'invalid input', issues);
