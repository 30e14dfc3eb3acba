import type { FieldRule } from '@platform/contract/client';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Used when the operator has no email rule: a plain "something@domain.tld" check. */
export const FALLBACK_EMAIL_RULE: FieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '[^\\s@]+@[^\\s@]+\\.[^\\s@]+',
  patternId: 'EMAIL',
  minLength: 3,
  maxLength: 255,
};

/**
 * Translates a field-rule error key (validation.required, patterns.EMAIL, ...) with its min and max.
 * A pattern this feature has no text for gets the generic "not valid" message.
 */
export function useFieldErrorText(): (key: string, params?: Record<string, string | number>) => string {
  const { t } = useTranslation('member');
  return useCallback(
    (key, params = {}) =>
      t(`fieldErrors.${key}`, { ...params, defaultValue: t('fieldErrors.invalid', params) }),
    [t],
  );
}
