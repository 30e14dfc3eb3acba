import { describe, expect, it } from 'vitest';
import type { FieldRule } from './field-rules.js';
import { compilePattern, validateField } from './field-validation.js';

const username: FieldRule = {
  enabled: true,
  required: true,
  acceptedPattern: '^[A-Za-z][A-Za-z0-9]*$',
  patternId: 'LETTER_FIRST_ALNUM',
  minLength: 6,
  maxLength: 16,
};

describe('field rules', () => {
  it('treats * as anything', () => {
    expect(compilePattern('*')?.test('any thing at all ✓')).toBe(true);
  });

  it('gives the required error for an empty required field, and none for an empty optional one', () => {
    expect(validateField('   ', username)?.key).toBe('validation.required');
    expect(validateField('', { ...username, required: false })).toBeNull();
    expect(validateField('', { ...username, required: false }, true)?.key).toBe('validation.required');
  });

  it('gives the pattern message with min and max for too short, too long and wrong shape', () => {
    for (const bad of ['abc12', 'a'.repeat(17), '1abcdef', 'abc def', "abc'--"]) {
      expect(validateField(bad, username), bad).toEqual({
        key: 'patterns.LETTER_FIRST_ALNUM',
        params: { min: 6, max: 16, range: '6-16' },
      });
    }
    expect(validateField('player01', username)).toBeNull();
  });

  it('says one value when min equals max', () => {
    const pin: FieldRule = {
      ...username,
      acceptedPattern: '^\\d+$',
      patternId: 'DIGITS',
      minLength: 6,
      maxLength: 6,
    };
    expect(validateField('12345', pin)?.params.range).toBe('6');
  });

  it('counts characters, not UTF-16 units, so Bengali names are measured as typed', () => {
    const name: FieldRule = { ...username, acceptedPattern: '*', minLength: 2, maxLength: 3 };
    expect(validateField('রহিম', name)).not.toBeNull();
    expect(validateField('রহি', name)).toBeNull();
  });

  it('still checks length when an operator saved a broken pattern', () => {
    expect(validateField('abc', { ...username, acceptedPattern: '([' })?.key).toBe(
      'patterns.LETTER_FIRST_ALNUM',
    );
    expect(validateField('abcdefg', { ...username, acceptedPattern: '([' })).toBeNull();
  });
});
