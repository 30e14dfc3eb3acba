import type { ErrorCode, ErrorDetails, ErrorDetailsByCode, Issue } from '@platform/contract';

/** The details of any failure (narrow by `code` for one shape). */
type AnyErrorDetails = NonNullable<ErrorDetailsByCode[ErrorCode]>;

class AppErrorClass extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly issues?: Issue[],
    /** facts the caller acts on, e.g. { captchaRequired: true } or { secondsLeft: 42 } */
    readonly details?: AnyErrorDetails,
  ) {
    super(message ?? code);
    this.name = 'AppError';
  }
}

interface AppErrorConstructor {
  /** `details` has the shape the contract names for the code (errorDetailsSchemas); other codes take none. */
  new <C extends ErrorCode>(code: C, message?: string, issues?: Issue[], details?: ErrorDetails<C>): AppError;
  readonly prototype: AppError;
}

/**
 * A failure a caller should see, with its stable code. Anything else becomes INTERNAL. The constructor
 * checks the details against the code at compile time, so server and web agree on them.
 */
export type AppError = AppErrorClass;
export const AppError = AppErrorClass as AppErrorConstructor;

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const invalid = (issues: Issue[]) => new AppError('VALIDATION_FAILED', 'invalid input', issues);
