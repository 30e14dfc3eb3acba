import type { FieldRule } from '@platform/contract/client';

/** Used when the operator has no email rule: a plain "something@domain.tld" check. */
export const FALLBACK_EMAIL_RULE: FieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '[^\\s@]+@[^\\s@]+\\.[^\\s@]+',
  patternId: 'EMAIL',
  minLength: 3,
  maxLength: 255,
};
