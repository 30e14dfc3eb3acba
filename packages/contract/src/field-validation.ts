import type { FieldRule, FieldRules, RuledFieldName } from './field-rules.js';
import type { Issue } from './envelope.js';

/**
 * One rule engine for both sides: the web app shows these errors under the fields, the server refuses
 * the same input with the same keys.
 */
export interface FieldError {
  /** i18n key, e.g. patterns.LETTER_FIRST_ALNUM or validation.required */
  key: string;
  params: { min: number; max: number; range: string };
}

/** SPEC section 5: an acceptedPattern of '*' means anything. */
export function compilePattern(acceptedPattern: string): RegExp | null {
  const source = acceptedPattern.trim() === '*' || acceptedPattern.trim() === '' ? '.*' : acceptedPattern;
  try {
    return new RegExp(`^(?:${source})$`, 'u');
  } catch {
    // An operator's broken pattern must not lock everyone out; length and required still apply.
    return null;
  }
}

const lengthOf = (value: string) => [...value].length;

export function rangeText(min: number, max: number): string {
  return min === max ? String(min) : `${min}-${max}`;
}

/**
 * The first error for one field, or null. `forceRequired` covers the fields SPEC section 5 always
 * requires (username, password) whatever the rule says.
 */
export function validateField(
  value: string | undefined | null,
  rule: FieldRule,
  forceRequired = false,
): FieldError | null {
  const params = {
    min: rule.minLength,
    max: rule.maxLength,
    range: rangeText(rule.minLength, rule.maxLength),
  };
  const text = (value ?? '').trim();
  if (text === '') return rule.required || forceRequired ? { key: 'validation.required', params } : null;
  const length = lengthOf(text);
  const pattern = compilePattern(rule.acceptedPattern);
  if (length < rule.minLength || length > rule.maxLength || (pattern && !pattern.test(text))) {
    return { key: `patterns.${rule.patternId}`, params };
  }
  return null;
}

/** Validates every enabled ruled field present in `values`; disabled fields are ignored. */
export function validateFields(
  values: Partial<Record<RuledFieldName, string | undefined | null>>,
  rules: FieldRules,
  alwaysRequired: readonly RuledFieldName[] = [],
): Issue[] {
  const issues: Issue[] = [];
  for (const [name, rule] of Object.entries(rules) as [RuledFieldName, FieldRule][]) {
    const forced = alwaysRequired.includes(name);
    if (!rule.enabled && !forced) continue;
    if (!(name in values) && !rule.required && !forced) continue;
    const error = validateField(values[name], rule, forced);
    if (error) issues.push({ path: name, message: error.key, params: error.params });
  }
  return issues;
}
