import { z } from 'zod';

/** The message key of a string that carries a control character or broken UTF-16. */
export const INVALID_CHARACTERS = 'validation.invalidCharacters';

/* eslint-disable no-control-regex -- finding control characters is this file's job */
// C0 and C1 controls and DEL. A NUL cannot even be stored in PostgreSQL text; the others hide text.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// The same, except tab, line feed and carriage return, which a multi-line message may hold.
const CONTROL_IN_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The check every request string carries; the contract test finds any string field without it. */
export const plainTextCheck = z.refine<string>(
  (value) => !CONTROL.test(value) && !LONE_SURROGATE.test(value),
  {
    message: INVALID_CHARACTERS,
  },
);
export const multilineTextCheck = z.refine<string>(
  (value) => !CONTROL_IN_LINES.test(value) && !LONE_SURROGATE.test(value),
  { message: INVALID_CHARACTERS },
);

/**
 * The one string schema for what a caller sends (body, query, path): at most `max` characters, no
 * control characters, well-formed UTF-16. Further rules chain on it (`.regex`, `.min`, `.trim`).
 */
export const inputText = (max: number, options: { multiline?: boolean } = {}) =>
  z
    .string()
    .check(options.multiline ? multilineTextCheck : plainTextCheck)
    .max(max);
